// SPDX-License-Identifier: MIT
// A program of someone who installed the npm package: copied by
// tests/js/package.test.mjs into an empty folder where `npm install --offline
// <tarball>` put the package "carcassonne" (node_modules/carcassonne), and
// run there. It imports the package by its name, plays a whole game with
// every module (modules: "all", no other option), every decision answered by
// a random legal move, and prints what the test checks as one JSON object.
//
//   node npm-game.mjs [SEED] [PLAYERS]
import carcassonne, { init, Game, version, supportedModules } from 'carcassonne';

await init();
const seed = Number(process.argv[2] ?? 1);
const players = Number(process.argv[3] ?? 4);

// mulberry32: the random legal moves, from the seed
let state = seed >>> 0;
function random(n) {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
}

const game = new Game({ players, seed, modules: 'all' });
const decisions = {};
let passes = 0;
while (!game.isOver) {
  const pending = game.pending();
  const key = pending.secondTile ? 'second tile' : pending.decision;
  decisions[key] = (decisions[key] ?? 0) + 1;
  const moves = game.legalMoves();
  const move = moves[random(moves.length)];
  if (move.isPass) passes++;
  game.play(move);
}

console.log(JSON.stringify({
  resolved: import.meta.resolve('carcassonne'),
  defaultExport: carcassonne.Game === Game && carcassonne.init === init,
  version: version(),
  supported: supportedModules(),
  modules: game.options.modules,
  startTile: game.options.startTile,
  over: game.isOver,
  pending: game.pending().decision,
  remaining: game.remaining,
  scores: game.scores,
  winners: game.winners,
  finalEvents: game.events().filter((e) => e.kind === 'final').length,
  history: game.history().length,
  decisions,
  passes,
  record: game.save(),
}));
game.free();
