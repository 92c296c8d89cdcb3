// Password recovery's limits across processes: two apps (each with its own Redis connection and its own memory,
// as two server processes have) count in one Redis (REDIS_URL) through the login throttle's store, so an address
// gets 20 recovery requests per 15 minutes in all, and an account 3 reset mails an hour in all. Needs Redis at
// 127.0.0.1:6379 (CI runs one) and a local SMTP server (the test kit's).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { issueCaptcha } from '../../domain/captcha.js';
import { newId } from '../../domain/ids.js';
import { LIMIT_KEY_PREFIX, redisLimits, type Limits } from '../../domain/limits.js';
import { closeMail } from '../../domain/mail.js';
import { startTestSmtp, type TestSmtp } from '../../domain/mail.test-kit.js';
import { RECOVERY_SENT } from './account.js';
import { describeWith, redisService, REDIS_URL } from '../../../../test/services.js';


// A run of its own: its own addresses and account, so reruns within the window start from zero.
const run = randomBytes(4).toString('hex');
const ipA = `198.51.100.1-${run}`;
const ipB = `198.51.100.2-${run}`;
const userId = newId();
const username = `forgetful-${run}`;

let redis: Redis;
let smtp: TestSmtp;
const apps: TestApp[] = [];
const throttles: Limits[] = [];

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect().catch((err) => {
    throw new Error(`Redis at ${REDIS_URL} is not reachable: ${(err as Error).message}`);
  });
  smtp = await startTestSmtp();
  for (let i = 0; i < 2; i++) {
    const throttle = await redisLimits(REDIS_URL, () => {});
    throttles.push(throttle);
    const t = await startTestApp({ demoContent: false, limits: throttle, config: { redisUrl: REDIS_URL, smtpUrl: smtp.url, publicUrl: 'https://school.example.org' } });
    // The same account in both (as two processes on one database see it).
    await t.db.insertInto('sys_user').values({ id: userId, username, realname: username, password: 'x', email: `${username}@example.org` }).execute();
    apps.push(t);
  }
});

afterAll(async () => {
  const keys = [`${LIMIT_KEY_PREFIX}:recovery-ip:${ipA}`, `${LIMIT_KEY_PREFIX}:recovery-ip:${ipB}`, `${LIMIT_KEY_PREFIX}:recovery-account:${userId}`];
  await redis?.del(...keys).catch(() => 0);
  redis?.disconnect();
  await Promise.all(throttles.map((x) => x.close()));
  await Promise.all(apps.map((t) => t.close()));
  closeMail();
  await smtp?.close();
});

let keys = 0;
/** A recovery request from `ip` for `account`, with a solved captcha (none when `captcha` is false). */
async function recover(t: TestApp, ip: string, account: string, captcha = true): Promise<{ message: string }> {
  const checkKey = `recovery-${run}-${keys++}`;
  if (captcha) await issueCaptcha(t.db, checkKey, { code: 'k3x7' });
  const res = await t.app.request(
    'http://127.0.0.1/api/sys/user/passwordRecovery',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ account, captcha: 'k3x7', checkKey }) },
    { incoming: { socket: { remoteAddress: ip } } } as never,
  );
  return { message: ((await res.json()) as { message: string }).message };
}

describeWith(redisService(), 'password recovery limits with REDIS_URL', () => {
  it('give an address 20 requests per 15 minutes across both processes, even sent at once', async () => {
    const answers = await Promise.all(Array.from({ length: 26 }, (_, i) => recover(apps[i % 2], ipA, `nobody-${run}-${i}`, false)));
    // The captcha is checked after the address's count (and these carry none).
    expect(answers.filter((a) => a.message === '验证码错误')).toHaveLength(20);
    expect(answers.filter((a) => a.message === '请求过于频繁，请稍后再试')).toHaveLength(6);
  });

  it('mail an account at most 3 links an hour across both processes', async () => {
    for (let i = 0; i < 5; i++) expect((await recover(apps[i % 2], ipB, username)).message).toBe(RECOVERY_SENT);
    // The mails go out in the background: all 5 have taken their point from the account's count in Redis …
    await expect.poll(async () => Number(await redis.get(`${LIMIT_KEY_PREFIX}:recovery-account:${userId}`))).toBe(5);
    // … and the first 3 of them got a mail.
    for (let i = 0; i < 3; i++) expect((await smtp.nextMessage()).to).toEqual([`${username}@example.org`]);
    expect(smtp.received.filter((m) => m.to.includes(`${username}@example.org`))).toHaveLength(3);
  });
});
