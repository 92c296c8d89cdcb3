// Two real server processes sharing one database and one Redis (REDIS_URL): an announcement published
// through process A reaches a websocket connected to process B. Needs Redis at 127.0.0.1:6379 (CI runs one);
// with TEST_DATABASE_URL the processes share a fresh PostgreSQL schema, else one SQLite file in DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cloudClient } from '../../../test/cloud-client.js';
import { connect, opened, type Client } from '../../../test/ws-client.js';
import { RedisHub } from './redis-hub.js';
import { describeWith, redisService, REDIS_URL } from '../../../test/services.js';

const ADMIN_PASSWORD = 'Admin-redis-2026';
const DEMO_PASSWORD = 'Demo-redis-2026';
const ROOT = path.resolve(import.meta.dirname, '../../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

interface Proc {
  child: ChildProcess;
  base: string;
  port: number;
  stderr: string[];
}

async function startServer(env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', UPSTREAM_URL: '', PUBLIC_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (d) => stderr.push(String(d)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.join('')}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start within 30 s: ${stderr.join('')}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return { child, base, port, stderr };
}

async function api(p: Proc, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${p.base}/api${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Access-Token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: any };
}

async function login(p: Proc, username: string, password: string): Promise<{ token: string; id: string }> {
  const res = await api(p, 'POST', '/sys/login', undefined, { username, password });
  if (!res.success) throw new Error(`login ${username}: ${res.message}`);
  return { token: res.result.token, id: res.result.userInfo.id };
}

describeWith(redisService(), 'two server processes sharing notices through Redis', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-redis-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgSchema = `redis_${randomBytes(5).toString('hex')}`;
  let a: Proc;
  let b: Proc;
  const clients: Client[] = [];

  beforeAll(async () => {
    // Fail with a readable reason when Redis is not there, rather than a timeout later.
    const probe = await RedisHub.create(REDIS_URL, { onError: () => {} });
    try {
      await Promise.race([probe.whenReady(), new Promise((_, reject) => setTimeout(() => reject(new Error(`Redis at ${REDIS_URL} is not reachable`)), 5000))]);
    } finally {
      await probe.close();
    }
    const env = {
      DATA_DIR: dataDir,
      REDIS_URL,
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      DEMO_CONTENT: '1',
      DATABASE_URL: pgUrl ?? '',
      PG_SCHEMA: pgUrl ? pgSchema : '',
      // A minute: within the tests below only the fan-out through Redis can drop a cached public page.
      PAGE_CACHE_TTL_MS: '60000',
    };
    // One after the other: the first one migrates and seeds the shared database.
    a = await startServer(env);
    b = await startServer(env);
  }, 90_000);

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    for (const p of [a, b]) {
      if (!p || p.child.exitCode !== null) continue;
      const exited = new Promise((r) => p.child.once('exit', r));
      p.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
      await client.end();
    }
  });

  it('an announcement published through A reaches websockets connected to B, targeted ones only their user', async () => {
    const admin = await login(a, 'admin', ADMIN_PASSWORD);
    const student = await login(b, 'student1', DEMO_PASSWORD);
    const teacher = await login(b, 'teacher', DEMO_PASSWORD);
    const s = connect(`ws://127.0.0.1:${b.port}/api/websocket/${student.id}?token=${student.token}`);
    const tc = connect(`ws://127.0.0.1:${b.port}/api/websocket/${teacher.id}?token=${teacher.token}`);
    clients.push(s, tc);
    await Promise.all([opened(s), opened(tc)]);

    const all = await api(a, 'POST', '/sys/annountCement/add', admin.token, { titile: '两个进程都能收到', msgType: 'ALL' });
    expect(all.success).toBe(true);
    const released = await api(a, 'GET', `/sys/annountCement/doReleaseData?id=${all.result.id}`, admin.token);
    expect(released).toMatchObject({ success: true, message: '该系统通知发布成功' });
    expect(await s.next((m) => m.msgId === all.result.id)).toEqual({ cmd: 'topic', msgId: all.result.id, msgTxt: '两个进程都能收到' });
    expect(await tc.next((m) => m.msgId === all.result.id)).toEqual({ cmd: 'topic', msgId: all.result.id, msgTxt: '两个进程都能收到' });

    const one = await api(a, 'POST', '/sys/annountCement/add', admin.token, { titile: '只给王老师', msgType: 'USER', userIds: `${teacher.id},` });
    await api(a, 'GET', `/sys/annountCement/doReleaseData?id=${one.result.id}`, admin.token);
    expect(await tc.next((m) => m.msgId === one.result.id)).toEqual({ cmd: 'user', msgId: one.result.id, msgTxt: '只给王老师', userId: teacher.id });
    s.ws.send('HeartBeat');
    await s.next((m) => m.cmd === 'heartcheck');
    expect(s.messages.some((m: any) => m.msgId === one.result.id)).toBe(false);

    // And B's API sees what A published (one shared database).
    const list = await api(b, 'GET', '/sys/annountCement/listByUser', student.token);
    expect(list.result.anntMsgList.map((x: { id: string }) => x.id)).toContain(all.result.id);
  }, 60_000);

  it('a Scratch cloud variable set through A reaches the work\'s sockets on B, and B keeps answering it after', async () => {
    const onA = await login(a, 'student1', DEMO_PASSWORD);
    const onB = await login(b, 'student1', DEMO_PASSWORD);
    const mine = await api(b, 'GET', '/teaching/teachingWork/mine?pageSize=50', onB.token);
    const work = (mine.result.records as { id: string; workName: string }[]).find((w) => w.workName === '迷宫探险')!.id;
    const cloud = (p: Proc, token: string) => {
      const c = cloudClient(`ws://127.0.0.1:${p.port}/api/websocket/scratch/cloudData?token=${token}`);
      clients.push(c as unknown as Client);
      return c;
    };
    const author = cloud(a, onA.token);
    await author.send({ method: 'handshake', project_id: work, user: 'student1' });
    await author.send({ method: 'create', project_id: work, name: '☁ 分数', value: '1' });
    expect(await author.next((m) => m.method === 'ack')).toMatchObject({ name: '☁ 分数', reply: 'OK' });
    const viewer = cloud(b, onB.token);
    await viewer.send({ method: 'handshake', project_id: work, user: 'student1' });
    expect(await viewer.next((m) => m.name === '☁ 分数')).toEqual({ method: 'set', name: '☁ 分数', value: '1' });
    await author.send({ method: 'set', project_id: work, name: '☁ 分数', value: '99' });
    expect(await viewer.next((m) => m.value === '99')).toEqual({ method: 'set', name: '☁ 分数', value: '99' });
    // The value is in the shared database: a new socket on B is answered it.
    const again = cloud(b, onB.token);
    await again.send({ method: 'handshake', project_id: work, user: 'student1' });
    expect(await again.next((m) => m.name === '☁ 分数')).toEqual({ method: 'set', name: '☁ 分数', value: '99' });
  }, 60_000);

  it('a socket on B closes when its session ends through A: logout, then freezing', async () => {
    const admin = await login(a, 'admin', ADMIN_PASSWORD);
    const viaA = await login(a, 'student2', DEMO_PASSWORD);
    const onB = connect(`ws://127.0.0.1:${b.port}/api/websocket/${viaA.id}?token=${viaA.token}`);
    clients.push(onB);
    await opened(onB);
    expect((await api(a, 'POST', '/sys/logout', viaA.token)).success).toBe(true);
    expect((await onB.closed).code).toBe(4401);

    const again = await login(b, 'student2', DEMO_PASSWORD);
    const second = connect(`ws://127.0.0.1:${b.port}/api/websocket/${again.id}?token=${again.token}`);
    clients.push(second);
    await opened(second);
    expect((await api(a, 'PUT', '/sys/user/frozenBatch', admin.token, { ids: again.id, status: 2 })).success).toBe(true);
    expect((await second.closed).code).toBe(4401);
    await api(a, 'PUT', '/sys/user/frozenBatch', admin.token, { ids: again.id, status: 1 });
  }, 60_000);

  it('an admin\'s 强制退出 through A closes the student\'s socket on B at once', async () => {
    const admin = await login(a, 'admin', ADMIN_PASSWORD);
    const student = await login(b, 'student3', DEMO_PASSWORD);
    const onB = connect(`ws://127.0.0.1:${b.port}/api/websocket/${student.id}?token=${student.token}`);
    clients.push(onB);
    await opened(onB);
    const listed = await api(a, 'GET', '/sys/online/list?username=student3&pageSize=50', admin.token);
    expect(listed.success).toBe(true);
    expect(listed.result.records).toHaveLength(1);
    const kicked = await api(a, 'POST', '/sys/online/forceLogout', admin.token, { id: listed.result.records[0].id });
    expect(kicked).toMatchObject({ success: true, message: '已强制退出 student3' });
    expect((await onB.closed).code).toBe(4401);
    expect((await api(b, 'GET', '/sys/permission/getUserPermissionByToken', student.token)).success).toBe(false);
    // Redis监控 on either process reads the shared Redis.
    const redis = await api(b, 'GET', '/actuator/redis/overview', admin.token);
    expect(redis.result.configured).toBe(true);
    expect(Number(redis.result.info.find((x: { key: string }) => x.key === 'connected_clients').value)).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('a public page cached by B is dropped when the site config is saved through A', async () => {
    const admin = await login(a, 'admin', ADMIN_PASSWORD);
    const title = async () => /<title>([^<]*)<\/title>/.exec(await (await fetch(`${b.base}/home`)).text())?.[1];
    const before = await title();
    const first = await fetch(`${b.base}/home`);
    expect((await fetch(`${b.base}/home`)).headers.get('etag')).toBe(first.headers.get('etag'));
    expect((await api(a, 'POST', '/sys/config/saveTenantConfig', admin.token, { brandName: '跨进程学堂' })).success).toBe(true);
    try {
      await expect.poll(title, { timeout: 5000 }).toBe('跨进程学堂');
    } finally {
      await api(a, 'POST', '/sys/config/saveTenantConfig', admin.token, { brandName: before });
    }
    await expect.poll(title, { timeout: 5000 }).toBe(before);
  }, 30_000);
});
