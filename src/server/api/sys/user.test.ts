// The caller's own account: GET /sys/user/getCurrentUserDeparts, PUT|POST /sys/selectDepart,
// PUT|POST /sys/user/updatePassword; plus the CSRF rule for cookie sessions and the operation log of writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { expectEnvelope, expectFailure, expectInvalid, expectTokenRefusal } from '../../../../test/assertions.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const user = (username: string) => t.db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const departId = async (orgCode: string) =>
  (await t.db.selectFrom('sys_depart').select('id').where('org_code', '=', orgCode).executeTakeFirstOrThrow()).id;
const sessions = async (username: string) =>
  Number(
    (
      await t.db
        .selectFrom('sys_session as s')
        .innerJoin('sys_user as u', 'u.id', 's.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('u.username', '=', username)
        .executeTakeFirstOrThrow()
    ).n,
  );
const PERMISSIONS = '/sys/permission/getUserPermissionByToken';

describe('GET /sys/user/getCurrentUserDeparts', () => {
  it('lists the student’s class and the current orgCode', async () => {
    const token = await t.login('student1');
    const res = await t.api('GET', `/sys/user/getCurrentUserDeparts?_t=${Math.floor(Date.now() / 1000)}`, { token });
    expectEnvelope(res, { success: true });
    expect(Object.keys(res.body.result).sort()).toEqual(['list', 'orgCode']);
    expect(res.body.result.orgCode).toBe('A01A01A01');
    expect(res.body.result.list).toHaveLength(1);
    expect(res.body.result.list[0]).toMatchObject({ id: await departId('A01A01A01'), orgCode: 'A01A01A01', departName: '一年级一班' });
  });

  it('lists every department of a member of several', async () => {
    const admin = await user('admin');
    await t.db.insertInto('sys_user_depart').values({ id: newId(), user_id: admin.id, dep_id: await departId('A01A01') }).execute();
    const res = await t.api('GET', '/sys/user/getCurrentUserDeparts', { token: await t.login('admin') });
    expectEnvelope(res, { success: true });
    expect(res.body.result.list.map((d: { orgCode: string }) => d.orgCode).sort()).toEqual(['A01', 'A01A01']);
    expect(res.body.result.orgCode).toBe('A01');
  });

  it('refuses without a session', async () => {
    expectTokenRefusal(await t.api('GET', '/sys/user/getCurrentUserDeparts'));
  });
});

describe('PUT /sys/selectDepart', () => {
  // The teacher belongs to class 1; adding class 2 gives them something to switch to.
  let token: string;
  beforeAll(async () => {
    const teacher = await user('teacher');
    await t.db.insertInto('sys_user_depart').values({ id: newId(), user_id: teacher.id, dep_id: await departId('A01A01A02') }).execute();
    token = await t.login('teacher');
  });

  it('switches to another of the user’s departments and answers the new userInfo', async () => {
    const res = await t.api('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A01A01A02', username: 'teacher' } });
    expectEnvelope(res, { success: true, code: 0 });
    expect(Object.keys(res.body.result)).toEqual(['userInfo']);
    expect(res.body.result.userInfo).toMatchObject({ username: 'teacher', orgCode: 'A01A01A02' });
    expect(res.body.result.userInfo).not.toHaveProperty('password');
    expect(res.body.result.userInfo).not.toHaveProperty('salt');
    expect((await user('teacher')).org_code).toBe('A01A01A02');
    const departs = await t.api('GET', '/sys/user/getCurrentUserDeparts', { token });
    expect(departs.body.result.orgCode).toBe('A01A01A02');
    // POST (the spec's verb) works as well, and without a username it means the caller.
    expectEnvelope(await t.api('POST', '/sys/selectDepart', { token, body: { orgCode: 'A01A01A01' } }), { success: true, code: 0 });
    expect((await user('teacher')).org_code).toBe('A01A01A01');
  });

  it.each([
    ['a department the user does not belong to', { orgCode: 'A01' }],
    ['an unknown orgCode', { orgCode: 'Z99' }],
  ])('refuses %s and changes nothing', async (_label, body) => {
    const before = (await user('teacher')).org_code;
    const res = await t.api('PUT', '/sys/selectDepart', { token, body });
    expectFailure(res, '您不属于该部门');
    expect((await user('teacher')).org_code).toBe(before);
  });

  it('refuses to switch another user’s department', async () => {
    const before = (await user('student3')).org_code;
    const mine = (await user('teacher')).org_code;
    const res = await t.api('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A01A01A02', username: 'student3' } });
    expectEnvelope(res, { success: false });
    expect((await user('student3')).org_code).toBe(before);
    expect((await user('teacher')).org_code).toBe(mine);
  });

  it.each([
    ['no orgCode', {}, '请选择部门'],
    ['an empty orgCode', { orgCode: '  ' }, '请选择部门'],
    ['a numeric orgCode', { orgCode: 123 }, '请选择部门'],
  ])('rejects %s', async (_label, body, message) => {
    const before = (await user('teacher')).org_code;
    expectInvalid(await t.api('PUT', '/sys/selectDepart', { token, body }), message, 'orgCode');
    expect((await user('teacher')).org_code).toBe(before);
  });

  it('rejects a body that is not JSON', async () => {
    const before = (await user('teacher')).org_code;
    expectFailure(await t.api('PUT', '/sys/selectDepart', { token, body: '{oops' }), '请求数据不是有效的JSON', { status: 400, code: 400 });
    expect((await user('teacher')).org_code).toBe(before);
  });

  it('refuses without a session', async () => {
    expectTokenRefusal(await t.api('PUT', '/sys/selectDepart', { body: { orgCode: 'A01A01A02' } }));
  });
});

describe('cookie sessions and CSRF', () => {
  const cookieWrite = (token: string, headers: Record<string, string>) =>
    t.api('PUT', '/sys/selectDepart', { body: { orgCode: 'A01A01A01' }, headers: { Cookie: `xt_token=${token}`, ...headers } });

  it('accepts the session cookie for reads', async () => {
    const token = await t.login('student1');
    const res = await t.api('GET', '/sys/user/getCurrentUserDeparts', { headers: { Cookie: `xt_token=${token}` } });
    expectEnvelope(res, { success: true });
    expect(res.body.result.orgCode).toBe('A01A01A01');
  });

  it.each([
    ['no Origin', {}],
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['a foreign Referer', { Referer: 'https://evil.example/page' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
    // `none`: a typed address or bookmark, which no page of ours sends with a write.
    ['Sec-Fetch-Site none', { 'Sec-Fetch-Site': 'none' }],
    ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site', Origin: 'http://other.127.0.0.1' }],
  ])('refuses a cookie-authenticated write with %s (403) and writes nothing', async (_label, headers) => {
    const token = await t.login('student1');
    await t.db.updateTable('sys_user').set({ org_code: null }).where('username', '=', 'student1').execute();
    const logsBefore = await t.db.selectFrom('sys_log').select('id').where('log_type', '=', 2).execute();
    const res = await cookieWrite(token, headers);
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect((await user('student1')).org_code).toBeNull();
    expect(await t.db.selectFrom('sys_log').select('id').where('log_type', '=', 2).execute()).toHaveLength(logsBefore.length);
  });

  it('accepts the same write from the same origin, or with the X-Access-Token header', async () => {
    const token = await t.login('student1');
    await t.db.updateTable('sys_user').set({ org_code: null }).where('username', '=', 'student1').execute();
    expectEnvelope(await cookieWrite(token, { 'Sec-Fetch-Site': 'same-origin' }), { success: true, code: 0 });
    expect((await user('student1')).org_code).toBe('A01A01A01');

    await t.db.updateTable('sys_user').set({ org_code: null }).where('username', '=', 'student1').execute();
    expectEnvelope(await t.api('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A01A01A01' } }), { success: true, code: 0 });
    expect((await user('student1')).org_code).toBe('A01A01A01');
  });
});

describe('operation log', () => {
  it('writes a sys_log row of type 2 for a successful authenticated PUT', async () => {
    const token = await t.login('student1');
    const before = await t.db.selectFrom('sys_log').select('id').where('log_type', '=', 2).where('username', '=', 'student1').execute();
    expectEnvelope(await t.api('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A01A01A01' } }), { success: true });
    const after = await t.db.selectFrom('sys_log').selectAll().where('log_type', '=', 2).where('username', '=', 'student1').execute();
    expect(after).toHaveLength(before.length + 1);
    const row = after.find((r) => !before.some((b) => b.id === r.id))!;
    expect(row).toMatchObject({ log_type: 2, operate_type: 3, method: 'PUT', userid: (await user('student1')).id });
    expect(row.request_url).toContain('/sys/selectDepart');
    expect(row.log_content).toContain('成功');
  });

  it('does not log reads', async () => {
    const token = await t.login('student1');
    const before = await t.db.selectFrom('sys_log').select('id').where('log_type', '=', 2).execute();
    await t.api('GET', '/sys/user/getCurrentUserDeparts', { token });
    expect(await t.db.selectFrom('sys_log').select('id').where('log_type', '=', 2).execute()).toHaveLength(before.length);
  });
});

describe('PUT /sys/user/updatePassword', () => {
  const NEW_PASSWORD = 'New-Password-2026';
  const change = (token: string, body: unknown, method = 'PUT') => t.api(method, '/sys/user/updatePassword', { token, body });

  it('changes the password, ends the user’s other sessions and keeps the current one', async () => {
    const current = await t.login('student2');
    const other = await t.login('student2');
    const bystander = await t.login('student1');
    const before = await user('student2');
    const res = await change(current, { username: 'student2', oldpassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD });
    expectEnvelope(res, { success: true });
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
    expect((await user('student2')).password).not.toBe(before.password);
    expect((await user('student2')).password).not.toContain(NEW_PASSWORD);

    expectEnvelope(await t.api('GET', PERMISSIONS, { token: current }), { success: true });
    expectTokenRefusal(await t.api('GET', PERMISSIONS, { token: other }));
    expect(await sessions('student2')).toBe(1);
    // Other users keep their sessions.
    expectEnvelope(await t.api('GET', PERMISSIONS, { token: bystander }), { success: true });

    // The new password logs in; the old one no longer does.
    expectFailure(await t.api('POST', '/sys/login', { body: { username: 'student2', password: DEMO_PASSWORD } }), '用户名或密码错误');
    expect(await t.login('student2', NEW_PASSWORD)).toBeTruthy();
  });

  it('refuses a wrong old password and changes nothing', async () => {
    const token = await t.login('student3');
    const other = await t.login('student3');
    const before = await user('student3');
    const res = await change(token, { oldpassword: 'not-my-password', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD });
    expectFailure(res, '旧密码输入错误!');
    expect((await user('student3')).password).toBe(before.password);
    expectEnvelope(await t.api('GET', PERMISSIONS, { token: other }), { success: true });
  });

  it('refuses a confirmation that differs and changes nothing', async () => {
    const token = await t.login('student3');
    const before = await user('student3');
    const res = await change(token, { oldpassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmpassword: `${NEW_PASSWORD}x` });
    expectEnvelope(res, { success: false, status: 400, code: 400, message: '两次输入密码不一致!' });
    expect((await user('student3')).password).toBe(before.password);
  });

  it('refuses to change another user’s password through the username field', async () => {
    const token = await t.login('student3');
    const victim = await user('student1');
    const mine = await user('student3');
    // Even with the victim's real old password.
    const res = await change(token, { username: 'student1', oldpassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD });
    expectEnvelope(res, { success: false });
    expect((await user('student1')).password).toBe(victim.password);
    expect((await user('student3')).password).toBe(mine.password);
    expect(await t.login('student1')).toBeTruthy();
  });

  it.each([
    ['no old password', { password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD }, '请输入旧密码!', 'oldpassword'],
    ['no new password', { oldpassword: DEMO_PASSWORD, confirmpassword: NEW_PASSWORD }, null, 'password'],
    ['no confirmation', { oldpassword: DEMO_PASSWORD, password: NEW_PASSWORD }, '请确认新密码!', 'confirmpassword'],
    ['a numeric old password', { oldpassword: 123456, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD }, '请输入旧密码!', 'oldpassword'],
  ])('rejects %s and changes nothing', async (_label, body, message, field) => {
    const token = await t.login('student3');
    const before = await user('student3');
    const res = await change(token, body);
    expectEnvelope(res, { success: false, status: 400, code: 400 });
    if (message) expect(res.body.message).toBe(message);
    expect(res.body.result.errors).toHaveProperty(field);
    expect((await user('student3')).password).toBe(before.password);
  });

  it('rejects a body that is not JSON and changes nothing', async () => {
    const token = await t.login('student3');
    const before = await user('student3');
    expectFailure(await change(token, '{oops'), '请求数据不是有效的JSON', { status: 400, code: 400 });
    expect((await user('student3')).password).toBe(before.password);
  });

  it('refuses without a session', async () => {
    const before = await user('student3');
    expectTokenRefusal(await change(undefined as unknown as string, { oldpassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD }));
    expect((await user('student3')).password).toBe(before.password);
  });
});

describe('PUT /sys/user/updatePassword: wrong old passwords count like failed logins', () => {
  // An app of its own: the account ends up locked for 15 minutes.
  let own: TestApp;
  beforeAll(async () => {
    own = await startTestApp({ demoContent: true });
  });
  afterAll(async () => {
    await own?.close();
  });

  it('warns before the last attempt, ends the session at the 5th and changes nothing, even with the right one after', async () => {
    const NEW_PASSWORD = 'New-Password-2026';
    const token = await own.login('student3');
    const before = await own.db.selectFrom('sys_user').select('password').where('username', '=', 'student3').executeTakeFirstOrThrow();
    const change = (oldpassword: string) => own.api('PUT', '/sys/user/updatePassword', { token, body: { oldpassword, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD } });
    expectFailure(await change('wrong-1'), '旧密码输入错误!');
    expectFailure(await change('wrong-2'), '旧密码输入错误!');
    expectFailure(await change('wrong-3'), '旧密码输入错误!再错2次将退出登录');
    expectFailure(await change('wrong-4'), '旧密码输入错误!再错1次将退出登录');
    expectFailure(await change('wrong-5'), '旧密码输入错误次数过多，已退出登录，请15分钟后再登录', { code: 429 });
    // The session is over: the right old password changes nothing now.
    expectTokenRefusal(await change(DEMO_PASSWORD));
    expect(await own.db.selectFrom('sys_user').select('password').where('username', '=', 'student3').executeTakeFirstOrThrow()).toEqual(before);
    // And logging in again from that address waits, as after 5 failed logins.
    expectFailure(await own.api('POST', '/sys/login', { body: { username: 'student3', password: DEMO_PASSWORD } }), /^登录失败次数过多，请\d+分钟后再试$/, { code: 429 });
  });

  it('a right old password starts the count over', async () => {
    const token = await own.login('student2');
    const change = (oldpassword: string, password: string) => own.api('PUT', '/sys/user/updatePassword', { token, body: { oldpassword, password, confirmpassword: password } });
    for (let i = 0; i < 4; i++) expectEnvelope(await change('wrong', 'Other-Password-2026'), { success: false });
    expectEnvelope(await change(DEMO_PASSWORD, 'Other-Password-2026'), { success: true });
    // Four more wrong ones do not end the session.
    for (let i = 0; i < 4; i++) expectEnvelope(await change('wrong', 'Third-Password-2026'), { success: false });
    expectEnvelope(await own.api('GET', PERMISSIONS, { token }), { success: true });
  });
});
