// 50 identical requests at once, as a double-clicking user or a retrying client sends them: creates of one
// name or code make exactly one row and tell the others why, adds of the same link are idempotent, and
// nobody gets a 500. The database's unique keys decide, so this holds on SQLite and PostgreSQL alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type ApiAnswer, type TestApp } from '../../../../test/harness.js';
import { up as uniqueSiblingDeparts } from '../../db/migrations/005_unique_sibling_departs.js';

const PARALLEL = 50;

describe.each(dialects)('50 parallel writes on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let schoolId: string;

  const fire = (method: string, path: string, body: () => unknown) =>
    Promise.all(Array.from({ length: PARALLEL }, () => t.api(method, path, { token: admin, body: body() })));
  const noServerErrors = (answers: ApiAnswer[]) => {
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
      expect(a.body.message).not.toBe('操作失败，服务器内部错误');
    }
  };
  const count = async (table: 'sys_depart' | 'sys_role' | 'sys_depart_role' | 'sys_user_role' | 'sys_user_depart' | 'sys_depart_role_user', where: [string, string][]) => {
    let q = t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    for (const [col, value] of where) q = q.where(col as never, '=', value as never);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
    schoolId = (await t.db.selectFrom('sys_depart').select('id').where('org_code', '=', 'A01').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes one class of one name under one parent; the others hear the name is taken', async () => {
    const answers = await fire('POST', '/sys/sysDepart/add', () => ({ parentId: schoolId, departName: '并发班', orgCategory: '3' }));
    noServerErrors(answers);
    const made = answers.filter((a) => a.body.success);
    expect(made).toHaveLength(1);
    for (const a of answers.filter((x) => !x.body.success)) expect(a.body.message, JSON.stringify(a.body)).toBe('同一上级下已存在同名部门');
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await count('sys_depart', [['parent_id', schoolId], ['depart_name', '并发班']])).toBe(1);
  });

  it('renames into a sibling’s name only once', async () => {
    const ids: string[] = [];
    for (const name of ['改名甲', '改名乙', '改名丙']) {
      const res = await t.api('POST', '/sys/sysDepart/add', { token: admin, body: { parentId: schoolId, departName: name, orgCategory: '3' } });
      ids.push(res.body.result.id);
    }
    const answers = await Promise.all(
      ids.map((id) => t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { id, departName: '改名后', orgCategory: '3' } })),
    );
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    for (const a of answers.filter((x) => !x.body.success)) expect(a.body.message).toBe('同一上级下已存在同名部门');
    expect(await count('sys_depart', [['parent_id', schoolId], ['depart_name', '改名后']])).toBe(1);
  });

  it('makes one role of one code', async () => {
    const answers = await fire('POST', '/sys/role/add', () => ({ roleName: '并发角色', roleCode: 'parallel_role', roleLevel: 1 }));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    for (const a of answers.filter((x) => !x.body.success)) expect(a.body.message).toBe('角色编码已存在');
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await count('sys_role', [['role_code', 'parallel_role']])).toBe(1);
  });

  it('makes one department role of one code in one department', async () => {
    const answers = await fire('POST', '/sys/sysDepartRole/add', () => ({ departId: schoolId, roleName: '并发部门角色', roleCode: 'parallel_drole' }));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    for (const a of answers.filter((x) => !x.body.success)) expect(a.body.message).toBe('部门角色编码已存在');
    expect(await count('sys_depart_role', [['depart_id', schoolId], ['role_code', 'parallel_drole']])).toBe(1);
  });

  it('adds the same users to a role, the same member to a class and the same department role idempotently', async () => {
    const [s2, s3] = [await t.userId('student2'), await t.userId('student3')];
    const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow();
    const roleAdds = await fire('POST', '/sys/user/addSysUserRole', () => ({ roleId: role.id, userIdList: [s2, s3] }));
    expect(roleAdds.map((a) => a.body.message)).toEqual(Array(PARALLEL).fill('添加成功!'));
    expect(await count('sys_user_role', [['role_id', role.id], ['user_id', s2]])).toBe(1);
    expect(await count('sys_user_role', [['role_id', role.id], ['user_id', s3]])).toBe(1);

    const cls = (await t.api('POST', '/sys/sysDepart/add', { token: admin, body: { parentId: schoolId, departName: '并发成员班', orgCategory: '3' } })).body.result.id;
    const memberAdds = await fire('POST', '/sys/user/editSysDepartWithUser', () => ({ depId: cls, userIdList: [s2] }));
    expect(memberAdds.every((a) => a.body.success)).toBe(true);
    expect(await count('sys_user_depart', [['dep_id', cls], ['user_id', s2]])).toBe(1);

    const drole = (await t.api('POST', '/sys/sysDepartRole/add', { token: admin, body: { departId: cls, roleName: '班长', roleCode: 'monitor' } })).body.result.id;
    const droleAdds = await fire('POST', '/sys/sysDepartRole/deptRoleUserAdd', () => ({ userId: s2, newRoleId: drole, oldRoleId: '' }));
    expect(droleAdds.every((a) => a.body.success)).toBe(true);
    expect(await count('sys_depart_role_user', [['drole_id', drole], ['user_id', s2]])).toBe(1);
  });

  it('the migration renames existing duplicates among siblings and keeps the oldest name', async () => {
    await t.db.schema.dropIndex('uniq_sys_depart_parent_name').execute();
    const dup = (id: string, name: string, time: string, code: string) => ({
      id,
      parent_id: schoolId,
      depart_name: name,
      org_code: code,
      org_category: '3',
      org_type: '2',
      create_time: time,
    });
    await t.db
      .insertInto('sys_depart')
      .values([
        dup('dupa'.padEnd(32, '0'), '重名班', '2024-01-03 00:00:00', 'Z01'),
        dup('dupb'.padEnd(32, '0'), '重名班', '2024-01-01 00:00:00', 'Z02'),
        dup('dupc'.padEnd(32, '0'), '重名班', '2024-01-02 00:00:00', 'Z03'),
        dup('dupd'.padEnd(32, '0'), '重名班（2）', '2024-01-04 00:00:00', 'Z04'),
      ])
      .execute();
    await uniqueSiblingDeparts(t.db);
    const names = await t.db.selectFrom('sys_depart').select(['id', 'depart_name']).where('org_code', 'in', ['Z01', 'Z02', 'Z03', 'Z04']).orderBy('org_code').execute();
    expect(names.map((n) => n.depart_name)).toEqual(['重名班（4）', '重名班', '重名班（3）', '重名班（2）']);
    // The key holds again.
    const again = await t.api('POST', '/sys/sysDepart/add', { token: admin, body: { parentId: schoolId, departName: '重名班', orgCategory: '3' } });
    expect(again.body.message).toBe('同一上级下已存在同名部门');
  });
});
