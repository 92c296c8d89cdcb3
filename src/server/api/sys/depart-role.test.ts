// Department roles: /sys/sysDepartRole (list, add, edit, delete, who holds them) and /sys/sysDepartPermission
// (a role's grants, limited to the permissions its department has). A granted department role shows in the
// holder's menu (getUserPermissionByToken reads sys_depart_role_user).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;
let teacher: string;
let gradeId: string;
let class1Id: string;
/** Permissions granted to 一年级 for these tests: a sub-menu the teacher lacks, its parent, and a button. */
let menuId: string;
let buttonId: string;
let otherId: string;
let parentMenuId: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, teacher] = await Promise.all([t.login('admin'), t.login('teacher')]);
  gradeId = (await t.db.selectFrom('sys_depart').select('id').where('org_code', '=', 'A01A01').executeTakeFirstOrThrow()).id;
  class1Id = (await t.db.selectFrom('sys_depart').select('id').where('org_code', '=', 'A01A01A01').executeTakeFirstOrThrow()).id;
  const teacherMenus = t.db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
    .select('rp.permission_id')
    .where('r.role_code', '=', 'teacher');
  const menu = await t.db
    .selectFrom('sys_permission')
    .select(['id', 'url', 'parent_id'])
    .where('menu_type', '=', 1)
    .where('del_flag', '=', 0)
    .where('id', 'not in', teacherMenus)
    .where('url', 'is not', null)
    // a screen right under a top-level group, so granting it and its parent makes a connected menu
    .where('parent_id', 'in', t.db.selectFrom('sys_permission').select('id').where('parent_id', '=', '').where('del_flag', '=', 0))
    .orderBy('sort_no')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  menuId = menu.id;
  parentMenuId = menu.parent_id;
  const button = await t.db.selectFrom('sys_permission').select('id').where('menu_type', '=', 2).where('del_flag', '=', 0).executeTakeFirstOrThrow();
  buttonId = button.id;
  otherId = (await t.db.selectFrom('sys_permission').select('id').where('id', 'not in', [menuId, buttonId, parentMenuId]).where('del_flag', '=', 0).executeTakeFirstOrThrow()).id;
  const res = await t.api('POST', '/sys/permission/saveDepartPermission', {
    token: admin,
    body: { departId: gradeId, permissionIds: `${parentMenuId},${menuId},${buttonId}`, lastpermissionIds: '' },
  });
  expect(res.body.success).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

const roles = () => t.db.selectFrom('sys_depart_role').selectAll().orderBy('id').execute();
const snapshot = async () => ({
  roles: await roles(),
  grants: await t.db.selectFrom('sys_depart_role_permission').selectAll().orderBy('id').execute(),
  users: await t.db.selectFrom('sys_depart_role_user').selectAll().orderBy('id').execute(),
});
const addRole = (body: unknown, token = admin) => t.api('POST', '/sys/sysDepartRole/add', { token, body });

describe('department role CRUD', () => {
  let roleId: string;

  it('adds, lists (paged), reads and edits a role of a department', async () => {
    const res = await addRole({ departId: gradeId, roleName: '年级组长', roleCode: 'grade_lead', description: '管理年级' });
    expectEnvelope(res, { success: true, message: '添加成功！' });
    roleId = res.body.result.id;
    expect(roleId).toMatch(/^[0-9a-f]{32}$/);
    await addRole({ departId: gradeId, roleName: '副组长', roleCode: 'vice_lead' });

    const list = await t.api('GET', `/sys/sysDepartRole/list?deptId=${gradeId}&pageNo=1&pageSize=10&column=roleCode&order=asc`, { token: admin });
    expectEnvelope(list, { success: true, code: 0 });
    expectPage(list.body.result, 10, 1);
    expect(list.body.result.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(['grade_lead', 'vice_lead']);
    const named = await t.api('GET', `/sys/sysDepartRole/list?deptId=${gradeId}&roleName=${encodeURIComponent('*副*')}`, { token: admin });
    expect(named.body.result.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(['vice_lead']);
    // Another department's list is its own.
    const other = await t.api('GET', `/sys/sysDepartRole/list?deptId=${class1Id}`, { token: admin });
    expect(other.body.result.total).toBe(0);

    const one = await t.api('GET', `/sys/sysDepartRole/queryById?id=${roleId}`, { token: admin });
    expectEnvelope(one, { success: true });
    expect(one.body.result).toMatchObject({ id: roleId, departId: gradeId, roleName: '年级组长', roleCode: 'grade_lead', createBy: 'admin' });

    const edit = await t.api('PUT', '/sys/sysDepartRole/edit', { token: admin, body: { id: roleId, roleName: '年级组长A', roleCode: 'grade_lead', description: null } });
    expectEnvelope(edit, { success: true, message: '修改成功!' });
    expect((await roles()).find((r) => r.id === roleId)).toMatchObject({ role_name: '年级组长A', description: null, update_by: 'admin' });

    const all = await t.api('GET', `/sys/sysDepartRole/getDeptRoleList?departId=${gradeId}`, { token: admin });
    expect(all.body.result.map((r: { roleCode: string }) => r.roleCode).sort()).toEqual(['grade_lead', 'vice_lead']);
  });

  it('refuses bad input, duplicates, unknown ids and callers without depart:role, changing nothing', async () => {
    const before = await snapshot();
    expectInvalid(await addRole({ departId: gradeId, roleCode: 'x' }), '请输入部门角色名称', 'roleName');
    expectInvalid(await addRole({ departId: gradeId, roleName: 'x', roleCode: 'bad code' }), '部门角色编码只能包含字母、数字和下划线', 'roleCode');
    expectInvalid(await addRole({ departId: gradeId, roleName: 'x'.repeat(101), roleCode: 'ok' }), '部门角色名称不能超过100个字符', 'roleName');
    expectInvalid(await addRole({ roleName: 'x', roleCode: 'ok' }), '请选择部门', 'departId');
    expectEnvelope(await t.api('POST', '/sys/sysDepartRole/add', { token: admin, body: '[' }), { success: false, status: 400, message: '请求数据不是有效的JSON' });
    const dup = await addRole({ departId: gradeId, roleName: '重复', roleCode: 'vice_lead' });
    expectFailure(dup, '部门角色编码已存在');
    expect(dup.body.result.errors.roleCode).toBe('部门角色编码已存在');
    expectFailure(await addRole({ departId: newId(), roleName: 'x', roleCode: 'ok' }), '未找到对应实体');
    expectFailure(await t.api('PUT', '/sys/sysDepartRole/edit', { token: admin, body: { id: newId(), roleName: 'x', roleCode: 'ok' } }), '未找到对应实体');
    expectFailure(await t.api('PUT', '/sys/sysDepartRole/edit', { token: admin, body: { id: roleId, roleName: 'x', roleCode: 'vice_lead' } }), '部门角色编码已存在');
    expectFailure(await t.api('GET', `/sys/sysDepartRole/queryById?id=${newId()}`, { token: admin }), '未找到对应实体');
    expectFailure(await t.api('GET', `/sys/sysDepartRole/list?deptId=${newId()}`, { token: admin }), '未找到对应实体');
    expectFailure(await t.api('DELETE', `/sys/sysDepartRole/deleteBatch?ids=${roleId},${newId()}`, { token: admin }), '未找到对应实体');
    expectFailure(await t.api('DELETE', '/sys/sysDepartRole/delete', { token: admin }), '未选中部门角色！');
    expectNoPermission(await addRole({ departId: gradeId, roleName: 'x', roleCode: 'teacher_made' }, teacher));
    expectNoPermission(await t.api('GET', `/sys/sysDepartRole/list?deptId=${gradeId}`, { token: teacher }));
    expect(await snapshot()).toEqual(before);
  });

  it('grants a role only the department’s permissions (diff save) and its holder gets the menu', async () => {
    const tree = await t.api('GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${gradeId}`, { token: admin });
    expectEnvelope(tree, { success: true });
    expect([...tree.body.result.ids].sort()).toEqual([parentMenuId, menuId, buttonId].sort());
    const root = tree.body.result.treeList.find((n: { key: string }) => n.key === parentMenuId);
    expect(root).toMatchObject({ key: parentMenuId, value: parentMenuId, isLeaf: false });
    expect(root.children.map((n: { key: string }) => n.key)).toContain(menuId);

    const save = (permissionIds: string, lastpermissionIds: string) =>
      t.api('POST', '/sys/sysDepartPermission/saveDeptRolePermission', { token: admin, body: { roleId, permissionIds, lastpermissionIds } });
    const before = await snapshot();
    expectFailure(await save(otherId, ''), '只能授予本部门已拥有的权限');
    expectFailure(await t.api('POST', '/sys/sysDepartPermission/saveDeptRolePermission', { token: admin, body: { roleId: newId(), permissionIds: menuId } }), '未找到对应实体');
    expectInvalid(await t.api('POST', '/sys/sysDepartPermission/saveDeptRolePermission', { token: admin, body: { permissionIds: menuId } }), '请选择部门角色', 'roleId');
    expect(await snapshot()).toEqual(before);

    expectEnvelope(await save(`${parentMenuId},${menuId},${buttonId}`, ''), { success: true, message: '保存成功！' });
    expectEnvelope(await save(`${parentMenuId},${menuId}`, `${parentMenuId},${menuId},${buttonId}`), { success: true });
    const read = await t.api('GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`, { token: admin });
    expect([...read.body.result].sort()).toEqual([parentMenuId, menuId].sort());

    // The teacher belongs to class 1 (inside 一年级): give them the role and the menu appears for them.
    const teacherId = await t.userId('teacher');
    const menuUrl = (await t.db.selectFrom('sys_permission').select('url').where('id', '=', menuId).executeTakeFirstOrThrow()).url;
    const urls = async () => {
      const res = await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: teacher });
      const flat = (items: { path: string; children?: unknown[] }[]): string[] => items.flatMap((i) => [i.path, ...flat((i.children ?? []) as never)]);
      return flat(res.body.result.menu);
    };
    expect(await urls()).not.toContain(menuUrl);
    const grant = await t.api('POST', '/sys/sysDepartRole/deptRoleUserAdd', { token: admin, body: { userId: teacherId, newRoleId: roleId, oldRoleId: '' } });
    expectEnvelope(grant, { success: true, message: '添加成功!' });
    const held = await t.api('GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${teacherId}&departId=${gradeId}`, { token: admin });
    expect(held.body.result.map((x: { droleId: string }) => x.droleId)).toEqual([roleId]);
    expect(await urls()).toContain(menuUrl);

    // Removing the role takes it away again.
    expectEnvelope(await t.api('POST', '/sys/sysDepartRole/deptRoleUserAdd', { token: admin, body: { userId: teacherId, newRoleId: '', oldRoleId: roleId } }), { success: true });
    expect((await t.api('GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${teacherId}`, { token: admin })).body.result).toEqual([]);
    expect(await urls()).not.toContain(menuUrl);
  });

  it('assigns roles only to members of the department or its sub-departments', async () => {
    const before = await snapshot();
    const adminId = await t.userId('admin'); // member of 希望小学 only
    expectFailure(await t.api('POST', '/sys/sysDepartRole/deptRoleUserAdd', { token: admin, body: { userId: adminId, newRoleId: roleId } }), '该用户不属于此部门，不能分配部门角色');
    expectFailure(await t.api('POST', '/sys/sysDepartRole/deptRoleUserAdd', { token: admin, body: { userId: newId(), newRoleId: roleId } }), '用户不存在');
    expectFailure(await t.api('POST', '/sys/sysDepartRole/deptRoleUserAdd', { token: admin, body: { userId: adminId, newRoleId: newId() } }), '未找到对应实体');
    expectInvalid(await t.api('POST', '/sys/sysDepartRole/deptRoleUserAdd', { token: admin, body: { newRoleId: roleId } }), '请选择用户', 'userId');
    expect(await snapshot()).toEqual(before);
  });

  it('deletes roles with their grants and holders', async () => {
    const s1 = await t.userId('student1');
    await t.api('POST', '/sys/sysDepartPermission/saveDeptRolePermission', { token: admin, body: { roleId, permissionIds: buttonId, lastpermissionIds: '' } });
    await t.api('POST', '/sys/sysDepartRole/deptRoleUserAdd', { token: admin, body: { userId: s1, newRoleId: roleId } });
    expect((await snapshot()).users).toHaveLength(1);
    const res = await t.api('DELETE', `/sys/sysDepartRole/delete?id=${roleId}`, { token: admin });
    expectEnvelope(res, { success: true, message: '删除成功!' });
    const after = await snapshot();
    expect(after.roles.map((r) => r.role_code)).toEqual(['vice_lead']);
    expect(after.grants).toEqual([]);
    expect(after.users).toEqual([]);
    const vice = after.roles[0].id;
    expectEnvelope(await t.api('DELETE', `/sys/sysDepartRole/deleteBatch?ids=${vice},`, { token: admin }), { success: true });
    expect(await roles()).toEqual([]);
  });
});
