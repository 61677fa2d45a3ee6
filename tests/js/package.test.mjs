// SPDX-License-Identifier: MIT
// The npm package (node --test): `npm pack` in the built binding's folder
// makes a tarball with the ES module, the .wasm and the .d.ts; its
// package.json says "license": "MIT", has no dependencies, and its version is
// the project's (project(VERSION) in CMakeLists.txt, include/carcassonne/
// version.h, carc_version_string()); the tarball installs into an empty
// folder offline (an empty npm cache, a registry that does not answer), and a
// program there that imports "carcassonne" plays a whole game with every
// module to the end (tests/js/npm-game.mjs), the same game as the native
// library's replay of its record. Run by tests/js/run.sh, which sets:
//   CARC_JS_DIR        the built binding (<build-wasm>/bindings/js)
//   CARC_NATIVE_GAME   tests/js/native_game.c built against the native library
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync }
  from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const jsDir = process.env.CARC_JS_DIR;
const nativeGame = process.env.CARC_NATIVE_GAME;
assert.ok(jsDir && nativeGame, 'CARC_JS_DIR and CARC_NATIVE_GAME must be set (run tests/js/run.sh)');
const root = fileURLToPath(new URL('../../', import.meta.url));
const NAME = 'carcassonne';

// npm with its own empty cache, no registry to reach, quiet.
function npm(args, cwd, cache) {
  const env = { ...process.env, npm_config_cache: cache, npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false',
    npm_config_loglevel: 'error' };
  return execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

test('package.json: the name, the MIT licence, no dependencies, the project\'s version', () => {
  const pkg = JSON.parse(readFileSync(join(jsDir, 'package.json'), 'utf8'));
  assert.equal(pkg.name, NAME);
  assert.equal(pkg.license, 'MIT');
  assert.equal(pkg.type, 'module');
  for (const deps of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) {
    assert.equal(pkg[deps], undefined, `no ${deps}`);
  }
  assert.equal(pkg.exports['.'].types, './carcassonne.d.ts');
  assert.equal(pkg.exports['.'].default, './carcassonne.mjs');
  const project = /project\(carcassonne VERSION (\d+\.\d+\.\d+)/.exec(readFileSync(join(root, 'CMakeLists.txt'), 'utf8'));
  assert.ok(project, 'project(carcassonne VERSION x.y.z) in CMakeLists.txt');
  assert.equal(pkg.version, project[1], 'package.json\'s version is project(VERSION)\'s');
  const header = /#define CARC_VERSION_STRING "([^"]+)"/.exec(
    readFileSync(join(root, 'include/carcassonne/version.h'), 'utf8'));
  assert.equal(pkg.version, header[1], 'and version.h\'s');
  const source = readFileSync(join(root, 'bindings/js/package.json.in'), 'utf8');
  assert.match(source, /"version": "@PROJECT_VERSION@"/, 'the source names no version by hand');
});

test('npm pack, npm install --offline into an empty folder, import "carcassonne", a whole game', { timeout: 120000 },
  async () => {
    const work = mkdtempSync(join(tmpdir(), 'carcjs-npm-'));
    try {
      const cache = join(work, 'cache');
      const packs = join(work, 'packs');
      mkdirSync(packs);
      // the tarball, and what is in it
      const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', packs], jsDir, cache));
      const pkg = JSON.parse(readFileSync(join(jsDir, 'package.json'), 'utf8'));
      assert.equal(packed.name, NAME);
      assert.equal(packed.filename, `${NAME}-${pkg.version}.tgz`);
      const files = packed.files.map((f) => f.path).sort();
      const want = ['README.md', 'carcassonne-wasm.mjs', 'carcassonne-wasm.wasm', 'carcassonne.d.ts', 'carcassonne.mjs',
        'package.json'];
      for (const f of readdirSync(root)) if (/^LICEN[CS]E/i.test(f)) want.push(f);
      assert.deepEqual(files, want.sort(), 'the tarball holds the module, the .wasm, the .d.ts and nothing else');
      const tarball = join(packs, packed.filename);
      assert.ok(existsSync(tarball));
      console.log(`# ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ` +
        `${files.length} files`);

      // an empty folder, the tarball installed offline
      const app = join(work, 'app');
      mkdirSync(app);
      npm(['install', '--offline', '--no-package-lock', tarball], app, cache);
      const installed = JSON.parse(readFileSync(join(app, 'node_modules', NAME, 'package.json'), 'utf8'));
      assert.equal(installed.version, pkg.version);
      assert.deepEqual(readdirSync(join(app, 'node_modules')).filter((d) => !d.startsWith('.')), [NAME],
        'nothing but the package is installed');

      // a program there: import "carcassonne", a whole game with every module
      copyFileSync(fileURLToPath(new URL('npm-game.mjs', import.meta.url)), join(app, 'game.mjs'));
      const env = { ...process.env };
      delete env.NODE_PATH;
      const runs = [];
      for (const [seed, players] of [[1, 4], [7, 6]]) {
        const out = JSON.parse(execFileSync(process.execPath, ['game.mjs', String(seed), String(players)],
          { cwd: app, env, encoding: 'utf8', maxBuffer: 64 << 20 }));
        runs.push(out);
        assert.equal(out.resolved, pathToFileURL(join(app, 'node_modules', NAME, 'carcassonne.mjs')).href,
          'the import resolves to the installed package');
        assert.equal(out.defaultExport, true, 'the default export is the same API');
        assert.equal(out.version, pkg.version, 'the module\'s carc_version_string() is the package\'s version');
        assert.deepEqual(out.modules, out.supported, 'modules "all" is every module');
        assert.equal(out.startTile, 'RA', 'the River\'s spring starts the game beside the City');
        assert.equal(out.over, true);
        assert.equal(out.pending, 'none');
        assert.equal(out.scores.length, players);
        assert.ok(out.scores.every((s) => Number.isInteger(s) && s >= 0), `final scores ${out.scores}`);
        assert.ok(out.winners.length >= 1);
        assert.equal(Math.max(...out.scores), out.scores[out.winners[0]]);
        assert.ok(out.finalEvents > 0, 'the final scoring ran');
        assert.ok(out.decisions.place > 50, 'the tiles were placed');
        // the native library replays the record to the same end
        const path = join(work, `game-${seed}.txt`);
        writeFileSync(path, out.record);
        const native = JSON.parse(execFileSync(nativeGame, ['load', path], { encoding: 'utf8', maxBuffer: 64 << 20 }));
        assert.equal(native.over, true);
        assert.deepEqual(native.scores, out.scores);
        assert.equal(native.record, out.record);
        console.log(`# seed ${seed}, ${players} players: ${out.history} moves, scores ${out.scores.join(' ')}, ` +
          `decisions ${JSON.stringify(out.decisions)}, ${out.passes} passes`);
      }
      const seen = new Set(runs.flatMap((r) => Object.keys(r.decisions)));
      for (const kind of ['place', 'exit', 'quarter', 'count']) {
        assert.ok(seen.has(kind), `the games had a ${kind} decision`);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
