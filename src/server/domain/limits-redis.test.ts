// Limits across processes: two apps (each with its own Redis connection and its own memory, as two server
// processes have) count in one Redis through domain/limits.ts, so a limit of N allows N in all, not N per
// process: captcha images per address, uploads per user, likes per address, and cloud-variable socket slots.
// Needs Redis at 127.0.0.1:6379 (CI runs one).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.js';
import { describeWith, redisService, REDIS_URL } from '../../../test/services.js';
import { STARS_PER_MINUTE } from '../api/teaching/work-interactions.js';
import { newId } from './ids.js';
import { LIMIT_KEY_PREFIX, memoryLimits, redisLimits, type Limits } from './limits.js';
import { hashPassword } from './password.js';
import { UPLOADS_PER_MINUTE } from './uploads.js';

// A run of its own: its own addresses and account, so reruns within the windows start from zero.
const run = randomBytes(4).toString('hex');
const ip = `192.0.2.7-${run}`;
const userId = newId();
const username = `limited-${run}`;

let redis: Redis;
const apps: TestApp[] = [];
const stores: Limits[] = [];
const tokens: string[] = [];

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect().catch((err) => {
    throw new Error(`Redis at ${REDIS_URL} is not reachable: ${(err as Error).message}`);
  });
  for (let i = 0; i < 2; i++) {
    const limits = await redisLimits(REDIS_URL, () => {});
    stores.push(limits);
    const t = await startTestApp({ demoContent: false, limits, config: { redisUrl: REDIS_URL } });
    // The same account in both (as two processes on one database see it).
    await t.db.insertInto('sys_user').values({ id: userId, username, realname: username, password: await hashPassword(DEMO_PASSWORD) }).execute();
    apps.push(t);
    tokens.push(await t.login(username, DEMO_PASSWORD));
  }
});

afterAll(async () => {
  const keys = await redis.keys(`${LIMIT_KEY_PREFIX}:*${run}*`).catch(() => [] as string[]);
  const more = [`${LIMIT_KEY_PREFIX}:upload:${userId}`];
  await redis?.del(...keys, ...more).catch(() => 0);
  redis?.disconnect();
  await Promise.all(stores.map((x) => x.close()));
  await Promise.all(apps.map((t) => t.close()));
});

/** A request to app `i` from `ip` (the socket address the node server would report). */
const from = (i: number, path: string, init: RequestInit = {}) =>
  apps[i].app.request(`http://127.0.0.1${path}`, init, { incoming: { socket: { remoteAddress: ip } } } as never);

describeWith(redisService(), 'limits with REDIS_URL, two processes', () => {
  it('give an address 60 captcha images a minute in all', async () => {
    const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => from(i % 2, `/api/sys/randomImage/k${run}${i}`)));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { success: boolean; message: string }[];
    expect(bodies.filter((b) => b.success)).toHaveLength(60);
    expect(bodies.filter((b) => b.message === '请求过于频繁，请稍后再试')).toHaveLength(10);
  });

  it(`give a user ${UPLOADS_PER_MINUTE} uploads a minute in all`, async () => {
    const form = () => {
      const f = new FormData();
      f.set('biz', 'temp');
      return f;
    };
    const answers = await Promise.all(
      Array.from({ length: UPLOADS_PER_MINUTE + 6 }, (_, i) => from(i % 2, '/api/sys/common/upload', { method: 'POST', headers: { 'X-Access-Token': tokens[i % 2] }, body: form() })),
    );
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { message: string }[];
    // Counted before the body is read: the ones allowed get as far as the missing file.
    expect(bodies.filter((b) => b.message === '上传过于频繁，请稍后再试')).toHaveLength(6);
    expect(bodies.filter((b) => b.message === '请选择要上传的文件')).toHaveLength(UPLOADS_PER_MINUTE);
  });

  it(`give an address ${STARS_PER_MINUTE} likes a minute in all`, async () => {
    const answers = await Promise.all(
      Array.from({ length: STARS_PER_MINUTE + 4 }, (_, i) => from(i % 2, `/api/teaching/teachingWork/starWork?workId=none${run}`, { method: 'POST', headers: { Origin: 'http://127.0.0.1' } })),
    );
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { message: string }[];
    expect(bodies.filter((b) => b.message === '点赞太频繁了，请稍后再试')).toHaveLength(4);
    expect(bodies.filter((b) => b.message === '作品不存在')).toHaveLength(STARS_PER_MINUTE);
  });

  it('share socket slots: a cap of 2 holds across processes, a closed slot frees, and a process that closes frees its own', async () => {
    const [a, b] = stores.map((s) => s.concurrent('test'));
    const keys: [string, number][] = [[`w:${run}`, 2]];
    expect(await a.open(keys, 'one')).toBe(true);
    expect(await b.open(keys, 'two')).toBe(true);
    expect(await a.open(keys, 'three')).toBe(false);
    expect(await b.open(keys, 'three')).toBe(false);
    await a.close(keys, 'one');
    expect(await b.open(keys, 'three')).toBe(true);
    // A third process closes (its slots go with it): the set has room again.
    const c = await redisLimits(REDIS_URL, () => {});
    await b.close(keys, 'three');
    expect(await c.concurrent('test').open(keys, 'four')).toBe(true);
    expect(await a.open(keys, 'five')).toBe(false);
    await c.close();
    expect(await a.open(keys, 'five')).toBe(true);
    await redis.del(`xuetang:slots:test:w:${run}`);
  });
});

it('count in memory alone without Redis (one process): the same caps', async () => {
  const m = memoryLimits().concurrent('test');
  const keys: [string, number][] = [['w:1', 1], ['u:1', 5]];
  expect(await m.open(keys, 'a')).toBe(true);
  expect(await m.open(keys, 'b')).toBe(false);
  await m.close(keys, 'a');
  expect(await m.open(keys, 'b')).toBe(true);
});
