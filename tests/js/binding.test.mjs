// SPDX-License-Identifier: MIT
// The JavaScript binding under Node (node --test): seeded games played by the
// same policy in the WebAssembly module and in the native C library give the
// same record, scores, events and SVG; bad input throws CarcError with the
// library's message. Run by tests/js/run.sh, which builds both sides and sets:
//   CARC_JS_DIR        the directory of carcassonne.mjs and the module
//   CARC_NATIVE_GAME   tests/js/native_game.c built against the native library
//   CARC_PLAYOUT       (optional) the native tools/carc-playout
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const jsDir = process.env.CARC_JS_DIR;
const nativeGame = process.env.CARC_NATIVE_GAME;
assert.ok(jsDir, 'CARC_JS_DIR is not set (run tests/js/run.sh)');
assert.ok(nativeGame, 'CARC_NATIVE_GAME is not set (run tests/js/run.sh)');

const carc = await import(pathToFileURL(join(jsDir, 'carcassonne.mjs')).href);
await carc.init();
const { Game, Move, CarcError } = carc;

const ALL = 'river,abbot,count,inns,traders';

function native(...args) {
  return JSON.parse(execFileSync(nativeGame, args.map(String), { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

// carc-playout's generator: splitmix64 from seed ^ 0x5eed5eed5eed.
function splitmix(seed) {
  let s = (BigInt(seed) ^ 0x5eed5eed5eedn) & 0xffffffffffffffffn;
  return () => {
    s = (s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  };
}

function playJs(players, seed, modules, policy) {
  const game = new Game({ players, seed, modules: modules === '-' ? undefined : modules });
  const next = splitmix(seed);
  while (!game.isOver) {
    let move;
    if (policy === 'immediate') {
      move = game.botMove('immediate');
    } else {
      const moves = game.legalMoves();
      move = policy === 'first' ? moves[0] : moves[Number(next() % BigInt(moves.length))];
    }
    game.play(move);
  }
  return game;
}

const CASES = [
  [2, 5, '-', 'random'],
  [2, 7, '-', 'first'],
  [4, 2, 'river,abbot', 'random'],
  [6, 8, 'inns,traders', 'random'],
  [3, 11, ALL, 'random'],
  [2, 3, ALL, 'first'],
  [2, 12, '-', 'immediate'],
  [3, 11, ALL, 'immediate'],
  [5, 4, 'river,abbot,inns,count', 'immediate'],
  [3, 13, 'all', 'random'],
  [2, 14, 'all,-farmers', 'immediate'],
];

for (const [players, seed, modules, policy] of CASES) {
  test(`a seeded game (${players} players, seed ${seed}, modules ${modules}, ${policy}) is the native one`, () => {
    const want = native('play', players, seed, modules, policy);
    const game = playJs(players, seed, modules, policy);
    try {
      assert.equal(game.save(), want.record);
      assert.deepEqual(game.scores, want.scores);
      assert.equal(game.eventCount, want.events);
      assert.equal(game.history().length, want.history);
      assert.equal(game.isOver, want.over);
      assert.equal(game.svg(), want.svg);
      // and the native record loads into the same game
      const loaded = Game.load(want.record);
      assert.deepEqual(loaded.scores, want.scores);
      assert.equal(loaded.save(), want.record);
      loaded.free();
    } finally {
      game.free();
    }
  });
}

test('the random policy is carc-playout\'s', { skip: !process.env.CARC_PLAYOUT }, () => {
  for (const [players, seed, modules] of [[2, 5, '-'], [3, 11, ALL]]) {
    const args = ['--players', players, '--seed', seed];
    if (modules !== '-') args.push('--modules', modules);
    const record = execFileSync(process.env.CARC_PLAYOUT, args.map(String), { encoding: 'utf8' });
    const game = playJs(players, seed, modules, 'random');
    assert.equal(game.save(), record);
    game.free();
  }
});

test('a record with mid-game moves replays to the same position', () => {
  const want = native('play', 3, 21, ALL, 'random', 40);
  const game = Game.load(want.record);
  assert.equal(game.isOver, false);
  assert.deepEqual(game.scores, want.scores);
  assert.equal(game.svg(), want.svg);
  game.free();
});

test('every legal move\'s notation reads back as the same move', () => {
  const game = new Game({ players: 3, seed: 5, modules: ALL });
  for (let turn = 0; turn < 60 && !game.isOver; turn++) {
    const moves = game.legalMoves();
    for (const m of moves) {
      const back = Move.parse(m.text);
      assert.ok(back.equals(m), `${m.text} reads back as ${back.text}`);
      assert.equal(String(m), m.text);
    }
    game.play(moves[(turn * 7) % moves.length].text); // play by notation
  }
  game.free();
});

test('pending, placements and figure options agree with the legal moves', () => {
  const game = new Game({ players: 2, seed: 9, modules: 'abbot,traders' });
  for (let turn = 0; turn < 30 && !game.isOver; turn++) {
    const pending = game.pending();
    const moves = game.legalMoves();
    if (pending.decision === 'place') {
      assert.equal(pending.tile, game.currentTile);
      const fromParts = [];
      if (pending.optional) fromParts.push(Move.pass().text);
      for (const pl of game.placements()) for (const f of game.figureOptions(pl)) fromParts.push(f.text);
      assert.deepEqual(moves.map(String), fromParts);
    }
    game.play(moves[moves.length - 1]);
  }
  game.free();
});

test('undo takes every move back exactly', () => {
  const game = new Game({ players: 4, seed: 3, modules: ALL });
  const start = game.save();
  const svg0 = game.svg();
  const records = [];
  for (let i = 0; i < 50 && !game.isOver; i++) {
    records.push(game.save());
    game.play(game.botMove('random'));
  }
  while (records.length) {
    assert.equal(game.canUndo, true);
    game.undo();
    assert.equal(game.save(), records.pop());
  }
  assert.equal(game.save(), start);
  assert.equal(game.svg(), svg0);
  assert.equal(game.canUndo, false);
  assert.throws(() => game.undo(), (e) => e instanceof CarcError && e.code === 'CARC_ENO_UNDO');
  game.free();
});

test('an illegal move throws the library\'s message and changes nothing', () => {
  const game = new Game({ players: 2, seed: 1 });
  const before = game.save();
  assert.throws(() => game.play('D 5 5 0 -'), (e) => {
    assert.ok(e instanceof CarcError);
    assert.ok(e instanceof Error);
    assert.equal(e.code, 'CARC_EILLEGAL');
    assert.equal(e.status, -100);
    assert.equal(e.function, 'carc_game_play');
    assert.ok(e.detail.length > 0, 'the library says why');
    assert.ok(e.message.includes(e.detail));
    return true;
  });
  assert.equal(game.save(), before);
  assert.equal(game.isLegal('D 5 5 0 -'), false);
  assert.throws(() => game.check('D 5 5 0 -'), CarcError);
  game.free();
});

test('bad notation, options and records throw CarcError', () => {
  assert.throws(() => Move.parse('D one 0 0'), (e) => e instanceof CarcError && e.code === 'CARC_EPARSE');
  assert.throws(() => new Game({ players: 9 }),
    (e) => e instanceof CarcError && e.code === 'CARC_ERANGE' && /players 9 out of range 2\.\.5/.test(e.message));
  assert.throws(() => new Game({ modules: 'river,dragons' }),
    (e) => e instanceof CarcError && e.code === 'CARC_EPARSE' && /dragons/.test(e.message));
  assert.throws(() => new Game({ startTile: 'ZZ' }), (e) => e instanceof CarcError && e.code === 'CARC_ENOTFOUND');
  assert.throws(() => new Game({ seed: -1 }), RangeError);
  assert.throws(() => new Game({ players: 2.5 }), TypeError);
  const good = native('play', 2, 5, '-', 'random', 10).record;
  const bad = good.replace(/^place (\S+) (-?\d+) /m, 'place $1 99 ');
  assert.throws(() => Game.load(bad), (e) => {
    assert.ok(e instanceof CarcError);
    assert.equal(e.code, 'CARC_ERECORD');
    assert.equal(e.line, 6);
    assert.match(e.detail, /line 6/);
    return true;
  });
  assert.throws(() => Game.load('not a record\n'), (e) => e instanceof CarcError && e.code === 'CARC_EFORMAT');
  const game = new Game({ seed: 2 });
  assert.throws(() => game.play(42), TypeError);
  assert.throws(() => game.botMove('clever'), TypeError);
  game.end();
  assert.equal(game.isOver, true);
  assert.throws(() => game.legalMoves(), (e) => e instanceof CarcError && e.code === 'CARC_EGAME_OVER');
  assert.throws(() => game.play('pass'), (e) => e instanceof CarcError && e.code === 'CARC_EGAME_OVER');
  game.free();
  game.free(); // twice is fine
  assert.throws(() => game.scores, /freed/);
});

test('notation errors say what is wrong and where; check() gives play()\'s reason', () => {
  const reasons = {
    'hello': /^"hello": expected a move: TILE X Y ROTATION \[WHERE\]/,
    'D 1 0 45 -': /^rotation 45: expected 0, 90, 180 or 270/,
    'D 1 0 0 road:Q': /^"road:Q": Q is not a side \(N, E, S, W\)$/,
    'Q7 1 0 0 -': /^unknown tile "Q7" \(tiles: A\.\.X, /,
    'D 1a 0 0 -': /^bad x "1a": expected a whole number/,
  };
  for (const [text, why] of Object.entries(reasons)) {
    assert.throws(() => Move.parse(text), (e) => {
      assert.ok(e instanceof CarcError);
      assert.equal(e.code, 'CARC_EPARSE');
      assert.equal(e.function, 'carc_move_parse');
      assert.match(e.detail, why);
      assert.ok(e.message.includes(e.detail));
      return true;
    }, text);
  }
  // a Move made from fields is checked when it is made
  assert.throws(() => new Move(1, 0, 3, 7, 0, 255), /rotation 7 out of range 0\.\.3/);
  assert.throws(() => new Move(1, 0, 3, 90, 0, 255), /90 degrees is rotation 1/);
  assert.throws(() => new Move(1.5, 0, 3, 0, 0, 255), TypeError);
  assert.throws(() => new Move(1, 0, 3, 0, 9, 255), /figureCode 9 out of range/);
  assert.equal(new Move(1, 0, 3, 1, 0, 255).rotation, 1);
  const game = new Game({ players: 2, seed: 1 });
  const before = game.save();
  const tile = game.currentTile;
  for (const text of [`${tile} 5 5 0 -`, `${tile} 0 0 0 -`, 'pass']) {
    let played = null;
    assert.throws(() => game.play(text), (e) => { played = e; return e instanceof CarcError; });
    assert.throws(() => game.check(text), (e) => {
      assert.ok(e instanceof CarcError);
      assert.equal(e.code, played.code);
      assert.ok(e.detail.length > 0, 'check says why');
      assert.equal(e.detail, played.detail);
      return true;
    }, text);
  }
  assert.throws(() => game.check(`${tile} 5 5 0 -`), (e) => e.detail === '(5,5) touches no tile');
  assert.throws(() => game.check('D 1 0 45 -'), (e) => e.code === 'CARC_EPARSE' && /rotation 45/.test(e.detail));
  assert.equal(game.save(), before);
  game.free();
});

test('options, seeds and modules read back', () => {
  const game = new Game({ players: 3, seed: 2n ** 63n + 5n, modules: ['river', 'abbot'], farmers: false });
  const o = game.options;
  assert.equal(o.players, 3);
  assert.equal(o.seed, 2n ** 63n + 5n);
  assert.deepEqual(o.modules, ['river', 'abbot']);
  assert.equal(game.pending().tile, game.currentTile);
  assert.ok(game.save().includes(`seed ${2n ** 63n + 5n}`));
  game.free();
  assert.deepEqual(carc.supportedModules(), ['farmers', 'river', 'abbot', 'count', 'inns', 'traders']);
  assert.match(carc.version(), /^\d+\.\d+\.\d+$/);
  assert.ok(carc.tileNames().includes('RA'));
});

test('playerColors() are the colours the SVG picture draws its players in', () => {
  const game = new Game({ players: 6, seed: 3, modules: 'inns' });
  const swatches = [...game.svg().matchAll(/<g class="swatch"[^>]*><path fill="([^"]+)"/g)].map((m) => m[1]);
  game.free();
  assert.equal(swatches.length, 6);
  assert.deepEqual(carc.playerColors(), swatches);
  carc.playerColors()[0] = 'changed'; // a copy: the next call gives the library's again
  assert.equal(carc.playerColors()[0], swatches[0]);
});

test('the policies: "immediate" by default, "greedy" refused with its new name', () => {
  const game = new Game({ players: 3, seed: 8, modules: ALL });
  game.botSeed = 5;
  const a = game.botMove();
  game.botSeed = 5;
  assert.ok(a.equals(game.botMove('immediate')), 'the default policy is "immediate"');
  const calls = [() => game.botMove('greedy')];
  if (carc.hasMcts()) calls.push(() => game.mctsMove({ budget: 5, policy: 'greedy' }));
  for (const call of calls) {
    assert.throws(call, (e) => e instanceof TypeError && /"greedy"/.test(e.message) && /use "immediate"/.test(e.message));
  }
  assert.throws(() => game.botMove('clever'), (e) => e instanceof TypeError && /known: random, immediate/.test(e.message));
  game.free();
});

test('"all" names every module, and a game with every module starts with no other option', () => {
  const every = carc.supportedModules();
  assert.deepEqual(carc.moduleNames(carc.parseModules('all')), every);
  assert.deepEqual(carc.moduleNames(carc.parseModules(['all', '-farmers'])), every.filter((m) => m !== 'farmers'));
  assert.deepEqual(carc.moduleNames(carc.parseModules('river all')), every);
  for (const modules of ['all', ['all'], carc.parseModules('all')]) {
    const game = new Game({ modules });
    assert.deepEqual(game.options.modules, every);
    assert.equal(game.pending().decision, 'place');
    assert.ok(game.legalMoves().length > 0);
    game.free();
  }
  assert.throws(() => new Game({ modules: 'al' }), (e) => e instanceof CarcError && /known: all, /.test(e.message));
});

test('rule elements: a box less one of its parts, and an element alone', () => {
  assert.deepEqual(carc.moduleElements('traders'), ['farmers', 'traders-tiles', 'goods', 'builder', 'pig']);
  assert.deepEqual(carc.moduleElements('-farmers,traders'), ['traders-tiles', 'goods', 'builder']);
  assert.deepEqual(carc.moduleNames(carc.parseModules('inns,-big-follower')),
    ['farmers', 'inns-tiles', 'inn', 'cathedral']);
  const game = new Game({ players: 6, seed: 2, modules: 'big-follower builder' });
  assert.deepEqual(game.options.modules, ['farmers', 'big-follower', 'builder']);
  assert.deepEqual(game.options.elements, ['farmers', 'big-follower', 'builder']);
  while (!game.isOver) game.play(game.botMove('random'));
  game.free();
  const box = new Game({ modules: 'inns-tiles,big-follower,inn,cathedral' });
  assert.deepEqual(box.options.modules, ['farmers', 'inns']); /* a whole box, by its name */
  box.free();
  assert.throws(() => new Game({ modules: '-all,pig' }), (e) => e instanceof CarcError && /pig needs farmers/.test(e.message));
  assert.throws(() => new Game({ modules: 'inns-tile' }), (e) => e instanceof CarcError && /inns-tiles/.test(e.message));
});

test('the MCTS player gives a legal move', { skip: !carc.hasMcts() }, () => {
  const game = new Game({ players: 2, seed: 4, modules: 'abbot' });
  const move = game.mctsMove({ budget: 50 });
  assert.ok(game.isLegal(move), move.text);
  game.play(move);
  game.free();
});

test('the bots play a whole game with every module', () => {
  const game = new Game({ players: 4, seed: 6, modules: ALL });
  game.botSeed = 99;
  assert.equal(game.botSeed, 99);
  let moves = 0;
  const kinds = new Set();
  while (!game.isOver) {
    kinds.add(game.pending().decision);
    game.play(game.botMove(moves % 2 ? 'random' : 'immediate'));
    moves++;
  }
  assert.ok(kinds.has('place'));
  assert.ok(game.events().some((e) => e.kind === 'final'));
  const dir = mkdtempSync(join(tmpdir(), 'carcjs-'));
  try {
    const path = join(dir, 'game.txt');
    writeFileSync(path, game.save());
    const want = native('load', path);
    assert.deepEqual(game.scores, want.scores);
    assert.equal(game.svg(), want.svg);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  game.free();
});

test('the learning environment: masks respected, rewards summing to the scores, bad actions refused', () => {
  const { VectorEnv, NO_ACTION } = carc;
  for (const modules of [undefined, ALL]) {
    const env = new VectorEnv({ games: 3, seed: 8, modules, restart: false });
    const i = env.info;
    assert.equal(i.layout_version, 1);
    assert.equal(env.planes.length, 3 * i.planes * i.width * i.width);
    assert.equal(env.mask.length, 3 * i.actions);
    const sums = [[0, 0], [0, 0], [0, 0]];
    const finished = [false, false, false];
    let steps = 0;
    while (finished.includes(false)) {
      const actions = env.sample();
      for (let k = 0; k < 3; k++) {
        if (finished[k]) assert.equal(actions[k], NO_ACTION);
        else assert.equal(env.mask[k * i.actions + actions[k]], 1);
      }
      env.step(actions);
      steps++;
      const rewards = env.rewards;
      const done = env.done;
      for (let k = 0; k < 3; k++) {
        if (finished[k]) continue;
        sums[k][0] += rewards[2 * k];
        sums[k][1] += rewards[2 * k + 1];
        if (done[k]) {
          finished[k] = true;
          const game = env.game(k);
          assert.ok(game.isOver);
          assert.deepEqual(sums[k], game.scores);
          game.free();
        }
      }
    }
    assert.ok(steps > 100);
    // an illegal action refuses the step and says which game
    env.reset(8);
    const mask = env.mask;
    let illegal = 0;
    while (mask[i.actions + illegal]) illegal++;
    const before = env.planes.slice();
    assert.throws(() => env.step([env.sample()[0], illegal, env.sample()[2]]),
      (e) => e instanceof CarcError && /game 1/.test(e.message));
    assert.deepEqual(env.planes, before);
    assert.throws(() => env.step([0]), CarcError);
    env.free();
    env.free();
    assert.ok(env.freed);
  }
  assert.throws(() => new VectorEnv({ games: 0 }), RangeError);
  assert.throws(() => new VectorEnv({ radius: 65 }), CarcError);
});
