// SPDX-License-Identifier: MIT
// Games per second of the WebAssembly build, in Node and in headless
// Chromium (bench/wasm/README.md; bench/wasm/run.sh runs it and the native
// figure beside it). Two measures, each in both places:
//
//  - carc-bench: bench/carc-bench.c compiled to WebAssembly, unchanged (the
//    protocol of bench/README.md: random placements, then random figure
//    options, every call in C);
//  - binding: random games through the JavaScript binding (Game.legalMoves,
//    a random pick, Game.play: what a JavaScript program pays per move).
//
//   node bench/wasm/bench.mjs BUILD_WASM_DIR [--games N] [--runs R] [--binding-games N]
//        [--chromium PATH] [--no-chromium] [--modules LIST]
import { readFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const args = process.argv.slice(2);
const dir = resolve(args[0] ?? 'build-wasm');
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const games = opt('--games', '5000');
const runs = opt('--runs', '5');
const bindingGames = Number(opt('--binding-games', '500'));
const modules = opt('--modules', '');
const chromiumPath = opt('--chromium', '/usr/bin/chromium');
const benchArgs = ['--games', games, '--runs', runs, '--no-ops'];
if (modules) benchArgs.push('--modules', modules);

// Random games through the binding. Self-contained: it also runs in the page.
async function bindingBench(url, n, mods) {
  const carc = await import(url);
  await carc.init();
  let s = 12345;
  const next = (k) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 4294967296) * k);
  };
  let moves = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const g = new carc.Game({ players: 2, seed: i + 1, modules: mods || undefined, noUndo: true });
    while (!g.isOver) {
      const list = g.legalMoves();
      g.play(list[next(list.length)]);
      moves++;
    }
    g.free();
  }
  const sec = (performance.now() - t0) / 1000;
  return { games: n, seconds: sec, gamesPerSec: n / sec, movesPerGame: moves / n };
}

// carc-bench compiled to WebAssembly: its output lines.
async function carcBench(url, wasmBinary, argv) {
  const m = await import(url);
  const out = [];
  const opts = { print: (t) => out.push(t), printErr: (t) => out.push(t) };
  if (wasmBinary) opts.wasmBinary = wasmBinary;
  const mod = await m.default(opts);
  mod.callMain(argv);
  return out;
}

function median(lines) {
  const line = lines.find((l) => l.startsWith('median games_per_sec='));
  return line ? Number(/games_per_sec=(\d+)/.exec(line)[1]) : NaN;
}

const report = {};

// ---------------------------------------------------------------- Node
{
  const wasm = await readFile(join(dir, 'bench', 'carc-bench.wasm'));
  let cpu = process.cpuUsage();
  const lines = await carcBench(pathToFileURL(join(dir, 'bench', 'carc-bench.mjs')).href, wasm, benchArgs);
  cpu = process.cpuUsage(cpu);
  report.node = { carcBench: median(lines), cpuSeconds: (cpu.user + cpu.system) / 1e6, lines };
  cpu = process.cpuUsage();
  report.node.binding = await bindingBench(pathToFileURL(join(dir, 'bindings', 'js', 'carcassonne.mjs')).href,
    bindingGames, modules);
  cpu = process.cpuUsage(cpu);
  report.node.binding.cpuSeconds = (cpu.user + cpu.system) / 1e6;
}

// ------------------------------------------------------------ Chromium
if (!args.includes('--no-chromium')) {
  const require = createRequire(new URL('../../tests/js/package.json', import.meta.url));
  const { chromium } = require('playwright-core');
  const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '-d', dir],
    { stdio: ['ignore', 'pipe', 'ignore'] });
  const base = await new Promise((ok) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /port (\d+)/.exec(out);
      if (m) ok(`http://127.0.0.1:${m[1]}`);
    });
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/web/index.html?delay=100000`); // an origin to import from (bots never move)
    // CPU time of the page's main thread (DevTools: task durations in thread ticks)
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const taskTime = async () => (await cdp.send('Performance.getMetrics')).metrics
      .find((m) => m.name === 'TaskDuration').value;
    let t = await taskTime();
    const lines = await page.evaluate(
      ([src, u, a]) => (0, eval)(`(${src})`)(u, null, a),
      [carcBench.toString(), `${base}/bench/carc-bench.mjs`, benchArgs]);
    report.chromium = { carcBench: median(lines), cpuSeconds: (await taskTime()) - t, lines };
    t = await taskTime();
    report.chromium.binding = await page.evaluate(
      ([src, u, n, mods]) => (0, eval)(`(${src})`)(u, n, mods),
      [bindingBench.toString(), `${base}/bindings/js/carcassonne.mjs`, bindingGames, modules]);
    report.chromium.binding.cpuSeconds = (await taskTime()) - t;
  } finally {
    await browser.close();
    server.kill();
  }
}

// Wall-clock figures swing with the machine's load; games per CPU second
// (the process's CPU time under Node, the page's main thread's under
// Chromium) much less.
const total = Number(games) * Number(runs);
for (const [where, r] of Object.entries(report)) {
  const range = /\(min (\d+), max (\d+)\)/.exec(r.lines.find((l) => l.startsWith('median')) ?? '') ?? [];
  console.log(`${where}: carc-bench games_per_sec median ${r.carcBench} (min ${range[1]}, max ${range[2]}; ` +
    `${runs} runs of ${games} games), ${Math.round(total / r.cpuSeconds)} games per CPU second; ` +
    `binding ${Math.round(r.binding.gamesPerSec)} games/s, ` +
    `${Math.round(r.binding.games / r.binding.cpuSeconds)} per CPU second (${r.binding.games} games)`);
  if (args.includes('--verbose')) for (const l of r.lines) console.log(`  ${l}`);
}
