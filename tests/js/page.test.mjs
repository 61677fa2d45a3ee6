// SPDX-License-Identifier: MIT
// The page (web/) in headless Chromium, driven with playwright-core over the
// DevTools protocol: load it, see the tile to place drawn and the bots named
// before any click, play a whole game with every module by clicks
// (placements, rotations, figures, passes, the Count's decisions) beside a
// bot, undo once, save the record, check it with the native library, start
// another game, load the record back, and check that the page shows the same
// game; no console errors. Opened from disk (file://), the page says how to
// serve it within seconds. Run by tests/js/run.sh, which sets:
//   CARC_WEB_DIR       the built page (<build-wasm>/web)
//   CARC_NATIVE_GAME   tests/js/native_game.c built against the native library
//   CARC_CHROMIUM      the browser (default /usr/bin/chromium)
//   CARC_SCREENSHOT    (optional) where to write a screenshot of the page
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const webDir = process.env.CARC_WEB_DIR;
const nativeGame = process.env.CARC_NATIVE_GAME;
assert.ok(webDir && nativeGame, 'CARC_WEB_DIR and CARC_NATIVE_GAME must be set (run tests/js/run.sh)');
const ALL = 'river,abbot,count,inns,traders';
// the binding itself, from the page's directory (the same module the page loads)
const carc = await import(pathToFileURL(join(webDir, 'carcassonne.mjs')).href);
await carc.init();

// A small seeded generator for the clicks (mulberry32), so a failure replays.
function rng(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296 * n) | 0;
  };
}

// python3 -m http.server on a free port of the loopback, serving `dir`.
function serve(dir) {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '-d', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`http.server did not start: ${out}`)), 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /port (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${m[1]}` });
      }
    });
    child.stderr.on('data', () => {}); // the request log
    child.on('error', reject);
  });
}

async function waitForTurn(page) {
  await page.waitForFunction(() => ['human', 'over', 'error'].includes(document.body.dataset.state),
    null, { timeout: 30000 });
  const state = await page.evaluate(() => ({ ...document.body.dataset }));
  assert.notEqual(state.state, 'error', 'the page failed to start');
  return state;
}

// A record of a position where a player must take a `kind` decision
// ("exit", "quarter", "count", or "second tile": the optional second tile of
// a builder's double turn), found by random play with every module.
function findPosition(kind) {
  for (let seed = 1; seed < 400; seed++) {
    const game = new carc.Game({ players: 4, seed, modules: ALL });
    game.botSeed = seed;
    try {
      while (!game.isOver) {
        const p = game.pending();
        if (kind === 'second tile' ? p.secondTile : p.decision === kind) {
          return { text: game.save(), history: game.history().length };
        }
        game.play(game.botMove('random'));
      }
    } finally {
      game.free();
    }
  }
  return null;
}

// Load a record file through the page's file input; wait until it is loaded.
async function loadFile(page, path) {
  const before = Number(await page.evaluate(() => document.body.dataset.loads ?? 0));
  await page.setInputFiles('#load-file', path);
  await page.waitForFunction((n) => Number(document.body.dataset.loads ?? 0) > n, before, { timeout: 10000 });
  return waitForTurn(page);
}

async function pageScores(page) {
  return page.$$eval('.ui-score', (cells) => cells.map((c) => Number(c.textContent)));
}

test('a whole game by clicks in Chromium: undo, save, load, no console errors', { timeout: 240000 }, async () => {
  const { child, base } = await serve(webDir);
  const browser = await chromium.launch({
    executablePath: process.env.CARC_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const work = mkdtempSync(join(tmpdir(), 'carcjs-page-'));
  const problems = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1500, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
    page.on('response', (res) => { if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`); });

    // Two players clicked by the test, an immediate-points bot and an MCTS
    // bot, every module. The seat "greedy" of old links reads as "immediate".
    const seed = 2026;
    await page.goto(`${base}/index.html?seed=${seed}&players=4&seats=human,greedy,human,mcts&budget=30` +
      `&modules=${ALL}&delay=0`);
    await page.waitForFunction(() => document.body.dataset.state !== 'loading', null, { timeout: 30000 });
    const seatKinds = await page.$$eval('#seats select', (s) => s.map((e) => e.value));
    assert.deepEqual(seatKinds, ['human', 'immediate', 'human', carc.hasMcts() ? 'mcts' : 'immediate']);

    // Before any click: the bots named in plain words, and the tile to place
    // drawn (the library's picture of that tile, as printed: rotation 0).
    const opponents = await page.textContent('#opponents');
    assert.match(opponents, /You play against:/);
    assert.match(opponents, /Blue, Immediate-points bot: plays the move that scores the most points right now/);
    if (carc.hasMcts()) assert.match(opponents, /Black, MCTS bot: Monte Carlo tree search: plays 30 quick games/);
    const first = new carc.Game({ players: 4, seed, modules: ALL });
    const firstTile = first.currentTile;
    first.free();
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'human');
    assert.ok(await page.isVisible('#tile-preview'), 'the tile to place is shown before the first click');
    assert.equal(await page.textContent('#tile-name'), firstTile);
    const preview = await page.$eval('#tile-preview', (el) => {
      const inner = el.querySelector('svg');
      const x = -Number(inner.getAttribute('x'));
      const y = -Number(inner.getAttribute('y'));
      const box = el.getBoundingClientRect();
      return { tile: el.dataset.tile, rotation: el.dataset.rotation, width: box.width, height: box.height,
        // the cell shown holds a tile of the library's picture
        drawn: [...inner.querySelectorAll(':scope > g')].some((g) => g.getAttribute('transform') === `translate(${x} ${y})`) };
    });
    assert.deepEqual(preview, { tile: firstTile, rotation: '0', width: preview.width, height: preview.height, drawn: true });
    assert.ok(preview.width > 40 && preview.height > 40, `the picture has a size: ${preview.width}x${preview.height}`);
    const pick = rng(seed);
    const seen = new Map();
    let humanMoves = 0;
    let undone = false;
    let clicks = 0;
    for (;;) {
      const state = await waitForTurn(page);
      if (state.state === 'over') break;
      const kind = `${state.decision}${(await page.isVisible('#pass')) && state.decision === 'place' ? ' (optional)' : ''}`;
      seen.set(kind, (seen.get(kind) ?? 0) + 1);

      if (humanMoves === 6 && !undone) {
        // Undo once: back to this human's previous decision (the bot's move after it goes too).
        const before = Number(state.history);
        await page.click('#undo');
        const after = await waitForTurn(page);
        assert.ok(Number(after.history) < before, `undo: history ${before} -> ${after.history}`);
        assert.equal(after.state, 'human');
        undone = true;
        continue;
      }

      if (state.decision === 'place') {
        if ((await page.isVisible('#pass')) && pick(3) === 0) {
          await page.click('#pass');
          clicks++;
        } else {
          const spots = await page.locator('.ui-spot').count();
          assert.ok(spots > 0, 'a place decision shows where the tile fits');
          await page.locator('.ui-spot').nth(pick(spots)).click();
          clicks++;
          if (await page.isEnabled('#rotate')) {
            for (let r = pick(4); r > 0; r--) { await page.click('#rotate'); clicks++; }
          }
          // the tile's picture turns with the placement chosen
          const shown = await page.locator('.ui-figure-option').first().getAttribute('data-move');
          assert.equal(await page.$eval('#tile-preview', (el) => el.dataset.rotation),
            String(carc.Move.parse(shown).rotation));
          const figures = await page.locator('.ui-figure-option').count();
          assert.ok(figures > 0, 'the figure choices are shown');
          // a figure two times in three (no figure is the first option)
          const choice = pick(3) === 0 ? 0 : pick(figures);
          await page.locator('.ui-figure-option').nth(choice).click();
          const want = await page.locator('.ui-figure-option').nth(choice).getAttribute('data-move');
          const label = await page.textContent('#place');
          assert.equal(label, `Place ${want}`);
          if (humanMoves === 40 && process.env.CARC_SCREENSHOT) {
            await page.screenshot({ path: process.env.CARC_SCREENSHOT });
          }
          await page.click('#place');
          clicks += 2;
        }
      } else {
        const n = await page.locator('#decisions button').count();
        assert.ok(n > 0, `the ${state.decision} decision offers moves`);
        await page.locator('#decisions button').nth(pick(n)).click();
        clicks++;
      }
      humanMoves++;
    }
    assert.ok(undone, 'the game was long enough to undo');
    console.log(`# ${humanMoves} human decisions in ${clicks} clicks: ${[...seen].map(([k, v]) => `${k} ${v}`).join(', ')}`);

    // The end: scores on the page are those of the saved record, replayed natively.
    const status = await page.textContent('#status');
    assert.match(status, /^Game over/);
    const scores = await pageScores(page);
    const finalEvents = await page.locator('#events li.ui-final').count();
    assert.ok(finalEvents > 0, 'the final scoring is listed');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    const recordPath = join(work, 'record.txt');
    await download.saveAs(recordPath);
    const record = readFileSync(recordPath, 'utf8');
    assert.match(record, /^carcassonne-record 1\n/);
    assert.equal(await page.inputValue('#record-text'), record);
    const native = JSON.parse(execFileSync(nativeGame, ['load', recordPath], { encoding: 'utf8', maxBuffer: 64 << 20 }));
    assert.deepEqual(scores, native.scores, 'the page\'s scores are the native replay\'s');
    assert.equal(native.over, true);
    assert.equal(native.record, record);
    const board = await page.$eval('#board', (el) => el.innerHTML);
    const events = await page.$$eval('#events li', (li) => li.map((e) => e.textContent));

    // Another game, then the record loaded back: the same board, scores and events.
    await page.fill('#seed', '77');
    await page.click('#new-game');
    await waitForTurn(page);
    assert.notEqual(await page.$eval('#board', (el) => el.innerHTML), board);
    assert.equal((await loadFile(page, recordPath)).state, 'over');
    assert.equal(await page.$eval('#board', (el) => el.innerHTML), board, 'the loaded game draws the same board');
    assert.deepEqual(await pageScores(page), scores);
    assert.deepEqual(await page.$$eval('#events li', (li) => li.map((e) => e.textContent)), events);

    // A record loaded in the middle of a game: the page waits for that player
    // (every seat human now, so that no bot moves on).
    await page.selectOption('#seat-1', 'human');
    await page.selectOption('#seat-3', 'human');
    const mid = JSON.parse(execFileSync(nativeGame, ['play', '4', '5', ALL, 'random', '30'], { encoding: 'utf8' }));
    const midPath = join(work, 'mid.txt');
    writeFileSync(midPath, mid.record);
    const s = await loadFile(page, midPath);
    assert.equal(Number(s.history), mid.history);
    assert.deepEqual(await pageScores(page), mid.scores);

    // Every kind of decision by a click: positions found by random play in
    // the binding (the same module), loaded as records with every seat human.
    await page.selectOption('#seat-0', 'human');
    await page.selectOption('#seat-2', 'human');
    for (const kind of ['exit', 'quarter', 'count', 'second tile']) {
      const record = findPosition(kind);
      assert.ok(record, `random play reaches a ${kind} decision`);
      const path = join(work, `${kind}.txt`);
      writeFileSync(path, record.text);
      const st = await loadFile(page, path);
      assert.equal(Number(st.history), record.history);
      assert.equal(st.decision, kind === 'second tile' ? 'place' : kind);
      if (kind === 'second tile') {
        assert.ok(await page.isVisible('#pass'), 'the second tile can be declined');
        await page.click('#pass');
      } else {
        const n = await page.locator('#decisions button').count();
        await page.locator('#decisions button').nth(n - 1).click(); // a pass, or the last move
      }
      const after = await waitForTurn(page);
      assert.equal(Number(after.history), record.history + 1, `the ${kind} decision was played`);
      seen.set(`${kind} (loaded)`, 1);
    }
    console.log(`# decisions clicked: ${[...seen].map(([k, v]) => `${k} ${v}`).join(', ')}`);

    // A bad record: the page says why, and keeps the game.
    const kept = await page.evaluate(() => document.body.dataset.history);
    await page.click('#record-box summary');
    await page.fill('#record-text', 'carcassonne-record 1\nplayers 2\nseed 1\nmodules dragons\n');
    await page.click('#load-text');
    assert.match(await page.textContent('#message'), /Cannot load the record: CARC_EPARSE/);
    assert.equal(await page.evaluate(() => document.body.dataset.history), kept);

    assert.deepEqual(problems, [], 'no console errors, page errors or failed requests');
    await context.close();
  } finally {
    await browser.close();
    child.kill();
    rmSync(work, { recursive: true, force: true });
  }
});

test('opened from disk (file://), the page says how to serve it, at once', { timeout: 60000 }, async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CARC_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const problems = [];
  try {
    const page = await browser.newPage();
    page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    const url = pathToFileURL(join(webDir, 'index.html')).href;
    assert.match(url, /^file:\/\//);
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.state === 'file', null, { timeout: 3000 });
    const message = await page.textContent('#message');
    assert.ok(await page.isVisible('#message'));
    assert.match(message, /does not run from a file opened from disk/);
    assert.ok(message.includes(`python3 -m http.server -d ${webDir} 8000`), `the command to serve it: ${message}`);
    assert.match(message, /http:\/\/localhost:8000\//);
    assert.equal(await page.textContent('#status'),
      'Not started: this page must be served over HTTP (see above).');
    assert.equal(await page.isDisabled('#new-game'), true);
    console.log(`# file://: the message in ${Date.now() - t0} ms`);
    assert.deepEqual(problems, [], 'no console errors or page errors');
  } finally {
    await browser.close();
  }
});
