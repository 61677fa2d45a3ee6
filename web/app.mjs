// SPDX-License-Identifier: MIT
// The page: a whole game of Carcassonne against the bots, on the JavaScript
// binding of libcarcassonne (carcassonne.mjs). Every rule, legal move, score,
// record and the picture of the board come from the C library compiled to
// WebAssembly; this file only draws the controls and calls it.
//
// URL parameters (all optional; the form sets the same): players=3,
// seats=human,immediate,mcts (one per player: human, immediate, random, mcts;
// the old name greedy reads as immediate, so that old links keep working),
// modules=river,abbot (carc_modules_parse names, or all; farmers are on
// unless -farmers), seed=7, delay=250 (ms between bot moves), budget=300
// (MCTS playouts a move), zoom=0.6 (screen pixels per board unit).
//
// index.html starts this module, and only over HTTP: opened from disk
// (file://) the page says how to serve it instead (browsers load no module
// or WebAssembly from file:// URLs).
//
// The body's data-* attributes say what the page waits for (data-state:
// loading, human, bot, over; data-decision, data-player, data-history), for
// tests and for anyone scripting the page.
import { init, Game, Move, CarcError, version, hasMcts, playerColors } from './carcassonne.mjs';

// carc_game_render_svg's layout (libcarc/render/render_internal.h): tiles of 100
// units, 40 units of margin for the coordinates at the top and the left.
const TILE = 100;
const MARGIN = 40;
let COLORS = []; // the players' colours, the library's (playerColors(), once init() is done)
const NAMES = ['Red', 'Blue', 'Yellow', 'Black', 'Pink', 'Grey'];
const SEAT_KINDS = { human: 'Human', immediate: 'Immediate-points bot', random: 'Random bot', mcts: 'MCTS bot' };
// What each bot does, in plain words (the page lists the bots you face).
const SEAT_ABOUT = {
  immediate: () => 'plays the move that scores the most points right now (it does not plan ahead)',
  random: () => 'plays any legal move, chosen at random',
  mcts: () => `Monte Carlo tree search: plays ${ui.budget} quick games of random moves from each position ` +
    'and chooses the move that comes out best',
};
// Seat names of old links: "greedy" is the immediate-points bot's old name.
const SEAT_ALIASES = { greedy: 'immediate' };
const DEFAULT_BOT = 'immediate';
const FIGURE_WORDS = { follower: 'Follower', big: 'Big follower', abbot: 'Abbot', builder: 'Builder', pig: 'Pig' };
const SVG_NS = 'http://www.w3.org/2000/svg';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

const ui = {
  game: null,
  seats: [],
  delay: Number(params.get('delay') ?? 250),
  zoom: Number(params.get('zoom') ?? 0.6),
  budget: Number(params.get('budget') ?? 300),
  botTimer: 0,
  sel: null,        // { x, y, rotations: [..], r: index, figure: index }
  placeMoves: [],   // the legal place moves of a human's place decision
  shownEvents: 0,
  loads: 0,         // records loaded (data-loads)
};

// ------------------------------------------------------------------ helpers

function showMessage(text) {
  const box = $('message');
  box.textContent = text;
  box.hidden = !text;
}

function playerName(p) {
  return `${NAMES[p] ?? `Player ${p + 1}`}${ui.seats[p] === 'human' ? '' : ` (${SEAT_KINDS[ui.seats[p]] ?? 'bot'})`}`;
}

function swatch(p) {
  const s = document.createElement('span');
  s.className = 'ui-swatch';
  s.style.background = COLORS[p] ?? '#888';
  return s;
}

function button(text, attrs = {}) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
  return b;
}

function figureLabel(move) {
  if (move.isRecall) return 'Recall the abbot (scores now)';
  if (move.figure === 'none') return 'No figure';
  const where = move.where.includes('/') ? move.where.split('/')[1] : move.where;
  return `${FIGURE_WORDS[move.figure] ?? move.figure} on ${where}`;
}

function decisionLabel(move, pending) {
  if (move.isPass) {
    if (pending.decision === 'exit') return pending.final ? 'Pass: no more followers out of the City' : 'Pass: no (more) followers out';
    if (pending.decision === 'quarter') return 'Pass: no follower into the City';
    if (pending.decision === 'count') return 'Pass: the Count stays';
    return 'Pass';
  }
  const big = move.figure === 'big' ? 'big follower' : 'follower';
  if (move.kind === 'exit') {
    const tile = ui.game.tileAt(move.x, move.y);
    return `A ${big} leaves the ${move.quarter} for ${move.where} of the tile ${tile ? tile.tile : ''} at ${move.x},${move.y}`;
  }
  if (move.kind === 'quarter') return `A ${big} into the ${move.quarter}`;
  if (move.kind === 'count') return `The Count moves to the ${move.quarter}`;
  return move.text;
}

function eventText(ev) {
  const who = ev.players.map((p) => NAMES[p] ?? `P${p + 1}`).join(' and ');
  const at = `${ev.x},${ev.y}`;
  switch (ev.kind) {
    case 'discard': return `Tile ${ev.tile} had no place and was discarded`;
    case 'goods': return `${who} takes a ${ev.good} token from the city at ${at}`;
    case 'trade': return `${who} +${ev.points} for the most ${ev.good}`;
    case 'recall': return `${who} +${ev.points}: abbot recalled from a ${ev.feature} at ${at}`;
    default: {
      const fin = ev.kind === 'final' && ev.feature !== 'field' ? 'unfinished ' : '';
      const bonus = ev.bonus.length ? ` (${ev.bonus.join(', ')})` : '';
      const size = ev.feature === 'field' || ev.feature === 'monastery' || ev.feature === 'garden' ? '' : ` of ${ev.tiles} tiles`;
      const scorer = who || 'nobody';
      return `${scorer} +${ev.points}: ${fin}${ev.feature}${size} at ${at}${bonus}`;
    }
  }
}

// -------------------------------------------------------------------- setup

function renderSeats(players, seats) {
  const box = $('seats');
  box.textContent = '';
  const mcts = hasMcts();
  for (let p = 0; p < players; p++) {
    const label = document.createElement('label');
    label.className = 'ui-seat';
    label.style.borderColor = COLORS[p];
    label.append(`${NAMES[p]} `);
    const sel = document.createElement('select');
    sel.id = `seat-${p}`;
    for (const [kind, text] of Object.entries(SEAT_KINDS)) {
      if (kind === 'mcts' && !mcts) continue;
      const o = document.createElement('option');
      o.value = kind;
      o.textContent = text;
      sel.append(o);
    }
    for (const o of sel.options) if (SEAT_ABOUT[o.value]) o.title = `${o.textContent}: ${SEAT_ABOUT[o.value]()}`;
    sel.value = seats[p] ?? (p === 0 ? 'human' : DEFAULT_BOT);
    if (!sel.value) sel.value = DEFAULT_BOT; // a kind this module does not have (mcts)
    sel.addEventListener('change', () => {
      ui.seats[p] = sel.value;
      if (ui.game) { ui.sel = null; update(); }
    });
    label.append(sel);
    box.append(label);
  }
}

function formSeats(players) {
  const seats = [];
  for (let p = 0; p < players; p++) seats.push($(`seat-${p}`)?.value ?? (p === 0 ? 'human' : DEFAULT_BOT));
  return seats;
}

function formModules() {
  const names = [];
  let farmers = false;
  for (const box of document.querySelectorAll('input[name=module]')) {
    if (box.value === 'farmers') farmers = box.checked;
    else if (box.checked) names.push(box.value);
  }
  if (!farmers) names.push('-farmers');
  return names.join(',');
}

function setFormModules(names) {
  const all = names.includes('all');
  for (const box of document.querySelectorAll('input[name=module]')) {
    box.checked = (all || names.includes(box.value)) && !names.includes(`-${box.value}`);
  }
}

function startGame(game, seats) {
  stopBots();
  if (ui.game) ui.game.free();
  ui.game = game;
  ui.seats = seats.slice(0, game.players);
  while (ui.seats.length < game.players) ui.seats.push(ui.seats.length === 0 ? 'human' : DEFAULT_BOT);
  $('players').value = String(game.players);
  renderSeats(game.players, ui.seats);
  setFormModules(game.options.modules);
  $('seed').value = String(game.options.seed);
  ui.sel = null;
  ui.shownEvents = 0;
  $('events').textContent = '';
  update();
}

function newGameFromForm() {
  const players = Number($('players').value);
  const seats = formSeats(players);
  ui.budget = Math.max(1, Number($('mcts-budget').value) || 300);
  try {
    const game = new Game({ players, seed: BigInt($('seed').value || '0'), modules: formModules() });
    showMessage('');
    startGame(game, seats);
  } catch (e) {
    showMessage(e instanceof CarcError ? e.message : String(e));
  }
}

// -------------------------------------------------------------------- board

function selectedMove() {
  const s = ui.sel;
  if (!s) return null;
  const rot = s.rotations[s.r];
  const options = ui.placeMoves.filter((m) => m.x === s.x && m.y === s.y && m.rotation === rot);
  return options[Math.min(s.figure, options.length - 1)] ?? null;
}

function figureChoices() {
  const s = ui.sel;
  if (!s) return [];
  const rot = s.rotations[s.r];
  return ui.placeMoves.filter((m) => m.x === s.x && m.y === s.y && m.rotation === rot);
}

function renderBoard(human, pending) {
  const game = ui.game;
  const board = $('board');
  let shown = game;
  let preview = null;
  const move = human && pending.decision === 'place' ? selectedMove() : null;
  if (move) {
    // the library draws the board as it would be after the move (a scratch copy)
    preview = game.clone({ history: false });
    preview.play(move);
    shown = preview;
  }
  const [bx0, by0, bx1, by1] = game.bounds();
  const fx0 = bx0 - 1;
  const fy0 = by0 - 1;
  const [sx0, sy0] = shown.bounds();
  let svg = shown.svg({ legend: false });
  if (preview) preview.free();
  const width = MARGIN + (bx1 - bx0 + 3) * TILE + 16;
  const height = MARGIN + (by1 - by0 + 3) * TILE + 16;
  // the library's picture, placed so that its tile (x, y) lies on the frame's cell (x, y)
  svg = svg.replace(/^<svg /, `<svg class="ui-picture" x="${(sx0 - fx0) * TILE}" y="${(sy0 - fy0) * TILE}" `);
  board.setAttribute('viewBox', `0 0 ${width} ${height}`);
  board.setAttribute('width', String(Math.round(width * ui.zoom)));
  board.setAttribute('height', String(Math.round(height * ui.zoom)));
  board.innerHTML = svg;
  if (!human || pending.decision !== 'place') return;
  const seen = new Set();
  for (const m of ui.placeMoves) {
    const key = `${m.x},${m.y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const r = document.createElementNS(SVG_NS, 'rect');
    r.setAttribute('x', String(MARGIN + (m.x - fx0) * TILE));
    r.setAttribute('y', String(MARGIN + (m.y - fy0) * TILE));
    r.setAttribute('width', String(TILE));
    r.setAttribute('height', String(TILE));
    r.setAttribute('class', ui.sel && ui.sel.x === m.x && ui.sel.y === m.y ? 'ui-spot ui-selected' : 'ui-spot');
    r.dataset.x = String(m.x);
    r.dataset.y = String(m.y);
    const title = document.createElementNS(SVG_NS, 'title');
    title.textContent = `${m.tile} at ${m.x},${m.y}`;
    r.append(title);
    board.append(r);
  }
}

function clickSpot(x, y) {
  if (ui.sel && ui.sel.x === x && ui.sel.y === y) {
    rotate();
    return;
  }
  const rotations = [...new Set(ui.placeMoves.filter((m) => m.x === x && m.y === y).map((m) => m.rotation))];
  if (!rotations.length) return;
  ui.sel = { x, y, rotations, r: 0, figure: 0 };
  update();
}

function rotate() {
  if (!ui.sel) return;
  ui.sel.r = (ui.sel.r + 1) % ui.sel.rotations.length;
  ui.sel.figure = 0;
  update();
}

// ------------------------------------------------------------------- panels

// The tile to place, drawn by the library as it lies on the board: the
// current game copied, the tile placed (by the selected placement, else by a
// legal one, no figure), the picture cut down to that one cell and turned to
// the selected rotation (else to 0: the tile as printed). Shown from the start
// of the decision, before any click.
function renderTilePreview(pending) {
  const box = $('tile-preview');
  const s = ui.sel;
  const want = s ? s.rotations[s.r] : 0;
  const key = `${ui.game.history().length}/${pending.tile}/${pending.part}/${want}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.dataset.tile = pending.tile;
  box.dataset.rotation = String(want);
  box.textContent = '';
  const chosen = s ? selectedMove() : null;
  const move = chosen ? chosen.placement
    : (ui.placeMoves.find((m) => m.rotation === want) ?? ui.placeMoves[0])?.placement;
  box.setAttribute('aria-label', `the tile to place: ${pending.tile}${want ? `, turned ${want * 90} degrees` : ''}`);
  if (!move) return;
  const copy = ui.game.clone({ history: false });
  let svg;
  let bx0;
  let by0;
  try {
    copy.play(move);
    svg = copy.svg({ legend: false });
    [bx0, by0] = copy.bounds();
  } finally {
    copy.free();
  }
  const x = MARGIN + (move.x - bx0) * TILE;
  const y = MARGIN + (move.y - by0) * TILE;
  box.innerHTML = `<g transform="rotate(${(want - move.rotation) * 90} 50 50)">` +
    `${svg.replace(/^<svg /, `<svg class="ui-picture" x="${-x}" y="${-y}" `)}</g>`;
}

// Who the bots are, in plain words.
function renderOpponents() {
  const box = $('opponents');
  box.textContent = '';
  const bots = [];
  for (let p = 0; p < ui.seats.length; p++) if (ui.seats[p] !== 'human') bots.push(p);
  box.hidden = bots.length === 0;
  if (!bots.length) return;
  const head = document.createElement('div');
  head.textContent = ui.seats.includes('human') ? 'You play against:' : 'The bots:';
  box.append(head);
  for (const p of bots) {
    const kind = ui.seats[p];
    const line = document.createElement('div');
    line.className = 'ui-opponent';
    line.dataset.player = String(p);
    line.dataset.kind = kind;
    line.append(swatch(p), ` ${NAMES[p] ?? `Player ${p + 1}`}, ${SEAT_KINDS[kind] ?? 'a bot'}: ` +
      `${SEAT_ABOUT[kind] ? SEAT_ABOUT[kind]() : ''}.`);
    box.append(line);
  }
}

function renderPanels(human, pending) {
  const placePanel = $('place-panel');
  const decisionPanel = $('decision-panel');
  placePanel.hidden = !(human && pending.decision === 'place');
  decisionPanel.hidden = !(human && pending.decision !== 'place' && !pending.over);
  if (!placePanel.hidden) {
    $('tile-name').textContent = pending.tile;
    renderTilePreview(pending);
    const left = ui.game.remaining;
    $('tile-info').textContent = `${pending.secondTile ? '(the builder\'s second tile) ' : ''}· ${left} tile${left === 1 ? '' : 's'} left`;
    $('pass').hidden = !pending.optional;
    const figs = $('figures');
    figs.textContent = '';
    const choices = figureChoices();
    choices.forEach((m, i) => {
      const b = button(figureLabel(m), { class: 'ui-figure-option', 'data-move': m.text,
        'aria-pressed': String(i === ui.sel.figure) });
      b.addEventListener('click', () => { ui.sel.figure = i; update(); });
      figs.append(b);
    });
    const s = ui.sel;
    $('rotate').disabled = !s || s.rotations.length < 2;
    $('place').disabled = !s;
    $('place').textContent = s ? `Place ${selectedMove().text}` : 'Place';
  }
  if (!decisionPanel.hidden) {
    const titles = {
      exit: pending.final ? 'Final round: move a follower out of the City of Carcassonne'
        : 'Move your followers out of the City of Carcassonne before the scoring?',
      quarter: 'Put a follower from your supply into a quarter of the City?',
      count: 'Move the Count?',
    };
    $('decision-title').textContent = titles[pending.decision] ?? pending.decision;
    const box = $('decisions');
    box.textContent = '';
    for (const m of ui.game.legalMoves()) {
      const b = button(decisionLabel(m, pending), { class: 'ui-decision', 'data-move': m.text });
      b.addEventListener('click', () => humanPlay(m));
      box.append(b);
    }
  }
}

function renderScores(pending) {
  const game = ui.game;
  const modules = game.options.modules;
  const tbody = $('scores').querySelector('tbody');
  tbody.textContent = '';
  const scores = game.scores;
  const extra = [];
  if (modules.includes('inns')) extra.push(['big', 'big']);
  if (modules.includes('abbot')) extra.push(['abbot', 'abbot']);
  if (modules.includes('traders')) extra.push(['builder', 'builder'], ['pig', 'pig']);
  $('extra-head').textContent = extra.length || modules.includes('traders') ? 'in supply, goods' : '';
  for (let p = 0; p < game.players; p++) {
    const tr = document.createElement('tr');
    if (!pending.over && pending.player === p) tr.className = 'ui-turn';
    const c0 = document.createElement('td');
    c0.append(swatch(p));
    const c1 = document.createElement('td');
    c1.textContent = playerName(p);
    const c2 = document.createElement('td');
    c2.textContent = String(scores[p]);
    c2.className = 'ui-score';
    c2.dataset.player = String(p);
    const c3 = document.createElement('td');
    c3.textContent = String(game.figureSupply(p, 'follower'));
    const c4 = document.createElement('td');
    const parts = extra.filter(([fig]) => game.figureSupply(p, fig) > 0).map(([, word]) => word);
    if (modules.includes('traders')) {
      const g = game.goods(p);
      parts.push(`wine ${g.wine} grain ${g.grain} cloth ${g.cloth}`);
    }
    c4.textContent = parts.join(', ');
    tr.append(c0, c1, c2, c3, c4);
    tbody.append(tr);
  }
  const city = game.city();
  if (city.count) {
    const q = Object.entries(city.quarters).map(([name, row]) => `${name} ${row.join('/')}`).join(', ');
    $('city').textContent = `City of Carcassonne: ${q}; the Count is on the ${city.count}.`;
  } else {
    $('city').textContent = '';
  }
}

function renderEvents() {
  const game = ui.game;
  const n = game.eventCount;
  const list = $('events');
  if (n < ui.shownEvents) {
    list.textContent = '';
    ui.shownEvents = 0;
  }
  if (n === ui.shownEvents) return;
  const history = game.history();
  for (const ev of game.events(ui.shownEvents)) {
    const li = document.createElement('li');
    li.className = ev.kind === 'final' || ev.kind === 'trade' ? 'ui-final' : 'ui-event';
    const h = history[ev.turn];
    const when = h ? `turn ${ev.turn + 1}${h.move ? ` (${h.move.text})` : ''}` : 'end';
    li.textContent = `${ev.kind === 'final' || ev.kind === 'trade' ? 'Final scoring' : when}: ${eventText(ev)}`;
    list.append(li);
  }
  ui.shownEvents = n;
  list.scrollTop = list.scrollHeight;
}

function renderStatus(pending) {
  const game = ui.game;
  let text;
  if (pending.over) {
    const scores = game.scores;
    const winners = game.winners;
    const names = winners.map((p) => NAMES[p]).join(' and ');
    text = `Game over. ${names} ${winners.length > 1 ? 'share the win' : 'wins'} with ${scores[winners[0]]} points ` +
      `(${scores.map((s, p) => `${NAMES[p]} ${s}`).join(', ')}).`;
  } else {
    const who = playerName(pending.player);
    const what = {
      place: `to place tile ${pending.tile}${pending.secondTile ? ' (second tile: optional)' : ''}`,
      exit: 'to move followers out of the City',
      quarter: 'to put a follower into the City',
      count: 'to move the Count',
    }[pending.decision] ?? pending.decision;
    text = `${who} ${what}. ${game.remaining} tiles left.`;
    if (ui.seats[pending.player] !== 'human') text += ' Thinking…';
  }
  $('status').textContent = text;
}

// ------------------------------------------------------------------- update

function update() {
  const game = ui.game;
  const pending = game.pending();
  const human = !pending.over && ui.seats[pending.player] === 'human';
  if (human && pending.decision === 'place') {
    ui.placeMoves = game.legalMoves().filter((m) => m.isPlace);
    if (ui.sel && !ui.placeMoves.some((m) => m.x === ui.sel.x && m.y === ui.sel.y)) ui.sel = null;
  } else {
    ui.placeMoves = [];
    ui.sel = null;
  }
  renderBoard(human, pending);
  renderPanels(human, pending);
  renderScores(pending);
  renderOpponents();
  renderEvents();
  renderStatus(pending);
  $('undo').disabled = !game.canUndo;
  $('save').disabled = false;
  const body = document.body.dataset;
  body.state = pending.over ? 'over' : human ? 'human' : 'bot';
  body.decision = pending.decision;
  body.player = String(pending.player);
  body.history = String(game.history().length);
  body.events = String(game.eventCount);
  scheduleBot(pending);
}

// ------------------------------------------------------------------ playing

function humanPlay(move) {
  try {
    ui.game.play(move);
    showMessage('');
  } catch (e) {
    showMessage(e instanceof CarcError ? e.message : String(e));
  }
  ui.sel = null;
  update();
}

function stopBots() {
  if (ui.botTimer) clearTimeout(ui.botTimer);
  ui.botTimer = 0;
}

function scheduleBot(pending) {
  stopBots();
  if (pending.over || ui.seats[pending.player] === 'human') return;
  ui.botTimer = setTimeout(botStep, ui.delay);
}

function botStep() {
  ui.botTimer = 0;
  const game = ui.game;
  const pending = game.pending();
  if (pending.over || ui.seats[pending.player] === 'human') return;
  const kind = ui.seats[pending.player];
  try {
    let move;
    if (kind === 'mcts' && hasMcts()) move = game.mctsMove({ budget: ui.budget });
    else move = game.botMove(kind === 'random' ? 'random' : 'immediate');
    game.play(move);
  } catch (e) {
    // not expected: the bots answer with legal moves; say so, and stop them
    showMessage(`The ${SEAT_KINDS[kind] ?? 'bot'} failed: ${e instanceof CarcError ? e.message : e}`);
    return;
  }
  update();
}

function undo() {
  const game = ui.game;
  if (!game.canUndo) return;
  stopBots();
  const anyHuman = ui.seats.includes('human');
  // back to the last decision of a human player (the bots' moves after it go too)
  do {
    game.undo();
  } while (anyHuman && game.canUndo && ui.seats[game.pending().player] !== 'human');
  ui.sel = null;
  update();
}

// ---------------------------------------------------------- save and load

function saveRecord() {
  const text = ui.game.save();
  $('record-text').value = text;
  const blob = new Blob([text], { type: 'text/plain' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `carcassonne-seed${ui.game.options.seed}.txt`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function loadRecord(text) {
  try {
    const game = Game.load(text);
    showMessage('');
    startGame(game, ui.seats);
    ui.loads++;
    document.body.dataset.loads = String(ui.loads);
    $('record-text').value = text;
  } catch (e) {
    showMessage(e instanceof CarcError ? `Cannot load the record: ${e.message}` : String(e));
  }
}

// --------------------------------------------------------------------- main

async function main() {
  await init();
  COLORS = playerColors();
  $('version').textContent = ` ${version()}`;
  const players = Math.min(6, Math.max(2, Number(params.get('players') ?? 2) || 2));
  $('players').value = String(players);
  const seats = (params.get('seats') ?? '').split(',').map((s) => SEAT_ALIASES[s] ?? s)
    .filter((s) => Object.hasOwn(SEAT_KINDS, s));
  renderSeats(players, seats);
  if (params.has('modules')) {
    const names = params.get('modules').split(/[ ,]+/).filter(Boolean);
    setFormModules(names.includes('-farmers') ? names : names.concat('farmers'));
  }
  $('seed').value = params.get('seed') ?? String(Math.floor(Math.random() * 1e6));
  $('mcts-budget').value = String(ui.budget);

  $('players').addEventListener('change', () => renderSeats(Number($('players').value), formSeats(6)));
  $('setup').addEventListener('submit', (e) => { e.preventDefault(); newGameFromForm(); });
  $('board').addEventListener('click', (e) => {
    const spot = e.target.closest('.ui-spot');
    if (spot) clickSpot(Number(spot.dataset.x), Number(spot.dataset.y));
  });
  $('rotate').addEventListener('click', rotate);
  $('place').addEventListener('click', () => { const m = selectedMove(); if (m) humanPlay(m); });
  $('pass').addEventListener('click', () => humanPlay(Move.pass()));
  $('undo').addEventListener('click', undo);
  $('save').addEventListener('click', saveRecord);
  $('load-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) loadRecord(await file.text());
    e.target.value = '';
  });
  $('load-text').addEventListener('click', () => loadRecord($('record-text').value));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof Element && e.target.closest('button, select, input, textarea, summary')) return;
    if (e.key === 'r' || e.key === 'R') rotate();
    else if (e.key === 'Enter' && ui.sel) { const m = selectedMove(); if (m) humanPlay(m); }
  });
  newGameFromForm();
}

main().catch((e) => {
  showMessage(`The page could not start: ${e && e.message ? e.message : e}`);
  document.body.dataset.state = 'error';
  throw e;
});
