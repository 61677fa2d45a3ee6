// SPDX-License-Identifier: MIT
// Types of carcassonne.mjs, the JavaScript binding of libcarcassonne
// (WebAssembly), the npm package "carcassonne". See docs/web.md.

export interface InitOptions {
  /** The bytes of carcassonne-wasm.wasm (default: read or fetched from beside carcassonne.mjs). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where carcassonne-wasm.wasm is, relative to carcassonne.mjs or absolute. */
  wasmUrl?: string;
}

/** Load the WebAssembly module (once; later calls return the same promise). */
export function init(options?: InitOptions): Promise<typeof api>;
/** Whether init() has finished. */
export function isReady(): boolean;

/** Every tile kind's name, in catalogue order. */
export function tileNames(): string[];
/** The CARC_MODULE_* flags of a module list ("river,abbot", "all", "all,-farmers", "-farmers"). */
export function parseModules(modules: ModulesRef): number;
/** The names of the module flags in `flags`. */
export function moduleNames(flags: number): ModuleName[];
/** The rule elements a module list stands for: each whole box replaced by its elements. */
export function moduleElements(modules: ModulesRef): ModuleName[];
/** The modules this build implements, as whole boxes (each with every rule element of it). */
export function supportedModules(): ModuleName[];
/** The library version, "0.2.0". */
export function version(): string;
/** The players' colours of the library's SVG picture, player 0 first ("#d7261e", ...). */
export function playerColors(): string[];
/** Whether the example MCTS player (examples/mcts.c) is in this module. */
export function hasMcts(): boolean;

/** A whole box ('abbot', 'inns', 'traders') or a rule element. */
export type ModuleName = 'farmers' | 'river' | 'abbot' | 'count' | 'inns' | 'traders' | 'inns-tiles' |
  'big-follower' | 'inn' | 'cathedral' | 'traders-tiles' | 'goods' | 'builder' | 'pig' | 'abbot-figure' | 'gardens';
/** A carc_modules_parse list ("river,abbot", "river -farmers", "all": every module), names, or CARC_MODULE_* flags. */
export type ModulesRef = string | string[] | number;
export type Seed = number | bigint;
export type FigureName = 'none' | 'follower' | 'big' | 'abbot' | 'builder' | 'pig';
export type QuarterName = 'castle' | 'market' | 'blacksmith' | 'cathedral';
export type DecisionName = 'none' | 'place' | 'exit' | 'quarter' | 'count';
export type MoveKind = 'place' | 'pass' | 'exit' | 'quarter' | 'count';
export type FeatureName = 'field' | 'road' | 'city' | 'monastery' | 'garden' | 'river';
export type GoodName = 'wine' | 'grain' | 'cloth';
/**
 * A built-in bot policy (carc_playout_choose): "immediate" plays the move that
 * scores the most points right now, "random" any legal move. ("greedy", the
 * old name of "immediate", throws a TypeError that says to use "immediate".)
 */
export type Policy = 'immediate' | 'random';
export type MoveRef = Move | string;

/** A failed library call. */
export class CarcError extends Error {
  /** The carc_status number (negative). */
  readonly status: number;
  /** The status name, "CARC_EILLEGAL" (carc_status_name). */
  readonly code: string;
  /** The status description (carc_status_str). */
  readonly statusText: string;
  /** The library's message for this failure (carc_game_last_error, the load error, the options check). */
  detail: string;
  /** The C function that failed. */
  readonly function: string;
  /** Game.load: the 1-based line of the record at fault, 0 if none. */
  readonly line: number;
}

/** One move, in the move notation of the C library and the Python binding. */
export class Move {
  /** A move from the fields of carc_move (numbers); Move.parse(text) is the usual way. */
  constructor(x: number, y: number, tileKind: number, rotation: number, figureCode: number, segmentCode: number,
    kindCode?: number, quarterCode?: number);
  /** Read the move notation (carc_move_parse); throws CarcError CARC_EPARSE. */
  static parse(text: string): Move;
  /** The pass move. */
  static pass(): Move;
  readonly x: number;
  readonly y: number;
  /** The tile kind number (0 for moves that place no tile). */
  readonly tileKind: number;
  /** Quarter turns clockwise, 0..3. */
  readonly rotation: number;
  readonly figureCode: number;
  readonly segmentCode: number;
  readonly kindCode: number;
  readonly quarterCode: number;
  readonly kind: MoveKind;
  readonly isPlace: boolean;
  readonly isPass: boolean;
  readonly isRecall: boolean;
  /** The tile name of a place move, else null. */
  readonly tile: string | null;
  readonly degrees: number;
  readonly figure: FigureName;
  /** The segment receiving the figure (catalogue index), or null. */
  readonly segment: number | null;
  /** The quarter of the Count's moves, else null. */
  readonly quarter: QuarterName | null;
  /** The same placement without a figure action. */
  readonly placement: Move;
  /** Where the figure goes in the notation: "road:E", "abbot/recall", "-". */
  readonly where: string;
  /** The move notation (carc_move_format). */
  readonly text: string;
  equals(other: MoveRef): boolean;
  toString(): string;
  toJSON(): string;
}

export interface GameOptions {
  /** 2..5, 2..6 with inns (default 2). */
  players?: number;
  /** Shuffles the tiles (default 0). */
  seed?: Seed;
  /** Default: the base game with farmers; "all": every module (no other option needed). */
  modules?: ModulesRef;
  /** Force the farmers on (true) or off (false). */
  farmers?: boolean;
  /** The start tile's name. */
  startTile?: string | null;
  /** Where the start tile lies, [x, y]. */
  start?: [number, number];
  /** Quarter turns clockwise. */
  startRotation?: number;
  /** Keep no undo journal (faster playouts). */
  noUndo?: boolean;
  /** CARC_VARIANT_* flags. */
  variants?: number;
}

export interface Options {
  players: number;
  seed: Seed;
  modules: ModuleName[];
  moduleFlags: number;
  /** The rule elements: the boxes of `modules` replaced by theirs. */
  elements: ModuleName[];
  startTile: string | null;
  start: [number, number];
  startRotation: number;
  flags: number;
  variants: number;
}

export interface Pending {
  decision: DecisionName;
  player: number;
  /** The tile to place (decision "place"), else null. */
  tile: string | null;
  /** 1, or 2 for the builder's second tile. */
  part: number;
  flags: number;
  /** A pass declines it (and the legal moves list the pass). */
  optional: boolean;
  secondTile: boolean;
  final: boolean;
  over: boolean;
}

export interface PlacedTile {
  index?: number;
  tile: string;
  x: number;
  y: number;
  rotation: number;
}

export interface FigureOnBoard {
  player: number;
  figure: FigureName;
  x: number;
  y: number;
  segment: number;
  feature: number;
}

export interface GameEvent {
  kind: 'score' | 'final' | 'discard' | 'recall' | 'goods' | 'trade';
  /** Index into history() of the move that caused it. */
  turn: number;
  feature: FeatureName | null;
  points: number;
  players: number[];
  returned: number;
  tile: string | null;
  x: number;
  y: number;
  segment: number;
  tiles: number;
  bonus: Array<'inn' | 'cathedral' | 'pig'>;
  good: GoodName | null;
}

export interface HistoryEntry {
  kind: 'place' | 'discard' | 'end';
  player: number;
  tile: string | null;
  move: Move | null;
}

export interface City {
  /** The Count's quarter, null without the Count. */
  count: QuarterName | null;
  /** Every player's figures in each quarter. */
  quarters: Record<QuarterName, number[]>;
}

export interface MctsOptions {
  /** Playouts per move (default 500). */
  budget?: number;
  /** The playouts' policy (default "random"). */
  policy?: Policy;
  seed?: Seed;
}

/** A game of Carcassonne (carc_game). Free it with free(). */
export class Game {
  constructor(options?: GameOptions);
  /** Replay a record (carc_game_load); a bad one throws CarcError with `line`. */
  static load(record: string): Game;
  free(): void;
  readonly freed: boolean;
  clone(options?: { history?: boolean }): Game;

  readonly players: number;
  readonly options: Options;
  pending(): Pending;
  readonly isOver: boolean;
  readonly currentPlayer: number;
  readonly currentTile: string | null;
  readonly remaining: number;
  score(player: number): number;
  readonly scores: number[];
  figureSupply(player: number, figure?: FigureName | number): number;
  readonly supply: number[];
  goods(player: number): Record<GoodName, number>;
  city(): City;
  readonly leaders: number[];
  readonly winners: number[];
  board(): PlacedTile[];
  tileAt(x: number, y: number): PlacedTile | null;
  bounds(): [number, number, number, number];
  figures(): FigureOnBoard[];
  readonly eventCount: number;
  event(index: number): GameEvent;
  events(from?: number): GameEvent[];
  history(): HistoryEntry[];

  legalMoves(options?: { uniqueRotations?: boolean }): Move[];
  placements(tile?: string | number | null, options?: { uniqueRotations?: boolean }): Move[];
  figureOptions(placement: MoveRef): Move[];
  check(move: MoveRef): void;
  isLegal(move: MoveRef): boolean;
  play(move: MoveRef): void;
  pass(): void;
  undo(): void;
  readonly canUndo: boolean;
  chooseTile(tile: string | number): void;
  end(): void;

  /** The bots' generator state (splitmix64). */
  botSeed: Seed;
  /** The move a built-in policy (default "immediate") would play now (carc_playout_choose); not played. */
  botMove(policy?: Policy): Move;
  /** The example MCTS player's move (hasMcts()); not played. */
  mctsMove(options?: MctsOptions): Move;

  /** The game record (carc_game_save). */
  save(): string;
  record(): string;
  /** An SVG picture of the board (carc_game_render_svg). */
  svg(options?: { legend?: boolean }): string;
  /** A text picture of the board (carc_game_render_text). */
  text(options?: { color?: boolean; legend?: boolean }): string;
}

/** Options of a VectorEnv: those of a Game, and the environment's own. */
export interface VectorEnvOptions extends GameOptions {
  /** Games stepped together (default 1). */
  games?: number;
  /** The window's radius around the start (default 15). */
  radius?: number;
  /** false: a finished game stays as it ended (NO_ACTION) until reset(). Default true. */
  restart?: boolean;
}

/** No action: the action of a game kept finished. */
export const NO_ACTION: number;

/**
 * For learning agents (<carcassonne/learn.h>, docs/learn.md): games of the
 * same options stepped together; the arrays are views of the memory the
 * library writes into.
 */
export class VectorEnv {
  constructor(options?: VectorEnvOptions);
  readonly games: number;
  /** carc_learn_info: actions, planes, width, figure_base, pass_id, v_scores, ... */
  readonly info: Record<string, number>;
  readonly planes: Uint8Array;
  readonly vector: Float32Array;
  readonly mask: Uint8Array;
  readonly rewards: Float32Array;
  readonly results: Float32Array;
  readonly done: Uint8Array;
  readonly player: Uint32Array;
  step(actions: ArrayLike<number>): void;
  sample(): Uint32Array;
  reset(seed?: Seed): void;
  game(index: number): Game;
  free(): void;
  readonly freed: boolean;
}

declare const api: {
  init: typeof init;
  isReady: typeof isReady;
  Game: typeof Game;
  Move: typeof Move;
  CarcError: typeof CarcError;
  tileNames: typeof tileNames;
  parseModules: typeof parseModules;
  moduleNames: typeof moduleNames;
  moduleElements: typeof moduleElements;
  supportedModules: typeof supportedModules;
  version: typeof version;
  playerColors: typeof playerColors;
  hasMcts: typeof hasMcts;
  VectorEnv: typeof VectorEnv;
  NO_ACTION: typeof NO_ACTION;
};
export default api;
