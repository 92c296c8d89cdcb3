// 用户管理 API (/sys/user/*): the scoped list with the anchor's query syntax and the teacher's data rule, and add/edit
// with role levels and class scope (freeze, password, delete, the form's reads, export and import: user-admin-lifecycle.test.ts).
// Every refusal is checked to change nothing.
import { describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage, expectTokenRefusal } from '../../../../test/assertions.js';
import { DEMO_PASSWORD } from '../../../../test/harness.js';
import { admin, departs, ids, makeUser, otherSchoolStudent, roles, setUpUserAdmin, student1, t, teacher, unchanged, usernames } from './user-admin.test-kit.js';

setUpUserAdmin();

describe('GET /sys/user/list', () => {
  it('answers a page of users with the anchor’s decorations and no password', async () => {
    const res = await t.api('GET', '/sys/user/list?column=createTime&order=desc&field=id,,username&pageNo=1&pageSize=10&_t=1', { token: admin });
    expectEnvelope(res, { success: true, code: 0, message: '操作成功！' });
    expectPage(res.body.result, 10, 1);
    const student1 = res.body.result.records.find((r: { username: string }) => r.username === 'student1');
    expect(student1).toMatchObject({
      id: ids.student1,
      realname: '小明',
      sex: 1,
      sex_dictText: '男',
      status: 1,
      status_dictText: '正常',
      userIdentity: 1,
      userIdentity_dictText: '学生',
      orgCodeTxt: '一年级一班',
      roleTxt: '学生',
      departIds: '',
      delFlag: 0,
    });
    expect(student1).toHaveProperty('avatar_url');
    expect(student1).not.toHaveProperty('password');
    expect(student1).not.toHaveProperty('salt');
    const teacherRow = res.body.result.records.find((r: { username: string }) => r.username === 'teacher');
    expect(teacherRow).toMatchObject({ roleTxt: '教师', departIds: departs.A01A01, departIds_dictText: '一年级' });
  });

  it('applies the query syntax: wildcards, exact values, IN lists, ranges, departments and roles', async () => {
    const q = async (qs: string) => {
      const res = await t.api('GET', `/sys/user/list?pageSize=50&${qs}`, { token: admin });
      expectEnvelope(res, { success: true, code: 0 });
      return usernames(res);
    };
    expect(await q(`realname=${encodeURIComponent('小*')}`)).toEqual(['student1', 'student2', 'student3']);
    expect(await q('realname=小')).toEqual([]); // plain text is an exact match
    expect(await q('username=student1,student3')).toEqual(['student1', 'student3']);
    expect(await q('username=!admin&userIdentity=2')).toEqual(['teacher']);
    expect(await q('sex=2')).toEqual(['student2', 'teacher']);
    expect(await q(`departId=${departs.A01A01A02}`)).toEqual(['student3']);
    expect(await q(`departId=${departs.A01A01A02},${departs.A02A01},`)).toEqual(['student3', 'sunny1']);
    expect(await q(`departName=${encodeURIComponent('*二班*')}`)).toEqual(['student3']);
    expect(await q(`departName=${encodeURIComponent('一年级一班')}`)).toEqual(['student1', 'student2', 'sunny1', 'teacher']);
    expect(await q('roleCode=teacher')).toEqual(['teacher']);
    expect(await q(`roleId=${roles.admin}`)).toEqual(['admin']);
    expect(await q('createTime_begin=2024-01-01&createTime_end=2024-01-01')).toEqual(['sunny1']);
    expect(await q('status=2')).toEqual([]);
  });

  it('sorts by allow-listed keys only, and pages stably', async () => {
    const asc = await t.api('GET', '/sys/user/list?column=username&order=asc&pageSize=3', { token: admin });
    expect(asc.body.result.records.map((r: { username: string }) => r.username)).toEqual(['admin', 'student1', 'student2']);
    const desc = await t.api('GET', '/sys/user/list?column=username_dictText&order=desc&pageSize=2&pageNo=2', { token: admin });
    expect(desc.body.result.records.map((r: { username: string }) => r.username)).toEqual(['student3', 'student2']);
    // An unknown or hostile sort key falls back to the default order instead of reaching SQL.
    const bad = await t.api('GET', `/sys/user/list?column=${encodeURIComponent('password;drop table sys_user')}&order=asc`, { token: admin });
    expectEnvelope(bad, { success: true });
    expect(bad.body.result.total).toBe(6);
  });

  it('shows a teacher only the students of the classes under the departments they manage', async () => {
    const res = await t.api('GET', '/sys/user/list?pageSize=50', { token: teacher });
    expectEnvelope(res, { success: true, code: 0 });
    // Not admin, not the teacher (data rule 仅显示学生), not the other school's student.
    expect(usernames(res)).toEqual(['student1', 'student2', 'student3']);
    const filtered = await t.api('GET', `/sys/user/list?departId=${departs.A02A01}`, { token: teacher });
    expect(filtered.body.result.total).toBe(0);
  });

  it('answers 您没有负责的班级 to a teacher who manages nothing', async () => {
    await makeUser({ username: 'newteacher', identity: 2, role: 'teacher', member: [departs.A01A01A01], password: DEMO_PASSWORD });
    const token = await t.login('newteacher');
    expectFailure(await t.api('GET', '/sys/user/list', { token }), '您没有负责的班级');
  });

  it('applies the data rule as granted: switched off, the teacher also sees teachers of their classes', async () => {
    await t.db.updateTable('sys_permission_data_rule').set({ status: '0' }).where('rule_name', '=', '仅显示学生').execute();
    try {
      const res = await t.api('GET', '/sys/user/list?pageSize=50', { token: teacher });
      expect(usernames(res)).toEqual(['newteacher', 'student1', 'student2', 'student3', 'teacher']);
    } finally {
      await t.db.updateTable('sys_permission_data_rule').set({ status: '1' }).where('rule_name', '=', '仅显示学生').execute();
    }
  });

  it('shows nothing under a data rule that cannot be applied (fails closed)', async () => {
    await t.db.updateTable('sys_permission_data_rule').set({ rule_column: 'password' }).where('rule_name', '=', '仅显示学生').execute();
    try {
      const res = await t.api('GET', '/sys/user/list', { token: teacher });
      expectEnvelope(res, { success: true });
      expect(res.body.result.total).toBe(0);
    } finally {
      await t.db.updateTable('sys_permission_data_rule').set({ rule_column: 'user_identity' }).where('rule_name', '=', '仅显示学生').execute();
    }
  });

  it('is refused to students and visitors', async () => {
    expectNoPermission(await t.api('GET', '/sys/user/list', { token: student1 }));
    expectTokenRefusal(await t.api('GET', '/sys/user/list'));
  });
});

describe('POST /sys/user/add', () => {
  const valid = () => ({
    username: `u_${Math.random().toString(36).slice(2, 8)}`,
    realname: '新同学',
    password: 'Passw0rd-123',
    confirmpassword: 'Passw0rd-123',
    sex: '1',
    birthday: '2015-05-01',
    phone: '',
    email: '',
    userIdentity: '1',
    selecteddeparts: `${departs.A01A01A01},`,
  });

  it('creates a student with the student role by default, hashed password, class and current department', async () => {
    const body = { ...valid(), username: 'added.one', phone: '13800000001', email: 'added@example.com', workNo: 'S001' };
    const res = await t.api('POST', '/sys/user/add', { token: admin, body });
    expectEnvelope(res, { success: true, code: 200, message: '添加成功！' });
    const row = await t.db.selectFrom('sys_user').selectAll().where('username', '=', 'added.one').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ realname: '新同学', sex: 1, birthday: '2015-05-01', phone: '13800000001', email: 'added@example.com', work_no: 'S001', status: 1, del_flag: 0, user_identity: 1, org_code: 'A01A01A01', create_by: 'admin' });
    expect(row.password).toMatch(/^scrypt\$/);
    const userRoles = await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', row.id).execute();
    expect(userRoles.map((r) => r.role_id)).toEqual([roles.student]);
    expect(await t.login('added.one', 'Passw0rd-123')).toBeTruthy();
  });

  it('stores chosen roles, member and managed departments; empty phone and email stay NULL', async () => {
    const res = await t.api('POST', '/sys/user/add', {
      token: admin,
      body: { ...valid(), username: 'teacher2', userIdentity: 2, selectedroles: [roles.teacher], selecteddeparts: `${departs.A01A01A02}`, departIds: `${departs.A01A01A02},` },
    });
    expectEnvelope(res, { success: true });
    const id = res.body.result.id;
    const row = await t.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.phone, row.email, row.user_identity]).toEqual([null, null, 2]);
    expect((await t.db.selectFrom('sys_user_manage_depart').select('dep_id').where('user_id', '=', id).execute()).map((r) => r.dep_id)).toEqual([departs.A01A01A02]);
    expect((await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', id).execute()).map((r) => r.role_id)).toEqual([roles.teacher]);
  });

  it('refuses bad input with a message beside the field and writes nothing', async () => {
    await unchanged(async () => {
      const bad = async (body: unknown, message: string, field?: string) => expectInvalid(await t.api('POST', '/sys/user/add', { token: admin, body }), message, field);
      const raw = await t.request('/api/sys/user/add', { method: 'POST', headers: { 'X-Access-Token': admin, 'Content-Type': 'application/json' }, body: '{"username":' });
      expect(raw.status).toBe(400);
      expect(((await raw.json()) as { message: string }).message).toBe('请求数据不是有效的JSON');
      await bad({ ...valid(), username: undefined }, '请输入用户账号', 'username');
      await bad({ ...valid(), username: 'ab' }, '用户账号长度应为3到32个字符', 'username');
      await bad({ ...valid(), username: 'x'.repeat(33) }, '用户账号长度应为3到32个字符', 'username');
      await bad({ ...valid(), username: '张三三' }, '用户账号只能包含字母、数字和 _ . @ -', 'username');
      await bad({ ...valid(), username: 123456 }, '请输入用户账号', 'username');
      await bad({ ...valid(), realname: '' }, '请输入真实姓名', 'realname');
      await bad({ ...valid(), realname: '名'.repeat(51) }, '真实姓名不能超过50个字符', 'realname');
      await bad({ ...valid(), password: 'short', confirmpassword: 'short' }, '密码至少需要8个字符', 'password');
      await bad({ ...valid(), confirmpassword: 'different-1' }, '两次输入的密码不一样！', 'confirmpassword');
      await bad({ ...valid(), sex: 'x' }, '性别只能是男或女', 'sex');
      await bad({ ...valid(), sex: 7 }, '性别只能是男或女', 'sex');
      await bad({ ...valid(), userIdentity: 3 }, '身份只能是学生或教师', 'userIdentity');
      await bad({ ...valid(), birthday: '2015-02-30' }, '生日不是有效的日期', 'birthday');
      await bad({ ...valid(), birthday: '01/05/2015' }, '生日格式应为yyyy-MM-dd', 'birthday');
      await bad({ ...valid(), phone: '1380000' }, '请输入正确的11位手机号码', 'phone');
      await bad({ ...valid(), email: 'not-an-email' }, '请输入正确的邮箱地址', 'email');
      await bad({ ...valid(), workNo: 'w'.repeat(33) }, '工号不能超过32个字符', 'workNo');
      await bad({ ...valid(), selectedroles: { a: 1 } }, '角色格式不正确', 'selectedroles');
    });
  });

  it('refuses duplicates, unknown roles and departments, beside the field, and writes nothing', async () => {
    await t.db.updateTable('sys_user').set({ phone: '13900000009', email: 'dup@example.com', work_no: 'W9' }).where('username', '=', 'student2').execute();
    await makeUser({ username: 'gone.user', delFlag: 1 });
    await unchanged(async () => {
      const refused = async (body: unknown, field: string, message: string) => {
        const res = await t.api('POST', '/sys/user/add', { token: admin, body });
        expectFailure(res, message);
        expect(res.body.result.errors[field]).toBe(message);
      };
      await refused({ ...valid(), username: 'student1' }, 'username', '用户账号已存在');
      await refused({ ...valid(), username: 'gone.user' }, 'username', '用户账号已存在（该用户在回收站中）');
      await refused({ ...valid(), phone: '13900000009' }, 'phone', '手机号已存在');
      await refused({ ...valid(), email: 'dup@example.com' }, 'email', '邮箱已存在');
      await refused({ ...valid(), workNo: 'W9' }, 'workNo', '工号已存在');
      await refused({ ...valid(), selectedroles: 'no-such-role' }, 'selectedroles', '所选角色不存在');
      await refused({ ...valid(), selecteddeparts: 'no-such-depart' }, 'selecteddeparts', '所选班级不存在');
    });
  });

  it('keeps a teacher to students inside their classes and roles not above their level', async () => {
    await unchanged(async () => {
      const refused = async (body: unknown, message: string) => expectFailure(await t.api('POST', '/sys/user/add', { token: teacher, body }), message);
      await refused({ ...valid(), selectedroles: roles.admin }, '权限不足，无法分配所选角色');
      await refused({ ...valid(), userIdentity: 2 }, '您只能添加学生');
      await refused({ ...valid(), selecteddeparts: departs.A02A01 }, '只能选择您负责范围内的班级');
      await refused({ ...valid(), selecteddeparts: departs.A01 }, '只能选择您负责范围内的班级');
      await refused({ ...valid(), departIds: departs.A02 }, '只有管理员可以设置负责班级');
      await refused({ ...valid(), selecteddeparts: '' }, '请选择所属班级');
    });
    const res = await t.api('POST', '/sys/user/add', { token: teacher, body: { ...valid(), username: 'taught.by.teacher', selecteddeparts: departs.A01A01A02 } });
    expectEnvelope(res, { success: true, message: '添加成功！' });
    const list = await t.api('GET', '/sys/user/list?username=taught.by.teacher', { token: teacher });
    expect(list.body.result.records[0]).toMatchObject({ orgCodeTxt: '一年级二班', roleTxt: '学生' });
  });

  it('lets a teacher give neither their own role nor managed classes to a new user', async () => {
    await unchanged(async () => {
      const refused = async (body: unknown, field: string, message: string) => {
        const res = await t.api('POST', '/sys/user/add', { token: teacher, body });
        expectFailure(res, message);
        expect(res.body.result.errors[field]).toBe(message);
      };
      await refused({ ...valid(), selectedroles: roles.teacher }, 'selectedroles', '权限不足，无法分配所选角色');
      await refused({ ...valid(), departIds: departs.A01A01A01 }, 'departIds', '只有管理员可以设置负责班级');
    });
    // The teacher's form sends an empty 负责班级 back: that is fine.
    const res = await t.api('POST', '/sys/user/add', { token: teacher, body: { ...valid(), username: 'plain.pupil', departIds: '' } });
    expectEnvelope(res, { success: true });
  });

  it('needs user:add', async () => {
    await unchanged(async () => {
      expectNoPermission(await t.api('POST', '/sys/user/add', { token: student1, body: valid() }));
    });
  });
});

describe('PUT /sys/user/edit', () => {
  it('changes the given fields, replaces roles and departments, keeps the password', async () => {
    const id = await makeUser({ username: 'edit.me', realname: '旧名字', member: [departs.A01A01A01], role: 'student', password: 'Orig-pass-1' });
    await t.db.updateTable('sys_user').set({ phone: '13700000000', org_code: 'A01A01A01' }).where('id', '=', id).execute();
    const res = await t.api('PUT', '/sys/user/edit', {
      token: admin,
      body: { id, username: 'edit.me', realname: '新名字', password: 'ignored-password', phone: '', sex: 2, selectedroles: `${roles.teacher},`, selecteddeparts: departs.A01A01A02, userIdentity: 2 },
    });
    expectEnvelope(res, { success: true, code: 200, message: '修改成功!' });
    const row = await t.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ realname: '新名字', phone: null, sex: 2, user_identity: 2, org_code: 'A01A01A02', update_by: 'admin' });
    expect(await t.login('edit.me', 'Orig-pass-1')).toBeTruthy();
    expect((await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', id).execute()).map((r) => r.role_id)).toEqual([roles.teacher]);
    expect((await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', id).execute()).map((r) => r.dep_id)).toEqual([departs.A01A01A02]);
    // Roles given as empty fall back to the student role; absent lists are left as they are.
    await t.api('PUT', '/sys/user/edit', { token: admin, body: { id, selectedroles: '' } });
    expect((await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', id).execute()).map((r) => r.role_id)).toEqual([roles.student]);
    expect((await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', id).execute()).map((r) => r.dep_id)).toEqual([departs.A01A01A02]);
  });

  it('refuses unknown ids, renames, bad fields and duplicates, changing nothing', async () => {
    await unchanged(async () => {
      expectFailure(await t.api('PUT', '/sys/user/edit', { token: admin, body: { id: 'no-such-user', realname: 'x' } }), '未找到对应实体');
      expectInvalid(await t.api('PUT', '/sys/user/edit', { token: admin, body: { realname: 'x' } }), 'id不能为空', 'id');
      expectInvalid(await t.api('PUT', '/sys/user/edit', { token: admin, body: { id: ids.student1, realname: '' } }), '请输入真实姓名', 'realname');
      expectInvalid(await t.api('PUT', '/sys/user/edit', { token: admin, body: { id: ids.student1, phone: 12 } }), '手机号必须是文本', 'phone');
      const renamed = await t.api('PUT', '/sys/user/edit', { token: admin, body: { id: ids.student1, username: 'student9' } });
      expectFailure(renamed, '用户账号不可修改');
      expect(renamed.body.result.errors.username).toBe('用户账号不可修改');
      const dup = await t.api('PUT', '/sys/user/edit', { token: admin, body: { id: ids.student1, phone: '13900000009' } });
      expectFailure(dup, '手机号已存在');
    });
  });

  it('lets nobody edit a user above their level, or a teacher anyone outside their classes', async () => {
    await t.db.insertInto('sys_role').values({ id: newId(), role_name: '校长', role_code: 'headmaster', role_level: 50 }).execute();
    roles.headmaster = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'headmaster').executeTakeFirstOrThrow()).id;
    const senior = await makeUser({ username: 'senior.student', role: 'headmaster', member: [departs.A01A01A01] });
    await unchanged(async () => {
      const denied = async (id: string) => expectFailure(await t.api('PUT', '/sys/user/edit', { token: teacher, body: { id, realname: '改名' } }), '权限不足');
      await denied(senior); // in the teacher's class, but above the teacher's level
      await denied(ids.admin); // outside the teacher's scope
      await denied(otherSchoolStudent);
      await denied(ids.teacher); // a teacher: hidden by the 仅显示学生 rule
      expectFailure(await t.api('PUT', '/sys/user/edit', { token: teacher, body: { id: ids.student1, userIdentity: 2 } }), '您只能管理学生');
      expectFailure(await t.api('PUT', '/sys/user/edit', { token: teacher, body: { id: ids.student1, selecteddeparts: departs.A02A01 } }), '只能选择您负责范围内的班级');
    });
  });

  it('lets a teacher neither make a student a teacher nor give them managed classes; an admin may', async () => {
    const pupil = await makeUser({ username: 'would.be.teacher', role: 'student', member: [departs.A01A01A01] });
    await unchanged(async () => {
      const refused = async (body: Record<string, unknown>, field: string, message: string) => {
        const res = await t.api('PUT', '/sys/user/edit', { token: teacher, body: { id: pupil, ...body } });
        expectFailure(res, message);
        expect(res.body.result.errors[field]).toBe(message);
      };
      await refused({ selectedroles: roles.teacher }, 'selectedroles', '权限不足，无法分配所选角色');
      await refused({ selectedroles: `${roles.student},${roles.teacher}` }, 'selectedroles', '权限不足，无法分配所选角色');
      await refused({ departIds: departs.A01A01A01 }, 'departIds', '只有管理员可以设置负责班级');
      await refused({ departIds: `${departs.A01A01A02},` }, 'departIds', '只有管理员可以设置负责班级');
      // The role screen's path to the same role: refused too (the teacher lacks role:user, and would be below it anyway).
      expectNoPermission(await t.api('POST', '/sys/user/addSysUserRole', { token: teacher, body: { roleId: roles.teacher, userIdList: [pupil] } }));
    });
    // A whole-form save sends the (empty) managed classes back unchanged: accepted.
    expectEnvelope(await t.api('PUT', '/sys/user/edit', { token: teacher, body: { id: pupil, realname: '还是学生', departIds: '', selectedroles: roles.student } }), { success: true });
    // The administrator hands out both.
    expectEnvelope(await t.api('PUT', '/sys/user/edit', { token: admin, body: { id: pupil, selectedroles: roles.teacher, departIds: departs.A01A01A02 } }), { success: true });
    expect((await t.db.selectFrom('sys_user_manage_depart').select('dep_id').where('user_id', '=', pupil).execute()).map((r) => r.dep_id)).toEqual([departs.A01A01A02]);
    // Now a teacher-level user, the teacher may no longer touch them — nor send their managed classes changed.
    await unchanged(async () => {
      expectFailure(await t.api('PUT', '/sys/user/edit', { token: teacher, body: { id: pupil, realname: '改名' } }), '权限不足');
    });
  });

  it('keeps the departments a teacher cannot see when the teacher changes a student’s classes', async () => {
    const id = await makeUser({ username: 'two.schools', role: 'student', member: [departs.A01A01A01, departs.A02A01] });
    const res = await t.api('PUT', '/sys/user/edit', { token: teacher, body: { id, selecteddeparts: departs.A01A01A02 } });
    expectEnvelope(res, { success: true });
    const now = (await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', id).execute()).map((r) => r.dep_id).sort();
    expect(now).toEqual([departs.A01A01A02, departs.A02A01].sort());
  });
});

describe("the anchor's user pickers: GET /sys/user/queryByIds, /sys/user/generateUserId", () => {
  it('answers the chosen users in the order asked, only those the caller may see', async () => {
    const res = await t.api('GET', `/sys/user/queryByIds?userIds=${ids.student1},${ids.teacher},missing`, { token: admin });
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result.map((u: { username: string }) => u.username)).toEqual(['student1', 'teacher']);
    expect(res.body.result[0]).toMatchObject({ realname: '小明', orgCodeTxt: '一年级一班', roleTxt: '学生' });
    expect(res.body.result[0]).not.toHaveProperty('password');
    // The teacher's scope (and 仅显示学生) leaves out the other school's student.
    const scoped = await t.api('GET', `/sys/user/queryByIds?userIds=${otherSchoolStudent},${ids.student1}`, { token: teacher });
    expect(scoped.body.result.map((u: { username: string }) => u.username)).toEqual(['student1']);
    expectFailure(await t.api('GET', '/sys/user/queryByIds?userIds=', { token: admin }), '请选择用户');
    expectNoPermission(await t.api('GET', `/sys/user/queryByIds?userIds=${ids.teacher}`, { token: student1 }));
    expectTokenRefusal(await t.api('GET', `/sys/user/queryByIds?userIds=${ids.teacher}`));
  });

  it('generates a fresh 32-hex id for those who may add users', async () => {
    const [a, b] = await Promise.all([t.api('GET', '/sys/user/generateUserId', { token: admin }), t.api('GET', '/sys/user/generateUserId', { token: admin })]);
    expectEnvelope(a, { success: true });
    expect(a.body.result).toMatch(/^[0-9a-f]{32}$/);
    expect(a.body.result).not.toBe(b.body.result);
    expectNoPermission(await t.api('GET', '/sys/user/generateUserId', { token: student1 }));
  });
});
