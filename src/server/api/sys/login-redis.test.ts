// Login throttling across processes: two apps (each with its own Redis connection and its own memory, as two
// server processes have) count attempts in one Redis (REDIS_URL), so parallel attempts spread over both
// still get 5 evaluations in all. Needs Redis at 127.0.0.1:6379 (CI runs one).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../../test/harness.js';
import { newId } from '../../domain/ids.js';
import { LIMIT_KEY_PREFIX, redisLimits, type Limits } from '../../domain/limits.js';
import { hashPassword } from '../../domain/password.js';
import { describeWith, redisService, REDIS_URL } from '../../../../test/services.js';


// A run of its own: its own address and account, so reruns within the 15 minutes start from zero.
const run = randomBytes(4).toString('hex');
const ip = `203.0.113.${parseInt(run.slice(0, 2), 16) % 250}-${run}`;
const username = `racer-${run}`;

let redis: Redis;
const apps: TestApp[] = [];
const throttles: Limits[] = [];

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect().catch((err) => {
    throw new Error(`Redis at ${REDIS_URL} is not reachable: ${(err as Error).message}`);
  });
  for (let i = 0; i < 2; i++) {
    const throttle = await redisLimits(REDIS_URL, () => {});
    throttles.push(throttle);
    const t = await startTestApp({ demoContent: false, limits: throttle, config: { redisUrl: REDIS_URL } });
    await t.db.insertInto('sys_user').values({ id: newId(), username, realname: username, password: await hashPassword(DEMO_PASSWORD) }).execute();
    apps.push(t);
  }
});

afterAll(async () => {
  await redis?.del(`${LIMIT_KEY_PREFIX}:login-account:${ip}|${username}`, `${LIMIT_KEY_PREFIX}:login-ip:${ip}`).catch(() => 0);
  redis?.disconnect();
  await Promise.all(throttles.map((x) => x.close()));
  await Promise.all(apps.map((t) => t.close()));
});

/** A login sent from `ip` (the socket address the node server would report). */
async function loginFrom(t: TestApp, password: string): Promise<string> {
  const res = await t.app.request(
    'http://127.0.0.1/api/sys/login',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) },
    { incoming: { socket: { remoteAddress: ip } } } as never,
  );
  return ((await res.json()) as { message: string }).message;
}

describeWith(redisService(), 'login throttling with REDIS_URL', () => {
  it('evaluates at most 3 of 40 attempts sent at once to two processes (then a captcha is needed)', async () => {
    const messages = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginFrom(apps[i % 2], i === 21 ? DEMO_PASSWORD : `wrong-${i}`)),
    );
    const evaluated = messages.filter((m) => m === '用户名或密码错误' || m === '登录成功');
    expect(evaluated.length).toBeGreaterThanOrEqual(1);
    expect(evaluated.length).toBeLessThanOrEqual(3);
    expect(messages.filter((m) => m.startsWith('登录失败次数过多') || m === '请输入验证码').length).toBe(40 - evaluated.length);
    // The counts are in Redis, where every process sees them.
    expect(await redis.exists(`${LIMIT_KEY_PREFIX}:login-ip:${ip}`)).toBe(1);
  });
});
