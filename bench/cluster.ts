// `npm run bench:cluster` (and, shorter, `--ci` as a step of `npm test` on the PostgreSQL leg): the proof that two
// Xuetang nodes lose nothing (issue 22). Two built servers on one fresh PostgreSQL database, one Redis and one
// S3 bucket (an s3rver the bench starts, or the bucket STORAGE_URL names), each node with a DATA_DIR of its own so
// a file one node stored can only reach the other through the bucket; behind
// a round-robin proxy (cluster-kit.ts). Virtual users log in, read lists and public pages, upload .sb3 projects
// and submit them, grade, like and comment, for a fixed time; meanwhile one node is killed with SIGKILL and
// started again, and then the other is restarted gracefully (SIGTERM), as a rolling restart does.
// It checks and prints: every acknowledged write is in the database and every acknowledged file readable from
// the node that did not store it; a notice published on one node reaches a socket on the other; a cloud variable
// set on one node reaches a socket on the other; a session works on both; the scheduled job ran once per fire;
// a public page changed on one node is fresh on the other within a second; a limit holds across both; the
// requests per second with two nodes and with one; the errors during the kill (and none during the graceful
// restart). Exits 1 when a check fails.
//   BENCH_CLUSTER_SECONDS (default 60; --ci 24)   BENCH_CLUSTER_VUS (default 8)   BENCH_CLUSTER_PORT (default 8840)
//   PG_ADMIN_URL (default: database postgres on TEST_DATABASE_URL's server, else 127.0.0.1:5432 as postgres)   REDIS_URL (default redis://127.0.0.1:6379)
//   STORAGE_URL (default: a fresh bucket on an s3rver of the bench's own)   BENCH_CLUSTER_STORAGE=folder (no bucket: one DATA_DIR shared by both nodes)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { connect } from '../src/server/db/connect.js';
import { demoSb3 } from '../src/server/db/seed/sb3.js';
import { newId } from '../src/server/domain/ids.js';
import { S3FileStore } from '../src/server/storage/s3.js';
import { parseStorageUrl } from '../src/server/storage/s3-url.js';
import { startS3Server } from '../test/s3-server.js';
import { startProxy, until, XuetangNode } from './cluster-kit.js';

const CI = process.argv.includes('--ci');
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? (CI ? 24 : 60));
const VUS = Number(process.env.BENCH_CLUSTER_VUS ?? 8);
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 8840);
const PG_ADMIN = process.env.PG_ADMIN_URL ?? (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/[^/]*$/, '/postgres');
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_PASSWORD = 'Cluster-Admin-9';
const DEMO_PASSWORD = 'Cluster-Demo-9';
const run = randomBytes(3).toString('hex');
/** Each request names a client address of its own (TRUST_PROXY=1), so per-address limits see many visitors. */
const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

const checks: { name: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail = '') => {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
};

const dbName = `xt_cluster_${process.pid}_${run}`;
const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
await admin.query(`create database ${dbName}`);
const databaseUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-cluster-'));
// The bucket: the one STORAGE_URL names, else a fresh one on an s3rver of the bench's own (a child process).
const FOLDER = process.env.BENCH_CLUSTER_STORAGE === 'folder';
const s3server = FOLDER || process.env.STORAGE_URL ? null : await startS3Server();
if (s3server) await s3server.createBucket(`cluster-${run}`);
const storageUrl = FOLDER ? undefined : (process.env.STORAGE_URL ?? s3server!.storageUrl(`cluster-${run}`));
const bucket = storageUrl ? new S3FileStore(parseStorageUrl(storageUrl)) : null;
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: REDIS,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  TRUST_PROXY: '1',
  // The CI run hashes passwords at the tests' cost (vitest's); the bench keeps the production cost.
  ...(CI ? { XUETANG_TEST_SCRYPT_N: '16384' } : {}),
  ...(storageUrl ? { STORAGE_URL: storageUrl } : {}),
  // The AWS SDK's notice (once per process) that its releases from 2027 need Node 22: not this bench's subject.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
// With a bucket each node has a DATA_DIR of its own: nothing a node stores reaches the other but through the bucket.
const nodeEnv = (name: string) => (bucket ? { ...env, DATA_DIR: path.join(dataDir, name) } : env);
const nodes = [new XuetangNode({ name: 'A', port: PORT, env: nodeEnv('a') }), new XuetangNode({ name: 'B', port: PORT + 1, env: nodeEnv('b') })];
const [A, B] = nodes;
const { db, close: closeDb } = connect({ databaseUrl });

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
  await closeDb().catch(() => {});
  // WITH (FORCE) ends whatever connection to the bench's database is still open (a pool's idle client that has not
  // noticed its node died); pg reports that as an 'error' event nobody listens to. It is the drop doing its job.
  const ended = (err: unknown) => {
    if ((err as { code?: string })?.code !== '57P01') throw err;
  };
  process.on('uncaughtException', ended);
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await new Promise((r) => setTimeout(r, 100));
  process.off('uncaughtException', ended);
  await admin.end().catch(() => {});
  if (bucket && s3server) {
    const keys: string[] = [];
    for await (const o of bucket.list('')) keys.push(o.key);
    await bucket.remove(keys).catch(() => {});
  }
  await bucket?.close();
  await s3server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

type Envelope = { success: boolean; message: string; code: number; result: any };
/** A JSON API call; `base` is the proxy or one node. */
async function api(base: string, method: string, p: string, o: { token?: string; body?: unknown; form?: FormData; ip?: string } = {}) {
  const headers: Record<string, string> = { 'X-Forwarded-For': o.ip ?? address() };
  if (o.token) headers['X-Access-Token'] = o.token;
  let body: BodyInit | undefined;
  if (o.form) body = o.form;
  else if (o.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(o.body);
  }
  if (method !== 'GET') headers.Origin = base;
  const res = await fetch(`${base}/api${p}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let json: Envelope;
  try {
    json = JSON.parse(text) as Envelope;
  } catch {
    // A 502 of the proxy.
    json = { success: false, message: `${res.status} ${text.slice(0, 80)}`, code: res.status, result: null };
  }
  return { status: res.status, node: res.headers.get('x-cluster-node'), body: json };
}
const login = async (base: string, username: string) => {
  const r = await api(base, 'POST', '/sys/login', { body: { username, password: username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD } });
  if (!r.body?.success) throw new Error(`login ${username} on ${base}: ${r.status} ${r.body?.message}`);
  return r.body.result.token as string;
};

/** A websocket client collecting text (notices: JSON; cloud: newline-separated JSON lines). */
function socket(url: string, token: string) {
  const ws = new WebSocket(url, { headers: { Cookie: `xt_token=${token}` } });
  const lines: any[] = [];
  ws.on('message', (d) => {
    for (const t of d.toString().split('\n')) if (t) lines.push(JSON.parse(t));
  });
  ws.on('error', () => {});
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  const opened = new Promise<void>((r) => ws.once('open', () => r()));
  return { ws, lines, closed, opened, send: (m: object) => ws.send(`${JSON.stringify(m)}\n`) };
}

process.on('uncaughtException', (err) => {
  console.error(err);
  void cleanup().finally(() => process.exit(1));
});
process.on('unhandledRejection', (err) => {
  console.error(err);
  void cleanup().finally(() => process.exit(1));
});

// ---- start: node A first (migrations and seed on the fresh database), a scheduled job, then node B ----
const t0 = performance.now();
await A.start();
const adminA = await login(A.base, 'admin');
// The scheduled job: every minute at second S (S about 15 s from now, within the load).
const fireSecond = (new Date().getSeconds() + 15) % 60;
// The seeded 清理日志 job, moved to that second (keeping ten years of logs: it deletes nothing here).
const job = await db.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', 'purgeOldLogs').executeTakeFirstOrThrow();
const edited = await api(A.base, 'PUT', '/sys/quartzJob/edit', {
  token: adminA,
  body: { id: job.id, jobClassName: 'purgeOldLogs', cronExpression: `${fireSecond} * * * * ?`, parameter: '{"days":3650}', description: `cluster ${run}`, status: 0 },
});
if (!edited.body?.success) throw new Error(`job not scheduled: ${edited.body?.message}`);
const jobAddedAt = Date.now();
await B.start();
const startedMs = performance.now() - t0;
const proxy = await startProxy(nodes);
const P = proxy.base;
// Grading needs the 批改 button code (the screen's buttons are granted by its own migration later).
const perm = newId();
await db.insertInto('sys_permission').values({ id: perm, parent_id: '', name: 'work:correct', url: null, menu_type: 2, perms: 'work:correct', perms_type: '1', sort_no: 1, is_leaf: 1, status: '1', del_flag: 0 } as never).execute();
const adminRole = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow();
await db.insertInto('sys_role_permission').values({ id: newId(), role_id: adminRole.id, permission_id: perm, data_rule_ids: null }).execute();
const publicWorks = await db.selectFrom('teaching_work').select(['id', 'star_num', 'work_name']).where('work_status', '>=', 3).where('del_flag', '=', 0).execute();
const cloudWork = (await db.selectFrom('teaching_work as w').innerJoin('sys_user as u', 'u.id', 'w.user_id').select('w.id').where('u.username', '=', 'student1').where('w.work_status', '>=', 3).executeTakeFirstOrThrow()).id;
await db.updateTable('teaching_work').set({ has_cloud_data: 1 }).where('id', '=', cloudWork).execute();
const userIds = Object.fromEntries((await db.selectFrom('sys_user').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));

// ---- the cross-node checks, run before the kill and after the restarts ----
async function sessionOnBoth(label: string) {
  const token = await login(P, 'student2');
  const both = await Promise.all(nodes.map((n) => api(n.base, 'GET', '/sys/permission/getUserPermissionByToken', { token })));
  check(`${label}: a session made through the proxy works on both nodes`, both.every((r) => r.body?.success), both.map((r) => r.status).join(', '));
}

async function noticeAcross(label: string, from: XuetangNode, to: XuetangNode) {
  const token = await login(to.base, 'student2');
  const s = socket(`${to.base.replace('http', 'ws')}/api/websocket/${userIds.student2}`, token);
  await s.opened;
  const a = await api(from.base, 'POST', '/sys/annountCement/add', { token: await login(from.base, 'admin'), body: { titile: `集群通知 ${label}`, msgContent: '<p>通知</p>', priority: 'L', msgCategory: '1', msgType: 'ALL' } });
  const t = performance.now();
  await api(from.base, 'GET', `/sys/annountCement/doReleaseData?id=${a.body?.result?.id}`, { token: await login(from.base, 'admin') });
  const ms = await until(() => s.lines.some((m) => m.cmd === 'topic' || m.cmd === 'user'), 3000);
  check(`${label}: a notice published on node ${from.o.name} reaches a socket on node ${to.o.name}`, ms !== null, ms === null ? 'not within 3 s' : `${Math.round(performance.now() - t)} ms`);
  s.ws.close();
}

async function cloudAcross(label: string, from: XuetangNode, to: XuetangNode, value: string) {
  const url = (n: XuetangNode) => `${n.base.replace('http', 'ws')}/api/websocket/scratch/cloudData`;
  const author = socket(url(from), await login(from.base, 'student1'));
  const viewer = socket(url(to), await login(to.base, 'student1'));
  await Promise.all([author.opened, viewer.opened]);
  author.send({ method: 'handshake', project_id: cloudWork, user: 'a' });
  viewer.send({ method: 'handshake', project_id: cloudWork, user: 'b' });
  author.send({ method: 'create', project_id: cloudWork, name: '☁ 分数', value: '0' });
  await until(() => author.lines.some((m) => m.method === 'ack'), 3000);
  await new Promise((r) => setTimeout(r, 150));
  author.send({ method: 'set', project_id: cloudWork, name: '☁ 分数', value });
  const ms = await until(() => viewer.lines.some((m) => m.method === 'set' && m.value === value), 3000);
  check(`${label}: a cloud variable set on node ${from.o.name} reaches a socket on node ${to.o.name}`, ms !== null, ms === null ? 'not within 3 s' : `${Math.round(ms)} ms`);
  author.ws.close();
  viewer.ws.close();
}

async function freshAcross(label: string, from: XuetangNode, to: XuetangNode) {
  const work = publicWorks[0];
  const page = () => fetch(`${to.base}/work-detail?id=${work.id}`).then((r) => r.text());
  await page(); // cached on `to` now
  const name = `集群${label}${randomBytes(2).toString('hex')}`;
  const edit = await api(from.base, 'PUT', '/teaching/teachingWork/edit', { token: await login(from.base, 'admin'), body: { id: work.id, workName: name } });
  const t = performance.now();
  const ms = await until(async () => (await page()).includes(name), 1000);
  check(`${label}: a public page changed on node ${from.o.name} is fresh on node ${to.o.name} within 1 s`, !!edit.body?.success && ms !== null, ms === null ? `stale after 1 s (${edit.body?.message})` : `${Math.round(performance.now() - t)} ms`);
}

async function limitAcross() {
  const ip = address();
  const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => api(nodes[i % 2].base, 'GET', `/sys/randomImage/c${run}${i}`, { ip })));
  const okN = answers.filter((r) => r.body?.success).length;
  check('a limit holds across both nodes (60 captcha images a minute per address, 70 asked of A and B in turn)', okN === 60, `${okN} given, ${70 - okN} refused`);
}

await sessionOnBoth('two nodes');
await noticeAcross('two nodes', A, B);
await cloudAcross('two nodes', A, B, '41');
await freshAcross('two nodes', A, B);
await limitAcross();

// ---- the load ----
interface Ack {
  works: { id: string; fileKey: string; node: string; token: string }[];
  comments: string[];
  grades: string[];
  likes: Map<string, number>;
}
const ack: Ack = { works: [], comments: [], grades: [], likes: new Map() };
const done: { at: number; ok: boolean; what: string; why?: string }[] = [];
const refused = { count: 0 };
const REFUSALS = ['上传过于频繁', '评论太频繁', '今天的评论已达上限', '点赞太频繁', '请求过于频繁'];
let stopLoad = false;
const loadStart = performance.now();
const now = () => (performance.now() - loadStart) / 1000;

async function op(what: string, fn: () => Promise<{ status: number; body: Envelope | null }>): Promise<Envelope | null> {
  try {
    const r = await fn();
    if (r.body && !r.body.success && REFUSALS.some((m) => r.body!.message.includes(m))) {
      refused.count++;
      done.push({ at: now(), ok: true, what });
      return null;
    }
    const ok = r.status < 400 && (r.body === null || r.body.success !== false);
    done.push({ at: now(), ok, what, why: ok ? undefined : `${r.status} ${r.body?.message ?? ''}` });
    return ok ? r.body : null;
  } catch (err) {
    done.push({ at: now(), ok: false, what, why: (err as Error).message });
    return null;
  }
}
const page = (p: string) => async () => {
  const res = await fetch(`${P}${p}`, { headers: { 'X-Forwarded-For': address() }, signal: AbortSignal.timeout(30_000) });
  await res.text();
  return { status: res.status, body: null };
};

/** A login of a virtual user through the proxy, counted as a request; tried again until it works. */
async function vuLogin(username: string): Promise<string> {
  for (;;) {
    const r = await op('login', () => api(P, 'POST', '/sys/login', { body: { username, password: username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD } }));
    if (r) return r.result.token as string;
    if (stopLoad) return '';
  }
}

async function student(username: string, vu: number) {
  let token = await vuLogin(username);
  const sb3 = demoSb3({ backdrop: '#e6f7ff', sprite: '#95de64', message: `第${vu}号` });
  for (let i = 0; !stopLoad; i++) {
    const k = i % 10;
    if (k === 0) {
      const f = new FormData();
      f.set('biz', 'workfile');
      f.set('file', new Blob([new Uint8Array(sb3)]), `作品${vu}-${i}.sb3`);
      let node = '';
      const up = await op('upload', async () => {
        const r = await api(P, 'POST', '/sys/common/upload', { token, form: f });
        node = r.node ?? '';
        return r;
      });
      if (up) {
        const sub = await op('submit', () => api(P, 'POST', '/teaching/teachingWork/submit', { token, body: { workName: `集群作品${vu}-${i}`, workType: '2', workFile: up.result.id } }));
        if (sub) ack.works.push({ id: sub.result.id, fileKey: up.result.key, node, token });
      }
    } else if (k === 3) {
      const w = publicWorks[(vu + i) % publicWorks.length];
      const r = await op('like', () => api(P, 'POST', `/teaching/teachingWork/starWork?workId=${w.id}`));
      if (r?.message === '点赞成功') ack.likes.set(w.id, (ack.likes.get(w.id) ?? 0) + 1);
    } else if (k === 6) {
      const w = publicWorks[(vu * 3 + i) % publicWorks.length];
      const r = await op('comment', () => api(P, 'POST', '/teaching/teachingWork/saveComment', { token, body: { workId: w.id, comment: `第${vu}号的评论${i}` } }));
      if (r) ack.comments.push(r.result.id);
    } else if (i % 40 === 9) {
      const t = await op('login', () => api(P, 'POST', '/sys/login', { body: { username, password: DEMO_PASSWORD } }));
      if (t) token = t.result.token;
    } else if (k % 2) {
      await op('list', () => api(P, 'GET', '/teaching/teachingWork/mine?pageNo=1&pageSize=10', { token }));
    } else {
      await op('page', page(k === 2 ? '/home' : k === 4 ? '/workList' : `/work-detail?id=${publicWorks[i % publicWorks.length].id}`));
    }
  }
}

async function grader() {
  const token = await vuLogin('admin');
  for (let i = 0; !stopLoad; i++) {
    const w = ack.works[ack.works.length - 1 - (i % Math.max(1, Math.min(5, ack.works.length)))];
    if (w && i % 3 === 0) {
      const r = await op('grade', () => api(P, 'PUT', '/teaching/teachingWork/edit', { token, body: { id: w.id, workStatus: 2, teachingWorkCorrectList: [{ score: 4, comment: `批改${i}` }] } }));
      if (r) ack.grades.push(w.id);
    } else await op('list', () => api(P, 'GET', '/teaching/teachingWork/list?pageNo=1&pageSize=20', { token }));
  }
}

const students = ['student1', 'student2', 'student3'];
const vus = [...Array.from({ length: VUS - 1 }, (_, i) => student(students[i % students.length], i)), grader()];

const at = (s: number) => new Promise((r) => setTimeout(r, Math.max(0, loadStart + s * 1000 - performance.now())));
const killAt = SECONDS * 0.3;
await at(killAt);
await B.stop('SIGKILL');
const killedAt = now();
console.log(`     node B killed (SIGKILL) at ${killedAt.toFixed(1)} s`);
await at(SECONDS * 0.55);
const restartAt = now();
await B.start();
const restartedAt = now();
console.log(`     node B started again at ${restartAt.toFixed(1)} s, ready at ${restartedAt.toFixed(1)} s`);
await at(SECONDS * 0.72);
const termAt = now();
const drainMs = await A.stop('SIGTERM');
await A.start();
const termEnd = now();
console.log(`     node A restarted gracefully (SIGTERM: drained in ${Math.round(drainMs)} ms) from ${termAt.toFixed(1)} s to ${termEnd.toFixed(1)} s`);
await at(SECONDS);
stopLoad = true;
await Promise.all(vus);
const loadSeconds = now();

// ---- report ----
const within = (from: number, to: number) => done.filter((d) => d.at >= from && d.at < to);
const rps = (from: number, to: number) => (to - from < 1 ? '—' : (within(from, to).length / (to - from)).toFixed(1));
const errors = (from: number, to: number) => within(from, to).filter((d) => !d.ok);
console.log(`\nnodes up in ${(startedMs / 1000).toFixed(1)} s; load ${loadSeconds.toFixed(1)} s, ${VUS} virtual users, ${done.length} requests, ${refused.count} refused by limits`);
console.log(`requests/s with two nodes: ${rps(1, killAt)}  with one node (B down): ${rps(killedAt + 1, restartAt)}  two again: ${rps(restartedAt + 1, termAt)}  after the graceful restart: ${rps(termEnd + 1, loadSeconds)}`);
console.log(`served by node: ${[...proxy.stats.served].map(([n, c]) => `${n} ${c}`).join(', ')}; proxy retries on refused connections: ${proxy.stats.retried}`);
const killErrors = errors(killedAt - 0.5, killedAt + 2);
console.log(`errors around the kill (±2 s): ${killErrors.length}${killErrors.length ? ` (${[...new Set(killErrors.map((e) => `${e.what}: ${e.why}`))].slice(0, 3).join('; ')})` : ''}`);
const otherErrors = done.filter((d) => !d.ok && !killErrors.includes(d));
check('no error outside the SIGKILL (including the graceful restart)', otherErrors.length === 0, otherErrors.length ? [...new Set(otherErrors.map((e) => `${e.at.toFixed(1)}s ${e.what}: ${e.why}`))].slice(0, 5).join('; ') : `${errors(termAt, termEnd + 1).length} during the graceful restart`);

await sessionOnBoth('after the restarts');
await noticeAcross('after the restarts', B, A);
await cloudAcross('after the restarts', B, A, '42');
await freshAcross('after the restarts', B, A);

// Every acknowledged write is there, every acknowledged file readable from the other node.
const workRows = await db.selectFrom('teaching_work').select('id').where('id', 'in', ack.works.length ? ack.works.map((w) => w.id) : ['-']).where('del_flag', '=', 0).execute();
check('every acknowledged work submit is stored', workRows.length === ack.works.length, `${workRows.length}/${ack.works.length}`);
let readable = 0;
for (const w of ack.works) {
  const other = nodes.find((n) => n.o.name !== w.node) ?? A;
  const res = await fetch(`${other.base}/api/sys/common/static/${w.fileKey}`, { headers: { 'X-Access-Token': w.token } }).catch(() => null);
  if (res?.ok && (await res.arrayBuffer()).byteLength > 0) readable++;
}
check('every acknowledged .sb3 file is readable from the node that did not store it', readable === ack.works.length, `${readable}/${ack.works.length}${bucket ? ` (${bucket.location})` : ''}`);
if (bucket) {
  let inBucket = 0;
  for (const w of ack.works) if (await bucket.stat(w.fileKey).catch(() => null)) inBucket++;
  check('every acknowledged .sb3 file is in the bucket', inBucket === ack.works.length, `${inBucket}/${ack.works.length}`);
}
const commentRows = await db.selectFrom('teaching_work_comment').select('id').where('id', 'in', ack.comments.length ? ack.comments : ['-']).execute();
check('every acknowledged comment is stored', commentRows.length === ack.comments.length, `${commentRows.length}/${ack.comments.length}`);
const graded = new Set((await db.selectFrom('teaching_work_correct').select('work_id').where('work_id', 'in', ack.grades.length ? ack.grades : ['-']).execute()).map((r) => r.work_id));
check('every acknowledged grade is stored', ack.grades.every((g) => graded.has(g)), `${graded.size} works graded (${ack.grades.length} grades)`);
const stars = await db.selectFrom('teaching_work').select(['id', 'star_num']).where('id', 'in', publicWorks.map((w) => w.id)).execute();
const likesOk = stars.every((s) => s.star_num === (publicWorks.find((w) => w.id === s.id)!.star_num ?? 0) + (ack.likes.get(s.id) ?? 0));
check('every acknowledged like is counted', likesOk, `${[...ack.likes.values()].reduce((a, b) => a + b, 0)} likes`);
const storedVar = await db.selectFrom('teaching_scratch_cloud_var').select('value').where('work_id', '=', cloudWork).executeTakeFirst();
check('the last acknowledged cloud variable value is stored', storedVar?.value === '42', storedVar?.value ?? 'none');

// The scheduled job ran once per fire while the cluster was up.
const runs = await db.selectFrom('sys_quartz_job_run').select(['fire_key', 'run_by', 'outcome']).where('job_id', '=', job.id).where('trigger_type', '=', 'cron').execute();
let fires = 0;
for (let s = Math.ceil(jobAddedAt / 1000) + 1; s * 1000 < Date.now() - 2000; s++) if (new Date(s * 1000).getSeconds() === fireSecond) fires++;
const distinct = new Set(runs.map((r) => r.fire_key)).size;
check('the scheduled job ran once per fire, on one node', fires >= 1 && runs.length === fires && distinct === fires && runs.every((r) => r.outcome === 'ok'), `${fires} fires, ${runs.length} runs (${runs.map((r) => r.run_by).join(', ')})`);

await proxy.close();
await cleanup();
const failed = checks.filter((c) => !c.ok);
console.log(failed.length ? `\n${failed.length} check(s) failed` : `\nall ${checks.length} checks passed`);
process.exit(failed.length ? 1 : 0);
