#!/usr/bin/env node
// Build: server bundle (dist/server.mjs), htmx, antd CSS, island boot loader and islands (static/build/).
// Idempotent: nothing is done while no input changed (see (g) below); the antd CSS extraction and the vendor
// compression (the slow parts) are each skipped while their own inputs are unchanged. `npm install` runs it
// (the `prepare` script), so the first `npm start` does not wait for them.
// Usage: node scripts/build.mjs          (npm run build)
//        BUILD_SERVER_ENTRY=/path/to/entry.ts node scripts/build.mjs   (bundle another server entry; for tests)
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';

const t0 = performance.now();
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const r = (...p) => join(ROOT, ...p);
const require = createRequire(r('package.json'));

const SERVER_ENTRY = process.env.BUILD_SERVER_ENTRY || r('src/server/main.ts');
const SERVER_OUT = r('dist/server.mjs');
const STATIC_BUILD = r('static/build');
const ISLANDS_DIR = r('src/islands');
const ISLANDS_OUT = join(STATIC_BUILD, 'islands');
const CACHE_DIR = r('node_modules/.cache/xuetang-build');
const ANTD_CSS = join(STATIC_BUILD, 'antd.css');
const THEME_CSS = join(STATIC_BUILD, 'theme.css');
/** The preset colours theme.css is generated for (part of the extraction's inputs). */
const PRESETS_SOURCE = r('src/templates/shell/settings.ts');
const ANTD_STAMP = join(STATIC_BUILD, '.antd-css.stamp');
const EXTRACT_SCRIPT = r('scripts/extract-antd-css.tsx');

/** Browser targets: Chromium 86 cores of the 360/QQ browsers (docs/ARCHITECTURE.md §13). */
const BROWSER_TARGET = ['es2018', 'chrome86'];

const ms = (t) => `${Math.round(performance.now() - t)} ms`;
const log = (msg) => console.log(`[build] ${msg}`);
let failed = false;

async function timed(name, fn) {
  const t = performance.now();
  try {
    const note = await fn();
    log(`${name}: ${note ? `${note}, ` : ''}${ms(t)}`);
  } catch (err) {
    failed = true;
    console.error(`[build] ${name} FAILED: ${err && err.message ? err.message : err}`);
  }
}

/** Build id for asset URLs (`?v=`): a new build is fetched at once despite the cache time of /static/build. */
const BUILD_ID = Date.now().toString(36);

// antd's icon data is plain ESM in a CommonJS package, which Node cannot load; it is bundled instead.
const bundleIconData = {
  name: 'bundle-icon-data',
  setup(b) {
    b.onResolve({ filter: /^@ant-design\/icons-svg\// }, (args) => ({ path: require.resolve(args.path) }));
  },
};

// (a) Server: one ESM file, node_modules stay external (except the icon data above).
async function buildServer() {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`server entry ${relative(ROOT, SERVER_ENTRY)} does not exist — nothing to bundle`);
  }
  await esbuild.build({
    entryPoints: [SERVER_ENTRY],
    outfile: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    jsxImportSource: 'hono/jsx',
    tsconfig: r('tsconfig.json'),
    sourcemap: 'linked',
    plugins: [bundleIconData],
    define: { 'process.env.XT_BUILD_ID': JSON.stringify(BUILD_ID) },
    // Bundled CommonJS-style code (and esbuild's __require shim) needs a real `require` in ESM.
    banner: {
      js: "import { createRequire as __xtCreateRequire } from 'node:module'; const require = __xtCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return relative(ROOT, SERVER_OUT);
}

// (b) htmx, as shipped.
async function copyHtmx() {
  const src = require.resolve('htmx.org/dist/htmx.min.js');
  const dest = join(STATIC_BUILD, 'htmx.min.js');
  const version = JSON.parse(readFileSync(require.resolve('htmx.org/package.json'), 'utf8')).version;
  const same = existsSync(dest) && readFileSync(dest).equals(readFileSync(src));
  if (!same) copyFileSync(src, dest);
  return `htmx ${version}${same ? ' (unchanged)' : ''}`;
}

// (c) antd CSS for server-rendered markup, extracted statically. Re-extracted only when an input changed.
function antdStamp() {
  const version = (pkg) => JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;
  return JSON.stringify({
    antd: version('antd'),
    extractor: version('@ant-design/static-style-extract'),
    script: createHash('sha256').update(readFileSync(EXTRACT_SCRIPT)).digest('hex'),
    presets: createHash('sha256').update(readFileSync(PRESETS_SOURCE)).digest('hex'),
  });
}

async function extractAntdCss() {
  const stamp = antdStamp();
  if (existsSync(ANTD_CSS) && existsSync(THEME_CSS) && existsSync(ANTD_STAMP) && readFileSync(ANTD_STAMP, 'utf8') === stamp) {
    return 'up to date';
  }
  // Bundle the (React, not hono/jsx) extraction script to a temporary module inside the project, so that
  // its bare imports resolve from node_modules, then run it in a child process.
  mkdirSync(CACHE_DIR, { recursive: true });
  const script = join(CACHE_DIR, 'extract-antd-css.mjs');
  await esbuild.build({
    entryPoints: [EXTRACT_SCRIPT],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    jsxImportSource: 'react',
    logLevel: 'warning',
  });
  const tmp = `${ANTD_CSS}.tmp`;
  const themeTmp = `${THEME_CSS}.tmp`;
  const code = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, tmp, themeTmp], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (status, signal) => resolve(status ?? signal));
  });
  if (code !== 0 || !existsSync(tmp) || !existsSync(themeTmp)) throw new Error(`extract-antd-css exited with ${code}`);
  renameSync(tmp, ANTD_CSS);
  renameSync(themeTmp, THEME_CSS);
  writeFileSync(ANTD_STAMP, stamp);
  return 're-extracted';
}

// (d) Islands. Each src/islands/<name>.tsx is an island entry, served as /static/build/islands/<name>.js;
// boot.ts loads them on demand. Shared code (react, antd core) goes to hashed chunks.
function islandEntries() {
  if (!existsSync(ISLANDS_DIR)) return {};
  const entries = {};
  for (const file of readdirSync(ISLANDS_DIR).sort()) {
    const m = /^([a-z0-9][a-z0-9_-]*)\.tsx$/i.exec(file);
    if (!m || file.endsWith('.test.tsx')) continue;
    entries[m[1]] = join(ISLANDS_DIR, file);
  }
  return entries;
}

const browserOptions = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: BROWSER_TARGET,
  minify: true,
  jsx: 'automatic',
  jsxImportSource: 'react',
  tsconfig: join(ISLANDS_DIR, 'tsconfig.json'),
  define: { 'process.env.NODE_ENV': '"production"' },
  sourcemap: 'linked',
  logLevel: 'warning',
};

async function buildIslands() {
  const entries = islandEntries();
  rmSync(ISLANDS_OUT, { recursive: true, force: true }); // no stale chunks from earlier builds
  const names = Object.keys(entries);
  if (names.length === 0) return 'no islands yet (src/islands/*.tsx), skipped';
  await esbuild.build({
    ...browserOptions,
    entryPoints: entries,
    outdir: ISLANDS_OUT,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  });
  return names.join(', ');
}

// Plain entries loaded on every page of their family: the island loader, the shell's own behaviour
// (menu, tabs, settings, error handling; vanilla TypeScript to stay inside the shell's JavaScript budget), and
// the public banner's autoplay (the public pages' only script besides the work player).
async function buildBoot() {
  await esbuild.build({
    ...browserOptions,
    entryPoints: { boot: join(ISLANDS_DIR, 'boot.ts'), shell: join(ISLANDS_DIR, 'shell.ts'), banner: join(ISLANDS_DIR, 'public', 'banner.ts') },
    outdir: STATIC_BUILD,
  });
  return 'static/build/boot.js, static/build/shell.js, static/build/banner.js';
}

// Host scripts of the creation pages (/scratch3/, /blockly/, /python/): each src/islands/<folder>/<name>.ts becomes
// static/build/<folder>/<name>.js; `_`-prefixed files, and src/islands/code-host/ (the host they share), are
// modules they import. The Scratch engines load beside them, never bundled in; Blockly (Apache-2.0) is bundled
// into the code editors' scripts. One build per folder, so one page's scripts share no chunk with another's.
const EDITOR_HOST_FOLDERS = ['scratch', 'blockly', 'python'];
async function buildEditorHosts() {
  const built = [];
  for (const folder of EDITOR_HOST_FOLDERS) {
    const dir = join(ISLANDS_DIR, folder);
    const entries = {};
    for (const file of existsSync(dir) ? readdirSync(dir).sort() : []) {
      // <name>.worker.ts: a worker's script (app.ts gives /static/build/<folder>/<name>.worker.js its own policy).
      const m = /^([a-z0-9][a-z0-9_-]*(?:\.worker)?)\.tsx?$/i.exec(file);
      if (m && !/\.test\.tsx?$/.test(file) && !file.startsWith('_')) entries[m[1]] = join(dir, file);
    }
    // A folder's worker.ts is a classic worker script (图形化Python's runtime loads skulpt with importScripts), built
    // on its own; its turtle module is Python source (src/islands/python/turtle.py), bundled as text.
    const worker = entries.worker;
    delete entries.worker;
    if (!Object.keys(entries).length) continue;
    const out = join(STATIC_BUILD, folder);
    rmSync(out, { recursive: true, force: true }); // no stale chunks from earlier builds
    await Promise.all([
      esbuild.build({ ...browserOptions, entryPoints: entries, outdir: out, splitting: true, chunkNames: 'chunks/[name]-[hash]' }),
      worker && esbuild.build({ ...browserOptions, format: 'iife', entryPoints: { worker }, outdir: out, loader: { '.py': 'text' } }),
    ]);
    if (worker) entries.worker = worker;
    built.push(...Object.keys(entries).map((e) => `${folder}/${e}`));
  }
  // Blockly's media (cursors, sprites, sounds), served from our origin.
  const media = join(packageDir('blockly'), 'media');
  const mediaOut = join(STATIC_BUILD, 'blockly-media');
  rmSync(mediaOut, { recursive: true, force: true });
  mkdirSync(mediaOut, { recursive: true });
  for (const f of readdirSync(media)) copyFileSync(join(media, f), join(mediaOut, f));
  return built.length ? `${built.join(', ')}, blockly-media` : 'none yet';
}

// (e) Vendor bundles served as they ship, each from its own versioned folder under static/vendor/ (not in
// git): the Scratch editor (@scratch/scratch-gui-standalone, AGPL-3.0, never bundled with our code) and the
// player engine (@turbowarp/scaffolding, MPL-2.0). Scripts are stored with .br and .gz beside them, so the
// server sends the 17 MB editor as 4.3 MB of brotli without compressing per request. Source maps are left out.
// Redone only when a package version or this list changes (brotli at quality 11 takes ~25 s for the editor).
const VENDOR_DIR = r('static/vendor');
const VENDOR_PACKAGES = [
  {
    pkg: '@scratch/scratch-gui-standalone',
    from: 'dist',
    // The GUI loads chunks from /chunks/ (webpack publicPath "/"), served from here by the app; its images
    // (static/assets, static/blocks-media) are served from the package itself.
    files: (dir) => [
      'scratch-gui-standalone.js',
      'scratch-gui-standalone.js.LICENSE.txt',
      'extension-worker.js',
      ...readdirSync(dir).filter((f) => f.endsWith('.hex')),
      ...listAll(join(dir, 'chunks')).map((p) => relative(dir, p)).filter((f) => !f.endsWith('.map')),
    ],
  },
  {
    pkg: '@turbowarp/scaffolding',
    from: 'dist',
    files: (dir) => readdirSync(dir).filter((f) => f.endsWith('.js')),
  },
  // 图形化Python's runtime (MIT), loaded by its worker (static/build/python/worker.js).
  { pkg: 'skulpt', from: 'dist', files: () => ['skulpt.min.js', 'skulpt-stdlib.js'] },
];

function listAll(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listAll(p) : [p];
  });
}

/** Where npm installed a package (read by path: the packages' `exports` hide their package.json). */
const packageDir = (pkg) => r('node_modules', pkg);

/** The folder a vendor package is served from: static/vendor/<name>@<version> (src/server/vendor.ts agrees). */
function vendorFolder(pkg) {
  const version = JSON.parse(readFileSync(join(packageDir(pkg), 'package.json'), 'utf8')).version;
  return `${pkg.replace(/^@[^/]+\//, '')}@${version}`;
}

async function copyVendor() {
  const notes = [];
  for (const v of VENDOR_PACKAGES) {
    const root = join(packageDir(v.pkg), v.from);
    const folder = vendorFolder(v.pkg);
    const out = join(VENDOR_DIR, folder);
    const files = v.files(root).sort();
    const stamp = JSON.stringify({ folder, files, compress: 'br11+gz9' });
    const stampFile = join(out, '.stamp');
    if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
      notes.push(`${folder} (up to date)`);
      continue;
    }
    rmSync(out, { recursive: true, force: true });
    for (const f of files) {
      const dest = join(out, f);
      mkdirSync(dirname(dest), { recursive: true });
      const buf = readFileSync(join(root, f));
      writeFileSync(dest, buf);
      if (/\.(js|hex|txt)$/.test(f) && buf.length > 1024) {
        // zlib's thread pool: the other build steps go on meanwhile.
        const [gz, br] = await Promise.all([
          promisify(gzip)(buf, { level: 9 }),
          promisify(brotliCompress)(buf, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
        ]);
        writeFileSync(`${dest}.gz`, gz);
        writeFileSync(`${dest}.br`, br);
      }
    }
    writeFileSync(stampFile, stamp);
    notes.push(`${folder} (${files.length} files)`);
  }
  // Older versions' folders go.
  const keep = new Set(VENDOR_PACKAGES.map((v) => vendorFolder(v.pkg)));
  for (const name of existsSync(VENDOR_DIR) ? readdirSync(VENDOR_DIR) : []) if (!keep.has(name)) rmSync(join(VENDOR_DIR, name), { recursive: true, force: true });
  return notes.join(', ');
}

// (e2) The music extension's samples, served from our own origin. scaffolding-min (the player's engine) fetches
// them from packagerdata.turbowarp.org, which we never contact; scaffolding-with-music carries the same 61 MP3s
// inlined as data: URLs (+1.4 MB brotli for every visitor). They are taken out of that file once, into
// static/vendor/scaffolding@<version>/music/<path>.mp3, and the player maps the engine's URLs onto them
// (src/islands/scratch/player.ts), so only projects that use music download them. The paths come from the
// sample manifest (path → module id) in scaffolding-with-music.js, the data from the modules with those ids,
// which follow the manifest in id order; min's URL modules (same ids, same order) confirm every path.
const MUSIC_CDN = 'https://packagerdata.turbowarp.org/scaffolding-music-v1/';
async function extractMusicSamples() {
  const pkg = '@turbowarp/scaffolding';
  const dir = join(packageDir(pkg), 'dist');
  const out = join(VENDOR_DIR, vendorFolder(pkg), 'music');
  const stampFile = join(out, '.stamp');
  const withMusic = readFileSync(join(dir, 'scaffolding-with-music.js'), 'utf8');
  const min = readFileSync(join(dir, 'scaffolding-min.js'), 'utf8');
  const stamp = createHash('sha256').update(withMusic).update(min).digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return 'music samples (up to date)';
  const manifest = /\{("drums\/1-snare\.mp3":[A-Za-z_$]+\(\d+\)(?:,"[\w/.-]+\.mp3":[A-Za-z_$]+\(\d+\))*)\}/.exec(withMusic);
  if (!manifest) throw new Error('music manifest not found in scaffolding-with-music.js');
  const entries = [...manifest[1].matchAll(/"([\w/.-]+\.mp3)":[A-Za-z_$]+\((\d+)\)/g)].map((m) => ({ file: m[1], id: Number(m[2]) }));
  entries.forEach((e, i) => {
    if (e.id !== entries[0].id + i) throw new Error('music manifest ids are not consecutive');
  });
  const after = withMusic.slice(manifest.index + manifest[0].length);
  const data = [...after.matchAll(/exports="data:[\w/.-]+;base64,([A-Za-z0-9+/=]+)"/g)].slice(0, entries.length).map((m) => Buffer.from(m[1], 'base64'));
  const urls = [...min.matchAll(/exports="(https:\/\/packagerdata\.turbowarp\.org\/scaffolding-music-v1\/[\w/.-]+\.mp3)"/g)].map((m) => m[1]);
  if (data.length !== entries.length || urls.length !== entries.length) throw new Error(`music samples: ${entries.length} in the manifest, ${data.length} inlined, ${urls.length} URLs in min`);
  rmSync(out, { recursive: true, force: true });
  let bytes = 0;
  entries.forEach((e, i) => {
    if (urls[i] !== MUSIC_CDN + e.file) throw new Error(`music sample ${i}: ${e.file} does not match ${urls[i]}`);
    const mp3 = data[i];
    // An MP3 frame (sync bits) or an ID3 tag.
    if (!(mp3[0] === 0xff && (mp3[1] & 0xe0) === 0xe0) && mp3.subarray(0, 3).toString() !== 'ID3') throw new Error(`music sample ${e.file} is not an MP3`);
    const dest = join(out, e.file);
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, mp3);
    bytes += mp3.length;
  });
  writeFileSync(stampFile, stamp);
  return `music samples (${entries.length} files, ${Math.round(bytes / 1024)} KB)`;
}

// (f) Report.
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return listFiles(p);
    return /\.(js|css)$/.test(name) ? [p] : [];
  });
}

function report() {
  const rows = listFiles(STATIC_BUILD).sort().map((p) => {
    const buf = readFileSync(p);
    return [relative(ROOT, p), buf.length, gzipSync(buf, { level: 9 }).length];
  });
  if (rows.length === 0) return;
  const width = Math.max(...rows.map(([n]) => n.length));
  const fmt = (n) => n.toLocaleString('en-US').padStart(10);
  console.log(`${'file'.padEnd(width)} ${'raw'.padStart(10)} ${'gzip -9'.padStart(10)}`);
  for (const [name, raw, gz] of rows) console.log(`${name.padEnd(width)} ${fmt(raw)} ${fmt(gz)}`);
}

// (g) Nothing to do when no input changed since the last complete build: `npm start` then starts at once. The inputs
// are every file the steps read (sources, scripts, CSS, the lockfile for packages) by size and modification time;
// outputs must still be there. FORCE_BUILD=1 builds anyway.
const BUILD_STAMP = r('dist/.build-stamp');
const INPUTS = ['src', 'scripts', 'static/css', 'package-lock.json', 'tsconfig.json'];
function inputsFingerprint() {
  const h = createHash('sha256').update(SERVER_ENTRY);
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p).sort()) walk(join(p, name));
    else h.update(`${relative(ROOT, p)}:${st.size}:${st.mtimeMs}\n`);
  };
  for (const i of INPUTS) walk(r(i));
  return h.digest('hex');
}
const fingerprint = inputsFingerprint();
const outputsThere = [SERVER_OUT, ANTD_CSS, join(STATIC_BUILD, 'boot.js'), VENDOR_DIR].every((p) => existsSync(p));
if (!process.env.FORCE_BUILD && outputsThere && existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, 'utf8') === fingerprint) {
  log(`up to date (${ms(t0)})`);
  process.exit(0);
}
if (!existsSync(join(VENDOR_DIR))) {
  log('first build: compressing the Scratch editor and extracting antd\'s CSS take a minute or two, once');
}

mkdirSync(STATIC_BUILD, { recursive: true });
mkdirSync(dirname(SERVER_OUT), { recursive: true });
await Promise.all([
  timed('antd css', extractAntdCss),
  timed('htmx', copyHtmx),
  timed('boot', buildBoot),
  timed('islands', buildIslands),
  timed('server', buildServer),
  timed('editor hosts', buildEditorHosts),
  // The music samples go into the scaffolding folder that copyVendor (re)creates, so they come after it.
  timed('vendor', async () => `${await copyVendor()}, ${await extractMusicSamples()}`),
]);
report();
log(`${failed ? 'FAILED' : 'done'} in ${ms(t0)}`);
if (failed) process.exitCode = 1;
else writeFileSync(BUILD_STAMP, fingerprint);
