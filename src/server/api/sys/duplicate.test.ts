// GET /sys/duplicate/check?tableName&fieldName&fieldVal&dataId — only allow-listed tables and fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectTokenRefusal } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

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

// Personal fields (username, phone, e-mail, 工号) tell whether someone has a value, and with dataId whether it is
// that user's: only staff who may edit that user (within their scope) have dataId honoured; everyone else checks
// as their own profile (dataId is theirs, whatever they send), and all of it is rate-limited per user.
describe.each(dialects)('personal fields on %s', (dialect) => {
  let a: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const phones = { admin: '13900000001', student1: '13900000011', student2: '13900000012' } as const;
  const probe = (who: string, params: Record<string, string>) => a.api('GET', `/sys/duplicate/check?${new URLSearchParams(params)}`, { token: tokens[who] });
  const phone = (fieldVal: string, dataId?: string) => ({ tableName: 'sys_user', fieldName: 'phone', fieldVal, ...(dataId ? { dataId } : {}) });

  beforeAll(async () => {
    a = await startTestApp({ dialect });
    for (const u of ['admin', 'teacher', 'student1', 'student2', 'student3']) {
      ids[u] = await a.userId(u);
      tokens[u] = await a.login(u);
    }
    for (const [u, p] of Object.entries(phones)) await a.db.updateTable('sys_user').set({ phone: p }).where('id', '=', ids[u]).execute();
  });
  afterAll(() => a.close());

  it('a student cannot tie a value to another user: dataId counts as their own', async () => {
    // Another user's phone, named with that user's id: the answer is the same as without it (taken).
    expectFailure(await probe('student1', phone(phones.student2, ids.student2)), TAKEN);
    expectFailure(await probe('student1', phone(phones.admin, ids.admin)), TAKEN);
    // Their own profile keeps its live check: their own value is free for them, with or without dataId.
    expectEnvelope(await probe('student1', phone(phones.student1, ids.student1)), { success: true, message: '该值可用！' });
    expectEnvelope(await probe('student1', phone(phones.student1)), { success: true, message: '该值可用！' });
  });

  it('a teacher has dataId honoured for a user they may edit, and ignored outside their scope', async () => {
    expectEnvelope(await probe('teacher', phone(phones.student2, ids.student2)), { success: true, message: '该值可用！' });
    expectFailure(await probe('teacher', phone(phones.student2, ids.student1)), TAKEN);
    // The admin is outside the teacher's classes (and above their role): their id tells nothing.
    expectFailure(await probe('teacher', phone(phones.admin, ids.admin)), TAKEN);
    // The add form's check (no dataId) and the teacher's own profile still work.
    expectEnvelope(await probe('teacher', phone('13900000099')), { success: true });
    expectEnvelope(await probe('admin', phone(phones.admin, ids.admin)), { success: true });
    expectEnvelope(await probe('admin', phone(phones.student2, ids.student2)), { success: true });
  });

  it('is rate-limited per user: a student’s burst of checks is cut off with 429', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => probe('student3', { tableName: 'sys_user', fieldName: 'username', fieldVal: `probe${i}` })));
    const limited = answers.filter((r) => r.body.code === 429);
    expect(limited.length).toBeGreaterThanOrEqual(30);
    expect(limited[0].body.message).toBe('请求过于频繁，请稍后再试');
    // Another user is not held up by it; fields that are not personal are not counted.
    expectEnvelope(await probe('student2', phone('13900000098')), { success: true });
    expectFailure(await probe('student3', { tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'teacher' }), TAKEN);
  });
});
