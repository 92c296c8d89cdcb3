// GET /sys/duplicate/check?tableName&fieldName&fieldVal&dataId — only allow-listed tables and fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectTokenRefusal } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('teacher');
});
afterAll(async () => {
  await t?.close();
});

const TAKEN = '该值不可用，系统中已存在！';
const check = (params: Record<string, string>, tok: string | null = token) =>
  t.api('GET', `/sys/duplicate/check?${new URLSearchParams(params)}`, { token: tok ?? undefined });

const tableCounts = async () => ({
  users: Number((await t.db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  roles: Number((await t.db.selectFrom('sys_role').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
});

describe('allow-listed checks', () => {
  it('reports a taken username', async () => {
    const res = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'student1', _t: '1700000000' });
    expectFailure(res, TAKEN);
  });

  it('reports a free username as available (code 200)', async () => {
    const res = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody-has-this-name' });
    expectEnvelope(res, { success: true, code: 200, message: '该值可用！' });
  });

  it('treats the row being edited (dataId) as not a duplicate of itself, but not other rows', async () => {
    const id = await t.userId('student1');
    expectEnvelope(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'student1', dataId: id }), {
      success: true,
      message: '该值可用！',
    });
    const other = await t.userId('student2');
    expectFailure(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'student1', dataId: other }), TAKEN);
  });

  it('compares exactly: no wildcard matching', async () => {
    expectEnvelope(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'student%' }), { success: true });
    expectEnvelope(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'student_' }), { success: true });
  });

  it('checks the other allow-listed fields', async () => {
    expectFailure(await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'teacher' }), TAKEN);
    expectFailure(await check({ tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'A01A01' }), TAKEN);
    expectFailure(await check({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'sex' }), TAKEN);
    expectEnvelope(await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'librarian' }), { success: true });
  });

  it('skips an empty value', async () => {
    expectEnvelope(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: '' }), { success: true });
  });
});

describe('refused checks', () => {
  it.each([
    ['a secret field', { tableName: 'sys_user', fieldName: 'password', fieldVal: 'x' }],
    ['the session table', { tableName: 'sys_session', fieldName: 'token_hash', fieldVal: 'x' }],
    ['a table name carrying SQL', { tableName: 'sys_user;drop table sys_role', fieldName: 'username', fieldVal: 'x' }],
    ['a field name carrying SQL', { tableName: 'sys_user', fieldName: 'username = username or 1', fieldVal: 'x' }],
    ['a quoted field', { tableName: 'sys_user', fieldName: '"username"', fieldVal: 'student1' }],
    ['a field from another table', { tableName: 'sys_role', fieldName: 'username', fieldVal: 'x' }],
    ['no table', { fieldName: 'username', fieldVal: 'x' }],
    ['an inherited object key as table (constructor)', { tableName: 'constructor', fieldName: 'name', fieldVal: 'x' }],
    ['an inherited object key as table (__proto__)', { tableName: '__proto__', fieldName: 'username', fieldVal: 'x' }],
    ['an inherited object key as table (toString)', { tableName: 'toString', fieldName: 'length', fieldVal: 'x' }],
    ['no field', { tableName: 'sys_user', fieldVal: 'x' }],
  ])('refuses %s and leaves the tables alone', async (_label, params) => {
    const before = await tableCounts();
    const res = await check(params);
    expectEnvelope(res, { success: false, status: 400 });
    expect(res.body.message).not.toBe('该值可用！');
    expect(await tableCounts()).toEqual(before);
  });

  it('does not let a check probe secret values: the password hash of a user is never compared', async () => {
    const hash = (await t.db.selectFrom('sys_user').select('password').where('username', '=', 'admin').executeTakeFirstOrThrow()).password;
    const res = await check({ tableName: 'sys_user', fieldName: 'password', fieldVal: hash });
    expectEnvelope(res, { success: false, status: 400 });
    expect(res.body.message).not.toBe(TAKEN);
  });

  it('refuses an over-long value', async () => {
    expectEnvelope(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'x'.repeat(300) }), { success: false });
  });

  it('refuses without a session', async () => {
    expectTokenRefusal(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'student1' }, null));
  });
});
