// /sys/sysDepart: the department tree, org code generation, add/edit/delete with descendants, search, the
// caller's own tree; members (/sys/user/departUserList, editSysDepartWithUser, deleteUserInDepart[Batch],
// removeAll); department permissions (queryDepartPermission, saveDepartPermission). Teachers act only inside
// the departments they manage (the seed: 一年级 A01A01 with classes A01A01A01 and A01A01A02).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { isUniqueViolation } from '../../db/errors.js';
import { nextOrgCodeFrom, ordinalSegment, segmentOrdinal, topmostCodes } from '../../domain/departs.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage, expectTokenRefusal } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;
let teacher: string;
let student: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
});
afterAll(async () => {
  await t?.close();
});

const departByCode = (code: string) => t.db.selectFrom('sys_depart').selectAll().where('org_code', '=', code).executeTakeFirstOrThrow();
const idOf = async (code: string) => (await departByCode(code)).id;
const count = async (table: 'sys_depart' | 'sys_user_depart' | 'sys_depart_permission' | 'sys_depart_role' | 'sys_depart_role_user' | 'sys_depart_role_permission' | 'sys_user_manage_depart') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
/** A snapshot of every department row and link, to prove a refused request changed nothing. */
const snapshot = async () => ({
  departs: await t.db.selectFrom('sys_depart').selectAll().orderBy('id').execute(),
  members: await t.db.selectFrom('sys_user_depart').selectAll().orderBy('id').execute(),
  perms: await t.db.selectFrom('sys_depart_permission').selectAll().orderBy('id').execute(),
  orgCodes: await t.db.selectFrom('sys_user').select(['id', 'org_code']).orderBy('id').execute(),
});
const add = (token: string, body: unknown) => t.api('POST', '/sys/sysDepart/add', { token, body });

interface Node {
  id: string;
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  parentId: string;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgType: string;
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('org code generation (domain)', () => {
  it('counts A01 … A99, B01 … Z99 and goes one past the highest code of the level', () => {
    expect(segmentOrdinal('A01')).toBe(0);
    expect(segmentOrdinal('B01')).toBe(99);
    expect(ordinalSegment(98)).toBe('A99');
    expect(ordinalSegment(99)).toBe('B01');
    expect(nextOrgCodeFrom('', [])).toBe('A01');
    expect(nextOrgCodeFrom('A01', ['A01A01', 'A01A02'])).toBe('A01A03');
    // A gap (a deleted department) is not reused while later codes exist.
    expect(nextOrgCodeFrom('A01', ['A01A01', 'A01A03'])).toBe('A01A04');
    expect(nextOrgCodeFrom('A01', ['A01A99'])).toBe('A01B01');
    // Codes of other levels or malformed codes are ignored.
    expect(nextOrgCodeFrom('A01', ['A01A01A05', 'A02A07', 'A01xyz'])).toBe('A01A01');
  });

  it('fills the lowest gap once Z99 is taken, and gives up when the level is full', () => {
    expect(nextOrgCodeFrom('', ['A01', 'Z99'])).toBe('A02');
    const all = Array.from({ length: 26 * 99 }, (_, i) => ordinalSegment(i));
    expect(nextOrgCodeFrom('', all)).toBeNull();
  });

  it('recognises a taken org code as the unique violation the add retries on (this dialect)', async () => {
    const err = await t.db
      .insertInto('sys_depart')
      .values({ id: newId(), depart_name: '重复编码', org_code: 'A01' })
      .execute()
      .then(() => null, (e: unknown) => e);
    expect(err).not.toBeNull();
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(new Error('connection reset'))).toBe(false);
  });

  it('keeps only the topmost of nested codes', () => {
    expect(topmostCodes(['A01A01', 'A01', 'A02A01', 'A02A01A03', ''])).toEqual(['A01', 'A02A01']);
  });
});

describe('GET /sys/sysDepart/queryTreeList', () => {
  it('gives admins the whole tree in the anchor’s model, ordered by depart_order', async () => {
    const res = await t.api('GET', '/sys/sysDepart/queryTreeList', { token: admin });
    expectEnvelope(res, { success: true, code: 0 });
    const roots = res.body.result as Node[];
    expect(roots.map((r) => r.orgCode)).toEqual(['A01']);
    const school = roots[0];
    expect(school).toMatchObject({ key: school.id, value: school.id, title: '希望小学', departName: '希望小学', parentId: '', isLeaf: false, orgCategory: '1', orgType: '1' });
    for (const k of ['departNameEn', 'departNameAbbr', 'departOrder', 'description', 'mobile', 'fax', 'address', 'memo', 'status', 'delFlag', 'createBy', 'createTime', 'updateBy', 'updateTime']) {
      expect(school, k).toHaveProperty(k);
    }
    const grade = school.children[0];
    expect(grade).toMatchObject({ orgCode: 'A01A01', title: '一年级', parentId: school.id, orgCategory: '2' });
    expect(grade.children.map((c) => c.title)).toEqual(['一年级一班', '一年级二班']);
    expect(grade.children[0]).toMatchObject({ isLeaf: true, children: [], orgCategory: '3' });
  });

  it('gives a teacher only the subtree they manage', async () => {
    const res = await t.api('GET', '/sys/sysDepart/queryTreeList', { token: teacher });
    expectEnvelope(res, { success: true });
    const roots = res.body.result as Node[];
    expect(roots.map((r) => r.orgCode)).toEqual(['A01A01']);
    expect(flatten(roots).map((n) => n.orgCode).sort()).toEqual(['A01A01', 'A01A01A01', 'A01A01A02']);
  });

  it('refuses students (no menu) and visitors', async () => {
    expectNoPermission(await t.api('GET', '/sys/sysDepart/queryTreeList', { token: student }));
    expectTokenRefusal(await t.api('GET', '/sys/sysDepart/queryTreeList'));
  });
});

describe('GET /sys/sysDepart/queryIdTree and queryMyDeptTreeList', () => {
  it('queryIdTree has only key/value/title/children', async () => {
    const res = await t.api('GET', '/sys/sysDepart/queryIdTree', { token: admin });
    expectEnvelope(res, { success: true });
    const [school] = res.body.result;
    expect(Object.keys(school).sort()).toEqual(['children', 'key', 'title', 'value']);
    expect(school.children[0].children.map((c: { title: string }) => c.title)).toEqual(['一年级一班', '一年级二班']);
    const mine = await t.api('GET', '/sys/sysDepart/queryIdTree', { token: student });
    expectEnvelope(mine, { success: true });
    expect(mine.body.result).toEqual([]);
  });

  it('queryMyDeptTreeList: admins get every root with message "2", teachers their managed tree, students null with "1"', async () => {
    const a = await t.api('GET', '/sys/sysDepart/queryMyDeptTreeList', { token: admin });
    expectEnvelope(a, { success: true, message: '2', code: 0 });
    expect(a.body.result.map((n: Node) => n.orgCode)).toEqual(['A01']);

    const tr = await t.api('GET', '/sys/sysDepart/queryMyDeptTreeList', { token: teacher });
    expectEnvelope(tr, { success: true, message: '2' });
    expect(tr.body.result).toHaveLength(1);
    expect(tr.body.result[0]).toMatchObject({ orgCode: 'A01A01', title: '一年级' });
    expect(tr.body.result[0].children.map((c: Node) => c.title)).toEqual(['一年级一班', '一年级二班']);

    const s = await t.api('GET', '/sys/sysDepart/queryMyDeptTreeList', { token: student });
    expectEnvelope(s, { success: true, message: '1' });
    expect(s.body.result).toBeNull();
  });

  it('a teacher managing a grade and one of its classes gets the grade once', async () => {
    const teacherId = await t.userId('teacher');
    const link = { id: newId(), user_id: teacherId, dep_id: await idOf('A01A01A01') };
    await t.db.insertInto('sys_user_manage_depart').values(link).execute();
    try {
      const res = await t.api('GET', '/sys/sysDepart/queryMyDeptTreeList', { token: teacher });
      expect(res.body.result.map((n: Node) => n.orgCode)).toEqual(['A01A01']);
    } finally {
      await t.db.deleteFrom('sys_user_manage_depart').where('id', '=', link.id).execute();
    }
  });
});

describe('GET /sys/sysDepart/searchBy', () => {
  it('finds departments whose name contains the keyword', async () => {
    const res = await t.api('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('二班')}`, { token: admin });
    expectEnvelope(res, { success: true });
    expect(res.body.result.map((n: Node) => n.title)).toEqual(['一年级二班']);
  });

  it('answers 未查询匹配数据！ when nothing matches, and treats % and _ literally', async () => {
    expectFailure(await t.api('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('不存在的班')}`, { token: admin }), '未查询匹配数据！');
    expectFailure(await t.api('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('%')}`, { token: admin }), '未查询匹配数据！');
  });

  it('limits teachers (and myDeptSearch=1) to the managed subtree', async () => {
    expectFailure(await t.api('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('希望')}`, { token: teacher }), '未查询匹配数据！');
    const res = await t.api('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('一年级')}&myDeptSearch=1`, { token: teacher });
    expect(res.body.result.map((n: Node) => n.orgCode)).toEqual(['A01A01', 'A01A01A01', 'A01A01A02']);
  });

  it('needs a keyword of at most 100 characters', async () => {
    expectInvalid(await t.api('GET', '/sys/sysDepart/searchBy', { token: admin }), '请输入查询关键字', 'keyWord');
    expectInvalid(await t.api('GET', `/sys/sysDepart/searchBy?keyWord=${'x'.repeat(101)}`, { token: admin }), '查询关键字不能超过100个字符', 'keyWord');
  });
});

describe('POST /sys/sysDepart/add', () => {
  it('adds a class under 一年级 with the next org code, level and category, and a 32-hex id', async () => {
    const grade = await departByCode('A01A01');
    const res = await add(admin, { departName: '一年级三班', parentId: grade.id, departOrder: 3, memo: '新班' });
    expectEnvelope(res, { success: true, code: 200, message: '添加成功！' });
    expect(res.body.result).toMatchObject({ orgCode: 'A01A01A03', parentId: grade.id, orgCategory: '3', orgType: '3', departName: '一年级三班', memo: '新班' });
    expect(res.body.result.id).toMatch(/^[0-9a-f]{32}$/);
    const row = await departByCode('A01A01A03');
    expect(row).toMatchObject({ depart_name: '一年级三班', parent_id: grade.id, depart_order: 3, status: '1', del_flag: '0', create_by: 'admin' });
    // It shows in the tree.
    const tree = await t.api('GET', '/sys/sysDepart/queryTreeList', { token: admin });
    expect(flatten(tree.body.result).some((n) => n.orgCode === 'A01A01A03' && n.title === '一年级三班')).toBe(true);
  });

  it('adds roots A02 … and grades below them', async () => {
    const root = await add(admin, { departName: '实验中学' });
    expectEnvelope(root, { success: true });
    expect(root.body.result).toMatchObject({ orgCode: 'A02', parentId: '', orgCategory: '1', orgType: '1' });
    const grade = await add(admin, { departName: '初一', parentId: root.body.result.id });
    expect(grade.body.result).toMatchObject({ orgCode: 'A02A01', orgCategory: '2', orgType: '2' });
    const cls = await add(admin, { departName: '初一(1)班', parentId: grade.body.result.id, orgCategory: '3' });
    expect(cls.body.result).toMatchObject({ orgCode: 'A02A01A01', orgCategory: '3', orgType: '3' });
    // Without an order a department goes after its siblings.
    expect(root.body.result.departOrder).toBe(1);
    const cls2 = await add(admin, { departName: '初一(2)班', parentId: grade.body.result.id, orgCategory: '3' });
    expect(cls2.body.result).toMatchObject({ orgCode: 'A02A01A02', departOrder: 2 });
  });

  it('does not hand out a deleted sibling’s code while later ones exist', async () => {
    const root = await add(admin, { departName: '间隙学校' });
    const parentId = root.body.result.id;
    const a = await add(admin, { departName: '甲', parentId });
    const b = await add(admin, { departName: '乙', parentId });
    expect([a.body.result.orgCode, b.body.result.orgCode]).toEqual([`${root.body.result.orgCode}A01`, `${root.body.result.orgCode}A02`]);
    expectEnvelope(await t.api('DELETE', `/sys/sysDepart/delete?id=${a.body.result.id}`, { token: admin }), { success: true });
    const c = await add(admin, { departName: '丙', parentId });
    expect(c.body.result.orgCode).toBe(`${root.body.result.orgCode}A03`);
  });

  it('gives concurrent adds under one parent distinct codes', async () => {
    const root = await add(admin, { departName: '并发学校' });
    const parentId = root.body.result.id;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => add(admin, { departName: `并发年级${i}`, parentId })));
    for (const a of answers) expectEnvelope(a, { success: true });
    const codes = answers.map((a) => a.body.result.orgCode as string).sort();
    expect(new Set(codes).size).toBe(8);
    expect(codes).toEqual(Array.from({ length: 8 }, (_, i) => `${root.body.result.orgCode}A0${i + 1}`));
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const before = await snapshot();
    const grade = await departByCode('A01A01');
    const cls = await departByCode('A01A01A01');
    const bad = await t.api('POST', '/sys/sysDepart/add', { token: admin, body: '{not json' });
    expectEnvelope(bad, { success: false, status: 400, code: 400, message: '请求数据不是有效的JSON' });
    expectInvalid(await add(admin, {}), '请输入部门名称', 'departName');
    expectInvalid(await add(admin, { departName: '   ' }), '请输入部门名称', 'departName');
    expectInvalid(await add(admin, { departName: 12 }), '请输入部门名称', 'departName');
    expectInvalid(await add(admin, { departName: 'x'.repeat(101) }), '部门名称不能超过100个字符', 'departName');
    expectInvalid(await add(admin, { departName: '班', parentId: grade.id, orgCategory: '9' }), '机构类型只能是机构、部门或班级', 'orgCategory');
    expectInvalid(await add(admin, { departName: '班', parentId: grade.id, departOrder: 'abc' }), '排序必须是0到99999之间的整数', 'departOrder');
    expectInvalid(await add(admin, { departName: '班', parentId: grade.id, departOrder: -1 }), '排序必须是0到99999之间的整数', 'departOrder');
    expectInvalid(await add(admin, { departName: '班', parentId: grade.id, mobile: 'call me' }), '手机号只能包含数字、空格和 + - ( )', 'mobile');
    expectInvalid(await add(admin, { departName: '班', parentId: grade.id, memo: 'm'.repeat(501) }), '备注不能超过500个字符', 'memo');
    expectFailure(await add(admin, { departName: '班', parentId: newId() }), '上级部门不存在');
    expectFailure(await add(admin, { departName: '班', parentId: cls.id }), '班级下不能再添加下级部门');
    expectFailure(await add(admin, { departName: '学校', orgCategory: '3' }), '一级部门只能是机构');
    expectFailure(await add(admin, { departName: '班', parentId: grade.id, orgCategory: '1' }), '下级部门只能是部门或班级');
    const dup = await add(admin, { departName: '一年级一班', parentId: grade.id });
    expectFailure(dup, '同一上级下已存在同名部门');
    expect(dup.body.result.errors.departName).toBe('同一上级下已存在同名部门');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses teachers (no depart:add in the seed) and students', async () => {
    const grade = await departByCode('A01A01');
    const before = await count('sys_depart');
    expectNoPermission(await add(teacher, { departName: '老师的班', parentId: grade.id }));
    expectNoPermission(await add(student, { departName: '学生的班', parentId: grade.id }));
    expect(await count('sys_depart')).toBe(before);
  });
});

describe('PUT /sys/sysDepart/edit', () => {
  it('renames a department and keeps its code and place', async () => {
    const cls = await departByCode('A01A01A02');
    const res = await t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { id: cls.id, departName: '一年级二班（改）', parentId: cls.parent_id, orgCode: 'HACK', orgCategory: '3', address: '二楼' } });
    expectEnvelope(res, { success: true, message: '修改成功!' });
    const row = await departByCode('A01A01A02');
    expect(row).toMatchObject({ id: cls.id, depart_name: '一年级二班（改）', parent_id: cls.parent_id, org_code: 'A01A01A02', address: '二楼', update_by: 'admin' });
    await t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { id: cls.id, departName: '一年级二班', orgCategory: '3' } });
  });

  it('refuses moving (暂不支持调整层级结构), unknown ids and invalid fields, changing nothing', async () => {
    const before = await snapshot();
    const cls = await departByCode('A01A01A02');
    const grade = await departByCode('A01A01');
    const school = await departByCode('A01');
    expectFailure(await t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { id: cls.id, departName: '挪走', parentId: school.id } }), '暂不支持调整层级结构');
    expectFailure(await t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { id: cls.id, departName: '挪走', parentId: '' } }), '暂不支持调整层级结构');
    expectFailure(await t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { id: newId(), departName: '无' } }), '未找到对应实体');
    expectInvalid(await t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { departName: '无' } }), 'id不能为空', 'id');
    expectInvalid(await t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { id: cls.id, departName: '' } }), '请输入部门名称', 'departName');
    expectFailure(await t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { id: school.id, departName: '希望小学', orgCategory: '2' } }), '一级部门只能是机构');
    expectFailure(await t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { id: grade.id, departName: '一年级', orgCategory: '3' } }), '该部门下有下级部门，不能设为班级');
    expectFailure(await t.api('PUT', '/sys/sysDepart/edit', { token: admin, body: { id: cls.id, departName: '一年级一班' } }), '同一上级下已存在同名部门');
    expectNoPermission(await t.api('PUT', '/sys/sysDepart/edit', { token: teacher, body: { id: cls.id, departName: '老师改名' } }));
    expect(await snapshot()).toEqual(before);
  });
});

describe('DELETE /sys/sysDepart/delete and deleteBatch', () => {
  it('deletes a department with all descendants and every link, in one go', async () => {
    const root = await add(admin, { departName: '待删学校' });
    const grade = await add(admin, { departName: '待删年级', parentId: root.body.result.id });
    const cls = await add(admin, { departName: '待删班级', parentId: grade.body.result.id });
    const ids = [root, grade, cls].map((a) => a.body.result.id as string);
    const student3 = await t.userId('student3');
    const teacherId = await t.userId('teacher');
    const permission = await t.db.selectFrom('sys_permission').select('id').where('menu_type', '=', 0).executeTakeFirstOrThrow();
    const roleId = newId();
    await t.db.insertInto('sys_user_depart').values({ id: newId(), user_id: student3, dep_id: ids[2] }).execute();
    await t.db.insertInto('sys_user_manage_depart').values({ id: newId(), user_id: teacherId, dep_id: ids[1] }).execute();
    await t.db.insertInto('sys_depart_permission').values({ id: newId(), depart_id: ids[1], permission_id: permission.id }).execute();
    await t.db.insertInto('sys_depart_role').values({ id: roleId, depart_id: ids[2], role_name: '班长', role_code: 'monitor' }).execute();
    await t.db.insertInto('sys_depart_role_permission').values({ id: newId(), depart_id: ids[2], role_id: roleId, permission_id: permission.id }).execute();
    await t.db.insertInto('sys_depart_role_user').values({ id: newId(), user_id: student3, drole_id: roleId }).execute();
    // student3's current department becomes the doomed class; afterwards it falls back to their other class.
    await t.db.updateTable('sys_user').set({ org_code: cls.body.result.orgCode }).where('id', '=', student3).execute();
    const otherMembers = await t.db.selectFrom('sys_user_depart').selectAll().where('dep_id', 'not in', ids).orderBy('id').execute();

    const res = await t.api('DELETE', `/sys/sysDepart/delete?id=${ids[0]}`, { token: admin });
    expectEnvelope(res, { success: true, message: '删除成功!' });
    expect(await t.db.selectFrom('sys_depart').select('id').where('id', 'in', ids).execute()).toEqual([]);
    for (const [table, col] of [
      ['sys_user_depart', 'dep_id'],
      ['sys_user_manage_depart', 'dep_id'],
      ['sys_depart_permission', 'depart_id'],
      ['sys_depart_role', 'depart_id'],
      ['sys_depart_role_permission', 'depart_id'],
    ] as const) {
      expect(await t.db.selectFrom(table).select('id').where(col as never, 'in', ids as never).execute(), table).toEqual([]);
    }
    expect(await t.db.selectFrom('sys_depart_role_user').select('id').where('drole_id', '=', roleId).execute()).toEqual([]);
    expect(await t.db.selectFrom('sys_user_depart').selectAll().orderBy('id').execute()).toEqual(otherMembers);
    expect((await t.db.selectFrom('sys_user').select('org_code').where('id', '=', student3).executeTakeFirstOrThrow()).org_code).toBe('A01A01A02');
  });

  it('deleteBatch takes the anchor’s trailing comma', async () => {
    const a = await add(admin, { departName: '批删甲' });
    const b = await add(admin, { departName: '批删乙' });
    const res = await t.api('DELETE', `/sys/sysDepart/deleteBatch?ids=${a.body.result.id},${b.body.result.id},`, { token: admin });
    expectEnvelope(res, { success: true, message: '删除成功!' });
    expect(await t.db.selectFrom('sys_depart').select('id').where('id', 'in', [a.body.result.id, b.body.result.id]).execute()).toEqual([]);
  });

  it('refuses unknown ids (also inside a batch), empty lists, teachers and students, deleting nothing', async () => {
    const before = await snapshot();
    const cls = await departByCode('A01A01A01');
    expectFailure(await t.api('DELETE', `/sys/sysDepart/delete?id=${newId()}`, { token: admin }), '未找到对应实体');
    expectFailure(await t.api('DELETE', `/sys/sysDepart/deleteBatch?ids=${cls.id},${newId()}`, { token: admin }), '未找到对应实体');
    expectFailure(await t.api('DELETE', '/sys/sysDepart/deleteBatch?ids=,', { token: admin }), '未选中部门！');
    expectFailure(await t.api('DELETE', '/sys/sysDepart/delete', { token: admin }), '未选中部门！');
    expectNoPermission(await t.api('DELETE', `/sys/sysDepart/delete?id=${cls.id}`, { token: teacher }));
    expectNoPermission(await t.api('DELETE', `/sys/sysDepart/delete?id=${cls.id}`, { token: student }));
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /sys/sysDepart/queryById and listAll', () => {
  it('answers a department with its parent name and counts, within the caller’s scope', async () => {
    const grade = await departByCode('A01A01');
    const res = await t.api('GET', `/sys/sysDepart/queryById?id=${grade.id}`, { token: admin });
    expectEnvelope(res, { success: true });
    expect(res.body.result).toMatchObject({ id: grade.id, departName: '一年级', parentName: '希望小学', orgCategory_dictText: '部门', descendantCount: 3, memberCount: 0 });
    const school = await departByCode('A01');
    expectFailure(await t.api('GET', `/sys/sysDepart/queryById?id=${school.id}`, { token: teacher }), '未找到对应实体');
    expectFailure(await t.api('GET', `/sys/sysDepart/queryById?id=${newId()}`, { token: admin }), '未找到对应实体');
  });

  it('listAll is a flat list ordered by org code', async () => {
    const res = await t.api('GET', '/sys/sysDepart/listAll', { token: teacher });
    expectEnvelope(res, { success: true });
    expect(res.body.result.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01A01', 'A01A01A01', 'A01A01A02', 'A01A01A03']);
  });
});

describe('GET /sys/sysDepart/exportXls', () => {
  it('exports the caller’s departments with parent names and dictionary texts', async () => {
    const read = async (token: string) => {
      const res = await t.request(`/api/sys/sysDepart/exportXls?departName=${encodeURIComponent('*一年级*')}`, { headers: { 'X-Access-Token': token } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws.getRow(1).getCell(1).value).toBe('班级管理列表数据');
      const header = (ws.getRow(3).values as unknown[]).slice(1);
      const rows: Record<string, unknown>[] = [];
      for (let r = 4; r <= ws.rowCount; r++) {
        const cells = (ws.getRow(r).values as unknown[]).slice(1);
        rows.push(Object.fromEntries(header.map((h, i) => [String(h), cells[i]])));
      }
      return rows;
    };
    const rows = await read(admin);
    expect(rows.map((r) => r['机构编码'])).toEqual(['A01A01', 'A01A01A01', 'A01A01A02', 'A01A01A03']);
    expect(rows[1]).toMatchObject({ 部门名称: '一年级一班', 上级部门: '一年级', 机构类型: '班级', 状态: '启用' });
    expect((await read(teacher)).map((r) => r['机构编码'])).toEqual(['A01A01', 'A01A01A01', 'A01A01A02', 'A01A01A03']);
    expectNoPermission(await t.api('GET', '/sys/sysDepart/exportXls', { token: student }));
  });
});

describe('members', () => {
  const list = (token: string, q: string) => t.api('GET', `/sys/user/departUserList?${q}`, { token });

  it('departUserList pages the members of a department and its sub-departments', async () => {
    const grade = await departByCode('A01A01');
    const res = await list(admin, `depId=${grade.id}&pageNo=1&pageSize=2&column=username&order=asc`);
    expectEnvelope(res, { success: true, code: 0 });
    expectPage(res.body.result, 2, 1);
    expect(res.body.result.total).toBe(4); // teacher, student1, student2 (class 1), student3 (class 2)
    expect(res.body.result.records.map((u: { username: string }) => u.username)).toEqual(['student1', 'student2']);
    const rec = res.body.result.records[0];
    expect(rec).not.toHaveProperty('password');
    expect(rec).not.toHaveProperty('salt');
    expect(rec).toMatchObject({ orgCodeTxt: '一年级一班', sex_dictText: '男', userIdentity_dictText: '学生', status_dictText: '正常' });
    const filtered = await list(admin, `depId=${grade.id}&realname=${encodeURIComponent('*红*')}`);
    expect(filtered.body.result.records.map((u: { username: string }) => u.username)).toEqual(['student2']);
  });

  it('each member row says whether the caller may take them out, and the API agrees with it', async () => {
    const class1 = await departByCode('A01A01A01');
    const rows = async (token: string) =>
      (await list(token, `depId=${class1.id}&pageSize=50`)).body.result.records as { id: string; username: string; canRemove: boolean }[];
    // Admins may take anyone out; the teacher only the students, not themselves (a teacher).
    expect((await rows(admin)).every((r) => r.canRemove)).toBe(true);
    const mine = await rows(teacher);
    expect(Object.fromEntries(mine.map((r) => [r.username, r.canRemove]))).toMatchObject({ teacher: false, student1: true, student2: true });
    const notMine = mine.find((r) => !r.canRemove)!;
    expectFailure(await t.api('DELETE', `/sys/user/deleteUserInDepart?depId=${class1.id}&userId=${notMine.id}`, { token: teacher }), '权限不足，只能移出学生');
  });

  it('departUserList refuses a missing, unknown or out-of-scope department', async () => {
    expectFailure(await list(admin, ''), '请选择部门');
    expectFailure(await list(admin, `depId=${newId()}`), '未找到对应实体');
    expectFailure(await list(teacher, `depId=${await idOf('A01')}`), '未找到对应实体');
    expectNoPermission(await list(student, `depId=${await idOf('A01A01A01')}`));
  });

  it('an admin adds and removes members; the current department follows', async () => {
    const class2 = await departByCode('A01A01A02');
    const s1 = await t.userId('student1');
    const res = await t.api('POST', '/sys/user/editSysDepartWithUser', { token: admin, body: { depId: class2.id, userIdList: [s1] } });
    expectEnvelope(res, { success: true, message: '添加成功!' });
    expect(await t.db.selectFrom('sys_user_depart').select('id').where('user_id', '=', s1).where('dep_id', '=', class2.id).execute()).toHaveLength(1);
    // Adding again is harmless.
    const again = await t.api('POST', '/sys/user/editSysDepartWithUser', { token: admin, body: { depId: class2.id, userIdList: `${s1},` } });
    expectEnvelope(again, { success: true });
    expect(again.body.result.added).toBe(0);

    // Their current class is class 1; removing them from it moves it to class 2.
    const class1 = await departByCode('A01A01A01');
    const del = await t.api('DELETE', `/sys/user/deleteUserInDepart?depId=${class1.id}&userId=${s1}`, { token: admin });
    expectEnvelope(del, { success: true, message: '删除成功!' });
    expect((await t.db.selectFrom('sys_user').select('org_code').where('id', '=', s1).executeTakeFirstOrThrow()).org_code).toBe('A01A01A02');
    // Put things back.
    await t.api('POST', '/sys/user/editSysDepartWithUser', { token: admin, body: { depId: class1.id, userIdList: [s1] } });
    await t.api('DELETE', `/sys/user/deleteUserInDepartBatch?depId=${class2.id}&userIds=${s1},`, { token: admin });
    await t.db.updateTable('sys_user').set({ org_code: 'A01A01A01' }).where('id', '=', s1).execute();
  });

  it('refuses bad member requests and changes nothing', async () => {
    const before = await snapshot();
    const class1 = await departByCode('A01A01A01');
    const s3 = await t.userId('student3');
    const post = (body: unknown, token = admin) => t.api('POST', '/sys/user/editSysDepartWithUser', { token, body });
    expectInvalid(await post({ userIdList: [s3] }), '请选择部门', 'depId');
    expectInvalid(await post({ depId: class1.id, userIdList: [] }), '请选择要添加的用户', 'userIdList');
    expectInvalid(await post({ depId: class1.id, userIdList: 42 }), '用户必须是列表或逗号分隔的文本', 'userIdList');
    expectInvalid(await post({ depId: class1.id, userIdList: Array.from({ length: 501 }, () => newId()) }), '用户过多', 'userIdList');
    expectFailure(await post({ depId: newId(), userIdList: [s3] }), '未找到对应实体');
    expectFailure(await post({ depId: class1.id, userIdList: [s3, newId()] }), '用户不存在');
    expectFailure(await t.api('DELETE', `/sys/user/deleteUserInDepart?depId=${class1.id}&userId=${s3}`, { token: admin }), '所选用户不在该部门中');
    expectFailure(await t.api('DELETE', `/sys/user/deleteUserInDepart?depId=${class1.id}`, { token: admin }), '请选择要移出的用户');
    expectNoPermission(await post({ depId: class1.id, userIdList: [s3] }, student));
    expect(await snapshot()).toEqual(before);
  });

  it('a teacher moves students within their classes, but not teachers, admins or other schools’ students', async () => {
    const class1 = await departByCode('A01A01A01');
    const class2 = await departByCode('A01A01A02');
    const s3 = await t.userId('student3');
    // A student of a class outside the teacher's scope.
    const other = await add(admin, { departName: '别校' });
    const outsider = newId();
    await t.db
      .insertInto('sys_user')
      .values({ id: outsider, username: 'outsider', realname: '外校生', password: 'x', user_identity: 1 })
      .execute();
    await t.db.insertInto('sys_user_depart').values({ id: newId(), user_id: outsider, dep_id: other.body.result.id }).execute();
    const before = await snapshot();
    const post = (userIdList: string[]) => t.api('POST', '/sys/user/editSysDepartWithUser', { token: teacher, body: { depId: class1.id, userIdList } });
    expectFailure(await post([await t.userId('admin')]), '权限不足，只能添加学生');
    expectFailure(await post([outsider]), '用户“outsider”属于您未负责的班级，请联系管理员调整');
    expectFailure(await t.api('POST', '/sys/user/editSysDepartWithUser', { token: teacher, body: { depId: other.body.result.id, userIdList: [s3] } }), '未找到对应实体');
    expectFailure(await t.api('DELETE', `/sys/user/deleteUserInDepart?depId=${class1.id}&userId=${await t.userId('teacher')}`, { token: teacher }), '权限不足，只能移出学生');
    expect(await snapshot()).toEqual(before);

    expectEnvelope(await post([s3]), { success: true, message: '添加成功!' });
    expectEnvelope(await t.api('DELETE', `/sys/user/deleteUserInDepart?depId=${class2.id}&userId=${s3}`, { token: teacher }), { success: true });
    expect((await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', s3).execute()).map((x) => x.dep_id)).toEqual([class1.id]);
    // Back to class 2.
    await t.api('POST', '/sys/user/editSysDepartWithUser', { token: teacher, body: { depId: class2.id, userIdList: [s3] } });
    await t.api('DELETE', `/sys/user/deleteUserInDepart?depId=${class1.id}&userId=${s3}`, { token: teacher });
    await t.db.deleteFrom('sys_user_depart').where('user_id', '=', outsider).execute();
    await t.db.deleteFrom('sys_user').where('id', '=', outsider).execute();
    await t.api('DELETE', `/sys/sysDepart/delete?id=${other.body.result.id}`, { token: admin });
  });

  it('queryMemberCandidates offers matching non-members the caller may add', async () => {
    const class1 = await departByCode('A01A01A01');
    const res = await t.api('GET', `/sys/sysDepart/queryMemberCandidates?depId=${class1.id}&keyWord=student`, { token: teacher });
    expectEnvelope(res, { success: true });
    expect(res.body.result.map((u: { username: string }) => u.username)).toEqual(['student3']);
    expect(res.body.result[0]).toMatchObject({ realname: '小刚', departNames: '一年级二班' });
    const adminView = await t.api('GET', `/sys/sysDepart/queryMemberCandidates?depId=${class1.id}&keyWord=a`, { token: admin });
    expect(adminView.body.result.map((u: { username: string }) => u.username)).toContain('admin');
    expectInvalid(await t.api('GET', `/sys/sysDepart/queryMemberCandidates?depId=${class1.id}`, { token: admin }), '请输入账号或姓名', 'keyWord');
  });

  it('removeAll: GET is refused and changes nothing; DELETE empties the class (teachers remove only students)', async () => {
    const class1 = await departByCode('A01A01A01');
    const before = await snapshot();
    const get = await t.api('GET', `/sys/sysDepart/removeAll?id=${class1.id}`, { token: admin });
    expectFailure(get, '不支持GET请求方法，清空班级请使用DELETE请求', { status: 405, code: 405 });
    expect(await snapshot()).toEqual(before);

    const byTeacher = await t.api('DELETE', `/sys/sysDepart/removeAll?id=${class1.id}`, { token: teacher });
    expectEnvelope(byTeacher, { success: true });
    expect(byTeacher.body.result.removed).toBe(2);
    const left = await t.db.selectFrom('sys_user_depart as ud').innerJoin('sys_user as u', 'u.id', 'ud.user_id').select('u.username').where('ud.dep_id', '=', class1.id).execute();
    expect(left.map((x) => x.username)).toEqual(['teacher']);
    const s1 = await t.db.selectFrom('sys_user').select('org_code').where('username', '=', 'student1').executeTakeFirstOrThrow();
    expect(s1.org_code).toBeNull();

    const byAdmin = await t.api('DELETE', `/sys/sysDepart/removeAll?id=${class1.id}`, { token: admin });
    expect(byAdmin.body.result.removed).toBe(1);
    expectFailure(await t.api('DELETE', `/sys/sysDepart/removeAll?id=${newId()}`, { token: admin }), '未找到对应实体');
    // Restore the seed's class 1.
    const ids = await Promise.all(['teacher', 'student1', 'student2'].map((u) => t.userId(u)));
    await t.api('POST', '/sys/user/editSysDepartWithUser', { token: admin, body: { depId: class1.id, userIdList: ids } });
  });
});

describe('department permissions', () => {
  it('saveDepartPermission applies the diff and queryDepartPermission reads it back', async () => {
    const grade = await departByCode('A01A01');
    const perms = await t.db.selectFrom('sys_permission').select('id').where('del_flag', '=', 0).orderBy('sort_no').limit(3).execute();
    const [p1, p2, p3] = perms.map((p) => p.id);
    const save = (permissionIds: string, lastpermissionIds: string) =>
      t.api('POST', '/sys/permission/saveDepartPermission', { token: admin, body: { departId: grade.id, permissionIds, lastpermissionIds } });
    expectEnvelope(await save(`${p1},${p2}`, ''), { success: true, message: '保存成功！' });
    let read = await t.api('GET', `/sys/permission/queryDepartPermission?departId=${grade.id}`, { token: admin });
    expectEnvelope(read, { success: true });
    expect([...read.body.result].sort()).toEqual([p1, p2].sort());
    // A role of the department holding p1 loses it when the department does.
    const roleId = newId();
    await t.db.insertInto('sys_depart_role').values({ id: roleId, depart_id: grade.id, role_name: '组长', role_code: 'lead' }).execute();
    await t.db.insertInto('sys_depart_role_permission').values({ id: newId(), depart_id: grade.id, role_id: roleId, permission_id: p1 }).execute();
    expectEnvelope(await save(`${p2},${p3}`, `${p1},${p2}`), { success: true });
    read = await t.api('GET', `/sys/permission/queryDepartPermission?departId=${grade.id}`, { token: admin });
    expect([...read.body.result].sort()).toEqual([p2, p3].sort());
    expect(await t.db.selectFrom('sys_depart_role_permission').select('id').where('role_id', '=', roleId).execute()).toEqual([]);
    await t.db.deleteFrom('sys_depart_role').where('id', '=', roleId).execute();
  });

  it('refuses unknown permissions and departments, and callers without depart:permission, changing nothing', async () => {
    const grade = await departByCode('A01A01');
    const before = await snapshot();
    const post = (body: unknown, token = admin) => t.api('POST', '/sys/permission/saveDepartPermission', { token, body });
    expectFailure(await post({ departId: grade.id, permissionIds: newId(), lastpermissionIds: '' }), '未找到对应权限');
    expectFailure(await post({ departId: newId(), permissionIds: '', lastpermissionIds: '' }), '未找到对应实体');
    expectInvalid(await post({ permissionIds: '' }), '请选择部门', 'departId');
    expectInvalid(await post({ departId: grade.id, permissionIds: { a: 1 } }), '权限必须是列表或逗号分隔的文本', 'permissionIds');
    expectNoPermission(await post({ departId: grade.id, permissionIds: '', lastpermissionIds: '' }, teacher));
    expectNoPermission(await t.api('GET', `/sys/permission/queryDepartPermission?departId=${grade.id}`, { token: teacher }));
    expect(await snapshot()).toEqual(before);
  });

  it("the anchor's 数据规则 drawer: lists a menu's rules with those the department holds, and saves them", async () => {
    const grade = await departByCode('A01A01');
    const rule = await t.db.selectFrom('sys_permission_data_rule').select(['id', 'permission_id']).orderBy('id').executeTakeFirstOrThrow();
    const menuId = rule.permission_id;
    const ruleIds = (await t.db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', menuId).execute()).map((x) => x.id);
    const read = () => t.api('GET', `/sys/sysDepartPermission/datarule/${menuId}/${grade.id}`, { token: admin });
    const save = (body: unknown, token = admin) => t.api('POST', '/sys/sysDepartPermission/datarule', { token, body });
    let res = await read();
    expectEnvelope(res, { success: true });
    expect(res.body.result.datarule.map((x: { id: string }) => x.id).sort()).toEqual([...ruleIds].sort());
    expect(res.body.result.datarule[0]).toHaveProperty('ruleConditions');
    expect(res.body.result).not.toHaveProperty('drChecked');
    // The department must hold the menu first.
    expectFailure(await save({ permissionId: menuId, departId: grade.id, dataRuleIds: rule.id }), '请先保存部门菜单权限!');
    await t.db.insertInto('sys_depart_permission').values({ id: newId(), depart_id: grade.id, permission_id: menuId, data_rule_ids: null }).execute();
    try {
      expectEnvelope(await save({ permissionId: menuId, departId: grade.id, dataRuleIds: `${rule.id},` }), { success: true, message: '保存成功!' });
      res = await read();
      expect(res.body.result.drChecked).toBe(rule.id);
      const other = await t.db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '!=', menuId).executeTakeFirst();
      if (other) expectInvalid(await save({ permissionId: menuId, departId: grade.id, dataRuleIds: other.id }), '包含不属于该菜单的数据规则', 'dataRuleIds');
      expectInvalid(await save({ departId: grade.id, dataRuleIds: '' }), '菜单ID不能为空', 'permissionId');
      expectFailure(await save({ permissionId: menuId, departId: newId(), dataRuleIds: '' }), '未找到对应实体');
      expectNoPermission(await save({ permissionId: menuId, departId: grade.id, dataRuleIds: '' }, teacher));
      expectNoPermission(await t.api('GET', `/sys/sysDepartPermission/datarule/${menuId}/${grade.id}`, { token: teacher }));
      expect((await read()).body.result.drChecked).toBe(rule.id);
      expectEnvelope(await save({ permissionId: menuId, departId: grade.id, dataRuleIds: '' }), { success: true });
      expect((await read()).body.result).not.toHaveProperty('drChecked');
      expectFailure(await t.api('GET', `/sys/sysDepartPermission/datarule/${newId()}/${grade.id}`, { token: admin }), '未找到权限配置信息');
    } finally {
      await t.db.deleteFrom('sys_depart_permission').where('depart_id', '=', grade.id).where('permission_id', '=', menuId).execute();
    }
  });

  it('queryPermissionTree gives admins every live permission as a tree', async () => {
    const res = await t.api('GET', '/sys/sysDepart/queryPermissionTree', { token: admin });
    expectEnvelope(res, { success: true });
    const live = await count('sys_depart'); // unrelated; just ensures the db answers
    expect(live).toBeGreaterThan(0);
    const total = Number((await t.db.selectFrom('sys_permission').select((eb) => eb.fn.countAll<number>().as('n')).where('del_flag', '=', 0).executeTakeFirstOrThrow()).n);
    expect(res.body.result.ids).toHaveLength(total);
    const flat = (nodes: { key: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.key, ...flat((n.children ?? []) as never)]);
    expect(flat(res.body.result.treeList).sort()).toEqual([...res.body.result.ids].sort());
    expect(res.body.result.treeList[0]).toHaveProperty('title');
  });
});
