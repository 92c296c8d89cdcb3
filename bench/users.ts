// `npm run bench:users` (also the last part of `npm run bench`): the 用户管理 list against 100k generated users.
//
// For SQLite (a file in a temporary directory) and, when BENCH_DATABASE_URL is set, PostgreSQL (a fresh schema
// dropped afterwards): migrate, seed, generate 100k users spread over 25 schools × 10 grades × 10 classes (one
// teacher per class, a head teacher per grade, ~3% frozen, names from common characters), then time requests
// through app.request — the server's own time, no sockets — and report medians with their ratio to GET /healthz
// and to the unfiltered first page, both measured in the same run.
//
// BENCH_USERS (default 100000), BENCH_RUNS (default 30), BENCH_EXPLAIN=1 prints the query plans of the list,
// BENCH_KEEP=<dir> keeps (or reuses, when it exists) the generated SQLite database in that directory,
// BENCH_SKIP_SQLITE=1 runs PostgreSQL only.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { connect } from '../src/server/db/connect.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import type { Database } from '../src/server/db/schema.js';
import { seedIfEmpty } from '../src/server/db/seed/index.js';
import { hashPassword } from '../src/server/domain/password.js';
import { InProcessHub } from '../src/server/realtime/hub.js';
import { LocalFileStore } from '../src/server/storage/index.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const ADMIN_PASSWORD = 'Bench-admin-2026';
const TEACHER_PASSWORD = 'Bench-teacher-2026';
const SCHOOLS = 25;
const GRADES = 10;
const CLASSES = 10;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '明华强伟芳娜敏静丽军杰涛磊超勇艳娟霞平刚桂英玉兰文辉鹏飞宇浩然子涵梓萱欣怡一诺思远嘉豪俊熙雨彤可馨佳琪';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const code = (n: number) => `A${pad(n)}`;
/** Deterministic pseudo-random numbers, so both databases get the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const id32 = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(32 - prefix.length, '0')}`;

interface Generated {
  classIds: string[];
  gradeIds: string[];
  headTeacher: string;
  /** create_time bounds that hold about 10k users. */
  exportRange: [string, string];
}

async function insertBatches<T extends keyof Database & string>(db: Kysely<Database>, table: T, rows: Record<string, unknown>[], size: number) {
  for (let i = 0; i < rows.length; i += size) await db.insertInto(table).values(rows.slice(i, i + size) as never).execute();
}

async function generate(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<Generated> {
  const rand = rng(20260101);
  const roles = Object.fromEntries((await db.selectFrom('sys_role').select(['id', 'role_code']).execute()).map((r) => [r.role_code, r.id]));
  const departs: Record<string, unknown>[] = [];
  const classIds: string[] = [];
  const gradeIds: string[] = [];
  let d = 0;
  for (let s = 0; s < SCHOOLS; s++) {
    const schoolCode = code(s + 2); // A01 is the seeded school
    const schoolId = id32('bd', d++);
    departs.push({ id: schoolId, parent_id: '', depart_name: `第${s + 1}实验小学`, org_code: schoolCode, org_category: '1', org_type: '1', depart_order: s });
    for (let g = 0; g < GRADES; g++) {
      const gradeId = id32('bd', d++);
      gradeIds.push(gradeId);
      departs.push({ id: gradeId, parent_id: schoolId, depart_name: `${g + 1}年级`, org_code: schoolCode + code(g + 1), org_category: '2', org_type: '2', depart_order: g });
      for (let k = 0; k < CLASSES; k++) {
        const classId = id32('bd', d++);
        classIds.push(classId);
        departs.push({ id: classId, parent_id: gradeId, depart_name: `${g + 1}年级${k + 1}班`, org_code: schoolCode + code(g + 1) + code(k + 1), org_category: '3', org_type: '3', depart_order: k });
      }
    }
  }
  const batch = dialect === 'sqlite' ? 1000 : 2000;
  await db.transaction().execute(async (tx) => {
    await insertBatches(tx, 'sys_depart', departs, 500);
  });

  const teacherHash = await hashPassword(TEACHER_PASSWORD);
  const start = Date.parse('2023-01-01T00:00:00Z');
  const span = 3 * 365 * 24 * 3600 * 1000;
  const stamp = (i: number) => {
    // Users arrive in order over three years (ids and times rise together, as real sign-ups do).
    const t = new Date(start + Math.floor((i / USERS) * span) + Math.floor(rand() * 3600_000));
    return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
  };
  const users: Record<string, unknown>[] = [];
  const userRoles: Record<string, unknown>[] = [];
  const members: Record<string, unknown>[] = [];
  const managed: Record<string, unknown>[] = [];
  const teachers = classIds.length + gradeIds.length;
  let headTeacher = '';
  for (let i = 0; i < USERS; i++) {
    const id = id32('bu', i);
    const isTeacher = i < teachers;
    const name = SURNAMES[Math.floor(rand() * SURNAMES.length)] + GIVEN[Math.floor(rand() * GIVEN.length)] + (rand() < 0.6 ? GIVEN[Math.floor(rand() * GIVEN.length)] : '');
    const cls = isTeacher ? classIds[i % classIds.length] : classIds[Math.floor(rand() * classIds.length)];
    const username = isTeacher ? `t${pad(i, 6)}` : `s${pad(i, 6)}`;
    users.push({
      id,
      username,
      realname: name,
      password: isTeacher && i === classIds.length ? teacherHash : 'scrypt$bench$not-a-password',
      sex: rand() < 0.5 ? 1 : 2,
      phone: `1${pad(30_000_000 + i, 10)}`,
      email: null,
      org_code: null,
      status: rand() < 0.03 ? 2 : 1,
      del_flag: rand() < 0.01 ? 1 : 0,
      user_identity: isTeacher ? 2 : 1,
      school: '',
      create_by: 'admin',
      create_time: stamp(i),
    });
    userRoles.push({ id: id32('br', i), user_id: id, role_id: isTeacher ? roles.teacher : roles.student });
    members.push({ id: id32('bm', i), user_id: id, dep_id: cls });
    if (isTeacher) {
      // One teacher per class; then one head teacher per grade, managing the whole grade.
      const dep = i < classIds.length ? cls : gradeIds[i - classIds.length];
      managed.push({ id: id32('bg', i), user_id: id, dep_id: dep });
      if (i === classIds.length) headTeacher = username;
    }
  }
  await db.transaction().execute(async (tx) => {
    await insertBatches(tx, 'sys_user', users, batch / 2);
    await insertBatches(tx, 'sys_user_role', userRoles, batch);
    await insertBatches(tx, 'sys_user_depart', members, batch);
    await insertBatches(tx, 'sys_user_manage_depart', managed, batch);
  });
  const from = Math.floor(USERS * 0.45);
  const to = Math.min(USERS - 1, from + 10_000);
  return { classIds, gradeIds, headTeacher, exportRange: [String(users[from].create_time), String(users[to].create_time)] };
}

async function analyze(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  // The steady state after a bulk load: planner statistics (and, on PostgreSQL, the visibility map that
  // autovacuum maintains, which lets counts read only the index).
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
}

async function explain(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', g: Generated) {
  const q = (extra: ReturnType<typeof sql>) =>
    sql`select u.id, u.username, u.realname from sys_user u where u.del_flag = 0 and u.realname like ${'%明%'} escape ${'\\'} and u.status = 1 ${extra} order by u.create_time desc, u.id desc limit 20`;
  const byDepart = sql`and u.id in (select fd.user_id from sys_user_depart fd where fd.dep_id in (${g.classIds[7]}))`;
  const prefix = dialect === 'sqlite' ? sql`explain query plan ` : sql`explain (analyze, costs off) `;
  const count = sql`select count(*) from sys_user u where u.del_flag = 0 and u.realname like ${'%明%'} escape ${'\\'} and u.status = 1`;
  for (const [label, query] of [
    ['page, realname+status', q(sql``)],
    ['page, realname+status+departId', q(byDepart)],
    ['count, realname+status', count],
  ] as const) {
    const rows = await sql<Record<string, unknown>>`${prefix}${query}`.execute(db);
    console.log(`  plan (${label}):`);
    for (const r of rows.rows) console.log(`    ${String(r.detail ?? r['QUERY PLAN'])}`);
  }
}

/**
 * Median wall time and median CPU time of this process per request. The machine the benchmark runs on is
 * often shared: wall time then mostly measures the neighbours, while CPU time (user + system of this process,
 * which runs the whole server and, for SQLite, the database) stays close to the work a request costs.
 * For PostgreSQL the database's own work happens in another process: its wall time is the number to read.
 */
async function timeIt(run: () => Promise<Response>, n: number): Promise<{ median: number; cpu: number; status: number; bytes: number }> {
  const times: number[] = [];
  const cpus: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < 3; i++) await (await run()).arrayBuffer(); // warm-up
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const t = performance.now();
    const res = await run();
    const body = await res.arrayBuffer();
    times.push(performance.now() - t);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
    status = res.status;
    bytes = body.byteLength;
  }
  return { median: median(times), cpu: median(cpus), status, bytes };
}

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const keep = dialect === 'sqlite' ? process.env.BENCH_KEEP : undefined;
  const reuse = !!keep && fs.existsSync(path.join(keep, 'bench.db'));
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-bench-users-'));
  fs.mkdirSync(dir, { recursive: true });
  const pgUrl = process.env.BENCH_DATABASE_URL;
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
  const conn = dialect === 'sqlite' ? connect({ sqliteFile: path.join(dir, 'bench.db') }) : connect({ databaseUrl: pgUrl, pgSchema: schema });
  try {
    await migrateToLatest(conn.db, dialect === 'postgres' ? schema : undefined);
    if (!reuse) await seedIfEmpty(conn.db, { adminPassword: ADMIN_PASSWORD, demoContent: false, storage: new LocalFileStore(path.join(dir, 'files')) });
    const t0 = performance.now();
    const g = reuse ? await regenerated(conn.db) : await generate(conn.db, dialect);
    const genMs = performance.now() - t0;
    if (!reuse) await analyze(conn.db, dialect);
    const counts = await conn.db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    console.log(`\n## ${dialect}: ${Number(counts.n).toLocaleString('en')} users, ${g.classIds.length} classes (generated in ${(genMs / 1000).toFixed(1)} s)`);
    if (EXPLAIN) await explain(conn.db, dialect, g);

    const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir }), filesDir: path.join(dir, 'files') };
    const hub = new InProcessHub();
    const { app } = createApp({ db: conn.db, dialect, config, storage: new LocalFileStore(config.filesDir), hub });
    const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    const request = (p: string, init: RequestInit = {}) => Promise.resolve(app.request(`http://127.0.0.1${p}`, init, env as never));
    const login = async (username: string, password: string) => {
      const res = await request('/api/sys/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
      const body = (await res.json()) as { success: boolean; message: string; result: { token: string } };
      if (!body.success) throw new Error(`login ${username}: ${body.message}`);
      return body.result.token;
    };
    const adminToken = await login('admin', ADMIN_PASSWORD);
    const teacherToken = await login(g.headTeacher, TEACHER_PASSWORD);
    const api = (token: string, p: string) => () => request(`/api${p}`, { headers: { 'X-Access-Token': token } });
    const page = (token: string, p: string) => () => request(p, { headers: { Cookie: `xt_token=${token}` } });
    const sort = 'column=createTime&order=desc&pageSize=20';
    const ming = encodeURIComponent('*明*');
    const cases: [string, () => Promise<Response>, number][] = [
      ['GET /healthz (baseline)', () => request('/healthz'), RUNS],
      ['list, admin, first page, no filter', api(adminToken, `/sys/user/list?${sort}&pageNo=1`), RUNS],
      ['list, admin, realname=*明*&status=1', api(adminToken, `/sys/user/list?${sort}&realname=${ming}&status=1`), RUNS],
      ['list, admin, realname=*明*&status=1&departId=<class>', api(adminToken, `/sys/user/list?${sort}&realname=${ming}&status=1&departId=${g.classIds[7]}`), RUNS],
      ['list, admin, departId=<class>', api(adminToken, `/sys/user/list?${sort}&departId=${g.classIds[7]}`), RUNS],
      ['list, admin, page 2000 (offset 40k)', api(adminToken, `/sys/user/list?${sort}&pageNo=2000`), RUNS],
      ['list, admin, username=s05*&sex=2', api(adminToken, `/sys/user/list?${sort}&username=s05*&sex=2`), RUNS],
      ['list, head teacher (grade, 仅显示学生)', api(teacherToken, `/sys/user/list?${sort}`), RUNS],
      ['list, head teacher, realname=*明*', api(teacherToken, `/sys/user/list?${sort}&realname=${ming}`), RUNS],
      ['HTML page /isystem/user, admin, filtered', page(adminToken, `/isystem/user?realname=${encodeURIComponent('明')}&status=1&pageSize=20`), Math.min(RUNS, 15)],
    ];
    const results: { label: string; median: number; cpu: number; status: number; bytes: number }[] = [];
    for (const [label, run, n] of cases) {
      const r = await timeIt(run, n);
      if (r.status >= 400) throw new Error(`${label} answered ${r.status}`);
      results.push({ label, ...r });
    }
    const [from, to] = g.exportRange;
    const exportQs = `userIdentity=1&createTime_begin=${encodeURIComponent(from)}&createTime_end=${encodeURIComponent(to)}`;
    const total = ((await (await api(adminToken, `/sys/user/list?${exportQs}&pageSize=1`)()).json()) as { result: { total: number } }).result.total;
    const exp = await timeIt(api(adminToken, `/sys/user/exportXls?${exportQs}`), 5);
    if (exp.status >= 400) throw new Error(`export answered ${exp.status}`);
    results.push({ label: `export .xlsx, admin, ${total.toLocaleString('en')} rows`, ...exp });

    const [base, firstPage] = results;
    const ratio = (x: number, y: number) => (y > 0 ? (x / y).toFixed(x / y < 10 ? 2 : 0) : '–');
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
    console.log('| request | wall ms (median) | × /healthz | × first page | CPU ms (median) | CPU × first page | bytes |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${r.label} | ${r.median.toFixed(2)} | ${ratio(r.median, base.median)} | ${ratio(r.median, firstPage.median)} | ${r.cpu.toFixed(2)} | ${ratio(r.cpu, firstPage.cpu)} | ${r.bytes.toLocaleString('en')} |`,
      );
    }
    await hub.close();
  } finally {
    await conn.close();
    if (dialect === 'postgres') await admin(`drop schema if exists "${schema}" cascade`);
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The facts `generate` returns, read back from a kept database. */
async function regenerated(db: Kysely<Database>): Promise<Generated> {
  const classIds = (await db.selectFrom('sys_depart').select('id').where('org_category', '=', '3').where('id', 'like', 'bd%').orderBy('org_code').execute()).map((r) => r.id);
  const gradeIds = (await db.selectFrom('sys_depart').select('id').where('org_category', '=', '2').where('id', 'like', 'bd%').orderBy('org_code').execute()).map((r) => r.id);
  const users = await db.selectFrom('sys_user').select(['username', 'create_time']).where('id', 'like', 'bu%').orderBy('id').execute();
  const from = Math.floor(users.length * 0.45);
  const to = Math.min(users.length - 1, from + 10_000);
  return { classIds, gradeIds, headTeacher: users[classIds.length].username, exportRange: [String(users[from].create_time), String(users[to].create_time)] };
}

async function main() {
  console.log(`# 用户管理 list benchmark (${USERS.toLocaleString('en')} users, median of ${RUNS} requests via app.request)`);
  if (process.env.BENCH_SKIP_SQLITE !== '1') await benchDialect('sqlite');
  if (process.env.BENCH_DATABASE_URL) await benchDialect('postgres');
  else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to include it)');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
