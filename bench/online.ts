// `npm run bench:online` (also part of `npm run bench`): online forms and reports (在线开发) over 100k rows.
//
// For SQLite (a file in a temporary directory, as main.ts opens it, so reports read it through their read-only
// child) and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, PostgreSQL (a fresh schema dropped afterwards):
// migrate, seed (which makes the sample form 比赛报名 and its table cg_contest_signup through 同步数据库's code), fill
// that table with 100k entries in multi-row inserts, and save a report over it through the designer's API (报名明细:
// one SELECT of the table, newest first, with searchable columns). Then times requests through app.request (the
// server's own time, no sockets) and reports medians with their ratio to GET /healthz measured in the same run:
// a 20-row page of the generated form's data API and of the report's, unfiltered, filtered by an indexed field
// (比赛项目, 班级) and by a name part (学生姓名 *明*, a LIKE), a deep page, and the HTML screens of both — the
// generated list `/online/cgformList/{code}` (unfiltered, by 比赛项目, by a name part, page 2000) and the report's
// `/online/cgreport/{code}` — whole pages as a browser's first load gets them (shell, menu, bell). A screen that
// answers 404 is reported as not built. Budget: 50 ms each.
//
// BENCH_ONLINE_ROWS (default 100000), BENCH_RUNS (default 30), BENCH_EXPLAIN=1 prints the query plans of the
// statements each request ran, BENCH_PROFILE=1 where each HTML screen's time goes (each upstream call's time and its
// statements by kind: session, roles, grants, definitions, data; the rest is the page's own code and rendering),
// BENCH_ONLY=<text> only the requests whose label holds it (and /healthz), BENCH_SKIP_SQLITE=1 PostgreSQL only.
// BENCH_COMPARE=<another checkout> (e.g. a worktree of main) also builds that checkout's app on the same database and
// times each request on both, alternately, so that both see the same load: a before/after on a busy machine. Run it
// as `npx tsx --tsconfig <a tsconfig whose include names both checkouts> bench/online.ts`: tsx applies this project's
// JSX settings only to the files its tsconfig includes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database_ from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { createApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import type { Database } from '../src/server/db/schema.js';
import { SAMPLE_FORM_TABLE } from '../src/server/db/seed/forms.js';
import type { ReadSource } from '../src/server/domain/report-runner.js';
import { loadReport, reportRows } from '../src/server/domain/reports.js';
import { seedIfEmpty } from '../src/server/db/seed/index.js';
import { InProcessHub } from '../src/server/realtime/hub.js';
import { LocalFileStore } from '../src/server/storage/index.js';

const ROWS = Number(process.env.BENCH_ONLINE_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const PROFILE = process.env.BENCH_PROFILE === '1';
const ONLY = process.env.BENCH_ONLY;
const COMPARE = process.env.BENCH_COMPARE;
const BUDGET_MS = 50;
const ADMIN_PASSWORD = 'Bench-admin-2026';
const REPORT_CODE = 'bench_signups';
const CLASSES = 250;
const PROJECTS = ['scratch', 'python', 'animation', 'robot', 'oi'];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜';
const GIVEN = '明华强伟芳娜敏静丽军杰涛磊超勇艳娟霞平刚桂英玉兰文辉鹏飞宇浩然子涵梓萱欣怡一诺思远嘉豪俊熙雨彤可馨佳琪';

type Dialect = 'sqlite' | 'postgres';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const stamp = (t: Date, time = true) =>
  `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}` + (time ? ` ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}` : '');
const className = (k: number) => `第${Math.floor(k / 50) + 1}校${Math.floor((k % 50) / 10) + 1}年级${(k % 10) + 1}班`;

/** 100k entries spread over 250 classes and five projects, arriving over two years (ids and times rise together). */
async function fill(db: Kysely<Database>, dialect: Dialect) {
  const start = Date.parse('2025-01-01T00:00:00Z');
  const span = 2 * 365 * 24 * 3600 * 1000;
  // Deterministic (integer hashes), so both databases get the same rows.
  const h = (i: number, k: number) => ((i * 2654435761 + k * 40503) >>> 0) % 1000;
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < ROWS; i++) {
    const at = new Date(start + Math.floor((i / ROWS) * span));
    const cls = h(i, 1) % CLASSES;
    rows.push({
      id: `bs${i.toString(16).padStart(30, '0')}`,
      create_by: 'admin',
      create_time: stamp(at),
      sys_org_code: 'A01',
      student_name: SURNAMES[h(i, 2) % SURNAMES.length] + GIVEN[h(i, 3) % GIVEN.length] + (h(i, 4) < 600 ? GIVEN[h(i, 5) % GIVEN.length] : ''),
      class_name: className(cls),
      grade: String((Math.floor((cls % 50) / 10) % 6) + 1),
      project: PROJECTS[h(i, 6) % PROJECTS.length],
      signup_date: stamp(at, false),
      need_coach: h(i, 7) < 300 ? 'Y' : 'N',
      work_url: h(i, 8) < 700 ? `https://example.org/works/${i}` : null,
      remark: h(i, 9) < 100 ? '需要安排在上午' : null,
    });
  }
  // Within SQLite's 32,766 and PostgreSQL's 65,535 bound parameters (12 a row).
  const size = dialect === 'sqlite' ? 2000 : 4000;
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < rows.length; i += size) await generated(tx).insertInto(SAMPLE_FORM_TABLE).values(rows.slice(i, i + size)).execute();
  });
}

// The generated table is not in db/schema.ts (it is data): the bench writes it untyped.
const generated = (db: Kysely<Database>) => db as unknown as Kysely<any>;

async function analyze(db: Kysely<Database>, dialect: Dialect) {
  // The steady state after a bulk load: planner statistics (and PostgreSQL's visibility map).
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
}

/** `run`'s median; with `other` (BENCH_COMPARE: the request on the other app), both, taking turns to go first. */
async function timeIt(run: () => Promise<Response>, n: number, other?: () => Promise<Response>) {
  const times: number[] = [];
  const others: number[] = [];
  let status = 0;
  let bytes = 0;
  let body = '';
  const once = async (fn: () => Promise<Response>, into: number[], i: number) => {
    const t = performance.now();
    const res = await fn();
    const buf = await res.arrayBuffer();
    if (i >= 3) into.push(performance.now() - t); // the first three warm caches and prepared statements
    return { res, buf };
  };
  for (let i = 0; i < n + 3; i++) {
    if (other && i % 2) await once(other, others, i);
    const { res, buf } = await once(run, times, i);
    if (other && !(i % 2)) await once(other, others, i);
    status = res.status;
    bytes = buf.byteLength;
    body = Buffer.from(buf).toString('utf8', 0, Math.min(buf.byteLength, 400));
  }
  return { median: median(times), other: other ? median(others) : undefined, status, bytes, body };
}

async function explainAll(db: Kysely<Database>, dialect: Dialect, statements: { sql: string; parameters: readonly unknown[] }[]) {
  for (const s of statements) {
    const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, costs off, timing off) ';
    let k = 0;
    // Inline the parameters (bench data only: ids, numbers, plain words).
    const text = (prefix + s.sql).replace(dialect === 'sqlite' ? /\?/g : /\$(\d+)/g, (_m, num) => {
      const v = s.parameters[dialect === 'sqlite' ? k++ : Number(num) - 1];
      return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
    });
    const rows = await sql.raw<Record<string, unknown>>(text).execute(db);
    console.log(`    ${s.sql.replace(/\s+/g, ' ')}  -- ${JSON.stringify(s.parameters)}`);
    for (const r of rows.rows) console.log(`      ${String(r.detail ?? r['QUERY PLAN'])}`);
  }
}

// BENCH_PROFILE=1: where an HTML screen's time goes. Every request through app.fetch (the page's own and the
// upstream client's in-process calls to /api) is timed, and each statement the query log sees is charged to the
// innermost of them (AsyncLocalStorage), by what it reads: the session, roles, grants, definitions, the data.
interface Call {
  path: string;
  start: number;
  end: number;
  sql: Map<string, { n: number; ms: number }>;
}
const calls = new AsyncLocalStorage<Call>();
let profiled: Call[] | null = null;

const sqlKind = (text: string) => {
  const t = text.toLowerCase();
  if (t.includes('sys_session')) return 'session';
  if (t.includes('sys_user_role') && !t.includes('sys_permission')) return 'roles';
  if (t.includes('sys_permission')) return 'grants/menu';
  if (t.includes('onl_cgreport') || t.includes('onl_cgform')) return 'definition';
  if (t.includes(SAMPLE_FORM_TABLE)) return 'data';
  if (t.includes('sys_dict')) return 'dict';
  return 'other';
};

function profileQuery(e: LogEvent) {
  const call = calls.getStore();
  if (!call || !profiled) return;
  const kind = e.level === 'query' ? sqlKind(e.query.sql) : 'error';
  const k = call.sql.get(kind) ?? { n: 0, ms: 0 };
  k.n++;
  k.ms += e.queryDurationMillis;
  call.sql.set(kind, k);
}

function profileFetch(app: { fetch: (...a: any[]) => Response | Promise<Response> }) {
  const fetch = app.fetch;
  app.fetch = (req: Request, ...rest: unknown[]) => {
    if (!profiled) return fetch(req, ...rest);
    const u = new URL(req.url);
    const call: Call = { path: u.pathname.replace(/^\/api/, '') + (u.pathname.startsWith('/api') ? '' : u.search), start: performance.now(), end: 0, sql: new Map() };
    profiled.push(call);
    return calls.run(call, async () => {
      const res = await fetch(req, ...rest);
      call.end = performance.now();
      return res;
    });
  };
}

/** Runs `fn` `n` times and prints, per upstream call (in the order made), the medians of its time and of its statements by kind. */
async function profile(label: string, fn: () => Promise<Response>, n: number) {
  const runs: Call[][] = [];
  for (let i = 0; i < n + 2; i++) {
    profiled = [];
    await (await fn()).arrayBuffer();
    if (i >= 2) runs.push(profiled);
  }
  profiled = null;
  const md = (xs: number[]) => median(xs).toFixed(2);
  console.log(`  profile (${label}), medians of ${n}:`);
  const outer = runs.map((r) => r[0]);
  // Time outside every upstream call: the page's own work (rendering, building the spec) and waiting on nothing.
  const inside = runs.map((r) => {
    const spans = r.slice(1).map((k) => [k.start, k.end]).sort((a, b) => a[0] - b[0]);
    let sum = 0;
    let until = -Infinity;
    for (const [a, b] of spans) {
      if (b > until) sum += b - Math.max(a, until);
      until = Math.max(until, b);
    }
    return sum;
  });
  console.log(`    page ${md(outer.map((k) => k.end - k.start))} ms: upstream calls cover ${md(inside)} ms, the rest (page code, rendering) ${md(outer.map((k, i) => k.end - k.start - inside[i]))} ms`);
  const width = Math.max(...runs.map((r) => r.length));
  for (let j = 1; j < width; j++) {
    const ks = runs.map((r) => r[j]).filter(Boolean);
    const kinds = [...new Set(ks.flatMap((k) => [...k.sql.keys()]))];
    const detail = kinds.map((kind) => `${kind} ${ks[0].sql.get(kind)?.n ?? 0}× ${md(ks.map((k) => k.sql.get(kind)?.ms ?? 0))}`).join(', ');
    console.log(`    ${ks[0].path}: ${md(ks.map((k) => k.end - k.start))} ms from +${md(ks.map((k, i) => k.start - outer[i].start))}; sql: ${detail || 'none logged'}`);
  }
}

/** As src/server/db/connect.ts opens the database, with a query log (for BENCH_EXPLAIN). */
function open(dialect: Dialect, target: string, schema: string, log: (e: LogEvent) => void) {
  if (dialect === 'postgres') {
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: target, max: 10, options: `-c search_path=${schema}` });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, close: () => db.destroy() };
  }
  const sqlite = new Database_(target);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
  return { db, close: () => db.destroy() };
}

/** The statements a page of the report runs for this query (domain/reports.ts builds them; nothing is read here). */
async function reportStatements(db: Kysely<Database>, dialect: Dialect, query: Record<string, string>) {
  const report = (await loadReport(db, REPORT_CODE))!;
  const out: { sql: string; parameters: readonly unknown[] }[] = [];
  const source: ReadSource = {
    dialect,
    read: async (queries) => {
      out.push(...queries.map((x) => ({ sql: x.sql, parameters: x.params })));
      return queries.map(() => ({ columns: [], rows: [] }));
    },
  };
  await reportRows(source, report, query, { pageNo: 1, pageSize: 20 });
  return out;
}

/** 报名明细: every entry, newest first; search by name part, class, project and date range; sortable by time. */
const REPORT = {
  head: {
    code: REPORT_CODE,
    name: '报名明细',
    cgrSql: `select id, student_name, class_name, project, signup_date, need_coach, create_time from ${SAMPLE_FORM_TABLE} order by create_time desc, id desc`,
    content: '比赛报名的每一条记录（性能测试）',
  },
  items: [
    { fieldName: 'id', fieldTxt: 'ID', fieldType: 'String', isShow: 0 },
    { fieldName: 'student_name', fieldTxt: '学生姓名', fieldType: 'String', isSearch: 1, searchMode: 'single' },
    { fieldName: 'class_name', fieldTxt: '班级', fieldType: 'String', isSearch: 1, searchMode: 'single' },
    { fieldName: 'project', fieldTxt: '比赛项目', fieldType: 'String', dictCode: 'contest_project', isSearch: 1, searchMode: 'single' },
    { fieldName: 'signup_date', fieldTxt: '报名日期', fieldType: 'Date', isSearch: 1, searchMode: 'group' },
    { fieldName: 'need_coach', fieldTxt: '是否需要辅导', fieldType: 'String' },
    { fieldName: 'create_time', fieldTxt: '提交时间', fieldType: 'Datetime', isOrder: 1 },
  ].map((i, n) => ({ isShow: 1, isOrder: 0, isSearch: 0, orderNum: n + 1, ...i })),
  params: [],
};

async function benchDialect(dialect: Dialect) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-bench-online-'));
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  if (dialect === 'postgres') await admin(`create schema "${schema}"`);
  // Statements the app runs, captured for BENCH_EXPLAIN.
  let capture: { sql: string; parameters: readonly unknown[] }[] | null = null;
  const log = (e: LogEvent) => {
    if (PROFILE) profileQuery(e);
    if (capture && e.level === 'query' && /^\s*select/i.test(e.query.sql) && e.query.sql.includes(SAMPLE_FORM_TABLE)) capture.push({ sql: e.query.sql, parameters: e.query.parameters });
  };
  const sqliteFile = path.join(dir, 'xuetang.db');
  const conn = open(dialect, dialect === 'sqlite' ? sqliteFile : pgUrl!, schema, log);
  try {
    await migrateToLatest(conn.db, dialect === 'postgres' ? schema : undefined);
    await seedIfEmpty(conn.db, { adminPassword: ADMIN_PASSWORD, demoContent: false, storage: new LocalFileStore(path.join(dir, 'files')) });
    const t0 = performance.now();
    await fill(conn.db, dialect);
    await analyze(conn.db, dialect);
    const genMs = performance.now() - t0;
    const n = Number((await generated(conn.db).selectFrom(SAMPLE_FORM_TABLE).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    console.log(`\n## ${dialect}: ${n.toLocaleString('en')} rows in ${SAMPLE_FORM_TABLE} (filled in ${(genMs / 1000).toFixed(1)} s, statistics included)`);

    const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir }), filesDir: path.join(dir, 'files') };
    const hub = new InProcessHub();
    const { app } = createApp({ db: conn.db, dialect, sqliteFile: dialect === 'sqlite' ? sqliteFile : undefined, config, storage: new LocalFileStore(config.filesDir), hub });
    if (PROFILE) profileFetch(app as never);
    // BENCH_COMPARE: the other checkout's app (its own modules) on the same database and data.
    const otherApp: typeof app | null = COMPARE
      ? ((await import(path.resolve(COMPARE, 'src/server/app.ts'))) as { createApp: typeof createApp }).createApp({ db: conn.db, dialect, sqliteFile: dialect === 'sqlite' ? sqliteFile : undefined, config, storage: new LocalFileStore(config.filesDir), hub: new InProcessHub() }).app
      : null;
    let target = app;
    const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    const request = (p: string, init: RequestInit = {}) => Promise.resolve(target.request(`http://127.0.0.1${p}`, init, env as never));
    const onOther = (fn: () => Promise<Response>) => async () => {
      target = otherApp!;
      try {
        return await fn();
      } finally {
        target = app;
      }
    };
    const login = await request('/api/sys/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
    const loginBody = (await login.json()) as { success: boolean; message: string; result: { token: string } };
    if (!loginBody.success) throw new Error(`login: ${loginBody.message}`);
    const token = loginBody.result.token;
    const saved = await request('/api/online/cgreport/head/add', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Access-Token': token }, body: JSON.stringify(REPORT) });
    const savedBody = (await saved.json()) as { success: boolean; message: string };
    if (!savedBody.success) throw new Error(`report: ${savedBody.message}`);

    const api = (p: string) => () => request(`/api${p}`, { headers: { 'X-Access-Token': token } });
    const page = (p: string) => () => request(p, { headers: { Cookie: `xt_token=${token}` } });
    const cls = encodeURIComponent(className(7));
    const ming = encodeURIComponent('*明*');
    const form = `/online/cgform/api/getData/${SAMPLE_FORM_TABLE}`;
    const report = `/online/cgreport/api/getData/${REPORT_CODE}`;
    const q = 'pageNo=1&pageSize=20';
    const reportQuery = (label: string) => Object.fromEntries(new URLSearchParams(cases.find((k) => k[0] === label)![3] ?? ''));
    const cases: [string, () => Promise<Response>, boolean, string?][] = [
      ['GET /healthz (baseline)', () => request('/healthz'), false],
      ['form data, no filter (newest first)', api(`${form}?${q}`), true],
      ['form data, project=scratch (indexed)', api(`${form}?${q}&project=scratch`), true],
      ['form data, class_name=<class> (indexed)', api(`${form}?${q}&class_name=${cls}`), true],
      ['form data, student_name=*明* (like)', api(`${form}?${q}&student_name=${ming}`), true],
      ['form data, page 2000 (offset 40k)', api(`${form}?pageNo=2000&pageSize=20`), true],
      ['report data, no filter', api(`${report}?${q}`), true, q],
      ['report data, project=scratch', api(`${report}?${q}&project=scratch`), true, `${q}&project=scratch`],
      ['report data, class_name=<class>', api(`${report}?${q}&class_name=${cls}`), true, `${q}&class_name=${cls}`],
      ['report data, student_name=*明* (like)', api(`${report}?${q}&student_name=${ming}`), true, `${q}&student_name=${ming}`],
      ['HTML /online/cgformList/{code}, no filter', page(`/online/cgformList/${SAMPLE_FORM_TABLE}?pageSize=20`), true],
      ['HTML /online/cgformList/{code}, project=scratch (indexed)', page(`/online/cgformList/${SAMPLE_FORM_TABLE}?pageSize=20&project=scratch`), true],
      ['HTML /online/cgformList/{code}, student_name=明 (like)', page(`/online/cgformList/${SAMPLE_FORM_TABLE}?pageSize=20&student_name=${encodeURIComponent('明')}`), true],
      ['HTML /online/cgformList/{code}, page 2000 (offset 40k)', page(`/online/cgformList/${SAMPLE_FORM_TABLE}?pageSize=20&pageNo=2000`), true],
      ['HTML /online/cgreport/{code}, no filter', page(`/online/cgreport/${REPORT_CODE}?pageSize=20`), true],
      ['HTML /online/cgreport/{code}, no filter, chart.type=none', page(`/online/cgreport/${REPORT_CODE}?pageSize=20&chart.type=none`), true],
      ['HTML /online/cgreport/{code}, project=scratch', page(`/online/cgreport/${REPORT_CODE}?pageSize=20&project=scratch`), true],
      ['HTML /online/cgreport/{code}, student_name=明', page(`/online/cgreport/${REPORT_CODE}?pageSize=20&student_name=${encodeURIComponent('明')}`), true],
    ];
    const results: { label: string; median: number; other?: number; bytes: number; budget: boolean; missing: boolean; rows: string }[] = [];
    for (const [label, fn, budget] of cases.filter((k, n) => n === 0 || !ONLY || k[0].includes(ONLY))) {
      const probe = await fn();
      const text = await probe.text();
      if (probe.status === 404 || (probe.status === 302 && probe.headers.get('location')?.startsWith('/404'))) {
        results.push({ label, median: NaN, bytes: 0, budget, missing: true, rows: '' });
        continue;
      }
      if (probe.status >= 300) throw new Error(`${label} answered ${probe.status}: ${text.slice(0, 300)}`);
      let rows = '';
      if (probe.headers.get('content-type')?.includes('json')) {
        const j = JSON.parse(text) as { success?: boolean; message?: string; result?: { records?: unknown[]; total?: number } };
        if (j.success === false) throw new Error(`${label}: ${j.message}`);
        if (j.result && Array.isArray(j.result.records)) rows = `${j.result.records.length} of ${j.result.total}`;
      }
      const t = await timeIt(fn, RUNS, otherApp ? onOther(fn) : undefined);
      if (t.status >= 400) throw new Error(`${label} answered ${t.status}: ${t.body}`);
      results.push({ label, median: t.median, other: t.other, bytes: t.bytes, budget, missing: false, rows });
      if (PROFILE && label.startsWith('HTML')) await profile(label, fn, Math.min(RUNS, 15));
      if (EXPLAIN && budget && !label.startsWith('HTML')) {
        capture = [];
        await (await fn()).arrayBuffer();
        const caught = capture;
        capture = null;
        console.log(`  plans (${label}):`);
        // A report's reads run outside the query log (SQLite: in the read-only child): the same statements, rebuilt.
        if (label.startsWith('report')) caught.push(...(await reportStatements(conn.db, dialect, reportQuery(label))));
        await explainAll(conn.db, dialect, caught);
      }
    }
    const base = results[0].median;
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores; median of ${RUNS} requests`);
    const vs = otherApp ? ` ${path.basename(path.resolve(COMPARE!))} ms | its × /healthz |` : '';
    console.log(`| request | rows | median ms | × /healthz (${base.toFixed(3)} ms) |${vs} bytes | within ${BUDGET_MS} ms |`);
    console.log(`|---|---:|---:|---:|${otherApp ? '---:|---:|' : ''}---:|:---:|`);
    let over = 0;
    for (const r of results) {
      if (r.missing) {
        console.log(`| ${r.label} | – | not built (404) | – |${otherApp ? ' – | – |' : ''} – | – |`);
        continue;
      }
      const within = !r.budget || r.median < BUDGET_MS;
      if (!within) over++;
      const their = r.other !== undefined ? ` ${r.other.toFixed(2)} | ${(r.other / (results[0].other ?? base)).toFixed(0)} |` : '';
      console.log(`| ${r.label} | ${r.rows} | ${r.median.toFixed(2)} | ${(r.median / base).toFixed(0)} |${their} ${r.bytes.toLocaleString('en')} | ${r.budget ? (within ? 'yes' : '**NO**') : ''} |`);
    }
    if (over) process.exitCode = 1;
    await hub.close();
  } finally {
    await conn.close();
    if (dialect === 'postgres') await admin(`drop schema if exists "${schema}" cascade`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`# Online forms and reports benchmark (${ROWS.toLocaleString('en')} rows, via app.request)`);
  if (process.env.BENCH_SKIP_SQLITE !== '1') await benchDialect('sqlite');
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) await benchDialect('postgres');
  else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to include it)');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
