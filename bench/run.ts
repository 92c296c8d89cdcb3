// `npm run bench`: start-up time, idle memory and page/API latency of the built server (dist/server.mjs).
// Each latency is the median of sequential requests, reported with its ratio to /healthz measured in the
// same run (the machine is shared and noisy; the ratio travels better than the absolute number).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { measureBundles, printBundleReport, type BundleReport } from './bundle-size.js';
import { measureScratch, printScratchReport, type ScratchSection } from './scratch.js';

const PORT = 8799;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = 'Bench-admin-2026';
const DEMO_PASSWORD = 'Bench-demo-2026';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function start(dataDir: string): { child: ChildProcess; ready: Promise<number> } {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD, DEMO_PASSWORD, LOG_LEVEL: 'error', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = (async () => {
    for (;;) {
      try {
        const res = await fetch(`${BASE}/healthz`);
        if (res.ok) return performance.now() - t0;
      } catch {
        /* not listening yet */
      }
      if (child.exitCode !== null) throw new Error('server exited during start');
      await sleep(5);
    }
  })();
  return { child, ready };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function timeRequests(url: string, n: number, headers: Record<string, string> = {}): Promise<{ median: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers, redirect: 'manual' });
    const body = await res.arrayBuffer();
    times.push(performance.now() - t);
    bytes = body.byteLength;
    if (res.status >= 400) throw new Error(`${url} answered ${res.status}`);
  }
  return { median: median(times), bytes };
}

async function main() {
  if (!fs.existsSync('dist/server.mjs')) throw new Error('run `npm run build` first');
  const runs = Number(process.env.BENCH_STARTS ?? 5);
  const cold: number[] = [];
  const warm: number[] = [];
  const dirs: string[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-bench-'));
    dirs.push(dir);
    const s = start(dir);
    cold.push(await s.ready);
    await stop(s.child);
    const w = start(dir);
    warm.push(await w.ready);
    await stop(w.child);
  }

  const s = start(dirs[0]);
  await s.ready;
  await sleep(3000);
  const idleRss = rssMb(s.child.pid!);

  const login = await fetch(`${BASE}/api/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const n = Number(process.env.BENCH_REQUESTS ?? 200);
  const baseline = await timeRequests(`${BASE}/healthz`, n);
  const cases: [string, string, Record<string, string>][] = [
    ['GET /home (public page)', '/home', {}],
    ['GET /work-detail (public page)', '', {}],
    ['GET /user/login', '/user/login', {}],
    ['GET /dashboard/index (admin shell)', '/dashboard/index', { Cookie: `xt_token=${token}` }],
    ['GET /api/sys/permission/getUserPermissionByToken', '/api/sys/permission/getUserPermissionByToken', { 'X-Access-Token': token }],
    ['GET /api/teaching/teachingWork/leaderboard', '/api/teaching/teachingWork/leaderboard?pageSize=8&orderBy=star', {}],
  ];
  const board = (await (await fetch(`${BASE}/api/teaching/teachingWork/leaderboard?pageSize=1`)).json()) as { result: { records: { id: string }[] } };
  cases[1][1] = `/work-detail?id=${board.result.records[0]?.id ?? 'none'}`;
  const rows: string[] = [];
  for (const [label, url, headers] of cases) {
    const r = await timeRequests(`${BASE}${url}`, n, headers);
    rows.push(`| ${label} | ${r.median.toFixed(2)} ms | ${(r.median / baseline.median).toFixed(1)}× | ${r.bytes} B |`);
  }
  const loadedRss = rssMb(s.child.pid!);
  // What a logged-in browser downloads for the shell (bench/bundle-size.ts), against the same server.
  let bundles: BundleReport | null = null;
  try {
    bundles = await measureBundles(BASE, 'admin', ADMIN_PASSWORD);
  } catch (err) {
    console.error('bundle sizes not measured:', err instanceof Error ? err.message : err);
  }
  // The Scratch player (and editor) pages: transferred bytes and click → first frame (bench/scratch.ts).
  let scratch: ScratchSection[] | null = null;
  try {
    scratch = await measureScratch(BASE);
  } catch (err) {
    console.error('Scratch pages not measured:', err instanceof Error ? err.message : err);
  }
  await stop(s.child);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });

  console.log(`\nXuetang benchmark (${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)})`);
  console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}\n`);
  console.log(`| start | median of ${runs} |`);
  console.log('|---|---:|');
  console.log(`| first start (migrate + seed + listen) | ${median(cold).toFixed(0)} ms |`);
  console.log(`| later start (existing data) | ${median(warm).toFixed(0)} ms |`);
  console.log(`| idle RSS after start | ${idleRss.toFixed(1)} MB |`);
  console.log(`| RSS after the request runs | ${loadedRss.toFixed(1)} MB |\n`);
  console.log(`| request (${n} sequential) | median | vs /healthz (${baseline.median.toFixed(2)} ms) | body |`);
  console.log('|---|---:|---:|---:|');
  for (const r of rows) console.log(r);
  if (bundles) printBundleReport(bundles);
  if (scratch) printScratchReport(scratch);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
