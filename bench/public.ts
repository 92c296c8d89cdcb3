// `npm run bench:public` (also part of `npm run bench`): the public site's speed (issue 9 "Speed"), in one run.
//
// 1. Throughput: the built server pinned to one core (taskset -c 1), autocannon (20 connections, pinned to the
//    other core) on /healthz, the login page and the anonymous /home, /work-detail?id=<a public work>, /workList;
//    rounds interleaved (every URL once per round), each number the median of the rounds, and its ratio to
//    /healthz measured in the same run (the machine is shared and noisy; the ratio travels better).
// 2. First-load bytes: what /home and /work-detail make a browser download of CSS and JS before any click (the
//    budget is 30 KB gzip; inline <style> and <script> count too), beside the HTML.
// 3. First contentful paint of /home and /work-detail in Chromium (fresh context each run, nothing cached),
//    beside a static copy of the same HTML served by a plain file server on this machine (same CSS and images
//    from disk): medians of several runs and their ratio (target ≤ 1.2×).
// 4. A slow school PC (bench/slow-pc.ts): when /home paints its first work card with the CPU slowed 4× (CDP
//    Emulation.setCPUThrottlingRate) and unthrottled, medians of BENCH_SLOW_RUNS cold loads, beside the page's
//    markup (HTML size, images and how many load lazily, <svg> elements and sprite references).
//
// Environment: BENCH_PUBLIC_SECONDS (default 10) per autocannon run, BENCH_PUBLIC_ROUNDS (default 3),
// BENCH_FCP_RUNS (default 15), BENCH_PUBLIC_PORT (default 8796), BENCH_PUBLIC_COMPARE=1 also measures the same
// pages with the page cache off (PAGE_CACHE_TTL_MS=0) on a second server, for the before/after.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { startBuiltServer, TASKSET } from './built-server.js';
import { fileSize, type FileSize } from './scratch.js';
import { measureSlowPc, printSlowReport } from './slow-pc.js';

const SECONDS = Number(process.env.BENCH_PUBLIC_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_PUBLIC_ROUNDS ?? 3);
const FCP_RUNS = Number(process.env.BENCH_FCP_RUNS ?? 15);
const PORT = Number(process.env.BENCH_PUBLIC_PORT ?? 8796);
const CONNECTIONS = 20;
const SERVER_CPU = '1';
const CLIENT_CPU = '0';
const TARGET_RPS = 2000;
const BUDGET = 30 * 1024;
const AUTOCANNON = path.join('node_modules', 'autocannon', 'autocannon.js');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** One autocannon run (its own process, pinned to the client core): requests per second and non-2xx answers. */
function autocannon(url: string, seconds: number): Promise<{ rps: number; errors: number; non2xx: number; p50: number }> {
  const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', url];
  const [cmd, argv] = TASKSET ? [TASKSET, ['-c', CLIENT_CPU, process.execPath, ...args]] : [process.execPath, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const j = JSON.parse(out) as { requests: { average: number }; errors: number; non2xx: number; latency: { p50: number } };
        resolve({ rps: j.requests.average, errors: j.errors, non2xx: j.non2xx, p50: j.latency.p50 });
      } catch {
        reject(new Error(`autocannon ${url} failed (exit ${code})`));
      }
    });
  });
}

interface Target {
  label: string;
  path: string;
}

async function throughput(base: string, targets: Target[]): Promise<Map<string, number[]>> {
  const runs = new Map<string, number[]>(targets.map((t) => [t.label, []]));
  // Warm up every URL (JIT, caches) before measuring.
  for (const t of targets) await autocannon(base + t.path, 2);
  for (let r = 0; r < ROUNDS; r++) {
    for (const t of targets) {
      const res = await autocannon(base + t.path, SECONDS);
      if (res.errors || res.non2xx) throw new Error(`${t.path}: ${res.errors} errors, ${res.non2xx} non-2xx answers`);
      runs.get(t.label)!.push(res.rps);
    }
  }
  return runs;
}

/** The same-origin stylesheets and scripts a page's HTML names, and its inline <style> and <script> text. */
function pageParts(html: string): { external: string[]; inline: string } {
  const external = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\srel="(?:stylesheet|modulepreload|preload)"[^>]*\shref)="([^"]+)"/g)) {
    const href = m[1].replace(/&amp;/g, '&');
    if (href.startsWith('/') && !href.startsWith('//') && !/\.(svg|png|jpe?g|ico|webp|woff2?)(\?|$)/.test(href)) external.add(href);
  }
  const inline = [...html.matchAll(/<(style|script)(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]).join('\n');
  return { external: [...external], inline };
}

interface Weight {
  page: string;
  html: FileSize;
  files: FileSize[];
  inlineGzip: number;
  /** CSS + JS gzip, external files and inline blocks. */
  total: number;
}

async function firstLoad(base: string, page: string): Promise<Weight> {
  const html = await (await fetch(base + page)).text();
  const parts = pageParts(html);
  const files = await Promise.all(parts.external.map((a) => fileSize(base, a)));
  const inlineGzip = parts.inline ? gzipSync(parts.inline).length : 0;
  return { page, html: await fileSize(base, page), files, inlineGzip, total: files.reduce((n, f) => n + f.gzip, 0) + inlineGzip };
}

/**
 * The static copy: the pages' HTML as the app sent it and the images they show, saved to a folder and served by
 * a plain file server (bench/static-copy.ts, /static/* from disk) in its own process on the server's core.
 */
async function staticCopy(base: string, pages: string[], port: number): Promise<{ base: string; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-static-copy-'));
  const manifest: Record<string, { file: string; type: string }> = {};
  const save = async (url: string) => {
    const r = await fetch(base + url);
    const file = `f${Object.keys(manifest).length}`;
    fs.writeFileSync(path.join(dir, file), Buffer.from(await r.arrayBuffer()));
    manifest[url] = { file, type: r.headers.get('content-type') ?? 'application/octet-stream' };
  };
  for (const p of pages) {
    await save(p);
    const html = fs.readFileSync(path.join(dir, manifest[p].file), 'utf8');
    for (const m of html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)) {
      const src = m[1].replace(/&amp;/g, '&');
      if (src.startsWith('/') && !src.startsWith('/static/') && !manifest[src]) await save(src);
    }
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  const child = spawn(TASKSET!, ['-c', SERVER_CPU, process.execPath, '--import', 'tsx', 'bench/static-copy.ts', String(port), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`static copy server exited (${code})`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** First contentful paint of one cold load (fresh context), with the document's response start beside it. */
async function paint(browser: Browser, url: string): Promise<{ fcp: number; ttfb: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // A string, not a function: tsx would wrap named helpers in a __name() the page does not have.
    return await page.evaluate<{ fcp: number; ttfb: number }>(`new Promise((resolve) => {
      const nav = performance.getEntriesByType('navigation')[0];
      const entry = performance.getEntriesByName('first-contentful-paint')[0];
      if (entry) return resolve({ fcp: entry.startTime, ttfb: nav.responseStart });
      new PerformanceObserver((list) => resolve({ fcp: list.getEntries()[0].startTime, ttfb: nav.responseStart })).observe({ type: 'paint', buffered: true });
    })`);
  } finally {
    await context.close();
  }
}

interface PaintRow {
  page: string;
  server: number[];
  copy: number[];
  serverTtfb: number[];
  copyTtfb: number[];
}

async function paints(base: string, copyBase: string, pages: string[]): Promise<PaintRow[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    const rows: PaintRow[] = pages.map((page) => ({ page, server: [], copy: [], serverTtfb: [], copyTtfb: [] }));
    // One unmeasured load of each warms Chromium itself (its first start of a renderer is slow).
    for (const p of pages) await paint(browser, base + p);
    for (let i = 0; i < FCP_RUNS; i++) {
      for (const row of rows) {
        // Alternate which goes first, so that neither always follows the other.
        const order = i % 2 ? (['copy', 'server'] as const) : (['server', 'copy'] as const);
        for (const which of order) {
          const r = await paint(browser, (which === 'server' ? base : copyBase) + row.page);
          row[which].push(r.fcp);
          row[which === 'server' ? 'serverTtfb' : 'copyTtfb'].push(r.ttfb);
        }
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}

async function publicWork(base: string): Promise<string> {
  const res = (await (await fetch(`${base}/api/teaching/teachingWork/leaderboard?pageSize=1&orderBy=view`)).json()) as { result: { records: { id: string }[] } };
  const id = res.result.records[0]?.id;
  if (!id) throw new Error('no public work (the demo content should have some)');
  return id;
}

async function main() {
  if (!TASKSET) throw new Error('taskset is needed: the throughput is measured on one core');
  if (os.cpus().length < 2) throw new Error('two cores are needed: the server on one, the load generator on the other');
  // This process (and the Chromium it starts) stays off the server's core.
  spawnSync(TASKSET, ['-a', '-p', '-c', CLIENT_CPU, String(process.pid)], { stdio: 'ignore' });
  const env = { ADMIN_PASSWORD: 'Bench-admin-2026', DEMO_PASSWORD: 'Bench-demo-2026', DEMO_CONTENT: '1' };
  const server = await startBuiltServer({ port: PORT, name: 'public-bench', env, cpu: SERVER_CPU });
  const base = server.base;
  let compare: Map<string, number[]> | null = null;
  let fcpOff: PaintRow[] | null = null;
  let stopped = false;
  try {
    const id = await publicWork(base);
    const detail = `/work-detail?id=${encodeURIComponent(id)}`;
    const targets: Target[] = [
      { label: 'GET /healthz', path: '/healthz' },
      { label: 'GET /user/login', path: '/user/login' },
      { label: 'GET /home (anonymous)', path: '/home' },
      { label: 'GET /work-detail?id= (anonymous)', path: detail },
      { label: 'GET /workList (anonymous)', path: '/workList' },
    ];
    const views = async () =>
      Number(((await (await fetch(`${base}/api/teaching/teachingWork/leaderboard?pageSize=100&orderBy=view`)).json()) as { result: { records: { id: string; viewNum: number }[] } }).result.records.find((r) => r.id === id)?.viewNum ?? 0);
    const viewsBefore = await views();
    const rps = await throughput(base, targets);
    const viewsAfter = await views();

    const weights = [];
    // The UserLayout pages (登录, 注册, 找回密码) are visitors' pages too and keep to the same budget.
    for (const p of ['/home', detail, '/index', '/user/login', '/user/register', '/user/alteration']) weights.push(await firstLoad(base, p));
    const copy = await staticCopy(base, ['/home', detail], PORT + 1);
    let fcp: PaintRow[];
    try {
      fcp = await paints(base, copy.base, ['/home', detail]);
    } finally {
      await copy.close();
    }
    const slow = await measureSlowPc(base, '/home');

    if (process.env.BENCH_PUBLIC_COMPARE === '1') {
      await server.stop();
      stopped = true;
      const off = await startBuiltServer({ port: PORT, name: 'public-bench-off', env: { ...env, PAGE_CACHE_TTL_MS: '0' }, cpu: SERVER_CPU });
      try {
        const offDetail = `/work-detail?id=${encodeURIComponent(await publicWork(off.base))}`;
        compare = await throughput(
          off.base,
          targets.map((t) => (t.path.startsWith('/work-detail') ? { ...t, path: offDetail } : t)),
        );
        const offCopy = await staticCopy(off.base, ['/home', offDetail], PORT + 1);
        try {
          fcpOff = await paints(off.base, offCopy.base, ['/home', offDetail]);
        } finally {
          await offCopy.close();
        }
      } finally {
        await off.stop();
      }
    }

    // ---- report
    const health = median(rps.get('GET /healthz')!);
    console.log(`\nXuetang public site (${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)})`);
    console.log(`\n| requests/s: server on CPU ${SERVER_CPU} (taskset), autocannon ${CONNECTIONS} connections on CPU ${CLIENT_CPU}, ${ROUNDS} × ${SECONDS} s | median | vs /healthz | runs |${compare ? ' cache off (median) |' : ''}`);
    console.log(`|---|---:|---:|---|${compare ? '---:|' : ''}`);
    for (const t of targets) {
      const xs = rps.get(t.label)!;
      const m = median(xs);
      const mark = t.label.includes('anonymous') ? (m >= TARGET_RPS ? ' ✓' : ` (target ${TARGET_RPS})`) : '';
      const off = compare ? ` ${median(compare.get(t.label)!).toFixed(0)} |` : '';
      console.log(`| ${t.label} | ${m.toFixed(0)}${mark} | ${(m / health).toFixed(2)}× | ${xs.map((x) => x.toFixed(0)).join(', ')} |${off}`);
    }
    console.log(`\nviews of the measured work: ${viewsBefore} before the runs, ${viewsAfter} after (a visitor counts once a day, cached visits included, and the bench is one visitor: +1; the page shows the count up to the cache's TTL late)`);

    console.log('\n| first load (before any click) | HTML gzip | CSS+JS files gzip | inline style/script gzip | CSS+JS total gzip | budget 30 KB |');
    console.log('|---|---:|---:|---:|---:|---|');
    for (const w of weights) {
      const files = w.files.reduce((n, f) => n + f.gzip, 0);
      console.log(`| ${w.page.split('?')[0]} | ${kb(w.html.gzip)} | ${kb(files)} (${w.files.map((f) => f.url).join(', ') || 'none'}) | ${kb(w.inlineGzip)} | ${kb(w.total)} | ${w.total <= BUDGET ? 'within' : 'OVER'} |`);
    }

    console.log(`\n| first contentful paint (Chromium, cold, median of ${FCP_RUNS}) | server | static copy | ratio | response start: server / copy |`);
    console.log('|---|---:|---:|---:|---:|');
    for (const r of fcp) {
      const s = median(r.server);
      const c = median(r.copy);
      console.log(`| ${r.page.split('?')[0]} | ${s.toFixed(0)} ms | ${c.toFixed(0)} ms | ${(s / c).toFixed(2)}× ${s / c <= 1.2 ? '✓' : '(target ≤ 1.2×)'} | ${median(r.serverTtfb).toFixed(1)} / ${median(r.copyTtfb).toFixed(1)} ms |`);
    }
    if (fcpOff) {
      console.log(`\n| the same with the page cache off (PAGE_CACHE_TTL_MS=0), median of ${FCP_RUNS} | server | static copy | ratio | response start: server / copy |`);
      console.log('|---|---:|---:|---:|---:|');
      for (const r of fcpOff) {
        const s = median(r.server);
        const c = median(r.copy);
        console.log(`| ${r.page.split('?')[0]} | ${s.toFixed(0)} ms | ${c.toFixed(0)} ms | ${(s / c).toFixed(2)}× | ${median(r.serverTtfb).toFixed(1)} / ${median(r.copyTtfb).toFixed(1)} ms |`);
      }
    }
    printSlowReport(slow);
    console.log(`\nFCP runs (ms): ${fcp.map((r) => `${r.page.split('?')[0]} server ${r.server.map((x) => x.toFixed(0)).join(',')}; copy ${r.copy.map((x) => x.toFixed(0)).join(',')}`).join(' | ')}`);
  } finally {
    if (!stopped) await server.stop().catch(() => {});
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
