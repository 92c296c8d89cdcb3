// POST /sys/login and ANY /sys/logout, and what a session token is worth afterwards.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid, expectTokenRefusal } from '../../../../test/assertions.js';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startTestApp, type TestApp } from '../../../../test/harness.js';
import { issueCaptcha } from '../../domain/captcha.js';
import { newId } from '../../domain/ids.js';
import { currentCost, hashPassword } from '../../domain/password.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PERMISSIONS = '/sys/permission/getUserPermissionByToken';

async function sessionCount(username?: string): Promise<number> {
  let q = t.db.selectFrom('sys_session as s').innerJoin('sys_user as u', 'u.id', 's.user_id').select((eb) => eb.fn.countAll<number>().as('n'));
  if (username) q = q.where('u.username', '=', username);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const login = (body: unknown) => t.api('POST', '/sys/login', { body });

/** A fresh account of its own, so a test's failed attempts do not lock an account another test uses. */
async function makeAccount(username: string, password = DEMO_PASSWORD): Promise<void> {
  await t.db.insertInto('sys_user').values({ id: newId(), username, realname: username, password: await hashPassword(password) }).execute();
}

let captchas = 0;
/** A solved captcha (a code stored for a fresh key, as GET /sys/randomImage would). */
async function solvedCaptcha(): Promise<{ captcha: string; checkKey: string }> {
  const checkKey = `login-test-${captchas++}`;
  await issueCaptcha(t.db, checkKey, { code: 'abcd' });
  return { captcha: 'abcd', checkKey };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const minimum = (xs: number[]) => Math.min(...xs);

describe('successful login', () => {
  it('answers code 200 with token, userInfo, departs, multi_depart, sysAllDictItems and role', async () => {
    const before = await sessionCount('admin');
    const res = await login({ username: 'admin', password: ADMIN_PASSWORD, captcha: '1234', checkKey: 1700000000000, remember_me: true });
    expectEnvelope(res, { success: true, code: 200, message: '登录成功' });
    const r = res.body.result;
    expect(Object.keys(r).sort()).toEqual(['departs', 'multi_depart', 'role', 'sysAllDictItems', 'token', 'userInfo']);
    expect(typeof r.token).toBe('string');
    expect(r.token.length).toBeGreaterThanOrEqual(22); // ≥ 128 random bits
    expect(r.userInfo).toMatchObject({ username: 'admin', realname: '管理员', orgCode: 'A01', status: 1, delFlag: 0 });
    expect(typeof r.userInfo.id).toBe('string');
    expect(r.userInfo).not.toHaveProperty('password');
    expect(r.userInfo).not.toHaveProperty('salt');
    expect(JSON.stringify(r)).not.toContain('scrypt$');
    expect(r.departs.map((d: { orgCode: string; departName: string }) => [d.orgCode, d.departName])).toEqual([['A01', '希望小学']]);
    expect(r.multi_depart).toBe(1);
    expect(r.role).toEqual(['admin']);
    expect(r.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男' },
      { value: '2', text: '女', title: '女' },
    ]);
    expect(r.sysAllDictItems.priority.map((i: { value: string }) => i.value)).toEqual(['L', 'M', 'H']);
    expect(await sessionCount('admin')).toBe(before + 1);

    // The token opens the session.
    const perms = await t.api('GET', PERMISSIONS, { token: r.token });
    expectEnvelope(perms, { success: true, code: 200 });
  });

  it('gives a student their role, class and a fresh token per login', async () => {
    const a = await login({ username: 'student1', password: DEMO_PASSWORD });
    const b = await login({ username: 'student1', password: DEMO_PASSWORD });
    expectEnvelope(a, { success: true, code: 200 });
    expect(a.body.result.role).toEqual(['student']);
    expect(a.body.result.userInfo).toMatchObject({ username: 'student1', realname: '小明', orgCode: 'A01A01A01' });
    expect(a.body.result.departs.map((d: { departName: string }) => d.departName)).toEqual(['一年级一班']);
    expect(a.body.result.token).not.toBe(b.body.result.token);
  });

  it('rehashes a password stored at a lower scrypt cost at the next successful login', async () => {
    await t.db
      .insertInto('sys_user')
      .values({ id: newId(), username: 'oldhash', realname: 'oldhash', password: await hashPassword(DEMO_PASSWORD, { N: 1024, r: 8, p: 1 }) })
      .execute();
    const stored = async () => (await t.db.selectFrom('sys_user').select('password').where('username', '=', 'oldhash').executeTakeFirstOrThrow()).password;
    expectFailure(await login({ username: 'oldhash', password: 'wrong-password-1' }), '用户名或密码错误');
    expect(await stored()).toMatch(/^scrypt\$1024\$8\$1\$/);
    expectEnvelope(await login({ username: 'oldhash', password: DEMO_PASSWORD }), { success: true, code: 200 });
    const { N, r, p } = currentCost();
    expect(await stored()).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$`));
    expectEnvelope(await login({ username: 'oldhash', password: DEMO_PASSWORD }), { success: true, code: 200 });
  });

  it('records a login log entry (sys_log type 1)', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('sys_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('log_type', '=', 1)
            .where('username', '=', 'teacher')
            .where('log_content', 'like', '%登录成功%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await t.login('teacher');
    expect(await count()).toBe(before + 1);
  });
});

describe('refused logins write no session', () => {
  it('rejects a body that is not JSON', async () => {
    const before = await sessionCount();
    const res = await t.api('POST', '/sys/login', { body: '{oops' });
    expectFailure(res, '请求数据不是有效的JSON', { status: 400, code: 400 });
    expect(await sessionCount()).toBe(before);
  });

  it.each([
    ['an empty body', {}, '请输入用户名', 'username'],
    ['no password', { username: 'admin' }, '请输入密码', 'password'],
    ['an empty password', { username: 'admin', password: '' }, '请输入密码', 'password'],
    ['a blank username', { username: '   ', password: ADMIN_PASSWORD }, '请输入用户名', 'username'],
    ['a numeric username', { username: 123, password: ADMIN_PASSWORD }, '请输入用户名', 'username'],
    ['a numeric password', { username: 'admin', password: 123456 }, '请输入密码', 'password'],
    ['an over-long username', { username: 'a'.repeat(101), password: ADMIN_PASSWORD }, '用户名过长', 'username'],
  ])('rejects %s', async (_label, body, message, field) => {
    const before = await sessionCount();
    expectInvalid(await login(body), message, field);
    expect(await sessionCount()).toBe(before);
  });

  it('rejects a JSON array instead of an object', async () => {
    const before = await sessionCount();
    const res = await login([{ username: 'admin', password: ADMIN_PASSWORD }]);
    expectEnvelope(res, { success: false, status: 400, code: 400 });
    expect(await sessionCount()).toBe(before);
  });

  it('answers a wrong password and an unknown username with the same message', async () => {
    const before = await sessionCount();
    const wrong = await login({ username: 'teacher', password: 'not-the-password' });
    const unknown = await login({ username: 'nobody-here', password: 'not-the-password' });
    expectFailure(wrong, '用户名或密码错误');
    expectFailure(unknown, '用户名或密码错误');
    expect(unknown.body.code).toBe(wrong.body.code);
    expect(await sessionCount()).toBe(before);
  });

  it('reveals a frozen account only to the right password, and ends its open sessions', async () => {
    const token = await t.login('student2');
    await t.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'student2').execute();
    try {
      const before = await sessionCount();
      expectFailure(await login({ username: 'student2', password: 'wrong-password' }), '用户名或密码错误');
      expectFailure(await login({ username: 'student2', password: DEMO_PASSWORD }), '该用户已冻结');
      expect(await sessionCount()).toBe(before);
      // A session opened before the freeze is no longer accepted.
      expectTokenRefusal(await t.api('GET', PERMISSIONS, { token }));
    } finally {
      await t.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'student2').execute();
    }
    // Unfrozen, the account works again.
    expectEnvelope(await login({ username: 'student2', password: DEMO_PASSWORD }), { success: true, code: 200 });
  });

  it('refuses a cancelled (deleted) account after the right password', async () => {
    await t.db.updateTable('sys_user').set({ del_flag: 1 }).where('username', '=', 'student1').execute();
    try {
      const before = await sessionCount();
      expectFailure(await login({ username: 'student1', password: DEMO_PASSWORD }), '该用户已注销');
      expect(await sessionCount()).toBe(before);
    } finally {
      await t.db.updateTable('sys_user').set({ del_flag: 0 }).where('username', '=', 'student1').execute();
    }
  });

  it('locks the account after 5 wrong passwords, even for the right password', async () => {
    // Three failures still leave the right password working (with the captcha the 4th attempt needs)…
    for (let i = 0; i < 3; i++) expectFailure(await login({ username: 'student3', password: `wrong-${i}` }), '用户名或密码错误');
    expectEnvelope(await login({ username: 'student3', password: DEMO_PASSWORD, ...(await solvedCaptcha()) }), { success: true, code: 200 });
    // …and a success resets the count, so it takes five fresh failures to lock the account (the last two
    // with solved captchas: a refused captcha is no attempt).
    for (let i = 0; i < 3; i++) expectFailure(await login({ username: 'student3', password: `wrong-${i}` }), '用户名或密码错误');
    for (let i = 3; i < 5; i++) expectFailure(await login({ username: 'student3', password: `wrong-${i}`, ...(await solvedCaptcha()) }), '用户名或密码错误');
    const before = await sessionCount('student3');
    const locked = await login({ username: 'student3', password: DEMO_PASSWORD, ...(await solvedCaptcha()) });
    expectEnvelope(locked, { success: false });
    expect(locked.body.message).toContain('登录失败次数过多');
    expect(await sessionCount('student3')).toBe(before);
    // Other accounts are not affected.
    expectEnvelope(await login({ username: 'teacher', password: DEMO_PASSWORD }), { success: true, code: 200 });
  });

  it('evaluates at most 3 of 40 attempts sent at once without captcha; the others are refused unchecked', async () => {
    await makeAccount('racer');
    // 39 wrong passwords and the right one, all in flight together.
    const bodies = Array.from({ length: 40 }, (_, i) => ({ username: 'racer', password: i === 20 ? DEMO_PASSWORD : `wrong-${i}` }));
    const answers = await Promise.all(bodies.map((b) => login(b)));
    const messages = answers.map((a) => a.body.message);
    const evaluated = messages.filter((m) => m === '用户名或密码错误' || m === '登录成功');
    // Past the 3rd attempt a login needs a captcha; past the 5th the account is locked.
    const refused = messages.filter((m) => m.startsWith('登录失败次数过多') || m === '请输入验证码');
    expect(evaluated.length).toBeGreaterThanOrEqual(1);
    expect(evaluated.length).toBeLessThanOrEqual(3);
    expect(refused.length).toBe(40 - evaluated.length);
  });

  it('answers an unknown username no faster than a wrong password (both hash)', async () => {
    await makeAccount('timed');
    const time = async (body: unknown) => {
      const started = performance.now();
      expectFailure(await login(body), '用户名或密码错误');
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Three rounds: the account's 4th attempt would need a captcha (and answer without hashing).
    for (let i = 0; i < 3; i++) {
      known.push(await time({ username: 'timed', password: `wrong-${i}` }));
      unknown.push(await time({ username: `nobody-${i}`, password: `wrong-${i}` }));
    }
    // Before, an unknown name answered in ~1 ms and a known one after a full scrypt (~30 ms here): a ratio
    // of ~0.05. Now both hash once; the margin leaves room for a busy machine.
    expect(minimum(unknown)).toBeGreaterThan(0.4 * minimum(known));
    expect(median(unknown)).toBeGreaterThan(0.4 * median(known));
  });
});

describe('sessions', () => {
  it('refuses an expired token with HTTP 500 and exactly Token失效，请重新登录, and forgets the session', async () => {
    const token = await t.login('teacher');
    expectEnvelope(await t.api('GET', PERMISSIONS, { token }), { success: true });
    const teacher = await t.db.selectFrom('sys_user').select('id').where('username', '=', 'teacher').executeTakeFirstOrThrow();
    const sessionsBefore = await sessionCount('teacher');
    // Expire every teacher session; the one just made is among them.
    await t.db.updateTable('sys_session').set({ expires_at: Date.now() - 1000 }).where('user_id', '=', teacher.id).execute();
    const res = await t.api('GET', PERMISSIONS, { token });
    expectTokenRefusal(res);
    expect(res.body.message).toBe('Token失效，请重新登录');
    // The expired session is removed when it is presented.
    expect(await sessionCount('teacher')).toBe(sessionsBefore - 1);
    // Logging in again works.
    expectEnvelope(await t.api('GET', PERMISSIONS, { token: await t.login('teacher') }), { success: true });
  });

  it('ends a session 30 days after the login however often it is used, and slides no further', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const sessionOf = (token: string) => t.db.selectFrom('sys_session').selectAll().where('token_hash', '=', createHash('sha256').update(token).digest('hex'));
    const used = async (token: string, createdDaysAgo: number) => {
      const now = Date.now();
      // In use every day: seen two hours ago, idle expiry days ahead.
      await t.db
        .updateTable('sys_session')
        .set({ created_at: now - createdDaysAgo * DAY, last_seen_at: now - 2 * 60 * 60 * 1000, expires_at: now + 5 * DAY })
        .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
        .execute();
    };

    const young = await t.login('teacher');
    await used(young, 29.5);
    expectEnvelope(await t.api('GET', PERMISSIONS, { token: young }), { success: true });
    const slid = await sessionOf(young).executeTakeFirstOrThrow();
    // Sliding extends it to the 30-day end at most, not another 7 days.
    expect(Number(slid.expires_at)).toBeLessThanOrEqual(Number(slid.created_at) + 30 * DAY);

    const old = await t.login('teacher');
    await used(old, 30.01);
    expectTokenRefusal(await t.api('GET', PERMISSIONS, { token: old }));
    expect(await sessionOf(old).executeTakeFirst()).toBeUndefined();
  });

  it('refuses an unknown token and an over-long one', async () => {
    expectTokenRefusal(await t.api('GET', PERMISSIONS, { token: 'no-such-token-0123456789abcdef0123456789' }));
    expectTokenRefusal(await t.api('GET', PERMISSIONS, { token: 'x'.repeat(5000) }));
    expectTokenRefusal(await t.api('GET', PERMISSIONS));
  });

  it('logout revokes the token and leaves the user’s other sessions alone', async () => {
    const token = await t.login('admin');
    const other = await t.login('admin');
    const before = await sessionCount('admin');
    const res = await t.api('POST', '/sys/logout', { token });
    expectEnvelope(res, { success: true, code: 200, message: '退出登录成功！' });
    expect(await sessionCount('admin')).toBe(before - 1);
    expectTokenRefusal(await t.api('GET', PERMISSIONS, { token }));
    expectEnvelope(await t.api('GET', PERMISSIONS, { token: other }), { success: true });
    // Logging out twice is harmless and says so.
    expectFailure(await t.api('POST', '/sys/logout', { token }), '退出登录失败！');
  });

  it('logout accepts GET as well', async () => {
    const token = await t.login('admin');
    expectEnvelope(await t.api('GET', '/sys/logout', { token }), { success: true, code: 200 });
    expectTokenRefusal(await t.api('GET', PERMISSIONS, { token }));
  });

  it('logout without a token fails without touching any session', async () => {
    const before = await sessionCount();
    expectFailure(await t.api('POST', '/sys/logout'), '退出登录失败！');
    expect(await sessionCount()).toBe(before);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('admin');
    const hit = await t.db.selectFrom('sys_session').select('id').where('token_hash', '=', token).executeTakeFirst();
    expect(hit).toBeUndefined();
  });
});
