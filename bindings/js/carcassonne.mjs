// SPDX-License-Identifier: MIT
// libcarcassonne for JavaScript: an ES module over the WebAssembly build of
// the library (carcassonne-wasm.mjs + carcassonne-wasm.wasm, built by
// bindings/js/CMakeLists.txt). The same rules, records and move notation as
// the C library and the Python binding; the shape follows the Python binding
// (bindings/python/carcassonne): a Game with pending(), legalMoves(),
// play(), undo(), save()/Game.load(), svg(), scores, events, history.
//
//   import { init, Game } from 'carcassonne';   // or './carcassonne.mjs'
//   await init();                       // loads the module (once)
//   const game = new Game({ players: 2, seed: 7, modules: 'all' });
//   while (!game.isOver) game.play(game.botMove('immediate'));
//   console.log(game.scores, game.save());
//   game.free();
//
// Works in browsers and in Node (no flag needed: under Node this module
// reads the .wasm itself). Every failing library call throws a CarcError
// carrying the status name, the status text and the library's message
// (carc_game_last_error, the load error, carc_game_options_check).
// Types: carcassonne.d.ts. Documentation: docs/web.md.

import createCarcassonneWasm from './carcassonne-wasm.mjs';

let M = null;          // the Emscripten module
let L = null;          // struct layouts and constants (carcjs_layout)
let K = null;          // L.const
let SCRATCH = 0;       // 512 bytes of out-parameters
let loading = null;
let tileNamesCache = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const IS_NODE = typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
  typeof process.versions.node === 'string' && typeof window === 'undefined';

/**
 * Load the WebAssembly module (once; later calls return the same promise).
 * `options.wasmBinary` (bytes of carcassonne-wasm.wasm) or `options.wasmUrl`
 * override where it comes from; by default it sits beside this file.
 */
export function init(options = {}) {
  if (loading) return loading;
  loading = (async () => {
    const args = {};
    const url = options.wasmUrl ? new URL(options.wasmUrl, import.meta.url)
      : new URL('./carcassonne-wasm.wasm', import.meta.url);
    if (options.wasmBinary) {
      args.wasmBinary = options.wasmBinary;
    } else if (IS_NODE && url.protocol === 'file:') {
      const fs = await import('node:fs/promises');
      args.wasmBinary = await fs.readFile(url);
    } else {
      args.locateFile = () => url.href;
    }
    args.print = (text) => console.log(text);
    args.printErr = (text) => console.warn(text);
    const mod = await createCarcassonneWasm(args);
    M = mod;
    SCRATCH = M._malloc(512);
    L = JSON.parse(cstring(M._carcjs_layout()));
    K = L.const;
    buildNames();
    return api;
  })();
  loading.catch(() => { loading = null; });
  return loading;
}

/** Whether init() has finished. */
export function isReady() {
  return M !== null;
}

function need() {
  if (M === null) throw new Error('libcarcassonne: call and await init() first');
}

// ------------------------------------------------------------ memory helpers

function u8() { return M.HEAPU8; }
function dv() {
  // a DataView over the current memory (it changes when memory grows)
  const buf = M.HEAPU8.buffer;
  if (dv.cache === undefined || dv.cache.buffer !== buf) dv.cache = new DataView(buf);
  return dv.cache;
}
const rdU32 = (p) => dv().getUint32(p, true);
const rdI32 = (p) => dv().getInt32(p, true);
const rdU16 = (p) => dv().getUint16(p, true);
const rdU8 = (p) => M.HEAPU8[p];
const wrU32 = (p, v) => dv().setUint32(p, v >>> 0, true);
const wrI32 = (p, v) => dv().setInt32(p, v | 0, true);
const wrU16 = (p, v) => dv().setUint16(p, v, true);
const wrU8 = (p, v) => { M.HEAPU8[p] = v; };

function cstring(ptr, max) {
  if (!ptr) return '';
  const heap = u8();
  let end = ptr;
  const stop = max === undefined ? heap.length : Math.min(heap.length, ptr + max);
  while (end < stop && heap[end] !== 0) end++;
  return decoder.decode(heap.subarray(ptr, end));
}

// A NUL-terminated copy of `text` in wasm memory; free it with M._free.
function allocString(text) {
  const bytes = encoder.encode(String(text));
  const ptr = M._malloc(bytes.length + 1);
  u8().set(bytes, ptr);
  u8()[ptr + bytes.length] = 0;
  return { ptr, len: bytes.length };
}

function zero(ptr, size) { u8().fill(0, ptr, ptr + size); }

// A struct in scratch memory with struct_size set.
function sized(name, at = SCRATCH + 64) {
  const size = L[name].size;
  zero(at, size);
  wrU32(at + L[name].struct_size, size);
  return at;
}

// Text from an snprintf-style function fn(buf, cap, needed, ...rest).
function readText(fn, ...rest) {
  const neededPtr = SCRATCH + 8;
  wrU32(neededPtr, 0);
  let st = fn(0, 0, neededPtr, ...rest);
  if (st !== 0 && st !== K.CARC_EBUFFER) throw new CarcError(st, '', fn.name);
  const n = rdU32(neededPtr);
  const buf = M._malloc(n + 1);
  try {
    st = fn(buf, n + 1, neededPtr, ...rest);
    if (st !== 0) throw new CarcError(st, '', fn.name);
    return decoder.decode(u8().subarray(buf, buf + n));
  } finally {
    M._free(buf);
  }
}

// ------------------------------------------------------------------- errors

/**
 * A failed library call. `status` is the carc_status number, `code` its name
 * ("CARC_EILLEGAL", carc_status_name), `statusText` carc_status_str, `detail`
 * the library's message for this failure, `function` the C function, `line`
 * (loads) the 1-based line of the record at fault.
 */
export class CarcError extends Error {
  constructor(status, detail = '', fn = '', line = 0) {
    const code = M ? cstring(M._carc_status_name(status)) : `status ${status}`;
    const statusText = M ? cstring(M._carc_status_str(status)) : '';
    let text = code;
    if (statusText) text += ` (${statusText})`;
    if (detail) text += `: ${detail}`;
    if (fn) text += ` [${fn}]`;
    super(text);
    this.name = 'CarcError';
    this.status = status;
    this.code = code;
    this.statusText = statusText;
    this.detail = detail;
    this.function = fn;
    this.line = line;
  }
}

function check(st, fn, game) {
  if (st !== 0) {
    const detail = game ? cstring(M._carc_game_last_error(game)) : '';
    throw new CarcError(st, detail, fn);
  }
}

// --------------------------------------------------------------------- names

const FIGURES = ['none', 'follower', 'big', 'abbot', 'builder', 'pig'];
const QUARTERS = ['castle', 'market', 'blacksmith', 'cathedral'];
const DECISIONS = ['none', 'place', 'exit', 'quarter', 'count'];
const MOVE_KINDS = ['place', 'pass', 'exit', 'quarter', 'count'];
const SEGMENT_KINDS = ['field', 'road', 'city', 'monastery', 'garden', 'river'];
const EVENT_KINDS = ['score', 'final', 'discard', 'recall', 'goods', 'trade'];
const GOODS = ['wine', 'grain', 'cloth'];
const HISTORY_KINDS = ['place', 'discard', 'end'];
// The built-in policies of carc_playout_choose by their names; "greedy" is
// the retired name of "immediate" (refused with a message that says so).
const POLICIES = { random: 'CARC_POLICY_RANDOM', immediate: 'CARC_POLICY_IMMEDIATE' };

function policyValue(policy) {
  const name = Object.hasOwn(POLICIES, policy) ? POLICIES[policy] : undefined;
  if (name !== undefined) return K[name];
  if (policy === 'greedy') {
    throw new TypeError('the policy "greedy" is now called "immediate" (the move that scores the most points ' +
      'right now): use "immediate"');
  }
  throw new TypeError(`unknown policy ${JSON.stringify(policy)} (known: ${Object.keys(POLICIES).join(', ')})`);
}

let FIG = null;  // name -> number, from the library's constants
function buildNames() {
  FIG = {};
  for (const n of FIGURES) FIG[n] = K[`CARC_FIGURE_${n.toUpperCase()}`];
  const count = M._carc_tile_kind_count();
  tileNamesCache = [];
  for (let k = 0; k < count; k++) tileNamesCache.push(cstring(M._carc_tile_name(k)));
}

/** Every tile kind's name, in catalogue order ("A".."X", "RA".., "E.g", ...). */
export function tileNames() {
  need();
  return tileNamesCache.slice();
}

function tileKind(tile) {
  if (typeof tile === 'number') return tile;
  const s = allocString(tile);
  try {
    const st = M._carc_tile_find(SCRATCH, s.ptr);
    if (st !== 0) throw new CarcError(st, `unknown tile ${JSON.stringify(String(tile))}`, 'carc_tile_find');
    return rdU32(SCRATCH);
  } finally {
    M._free(s.ptr);
  }
}

/**
 * The CARC_MODULE_* flags of a module list (carc_modules_parse): "river,abbot",
 * "all" (every module), "all,-farmers"; farmers are on unless "-farmers".
 */
export function parseModules(text) {
  need();
  if (typeof text === 'number') return text >>> 0;
  if (Array.isArray(text)) text = text.join(' ');
  text = String(text);
  const st = modulesParse(text);
  if (st !== 0) {
    const boxes = M._carc_modules_supported();
    const known = ['all', ...moduleNames(boxes | M._carc_modules_elements(boxes))].join(', ');
    throw new CarcError(st, `cannot read modules ${JSON.stringify(text)} (known: ${known})`,
      'carc_modules_parse');
  }
  return rdU32(SCRATCH);
}

function modulesParse(text) {
  const s = allocString(text);
  try {
    return M._carc_modules_parse(SCRATCH, s.ptr);
  } finally {
    M._free(s.ptr);
  }
}

/** The names of the module flags in `flags` ("farmers", "river", ...). */
export function moduleNames(flags) {
  need();
  const out = [];
  for (let bit = 1; bit !== 0 && bit <= 0x80000000; bit = bit * 2) {
    if ((flags >>> 0) & bit) {
      const p = M._carc_module_name(bit >>> 0);
      if (p) out.push(cstring(p));
    }
    if (bit === 0x80000000) break;
  }
  return out;
}

/**
 * The rule elements a module list stands for (carc_modules_elements): each
 * whole box replaced by its elements, by name: moduleElements('traders')
 * gives farmers, traders-tiles, goods, builder and pig.
 */
export function moduleElements(modules) {
  need();
  return moduleNames(M._carc_modules_elements(parseModules(modules)) >>> 0);
}

/** The module flags this build implements (carc_modules_supported), as whole
 * boxes; with each, every rule element of it. */
export function supportedModules() {
  need();
  return moduleNames(M._carc_modules_supported());
}

/** The library version ("0.2.0"). */
export function version() {
  need();
  return cstring(M._carc_version_string());
}

/**
 * The players' colours of the library's SVG picture (carc_game_render_svg),
 * player 0 first, as CSS colours ("#d7261e", ...; six: the sixth player of
 * Inns & Cathedrals is grey).
 */
export function playerColors() {
  need();
  return L.playerColors.slice();
}

/** Whether the example MCTS player is in this module (Game.mctsMove). */
export function hasMcts() {
  need();
  return typeof M._carcjs_have_mcts === 'function' && M._carcjs_have_mcts() === 1;
}

// --------------------------------------------------------------------- moves

const MOVE_BYTES = 16;
const TEXT = Symbol('text');

/**
 * One move: the answer to the pending decision. An immutable value; `text`
 * (and String(move)) is the move notation of the C library and the Python
 * binding ("D 1 0 90 road:E", "U -1 0 90 abbot/recall", "pass", "exit castle
 * 2 1 seg:0", "quarter big/market", "count market"). `rotation` is in quarter
 * turns (0..3) as in C; `degrees` in degrees.
 */
export class Move {
  /**
   * A move from the fields of carc_move (numbers); Move.parse(text) is the
   * usual way. A field out of its range is refused when the move is made
   * (TypeError, RangeError): rotation in quarter turns 0..3, figure 0..5,
   * kind 0..4, quarter 0..3.
   */
  constructor(x, y, tileKind, rotation, figureCode, segmentCode, kindCode = 0, quarterCode = 0) {
    if (!(rotation >= 0 && rotation <= 3 && Number.isInteger(rotation))) {
      throw new RangeError(`rotation ${rotation} out of range 0..3 (quarter turns clockwise` +
        `${rotation % 90 === 0 && rotation > 0 && rotation < 360 ? `: ${rotation} degrees is rotation ${rotation / 90}` : ''})`);
    }
    integer(x, 'x', -0x80000000, 0x7fffffff);
    integer(y, 'y', -0x80000000, 0x7fffffff);
    integer(tileKind, 'tileKind', 0, 0xffff);
    integer(figureCode, 'figureCode', 0, 5);
    integer(segmentCode, 'segmentCode', 0, 0xff);
    integer(kindCode, 'kindCode', 0, 4);
    integer(quarterCode, 'quarterCode', 0, 3);
    this.x = x;
    this.y = y;
    this.tileKind = tileKind;
    this.rotation = rotation;
    this.figureCode = figureCode;
    this.segmentCode = segmentCode;
    this.kindCode = kindCode;
    this.quarterCode = quarterCode;
    this[TEXT] = undefined; // the notation, made on first use
  }

  /** Read a move in the move notation (carc_move_parse); CarcError CARC_EPARSE. */
  static parse(text) {
    need();
    const s = allocString(text);
    try {
      const at = SCRATCH + 16;
      zero(at, MOVE_BYTES);
      const msg = SCRATCH + 256; // the library's reason: the word at fault, what is expected
      const st = M._carc_move_parse_msg(at, s.ptr, msg, 256);
      if (st !== 0) throw new CarcError(st, cstring(msg, 256), 'carc_move_parse');
      return readMove(at);
    } finally {
      M._free(s.ptr);
    }
  }

  /** The pass move. */
  static pass() {
    need();
    return new Move(0, 0, 0, 0, K.CARC_FIGURE_NONE, K.CARC_NO_SEGMENT, K.CARC_MOVE_PASS, 0);
  }

  /** "place", "pass", "exit", "quarter" or "count". */
  get kind() { return MOVE_KINDS[this.kindCode] ?? String(this.kindCode); }
  get isPlace() { return this.kindCode === 0; }
  get isPass() { return this.kind === 'pass'; }
  /** The tile name of a place move, else null. */
  get tile() { return this.kindCode === 0 ? tileNamesCache[this.tileKind] ?? null : null; }
  get degrees() { return this.rotation * 90; }
  /** "none", "follower", "big", "abbot", "builder", "pig". */
  get figure() { return FIGURES[this.figureCode] ?? String(this.figureCode); }
  /** The segment receiving the figure (catalogue index), or null. */
  get segment() {
    return this.segmentCode === K.CARC_NO_SEGMENT || this.segmentCode === K.CARC_SEGMENT_RECALL ? null : this.segmentCode;
  }
  get isRecall() { return this.kindCode === 0 && this.segmentCode === K.CARC_SEGMENT_RECALL; }
  /** The quarter of the Count's moves, else null. */
  get quarter() { return this.kindCode >= 2 ? QUARTERS[this.quarterCode] : null; }
  /** The same placement without a figure action. */
  get placement() {
    if (this.kindCode !== 0) return this;
    return new Move(this.x, this.y, this.tileKind, this.rotation, K.CARC_FIGURE_NONE, K.CARC_NO_SEGMENT, 0, 0);
  }
  /** Where the figure goes in the notation ("road:E", "abbot/recall", "-"). */
  get where() {
    const parts = this.text.split(' ');
    if (this.kindCode === 0) return parts.length > 4 ? parts[4] : '-';
    if (this.kind === 'exit') return parts[parts.length - 1];
    return '-';
  }
  /** The move notation (carc_move_format). */
  get text() {
    if (this[TEXT] === undefined) {
      need();
      const at = SCRATCH + 16;
      writeMove(at, this);
      const out = SCRATCH + 128;
      const st = M._carc_move_format(out, 128, SCRATCH + 8, at);
      if (st !== 0) throw new CarcError(st, 'cannot format the move', 'carc_move_format');
      this[TEXT] = cstring(out, 128);
    }
    return this[TEXT];
  }
  toString() { return this.text; }
  toJSON() { return this.text; }
  equals(other) {
    const o = asMove(other);
    return o.x === this.x && o.y === this.y && o.tileKind === this.tileKind && o.rotation === this.rotation &&
      o.figureCode === this.figureCode && o.segmentCode === this.segmentCode && o.kindCode === this.kindCode &&
      o.quarterCode === this.quarterCode;
  }
}

function readMove(at) {
  const m = L.carc_move;
  return new Move(rdI32(at + m.x), rdI32(at + m.y), rdU16(at + m.tile), rdU8(at + m.rotation),
    rdU8(at + m.figure), rdU8(at + m.segment), rdU8(at + m.kind), rdU8(at + m.quarter));
}

function writeMove(at, mv) {
  const m = L.carc_move;
  zero(at, MOVE_BYTES);
  wrI32(at + m.x, mv.x);
  wrI32(at + m.y, mv.y);
  wrU16(at + m.tile, mv.tileKind);
  wrU8(at + m.rotation, mv.rotation);
  wrU8(at + m.figure, mv.figureCode);
  wrU8(at + m.segment, mv.segmentCode);
  wrU8(at + m.kind, mv.kindCode);
  wrU8(at + m.quarter, mv.quarterCode);
}

function asMove(move) {
  if (move instanceof Move) return move;
  if (typeof move === 'string') return Move.parse(move);
  throw new TypeError(`expected a Move or a string in move notation, got ${move === null ? 'null' : typeof move}`);
}

function readMoveList(list) {
  const n = M._carc_movelist_count(list);
  const data = M._carc_movelist_data(list);
  const out = new Array(n);
  const m = L.carc_move;
  const v = dv();
  const heap = M.HEAPU8;
  for (let i = 0; i < n; i++) {
    const at = data + i * m.size;
    out[i] = new Move(v.getInt32(at + m.x, true), v.getInt32(at + m.y, true), v.getUint16(at + m.tile, true),
      heap[at + m.rotation], heap[at + m.figure], heap[at + m.segment], heap[at + m.kind], heap[at + m.quarter]);
  }
  return out;
}

// ---------------------------------------------------------------------- seeds

function splitU64(v, what) {
  let b;
  if (typeof v === 'bigint') b = v;
  else if (Number.isSafeInteger(v)) b = BigInt(v);
  else throw new TypeError(`${what} must be an integer (number or bigint), got ${v}`);
  if (b < 0n || b > 0xffffffffffffffffn) throw new RangeError(`${what} ${v} out of range 0..2^64-1`);
  return [Number(b & 0xffffffffn), Number(b >> 32n)];
}

function joinU64(lo, hi) {
  const b = (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
  return b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b;
}

function integer(v, what, lo, hi) {
  if (!Number.isInteger(v)) throw new TypeError(`${what} must be an integer, got ${v}`);
  if (v < lo || v > hi) throw new RangeError(`${what} ${v} out of range ${lo}..${hi}`);
  return v;
}

// ---------------------------------------------------------------------- game

const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handles) => {
    if (!M) return;
    if (handles.mcts) M._carcjs_mcts_free(handles.mcts);
    if (handles.runner) M._carc_playout_free(handles.runner);
    if (handles.rng) M._free(handles.rng);
    if (handles.list) M._carc_movelist_free(handles.list);
    if (handles.game) M._carc_game_free(handles.game);
  })
  : null;

function playersOf(mask) {
  const out = [];
  for (let p = 0; p < 32; p++) if ((mask >>> p) & 1) out.push(p);
  return out;
}

/**
 * A game of Carcassonne (carc_game).
 *
 * new Game({ players: 2, seed: 0, modules: 'all' })
 * creates a game with the start tile placed and the pile shuffled from
 * `seed`; player 0 moves first. Options: players (2..5, 2..6 with inns),
 * seed (number or bigint), modules (a carc_modules_parse list such as
 * "river,abbot" or "all", an array of names, or flags; farmers are on unless
 * "-farmers" or farmers: false), farmers, startTile (name), start ([x, y]),
 * startRotation (quarter turns), noUndo, variants (CARC_VARIANT_* flags).
 * With the Count and the River and no start given, the spring lies where the
 * library puts it by default (CARC_DEFAULT_START_TILE: RA at (0,-2) turned
 * 270 degrees), so every module set starts with no other option. Bad options throw a CarcError with the library's explanation.
 *
 * Free the C game with free() (a FinalizationRegistry frees forgotten ones).
 */
/* Game options at `o` (carc_game_options) from the options of `new Game`,
 * checked (carc_game_options_check: a CarcError with the library's reason). */
function writeGameOptions(o, options) {
  const lo = L.carc_game_options;
  check(M._carc_game_options_init(o, K.CARC_GAME_OPTIONS_VERSION), 'carc_game_options_init');
  const players = options.players ?? 2;
  wrU32(o + lo.players, integer(players, 'players', 0, 0xffffffff));
  const [slo, shi] = splitU64(options.seed ?? 0, 'seed');
  wrU32(o + lo.seed, slo);
  wrU32(o + lo.seed + 4, shi);
  let mods = options.modules === undefined ? K.CARC_MODULE_FARMERS : parseModules(options.modules);
  if (options.farmers === true) mods |= K.CARC_MODULE_FARMERS;
  if (options.farmers === false) mods &= ~K.CARC_MODULE_FARMERS;
  wrU32(o + lo.modules, mods);
  if (options.startTile !== undefined && options.startTile !== null) {
    wrU32(o + lo.start_tile, tileKind(options.startTile));
  }
  if (options.start) {
    wrI32(o + lo.start_x, integer(options.start[0], 'start x', -0x80000000, 0x7fffffff));
    wrI32(o + lo.start_y, integer(options.start[1], 'start y', -0x80000000, 0x7fffffff));
  }
  if (options.startRotation !== undefined) {
    wrU32(o + lo.start_rotation, integer(options.startRotation, 'startRotation', 0, 0xffffffff));
  }
  wrU32(o + lo.flags, options.noUndo ? K.CARC_GAME_NO_UNDO : 0);
  wrU32(o + lo.variants, integer(options.variants ?? 0, 'variants', 0, 0xffffffff));
  const msg = SCRATCH + 320;
  // (the Count and the River with no start: the library lays the spring at
  // its default place, CARC_DEFAULT_START_TILE)
  const st = M._carc_game_options_check(o, msg, 180);
  if (st !== 0) throw new CarcError(st, cstring(msg, 180), 'carc_game_options_check');
}

export class Game {
  constructor(options = {}) {
    need();
    if (options === GAME_WRAP) return;
    const o = SCRATCH + 256;
    writeGameOptions(o, options);
    const out = SCRATCH;
    check(M._carc_game_new(out, o), 'carc_game_new');
    this._adopt(rdU32(out));
  }

  static _wrap(ptr) {
    const g = new Game(GAME_WRAP);
    g._adopt(ptr);
    return g;
  }

  _adopt(ptr) {
    this._h = { game: ptr, list: 0, runner: 0, rng: 0, mcts: 0, mctsKey: '' };
    check(M._carc_game_players(SCRATCH, ptr), 'carc_game_players', ptr);
    this._players = rdU32(SCRATCH);
    if (registry) registry.register(this, this._h, this);
  }

  _ptr() {
    if (!this._h || !this._h.game) throw new Error('libcarcassonne: the game is freed');
    return this._h.game;
  }

  _list() {
    const h = this._h;
    if (!h.list) {
      check(M._carc_movelist_new(SCRATCH, this._ptr()), 'carc_movelist_new');
      h.list = rdU32(SCRATCH);
    }
    return h.list;
  }

  /** Free the C game (and its move list, bot runner). Safe to call twice. */
  free() {
    const h = this._h;
    if (!h || !h.game) return;
    if (registry) registry.unregister(this);
    if (h.mcts) M._carcjs_mcts_free(h.mcts);
    if (h.runner) M._carc_playout_free(h.runner);
    if (h.rng) M._free(h.rng);
    if (h.list) M._carc_movelist_free(h.list);
    M._carc_game_free(h.game);
    this._h = { game: 0, list: 0, runner: 0, rng: 0, mcts: 0, mctsKey: '' };
  }

  get freed() { return !this._h || !this._h.game; }

  /**
   * Replay a record (carc_game_load). A bad record throws a CarcError whose
   * `line` is the line at fault (0 if none) and whose detail is the library's
   * message.
   */
  static load(text) {
    need();
    const s = allocString(text);
    const err = sized('carc_load_error', M._malloc(L.carc_load_error.size));
    try {
      const st = M._carc_game_load(SCRATCH, s.ptr, s.len, 0, err);
      if (st !== 0) {
        const le = L.carc_load_error;
        throw new CarcError(st, cstring(err + le.message, 256), 'carc_game_load', rdU32(err + le.line));
      }
      return Game._wrap(rdU32(SCRATCH));
    } finally {
      M._free(s.ptr);
      M._free(err);
    }
  }

  /** An independent copy (carc_game_clone); history: false leaves the undo history behind. */
  clone({ history = true } = {}) {
    check(M._carc_game_clone(SCRATCH, this._ptr(), history ? 0 : K.CARC_CLONE_NO_HISTORY), 'carc_game_clone',
      this._ptr());
    return Game._wrap(rdU32(SCRATCH));
  }

  // ---------------------------------------------------------------- reading

  _u32(fn, name, ...args) {
    const p = this._ptr();
    check(fn(SCRATCH, p, ...args), name, p);
    return rdU32(SCRATCH);
  }

  get players() { this._ptr(); return this._players; }

  /** The options the game was created with. */
  get options() {
    const o = SCRATCH + 256;
    const lo = L.carc_game_options;
    zero(o, lo.size);
    check(M._carc_game_options_get(o, this._ptr()), 'carc_game_options_get', this._ptr());
    const start = rdU32(o + lo.start_tile);
    const modules = rdU32(o + lo.modules);
    return {
      players: rdU32(o + lo.players),
      seed: joinU64(rdU32(o + lo.seed), rdU32(o + lo.seed + 4)),
      modules: moduleNames(modules),
      moduleFlags: modules,
      elements: moduleNames(M._carc_modules_elements(modules) >>> 0),
      startTile: start === K.CARC_DEFAULT_START_TILE ? null : tileNamesCache[start],
      start: [rdI32(o + lo.start_x), rdI32(o + lo.start_y)],
      startRotation: rdU32(o + lo.start_rotation),
      flags: rdU32(o + lo.flags),
      variants: rdU32(o + lo.variants),
    };
  }

  /**
   * The decision the game waits for (carc_game_pending): { decision: "place",
   * "exit", "quarter", "count" or "none" (over), player, tile (place: the
   * tile's name, else null), part (1, or 2: the builder's second tile),
   * optional (a pass declines it), secondTile, final, over, flags }.
   */
  pending() {
    const p = this._ptr();
    const at = sized('carc_pending');
    const lp = L.carc_pending;
    check(M._carc_game_pending(at, p), 'carc_game_pending', p);
    const decision = rdU32(at + lp.decision);
    const flags = rdU32(at + lp.flags);
    return {
      decision: DECISIONS[decision] ?? String(decision),
      player: rdU32(at + lp.player),
      tile: decision === K.CARC_DECISION_PLACE ? tileNamesCache[rdU32(at + lp.tile)] : null,
      part: rdU32(at + lp.part),
      flags,
      optional: (flags & K.CARC_PENDING_OPTIONAL) !== 0,
      secondTile: (flags & K.CARC_PENDING_SECOND_TILE) !== 0,
      final: (flags & K.CARC_PENDING_FINAL) !== 0,
      over: decision === K.CARC_DECISION_NONE,
    };
  }

  get isOver() {
    const p = this._ptr();
    check(M._carc_game_is_over(SCRATCH, p), 'carc_game_is_over', p);
    return M.HEAPU8[SCRATCH] !== 0;
  }

  get currentPlayer() { return this._u32(M._carc_game_current_player, 'carc_game_current_player'); }

  /** The name of the tile to place now, null when the game is over. */
  get currentTile() {
    const p = this._ptr();
    const st = M._carc_game_current_tile(SCRATCH, p);
    if (st === K.CARC_ENOTFOUND) return null;
    check(st, 'carc_game_current_tile', p);
    return tileNamesCache[rdU32(SCRATCH)];
  }

  /** Tiles left to draw, the current tile included. */
  get remaining() { return this._u32(M._carc_game_remaining, 'carc_game_remaining'); }

  score(player) {
    const p = this._ptr();
    check(M._carc_game_score(SCRATCH, p, integer(player, 'player', 0, 0xffffffff)), 'carc_game_score', p);
    return rdI32(SCRATCH);
  }

  /** Every player's score, in player order. */
  get scores() {
    const out = [];
    for (let i = 0; i < this._players; i++) out.push(this.score(i));
    return out;
  }

  /** Player `player`'s figures of one kind in supply ("follower", "big", "abbot", "builder", "pig"). */
  figureSupply(player, figure = 'follower') {
    const f = typeof figure === 'number' ? figure : FIG[figure];
    if (f === undefined) throw new TypeError(`unknown figure ${JSON.stringify(figure)} (known: ${FIGURES.slice(1).join(', ')})`);
    const p = this._ptr();
    check(M._carc_game_figure_supply(SCRATCH, p, integer(player, 'player', 0, 0xffffffff), f), 'carc_game_figure_supply', p);
    return rdU32(SCRATCH);
  }

  /** Every player's followers in supply. */
  get supply() {
    const out = [];
    for (let i = 0; i < this._players; i++) out.push(this.figureSupply(i, 'follower'));
    return out;
  }

  /** Player `player`'s trade-goods tokens: { wine, grain, cloth }. */
  goods(player) {
    const p = this._ptr();
    const out = {};
    for (let g = 0; g < GOODS.length; g++) {
      check(M._carc_game_goods(SCRATCH, p, player, g), 'carc_game_goods', p);
      out[GOODS[g]] = rdU32(SCRATCH);
    }
    return out;
  }

  /** The Count: { count: the Count's quarter or null, quarters: {castle: [figures of each player], ...} }. */
  city() {
    const p = this._ptr();
    const st = M._carc_game_count(SCRATCH, p);
    const count = st === 0 ? QUARTERS[rdU32(SCRATCH)] : null;
    const quarters = {};
    for (let q = 0; q < QUARTERS.length; q++) {
      const row = [];
      for (let pl = 0; pl < this._players; pl++) {
        let n = 0;
        for (const f of [K.CARC_FIGURE_FOLLOWER, K.CARC_FIGURE_BIG]) {
          check(M._carc_game_city(SCRATCH, p, q, pl, f), 'carc_game_city', p);
          n += rdU32(SCRATCH);
        }
        row.push(n);
      }
      quarters[QUARTERS[q]] = row;
    }
    return { count, quarters };
  }

  /** The players with the highest score now. */
  get leaders() { return playersOf(this._u32(M._carc_game_leaders, 'carc_game_leaders')); }
  /** The winners once the game is over, else []. */
  get winners() { return this.isOver ? this.leaders : []; }

  /** The placed tiles: [{ index, tile, x, y, rotation }], the start tile first. */
  board() {
    const p = this._ptr();
    const n = this._u32(M._carc_game_tile_count, 'carc_game_tile_count');
    const at = SCRATCH + 16;
    const out = [];
    for (let i = 0; i < n; i++) {
      check(M._carc_game_tile(at, p, i), 'carc_game_tile', p);
      const mv = readMove(at);
      out.push({ index: i, tile: tileNamesCache[mv.tileKind], x: mv.x, y: mv.y, rotation: mv.rotation });
    }
    return out;
  }

  /** The tile at (x, y), or null. */
  tileAt(x, y) {
    const p = this._ptr();
    const at = SCRATCH + 16;
    const st = M._carc_game_tile_at(at, p, x, y);
    if (st === K.CARC_ENOTFOUND) return null;
    check(st, 'carc_game_tile_at', p);
    const mv = readMove(at);
    return { tile: tileNamesCache[mv.tileKind], x: mv.x, y: mv.y, rotation: mv.rotation };
  }

  /** [minX, minY, maxX, maxY] of the placed tiles, inclusive. */
  bounds() {
    const p = this._ptr();
    const a = SCRATCH;
    check(M._carc_game_bounds(a, a + 4, a + 8, a + 12, p), 'carc_game_bounds', p);
    return [rdI32(a), rdI32(a + 4), rdI32(a + 8), rdI32(a + 12)];
  }

  /** The figures on the board: [{ player, figure, x, y, segment, feature }]. */
  figures() {
    const p = this._ptr();
    const n = this._u32(M._carc_game_figure_count, 'carc_game_figure_count');
    const lf = L.carc_figure_info;
    const out = [];
    for (let i = 0; i < n; i++) {
      const at = sized('carc_figure_info');
      check(M._carc_game_figure(at, p, i), 'carc_game_figure', p);
      out.push({ player: rdU32(at + lf.player), figure: FIGURES[rdU32(at + lf.figure)], x: rdI32(at + lf.x),
        y: rdI32(at + lf.y), segment: rdU32(at + lf.segment), feature: rdU32(at + lf.feature) });
    }
    return out;
  }

  get eventCount() { return this._u32(M._carc_game_event_count, 'carc_game_event_count'); }

  /**
   * Event `index`: { kind: "score" (during play), "final", "discard",
   * "recall", "goods", "trade", turn (index into history()), feature (road,
   * city, field, monastery, garden), points, players, returned, tile, x, y,
   * segment, tiles, bonus (["inn", "cathedral", "pig"]), good }.
   */
  event(index) {
    const p = this._ptr();
    const at = sized('carc_event');
    const le = L.carc_event;
    check(M._carc_game_event(at, p, index), 'carc_game_event', p);
    const kind = rdU32(at + le.kind);
    const bonus = rdU32(at + le.bonus);
    const ev = {
      kind: EVENT_KINDS[kind] ?? String(kind),
      turn: rdU32(at + le.turn),
      feature: SEGMENT_KINDS[rdU32(at + le.feature_kind)] ?? null,
      points: rdI32(at + le.points),
      players: playersOf(rdU32(at + le.players)),
      returned: rdU32(at + le.returned),
      tile: kind === K.CARC_EVENT_TRADE ? null : tileNamesCache[rdU32(at + le.tile)] ?? null,
      x: rdI32(at + le.x),
      y: rdI32(at + le.y),
      segment: rdU32(at + le.segment),
      tiles: rdU32(at + le.tiles),
      bonus: [],
      good: kind === K.CARC_EVENT_GOODS || kind === K.CARC_EVENT_TRADE ? GOODS[rdU32(at + le.good)] : null,
    };
    if (bonus & K.CARC_BONUS_INN) ev.bonus.push('inn');
    if (bonus & K.CARC_BONUS_CATHEDRAL) ev.bonus.push('cathedral');
    if (bonus & K.CARC_BONUS_PIG) ev.bonus.push('pig');
    return ev;
  }

  /** Every event since the start (or since event `from`). */
  events(from = 0) {
    const n = this.eventCount;
    const out = [];
    for (let i = from; i < n; i++) out.push(this.event(i));
    return out;
  }

  /** Every history entry: [{ kind: "place" | "discard" | "end", player, tile, move }]. */
  history() {
    const p = this._ptr();
    const n = this._u32(M._carc_game_history_count, 'carc_game_history_count');
    const lh = L.carc_history_entry;
    const out = [];
    for (let i = 0; i < n; i++) {
      const at = sized('carc_history_entry');
      check(M._carc_game_history(at, p, i), 'carc_game_history', p);
      const kind = rdU32(at + lh.kind);
      const mv = readMove(at + lh.move);
      out.push({
        kind: HISTORY_KINDS[kind] ?? String(kind),
        player: rdU32(at + lh.player),
        tile: kind === K.CARC_HISTORY_END ? null : (kind === K.CARC_HISTORY_DISCARD ? tileNamesCache[mv.tileKind] : mv.tile),
        move: kind === K.CARC_HISTORY_PLACE ? mv : null,
      });
    }
    return out;
  }

  // ------------------------------------------------------------------ moves

  /**
   * Every legal answer to the pending decision (carc_game_legal_moves), the
   * pass included when it is optional. CarcError CARC_EGAME_OVER when over.
   */
  legalMoves({ uniqueRotations = false } = {}) {
    const p = this._ptr();
    const list = this._list();
    check(M._carc_game_legal_moves(list, p, uniqueRotations ? K.CARC_ENUM_UNIQUE_ROTATIONS : 0),
      'carc_game_legal_moves', p);
    return readMoveList(list);
  }

  /** Every legal placement (no figure) of `tile` (default: the current tile). */
  placements(tile = undefined, { uniqueRotations = false } = {}) {
    const p = this._ptr();
    let kind;
    if (tile === undefined || tile === null) {
      check(M._carc_game_current_tile(SCRATCH, p), 'carc_game_current_tile', p);
      kind = rdU32(SCRATCH);
    } else {
      kind = tileKind(tile);
    }
    const list = this._list();
    check(M._carc_game_placements(list, p, kind, uniqueRotations ? K.CARC_ENUM_UNIQUE_ROTATIONS : 0),
      'carc_game_placements', p);
    return readMoveList(list);
  }

  /** The figure actions after `placement` of the current tile (no figure first). */
  figureOptions(placement) {
    const p = this._ptr();
    const at = SCRATCH + 16;
    writeMove(at, asMove(placement));
    const list = this._list();
    check(M._carc_game_figure_options(list, p, at), 'carc_game_figure_options', p);
    return readMoveList(list);
  }

  /** Throw what play() would throw for `move`, changing nothing. */
  check(move) {
    const p = this._ptr();
    const mv = asMove(move);
    const at = SCRATCH + 16;
    writeMove(at, mv);
    const msg = SCRATCH + 256; // the reason play() would give
    const st = M._carc_game_check_move_msg(p, at, msg, 256);
    if (st !== 0) throw new CarcError(st, cstring(msg, 256), 'carc_game_check_move');
  }

  isLegal(move) {
    const at = SCRATCH + 16;
    writeMove(at, asMove(move));
    return M._carc_game_check_move(this._ptr(), at) === 0;
  }

  /**
   * Play a move: a Move or a string in the move notation ("D 1 0 90 road:E",
   * "pass"). An illegal move throws a CarcError (CARC_EILLEGAL, ...) with the
   * library's message and changes nothing.
   */
  play(move) {
    const p = this._ptr();
    const mv = asMove(move);
    const at = SCRATCH + 16;
    writeMove(at, mv);
    check(M._carc_game_play(p, at), 'carc_game_play', p);
  }

  /** Decline the pending optional decision. */
  pass() { this.play(Move.pass()); }

  /** Take back the last action (carc_game_undo); CarcError CARC_ENO_UNDO if none. */
  undo() {
    const p = this._ptr();
    check(M._carc_game_undo(p), 'carc_game_undo', p);
  }

  get canUndo() {
    const p = this._ptr();
    check(M._carc_game_can_undo(SCRATCH, p), 'carc_game_can_undo', p);
    return M.HEAPU8[SCRATCH] !== 0;
  }

  /** Choose the tile the player to move draws (replays, tests). */
  chooseTile(tile) {
    const p = this._ptr();
    check(M._carc_game_choose_tile(p, tileKind(tile)), 'carc_game_choose_tile', p);
  }

  /** End the game now: final scoring runs (undo takes it back). */
  end() {
    const p = this._ptr();
    check(M._carc_game_end(p), 'carc_game_end', p);
  }

  // ------------------------------------------------------------------- bots

  /** The state of the bots' generator (splitmix64; any integer is a seed). */
  set botSeed(seed) {
    const at = this._rng();
    const [lo, hi] = splitU64(seed, 'botSeed');
    wrU32(at, lo);
    wrU32(at + 4, hi);
  }

  get botSeed() {
    const at = this._rng();
    return joinU64(rdU32(at), rdU32(at + 4));
  }

  _rng() {
    const h = this._h;
    this._ptr();
    if (!h.rng) {
      h.rng = M._malloc(8);
      const seed = this.options.seed;
      const [lo, hi] = splitU64(seed, 'seed');
      wrU32(h.rng, (lo ^ 0x5eed5eed) >>> 0);
      wrU32(h.rng + 4, (hi ^ 0x5eed) >>> 0);
    }
    return h.rng;
  }

  /**
   * The move a built-in policy plays now (carc_playout_choose): "immediate"
   * (the move that scores the most points right now: the player's points
   * after it minus before, less the most any other player gains by it) or
   * "random" (uniform over the legal moves), drawing from botSeed's generator.
   * Not played: pass it to play(). "greedy", the old name of "immediate",
   * throws a TypeError that says so.
   */
  botMove(policy = 'immediate') {
    const p = this._ptr();
    const pol = policyValue(policy);
    if (typeof M._carc_playout_choose !== 'function') {
      throw new Error('libcarcassonne: this module has no playouts (carc_playout_choose)');
    }
    const h = this._h;
    const rng = this._rng();
    if (!h.runner) {
      check(M._carc_playout_new(SCRATCH, p), 'carc_playout_new', p);
      h.runner = rdU32(SCRATCH);
    }
    const at = SCRATCH + 16;
    zero(at, MOVE_BYTES);
    const st = M._carc_playout_choose(at, h.runner, p, pol, rng);
    if (st !== 0) throw new CarcError(st, '', 'carc_playout_choose');
    return readMove(at);
  }

  /**
   * The example MCTS player's move (examples/mcts.c; hasMcts() says whether
   * this module has it): `budget` playouts a move, the playouts played by
   * `policy` ("random" or "immediate"), seeded by `seed` (default: from botSeed).
   */
  mctsMove({ budget = 500, policy = 'random', seed = undefined } = {}) {
    if (!hasMcts()) throw new Error('libcarcassonne: this module has no MCTS player (examples/mcts.c)');
    const p = this._ptr();
    const h = this._h;
    const pol = policyValue(policy);
    if (seed === undefined) {
      const rng = this._rng();
      seed = joinU64(rdU32(rng), rdU32(rng + 4));
      wrU32(rng, (rdU32(rng) + 0x9e3779b9) >>> 0);
    }
    const [lo, hi] = splitU64(seed, 'seed');
    const key = `${budget}/${pol}/${lo}/${hi}`;
    if (!h.mcts || h.mctsKey !== key) {
      if (h.mcts) M._carcjs_mcts_free(h.mcts);
      h.mcts = 0;
      check(M._carcjs_mcts_new(SCRATCH, p, integer(budget, 'budget', 1, 0xffffffff), pol, lo, hi), 'mcts_new');
      h.mcts = rdU32(SCRATCH);
      h.mctsKey = key;
    }
    const at = SCRATCH + 16;
    zero(at, MOVE_BYTES);
    const st = M._carcjs_mcts_choose(h.mcts, p, at);
    if (st !== 0) throw new CarcError(st, '', 'mcts_choose');
    return readMove(at);
  }

  // ------------------------------------------------------- records, pictures

  /** The game record (carc_game_save): the text format of docs/record-format.md. */
  save() {
    return readText(M._carc_game_save, this._ptr());
  }

  /** The same as save(). */
  record() { return this.save(); }

  /** An SVG picture of the board (carc_game_render_svg); legend: false leaves out scores and key. */
  svg({ legend = true } = {}) {
    return readText(M._carc_game_render_svg, this._ptr(), legend ? 0 : K.CARC_RENDER_NO_LEGEND);
  }

  /** A text picture of the board (carc_game_render_text). */
  text({ color = false, legend = true } = {}) {
    return readText(M._carc_game_render_text, this._ptr(),
      (color ? K.CARC_RENDER_COLOR : 0) | (legend ? 0 : K.CARC_RENDER_NO_LEGEND));
  }

  toString() {
    if (this.freed) return '<Game freed>';
    return `<Game ${this._players} players, scores ${this.scores.join(' ')}, ${this.remaining} tiles left>`;
  }
}

// ------------------------------------------------------------ learning agents

/** No action: the action of a game kept finished (restart: false). */
export const NO_ACTION = 0xffffffff;

/**
 * For learning agents (<carcassonne/learn.h>, docs/learn.md): `games` games
 * of the same options stepped together. Options: those of `new Game` (the
 * seed: game i starts with seed + i, later games take the next seeds),
 * `games` (default 1), `radius` (the window, default 15), `restart` (false:
 * a finished game stays as it ended and takes NO_ACTION until reset()).
 * `planes`, `vector`, `mask`, `rewards`, `results`, `done` and `player` are
 * typed arrays over the memory the library writes into (no copy; take them
 * again after a step if the module's memory may have grown). `info` has the
 * space's sizes and offsets (carc_learn_info: actions, planes, width, ...).
 */
export class VectorEnv {
  constructor(options = {}) {
    need();
    const games = integer(options.games ?? 1, 'games', 1, 65536);
    const h = { space: 0, vec: 0, mem: 0, actions: 0, rng: 0 };
    this._h = h;
    const tmp = M._malloc(512);
    try {
      const o = tmp;
      writeGameOptions(o, options);
      const lo = L.carc_learn_options;
      const lopt = tmp + 256;
      zero(lopt, lo.size);
      wrU32(lopt + lo.struct_size, lo.size);
      wrU32(lopt + lo.radius, integer(options.radius ?? 0, 'radius', 0, 0xffffffff));
      check(M._carc_learn_space_new(SCRATCH, o, lopt), 'carc_learn_space_new');
      h.space = rdU32(SCRATCH);
      const li = L.carc_learn_info;
      const at = tmp + 256;
      zero(at, li.size);
      wrU32(at + li.struct_size, li.size);
      check(M._carc_learn_space_info(at, h.space), 'carc_learn_space_info');
      const info = {};
      for (const [k, off] of Object.entries(li)) {
        if (k !== 'size') info[k] = k === 'centre_x' || k === 'centre_y' ? rdI32(at + off) : rdU32(at + off);
      }
      this.info = info;
    } catch (e) {
      this.free();
      throw e;
    } finally {
      M._free(tmp);
    }
    const i = this.info;
    const [slo, shi] = splitU64(options.seed ?? 0, 'seed');
    const st = M._carcjs_learn_vec_new(SCRATCH, h.space, games, slo, shi,
      options.restart === false ? K.CARC_LEARN_VEC_NO_RESTART : 0);
    if (st !== 0) {
      this.free();
      throw new CarcError(st, '', 'carc_learn_vec_new');
    }
    h.vec = rdU32(SCRATCH);
    this.games = games;
    const sizes = {
      planes: games * i.planes * i.plane_size, vector: games * i.vector * 4, mask: games * i.actions,
      rewards: games * i.players * 4, results: games * i.players * 4, done: games, player: games * 4,
    };
    let total = 0;
    const offs = {};
    for (const [k, n] of Object.entries(sizes)) {
      offs[k] = total;
      total += (n + 7) & ~7;
    }
    h.mem = M._malloc(total + 8 * games + 8);
    h.actions = h.mem + total;
    h.rng = h.actions + 4 * games + 4 - ((4 * games + 4) % 8);
    this._at = {};
    for (const k of Object.keys(sizes)) this._at[k] = h.mem + offs[k];
    const lb = L.carc_learn_buffers;
    const b = M._malloc(lb.size);
    try {
      zero(b, lb.size);
      wrU32(b + lb.struct_size, lb.size);
      const counts = { planes: sizes.planes, vector: games * i.vector, mask: sizes.mask, rewards: games * i.players,
        results: games * i.players, done: games, player: games };
      for (const k of Object.keys(sizes)) {
        wrU32(b + lb[k], this._at[k]);
        wrU32(b + lb[`${k}_cap`], counts[k]);
      }
      this._check(M._carc_learn_vec_bind(h.vec, b), 'carc_learn_vec_bind');
    } finally {
      M._free(b);
    }
    const [rlo, rhi] = splitU64(options.seed ?? 0, 'seed');
    wrU32(h.rng, (rlo ^ 0x9e3779b9) >>> 0);
    wrU32(h.rng + 4, rhi);
    this._counts = { planes: sizes.planes, vector: games * i.vector, mask: sizes.mask, rewards: games * i.players,
      results: games * i.players, done: games, player: games };
  }

  _vec() {
    if (!this._h || !this._h.vec) throw new Error('libcarcassonne: the environment is freed');
    return this._h.vec;
  }

  _check(st, fn) {
    if (st !== 0) throw new CarcError(st, cstring(M._carc_learn_vec_last_error(this._h.vec)), fn);
  }

  _view(Type, k) {
    this._vec();
    return new Type(M.HEAPU8.buffer, this._at[k], this._counts[k]);
  }

  /** games x planes x width x width bytes: the observations' planes. */
  get planes() { return this._view(Uint8Array, 'planes'); }
  /** games x vector floats. */
  get vector() { return this._view(Float32Array, 'vector'); }
  /** games x actions bytes, 1 for each legal id. */
  get mask() { return this._view(Uint8Array, 'mask'); }
  /** games x players: points each seat gained by the last step. */
  get rewards() { return this._view(Float32Array, 'rewards'); }
  /** games x players: at the end of a game 1 / 0 / -1, else 0. */
  get results() { return this._view(Float32Array, 'results'); }
  /** games: 0, 1 (the game ended) or 2 (cut: no legal action in the window). */
  get done() { return this._view(Uint8Array, 'done'); }
  /** games: the seat to move. */
  get player() { return this._view(Uint32Array, 'player'); }

  /** Step every game with its action id (an array of `games` ids). */
  step(actions) {
    const v = this._vec();
    if (actions.length !== this.games) {
      throw new CarcError(-1, `step: ${actions.length} actions for ${this.games} games`, 'carc_learn_vec_step');
    }
    const a = new Uint32Array(M.HEAPU8.buffer, this._h.actions, this.games);
    for (let k = 0; k < this.games; k++) a[k] = actions[k] >>> 0;
    this._check(M._carc_learn_vec_step(v, this._h.actions, this.games), 'carc_learn_vec_step');
  }

  /** A uniformly random legal action for every game (the library's uniform random policy). */
  sample() {
    const v = this._vec();
    const out = M._malloc(4 * this.games);
    try {
      const st = M._carc_learn_vec_sample(out, this.games, v, this._h.rng);
      if (st !== 0) throw new CarcError(st, '', 'carc_learn_vec_sample');
      return new Uint32Array(M.HEAPU8.buffer, out, this.games).slice();
    } finally {
      M._free(out);
    }
  }

  /** Restart every game, game i with seed + i. */
  reset(seed = 0) {
    const [lo, hi] = splitU64(seed, 'seed');
    this._check(M._carcjs_learn_vec_reset(this._vec(), lo, hi), 'carc_learn_vec_reset');
  }

  /** A copy of game `index` (a Game: free it). */
  game(index) {
    const v = this._vec();
    const st = M._carc_learn_vec_game(SCRATCH, v, integer(index, 'index', 0, this.games - 1));
    if (st !== 0) throw new CarcError(st, '', 'carc_learn_vec_game');
    const g = rdU32(SCRATCH);
    check(M._carc_game_clone(SCRATCH, g, 0), 'carc_game_clone', g);
    return Game._wrap(rdU32(SCRATCH));
  }

  /** Free the environment. Safe to call twice. */
  free() {
    const h = this._h;
    if (!h) return;
    if (h.vec) M._carc_learn_vec_free(h.vec);
    if (h.space) M._carc_learn_space_free(h.space);
    if (h.mem) M._free(h.mem);
    this._h = { space: 0, vec: 0, mem: 0, actions: 0, rng: 0 };
  }

  get freed() { return !this._h || !this._h.vec; }
}

const GAME_WRAP = Symbol('wrap');

if (typeof Symbol.dispose === 'symbol') {
  Game.prototype[Symbol.dispose] = function dispose() { this.free(); };
}

const api = { init, isReady, Game, Move, CarcError, tileNames, parseModules, moduleNames, moduleElements, supportedModules,
  version, playerColors, hasMcts, VectorEnv, NO_ACTION };
export default api;
