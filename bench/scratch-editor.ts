// The Scratch editor's cost (/scratch3/index.html): bytes on the wire with brotli and with gzip only, bytes after
// decoding, requests, and the time from navigation until the editor is ready (project loaded, buttons on:
// body[data-editor-ready]). A fresh browser context per run, so nothing comes from the cache. Run from
// `npm run bench` through `measureEditor`, or alone:
//   npm run build && npx tsx bench/scratch-editor.ts       (starts the built server on a temporary database)
//   BENCH_URL=http://127.0.0.1:3000 npx tsx bench/scratch-editor.ts
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

export interface EditorRun {
  encoding: 'br' | 'gzip';
  /** Bytes transferred (response bodies as sent, encoded). */
  transferred: number;
  /** The same bodies decoded. */
  decoded: number;
  requests: number;
  /** The GUI bundle alone, as sent. */
  guiBundle: number;
  /** Navigation start → the editor is ready (ms). */
  readyMs: number;
  /** Requests to any other origin (must be none). */
  foreign: string[];
}

export interface EditorReport {
  runs: EditorRun[];
}

async function oneRun(browser: Browser, base: string, encoding: 'br' | 'gzip'): Promise<EditorRun> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    // Chromium offers br by default; the gzip run asks for what an older proxy or browser would.
    ...(encoding === 'gzip' ? { extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate' } } : {}),
  });
  const page = await context.newPage();
  const pending: Promise<{ url: string; sent: number; decoded: number }>[] = [];
  const foreign: string[] = [];
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith('data:') && !u.startsWith('blob:') && u !== 'about:srcdoc') foreign.push(u);
  });
  page.on('requestfinished', (req) => {
    pending.push(
      req.sizes().then(async (s) => {
        const body = await (await req.response())?.body().catch(() => null);
        return { url: req.url(), sent: s.responseBodySize, decoded: body?.length ?? s.responseBodySize };
      }),
    );
  });
  const t0 = Date.now();
  await page.goto(`${base}/scratch3/index.html`);
  await page.waitForSelector('body[data-editor-ready]', { timeout: 120_000, state: 'attached' });
  const readyMs = Date.now() - t0;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const files = await Promise.all(pending);
  await context.close();
  return {
    encoding,
    transferred: files.reduce((n, f) => n + f.sent, 0),
    decoded: files.reduce((n, f) => n + f.decoded, 0),
    requests: files.length,
    guiBundle: files.find((f) => f.url.includes('scratch-gui-standalone.js'))?.sent ?? 0,
    readyMs,
    foreign,
  };
}

export async function measureEditor(base: string): Promise<EditorReport> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--disable-dev-shm-usage'],
  });
  try {
    const runs: EditorRun[] = [];
    for (const enc of ['br', 'gzip'] as const) runs.push(await oneRun(browser, base, enc));
    return { runs };
  } finally {
    await browser.close();
  }
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

export function printEditorReport(r: EditorReport) {
  console.log('\n| Scratch editor /scratch3/index.html (cold cache) | transferred | GUI bundle | decoded | requests | ready |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const x of r.runs) console.log(`| ${x.encoding === 'br' ? 'brotli' : 'gzip'} | ${mb(x.transferred)} | ${mb(x.guiBundle)} | ${mb(x.decoded)} | ${x.requests} | ${(x.readyMs / 1000).toFixed(2)} s |`);
  const foreign = r.runs.flatMap((x) => x.foreign);
  console.log(foreign.length ? `\nrequests to other origins: ${foreign.join(', ')}` : '\nrequests to other origins: none');
}

async function standalone() {
  let base = process.env.BENCH_URL;
  let stop = async () => {};
  if (!base) {
    if (!fs.existsSync('dist/server.mjs')) throw new Error('run `npm run build` first');
    const port = Number(process.env.BENCH_EDITOR_PORT ?? 8797);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-editor-'));
    const child = spawn(process.execPath, ['dist/server.mjs'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, ADMIN_PASSWORD: 'Editor-admin-2026', DEMO_PASSWORD: 'Editor-demo-2026', LOG_LEVEL: 'error', DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 600 || child.exitCode !== null) throw new Error('server did not start');
      await sleep(50);
    }
    stop = async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  try {
    printEditorReport(await measureEditor(base));
  } finally {
    await stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  standalone().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
