// The password policy wherever a password is set (add, reset, own change, roster import, the settings page),
// and the "must change password" flag: passwords someone else chose (generated at first start, given on the
// add form or a roster, reset by an admin or teacher) must be replaced before the user does anything else.
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectInvalid } from '../../../../test/assertions.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../../test/harness.js';
import { seedIfEmpty } from '../../db/seed/index.js';
import { freshDatabase } from '../../db/test-db.js';
import { newId } from '../../domain/ids.js';
import { hashPassword } from '../../domain/password.js';
import { LocalFileStore } from '../../storage/index.js';
import {
  PASSWORD_CHANGE_REQUIRED,
  PASSWORD_IS_USERNAME,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_SIMPLE,
  passwordProblem,
} from '../../shared/password-policy.js';

let t: TestApp;
let admin: string;
let teacher: string;
let classId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  teacher = await t.login('teacher');
  classId = (await t.db.selectFrom('sys_depart').select('id').where('org_code', '=', 'A01A01A01').executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

const flag = async (username: string) =>
  (await t.db.selectFrom('sys_user').select('need_change_password').where('username', '=', username).executeTakeFirstOrThrow()).need_change_password;
const hashOf = async (username: string) => (await t.db.selectFrom('sys_user').select('password').where('username', '=', username).executeTakeFirst())?.password;

/** A student straight in the database, with a password of their own (no flag). */
async function makeStudent(username: string, password = DEMO_PASSWORD) {
  const id = newId();
  await t.db.insertInto('sys_user').values({ id, username, realname: username, password: await hashPassword(password) }).execute();
  const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'student').executeTakeFirstOrThrow();
  await t.db.insertInto('sys_user_role').values({ id: newId(), user_id: id, role_id: role.id }).execute();
  await t.db.insertInto('sys_user_depart').values({ id: newId(), user_id: id, dep_id: classId }).execute();
  return id;
}

const addUser = (username: string, password: string) =>
  t.api('POST', '/sys/user/add', { token: admin, body: { username, realname: '新同学', password, confirmpassword: password, selecteddeparts: classId } });

describe('passwordProblem', () => {
  it.each([
    ['Ab1', PASSWORD_TOO_SHORT],
    ['12345678', PASSWORD_TOO_SIMPLE],
    ['abcdefgh', PASSWORD_TOO_SIMPLE],
    ['!!!!????', PASSWORD_TOO_SIMPLE],
    ['Password1', PASSWORD_TOO_COMMON],
    ['1qaz2WSX', PASSWORD_TOO_COMMON],
    ['woaini1314', PASSWORD_TOO_COMMON],
  ])('refuses %s', (pw, message) => {
    expect(passwordProblem(pw)).toBe(message);
  });
  it('accepts two kinds of characters, Chinese letters included, and refuses the account name', () => {
    expect(passwordProblem('kite-flying')).toBeNull();
    expect(passwordProblem('风筝飞得很高2026')).toBeNull();
    expect(passwordProblem('Lily2026x', 'lily2026X')).toBe(PASSWORD_IS_USERNAME);
  });
  it('refuses a password that contains the account name, in any case', () => {
    expect(passwordProblem('student2A1', 'student2')).toBe(PASSWORD_IS_USERNAME);
    expect(passwordProblem('my-STUDENT2-pw', 'Student2')).toBe(PASSWORD_IS_USERNAME);
    expect(passwordProblem('student1A1', 'student2')).toBeNull();
    // An older name of one or two letters is refused only whole.
    expect(passwordProblem('Kab-2026x', 'ab')).toBeNull();
  });
});

describe('the policy wherever a password is set', () => {
  it('add user refuses 12345678 and a common password, writing nothing', async () => {
    expectInvalid(await addUser('weak.one', '12345678'), PASSWORD_TOO_SIMPLE, 'password');
    expectInvalid(await addUser('weak.one', 'Passw0rd'), PASSWORD_TOO_COMMON, 'password');
    expectInvalid(await addUser('weak2026one', 'weak2026one'), PASSWORD_IS_USERNAME, 'password');
    expectInvalid(await addUser('weak2026one', 'Weak2026One!'), PASSWORD_IS_USERNAME, 'password');
    expect(await hashOf('weak.one')).toBeUndefined();
    expect(await hashOf('weak2026one')).toBeUndefined();
  });

  it('an admin’s reset refuses a weak password and keeps the old one', async () => {
    await makeStudent('reset.weak');
    const before = await hashOf('reset.weak');
    const res = await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { username: 'reset.weak', password: '12345678', confirmpassword: '12345678' } });
    expectInvalid(res, PASSWORD_TOO_SIMPLE, 'password');
    expect(await hashOf('reset.weak')).toBe(before);
    // Nor one containing the name of the account it is for (named by username or by id).
    const named = await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { username: 'reset.weak', password: 'Reset.Weak-2026', confirmpassword: 'Reset.Weak-2026' } });
    expectEnvelope(named, { success: false, message: PASSWORD_IS_USERNAME });
    expect(named.body.result).toEqual({ errors: { password: PASSWORD_IS_USERNAME } });
    const byId = await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { id: await t.userId('reset.weak'), password: 'x-reset.weak-2026' } });
    expectEnvelope(byId, { success: false, message: PASSWORD_IS_USERNAME });
    expect(await hashOf('reset.weak')).toBe(before);
  });

  it('changing one’s own password refuses a weak one and one’s own account name', async () => {
    await makeStudent('own2026pw');
    const token = await t.login('own2026pw');
    const before = await hashOf('own2026pw');
    const change = (password: string) =>
      t.api('PUT', '/sys/user/updatePassword', { token, body: { oldpassword: DEMO_PASSWORD, password, confirmpassword: password } });
    expectInvalid(await change('12345678'), PASSWORD_TOO_SIMPLE, 'password');
    expectInvalid(await change('qwerty123'), PASSWORD_TOO_COMMON, 'password');
    const same = await change('own2026pw');
    expectEnvelope(same, { success: false, message: PASSWORD_IS_USERNAME });
    expectEnvelope(await change('Own2026pw-x'), { success: false, message: PASSWORD_IS_USERNAME });
    expect(await hashOf('own2026pw')).toBe(before);
  });

  it('a roster row with a weak 初始密码 is reported and not imported', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('花名册');
    ws.addRow(['用户账号', '真实姓名', '性别', '身份', '手机号', '邮箱', '班级', '初始密码']);
    ws.addRow(['roster.weak', '弱密码', '男', '学生', '', '', 'A01A01A01', '12345678']);
    ws.addRow(['roster.good', '好密码', '女', '学生', '', '', 'A01A01A01', 'Kite-2026-blue']);
    ws.addRow(['roster.named', '名字密码', '女', '学生', '', '', 'A01A01A01', 'Roster.Named-1']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'roster.xlsx');
    const res = await t.request('/api/sys/user/importExcel', { method: 'POST', headers: { 'X-Access-Token': teacher }, body: form });
    const body = (await res.json()) as { result: { errors: { row: number; message: string }[] } };
    expect(body.result.errors).toEqual([
      { row: 2, message: PASSWORD_TOO_SIMPLE },
      { row: 4, message: PASSWORD_IS_USERNAME },
    ]);
    expect(await hashOf('roster.weak')).toBeUndefined();
    expect(await hashOf('roster.named')).toBeUndefined();
    expect(await hashOf('roster.good')).toBeTruthy();
  });

  it('the settings page shows the rule beside the new password field', async () => {
    await makeStudent('page.weak');
    const token = await t.login('page.weak');
    const res = await t.request('/account/settings/security', {
      method: 'POST',
      headers: { Cookie: `xt_token=${token}`, Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ oldpassword: DEMO_PASSWORD, password: '12345678', confirmpassword: '12345678' }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(PASSWORD_TOO_SIMPLE);
  });
});

describe('a password someone else set must be changed first', () => {
  it('is flagged when added, imported or reset by someone else, not when one resets one’s own', async () => {
    expectEnvelope(await addUser('added.kid', 'Kite-2026-blue'), { success: true });
    expect(await flag('added.kid')).toBe(1);
    expect(await flag('roster.good')).toBe(1);
    await makeStudent('reset.kid');
    expect(await flag('reset.kid')).toBe(0);
    expectEnvelope(await t.api('PUT', '/sys/user/changePassword', { token: teacher, body: { username: 'reset.kid', password: 'Kite-2026-red' } }), { success: true });
    expect(await flag('reset.kid')).toBe(1);
    const adminId = await t.userId('admin');
    expectEnvelope(await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { id: adminId, password: 'Head-2026-new' } }), { success: true });
    expect(await flag('admin')).toBe(0);
  });

  it('the login says so; other writes are refused with a clear message until the user changes it', async () => {
    const login = await t.api('POST', '/sys/login', { body: { username: 'reset.kid', password: 'Kite-2026-red' } });
    expectEnvelope(login, { success: true, code: 200 });
    expect(login.body.result.userInfo.needChangePassword).toBe(true);
    const token = login.body.result.token;

    const before = (await t.db.selectFrom('sys_user').select('realname').where('username', '=', 'reset.kid').executeTakeFirstOrThrow()).realname;
    const write = await t.api('PUT', '/teaching/user/edit', { token, body: { realname: '改名字' } });
    expectEnvelope(write, { success: false, status: 403, code: 403, message: PASSWORD_CHANGE_REQUIRED });
    expect((await t.db.selectFrom('sys_user').select('realname').where('username', '=', 'reset.kid').executeTakeFirstOrThrow()).realname).toBe(before);
    // Reading still works (the pages need it to show the change-password screen).
    expectEnvelope(await t.api('GET', '/teaching/user/info', { token }), { success: true });

    const change = await t.api('PUT', '/sys/user/updatePassword', {
      token,
      body: { oldpassword: 'Kite-2026-red', password: 'My-own-kite-7', confirmpassword: 'My-own-kite-7' },
    });
    expectEnvelope(change, { success: true });
    expect(await flag('reset.kid')).toBe(0);
    expectEnvelope(await t.api('PUT', '/teaching/user/edit', { token, body: { realname: '改名字' } }), { success: true });
    const again = await t.api('POST', '/sys/login', { body: { username: 'reset.kid', password: 'My-own-kite-7' } });
    expect(again.body.result.userInfo.needChangePassword).toBe(false);
  });

  it('pages send the user to the change-password screen, which says why', async () => {
    await makeStudent('page.kid');
    await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { username: 'page.kid', password: 'Kite-2026-page' } });

    const form = await t.request('/user/login', {
      method: 'POST',
      headers: { Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'page.kid', password: 'Kite-2026-page', redirect: '/dashboard/index' }),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('Location')).toBe('/account/settings/security');
    const cookie = /^(xt_token=[^;]+)/.exec(form.headers.get('Set-Cookie') ?? '')![1];

    const dashboard = await t.request('/dashboard/index', { headers: { Cookie: cookie } });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get('Location')).toBe('/account/settings/security');
    const htmx = await t.request('/isystem/user', { headers: { Cookie: cookie, 'HX-Request': 'true', 'HX-Target': 'content' } });
    expect(htmx.headers.get('HX-Redirect')).toBe('/account/settings/security');

    const screen = await t.request('/account/settings/security', { headers: { Cookie: cookie } });
    expect(screen.status).toBe(200);
    expect(await screen.text()).toContain(PASSWORD_CHANGE_REQUIRED);

    const changed = await t.request('/account/settings/security', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ oldpassword: 'Kite-2026-page', password: 'My-own-kite-8', confirmpassword: 'My-own-kite-8' }),
    });
    expect([302, 303]).toContain(changed.status);
    expect((await t.request('/dashboard/index', { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it('generated first-start passwords are flagged; ADMIN_PASSWORD and DEMO_PASSWORD are not', async () => {
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-flag-'));
    const generated = await freshDatabase();
    const given = await freshDatabase();
    try {
      await seedIfEmpty(generated.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
      await seedIfEmpty(given.db, { demoContent: false, storage: new LocalFileStore(filesDir), adminPassword: 'Admin-given-2026' });
      const flags = async (db: typeof generated.db) =>
        Object.fromEntries((await db.selectFrom('sys_user').select(['username', 'need_change_password']).execute()).map((u) => [u.username, u.need_change_password]));
      expect(await flags(generated.db)).toEqual({ admin: 1, teacher: 1, student1: 1, student2: 1, student3: 1 });
      expect(await flags(given.db)).toEqual({ admin: 0 });
      // The test app was seeded with both passwords given: nobody is flagged there.
      expect(await flag('student1')).toBe(0);
    } finally {
      await generated.close();
      await given.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });
});
