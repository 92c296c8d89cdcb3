// 用户管理 API (/sys/user/*), the rest of a user's life: freeze, password reset, delete and the recycle bin, the form's
// helper reads, Excel export and class-roster import (the list, add and edit: user-admin.test.ts). Every refusal is
// checked to change nothing.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectTokenRefusal } from '../../../../test/assertions.js';
import { DEMO_PASSWORD } from '../../../../test/harness.js';
import { admin, departs, ids, makeUser, otherSchoolStudent, roles, setUpUserAdmin, student1, student2, t, teacher, unchanged } from './user-admin.test-kit.js';

setUpUserAdmin();
// What the add tests (user-admin.test.ts) leave for these to read: a user in the recycle bin, a taken phone.
beforeAll(async () => {
  await t.db.updateTable('sys_user').set({ phone: '13900000009', email: 'dup@example.com', work_no: 'W9' }).where('username', '=', 'student2').execute();
  await makeUser({ username: 'gone.user', delFlag: 1 });
});

describe('PUT /sys/user/frozenBatch', () => {
  it('freezes (ending the sessions and refusing logins) and unfreezes', async () => {
    await makeUser({ username: 'freeze.me', password: DEMO_PASSWORD, member: [departs.A01A01A01], role: 'student' });
    const session = await t.login('freeze.me');
    const res = await t.api('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: `${ids['freeze.me']},`, status: '2' } });
    expectEnvelope(res, { success: true, code: 200, message: '操作成功!' });
    expect((await t.db.selectFrom('sys_user').select('status').where('id', '=', ids['freeze.me']).executeTakeFirstOrThrow()).status).toBe(2);
    expectTokenRefusal(await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: session }));
    expectFailure(await t.api('POST', '/sys/login', { body: { username: 'freeze.me', password: DEMO_PASSWORD } }), '该用户已冻结');
    const listed = await t.api('GET', '/sys/user/list?username=freeze.me', { token: admin });
    expect(listed.body.result.records[0]).toMatchObject({ status: 2, status_dictText: '冻结' });
    expectEnvelope(await t.api('PUT', '/sys/user/frozenBatch', { token: teacher, body: { ids: [ids['freeze.me']], status: 1 } }), { success: true });
    expect(await t.login('freeze.me')).toBeTruthy();
  });

  it('refuses bad input, oneself, unknown users and users out of reach, changing nothing', async () => {
    await unchanged(async () => {
      expectInvalid(await t.api('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: ids.student1, status: '3' } }), '状态只能是1（正常）或2（冻结）', 'status');
      expectInvalid(await t.api('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: '', status: '2' } }), '请选择用户', 'ids');
      expectInvalid(await t.api('PUT', '/sys/user/frozenBatch', { token: admin, body: { status: '2' } }), '请选择用户', 'ids');
      expectFailure(await t.api('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: ids.admin, status: '2' } }), '不能冻结当前登录用户');
      expectFailure(await t.api('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: `${ids.student1},nobody`, status: '2' } }), '未找到对应实体');
      expectFailure(await t.api('PUT', '/sys/user/frozenBatch', { token: teacher, body: { ids: `${ids.student1},${ids.admin}`, status: '2' } }), '权限不足');
      expectNoPermission(await t.api('PUT', '/sys/user/frozenBatch', { token: student2, body: { ids: ids.student1, status: '2' } }));
    });
  });
});

describe('PUT /sys/user/changePassword', () => {
  it('sets a new password by id or username and ends the user’s sessions', async () => {
    await makeUser({ username: 'reset.me', password: DEMO_PASSWORD, member: [departs.A01A01A02], role: 'student' });
    const session = await t.login('reset.me');
    const res = await t.api('PUT', '/sys/user/changePassword', { token: teacher, body: { id: ids['reset.me'], password: 'Brand-new-1', confirmpassword: 'Brand-new-1' } });
    expectEnvelope(res, { success: true, code: 200, message: '密码修改成功!' });
    expectTokenRefusal(await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: session }));
    expect(await t.login('reset.me', 'Brand-new-1')).toBeTruthy();
    expectEnvelope(await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { username: 'reset.me', password: 'Second-new-2' } }), { success: true });
    expect(await t.login('reset.me', 'Second-new-2')).toBeTruthy();
  });

  it('lets a teacher reset only users below their level: not a pupil who was given the teacher role', async () => {
    // identity 1 (student) but holding the teacher role: visible under 仅显示学生, yet the teacher's peer.
    const peer = await makeUser({ username: 'peer.in.class', role: 'teacher', member: [departs.A01A01A01], password: DEMO_PASSWORD });
    await unchanged(async () => {
      expectFailure(await t.api('PUT', '/sys/user/changePassword', { token: teacher, body: { id: peer, password: 'Taken-over-1', confirmpassword: 'Taken-over-1' } }), '权限不足');
      expectFailure(await t.api('PUT', '/sys/user/frozenBatch', { token: teacher, body: { ids: peer, status: '2' } }), '权限不足');
    });
    expect(await t.login('peer.in.class')).toBeTruthy();
  });

  it('refuses short passwords, unknown users and users out of reach, changing nothing', async () => {
    await unchanged(async () => {
      expectInvalid(await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { id: ids.student1, password: 'short' } }), '密码至少需要8个字符', 'password');
      expectInvalid(await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { id: ids.student1, password: 'Long-enough-1', confirmpassword: 'x' } }), '两次输入的密码不一样！', 'confirmpassword');
      expectFailure(await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { username: 'nobody-here', password: 'Long-enough-1' } }), '用户不存在！');
      expectFailure(await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { password: 'Long-enough-1' } }), '用户不存在！');
      expectFailure(await t.api('PUT', '/sys/user/changePassword', { token: teacher, body: { username: 'admin', password: 'Long-enough-1' } }), '权限不足');
    });
  });
});

describe('DELETE /sys/user/delete, deleteBatch and the recycle bin', () => {
  it('deletes logically, ends sessions, and the recycle bin restores or purges', async () => {
    await makeUser({ username: 'bin.a', password: DEMO_PASSWORD, member: [departs.A01A01A01], role: 'student', manages: [departs.A01A01A02] });
    await makeUser({ username: 'bin.b', member: [departs.A01A01A01], role: 'student' });
    const session = await t.login('bin.a');
    const one = await t.api('DELETE', `/sys/user/delete?id=${ids['bin.a']}`, { token: teacher });
    expectEnvelope(one, { success: true, code: 200, message: '删除用户成功' });
    expectTokenRefusal(await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: session }));
    expectFailure(await t.api('POST', '/sys/login', { body: { username: 'bin.a', password: DEMO_PASSWORD } }), '该用户已注销');
    const batch = await t.api('DELETE', `/sys/user/deleteBatch?ids=${ids['bin.b']},`, { token: admin });
    expectEnvelope(batch, { success: true, code: 200, message: '批量删除用户成功' });
    const list = await t.api('GET', '/sys/user/list?username=bin.a,bin.b', { token: admin });
    expect(list.body.result.total).toBe(0);

    const bin = await t.api('GET', '/sys/user/recycleBin', { token: admin });
    expectEnvelope(bin, { success: true });
    expect(bin.body.result.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(['bin.a', 'bin.b']));
    expect(bin.body.result[0]).not.toHaveProperty('password');

    expectEnvelope(await t.api('PUT', '/sys/user/putRecycleBin', { token: admin, body: { userIds: `${ids['bin.a']},` } }), { success: true, message: '还原成功' });
    expect(await t.login('bin.a')).toBeTruthy();

    const purge = await t.api('DELETE', `/sys/user/deleteRecycleBin?userIds=${ids['bin.b']},`, { token: admin });
    expectEnvelope(purge, { success: true, message: '删除成功' });
    expect(await t.db.selectFrom('sys_user').select('id').where('id', '=', ids['bin.b']).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('sys_user_role').select('id').where('user_id', '=', ids['bin.b']).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('sys_user_depart').select('id').where('user_id', '=', ids['bin.b']).executeTakeFirst()).toBeUndefined();
  });

  it('refuses oneself, unknown ids, users out of reach, and purging users not in the bin, changing nothing', async () => {
    await unchanged(async () => {
      expectFailure(await t.api('DELETE', `/sys/user/delete?id=${ids.admin}`, { token: admin }), '不能删除当前登录用户');
      expectFailure(await t.api('DELETE', '/sys/user/delete?id=nobody', { token: admin }), '未找到对应实体');
      expectFailure(await t.api('DELETE', '/sys/user/delete', { token: admin }), '请选择用户');
      expectFailure(await t.api('DELETE', `/sys/user/deleteBatch?ids=${ids.student1},${otherSchoolStudent},`, { token: teacher }), '权限不足');
      expectFailure(await t.api('DELETE', `/sys/user/deleteRecycleBin?userIds=${ids.student1}`, { token: admin }), '未找到对应实体');
      expectFailure(await t.api('PUT', '/sys/user/putRecycleBin', { token: admin, body: { userIds: ids.student1 } }), '未找到对应实体');
      expectInvalid(await t.api('PUT', '/sys/user/putRecycleBin', { token: admin, body: { userIds: 5 } }), '请选择用户', 'userIds');
      expectNoPermission(await t.api('GET', '/sys/user/recycleBin', { token: teacher }));
      expectNoPermission(await t.api('DELETE', `/sys/user/deleteRecycleBin?userIds=${ids['gone.user']}`, { token: teacher }));
    });
  });
});

describe('the form’s reads', () => {
  it('queryById answers the user without password, or 未找到对应实体 / 权限不足', async () => {
    const res = await t.api('GET', `/sys/user/queryById?id=${ids.teacher}`, { token: admin });
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result).toMatchObject({ username: 'teacher', departIds: departs.A01A01, orgCodeTxt: '一年级一班' });
    expect(res.body.result).not.toHaveProperty('password');
    expectFailure(await t.api('GET', '/sys/user/queryById?id=nobody', { token: admin }), '未找到对应实体');
    expectFailure(await t.api('GET', '/sys/user/queryById', { token: admin }), '未找到对应实体');
    expectFailure(await t.api('GET', `/sys/user/queryById?id=${ids.admin}`, { token: teacher }), '权限不足');
  });

  it('queryUserRole (userid) lists role ids', async () => {
    const res = await t.api('GET', `/sys/user/queryUserRole?userid=${ids.admin}`, { token: admin });
    expectEnvelope(res, { success: true });
    expect(res.body.result).toEqual([roles.admin]);
    await t.db.deleteFrom('sys_user_role').where('user_id', '=', otherSchoolStudent).execute();
    expectFailure(await t.api('GET', `/sys/user/queryUserRole?userid=${otherSchoolStudent}`, { token: admin }), '未找到用户相关角色信息');
    expectFailure(await t.api('GET', `/sys/user/queryUserRole?userid=${otherSchoolStudent}`, { token: teacher }), '权限不足');
  });

  it('userDepartList lists the member departments as {key, value, title}', async () => {
    const res = await t.api('GET', `/sys/user/userDepartList?userId=${ids.student3}`, { token: teacher });
    expectEnvelope(res, { success: true });
    expect(res.body.result).toEqual([{ key: departs.A01A01A02, value: departs.A01A01A02, title: '一年级二班' }]);
  });

  it('departOptions lists the caller’s scope with full paths', async () => {
    const all = await t.api('GET', '/sys/user/departOptions', { token: admin });
    expect(all.body.result.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01', 'A01A01', 'A01A01A01', 'A01A01A02', 'A02', 'A02A01']);
    const mine = await t.api('GET', '/sys/user/departOptions', { token: teacher });
    expect(mine.body.result.map((d: { title: string }) => d.title)).toEqual(['希望小学 / 一年级', '希望小学 / 一年级 / 一年级一班', '希望小学 / 一年级 / 一年级二班']);
    const found = await t.api('GET', `/sys/user/departOptions?keyword=${encodeURIComponent('二班')}&pageSize=5`, { token: admin });
    expect(found.body.result.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01A01A02']);
    const some = await t.api('GET', `/sys/user/departOptions?ids=${departs.A02A01},${departs.A01A01A01}&pageSize=1`, { token: teacher });
    expect(some.body.result.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01A01A01']);
    const none = await t.api('GET', '/sys/user/departOptions', { token: student1 });
    expectEnvelope(none, { success: true });
    expect(none.body.result).toEqual([]);
  });

  it('queryUserByDepId lists members of a department and its descendants', async () => {
    const res = await t.api('GET', `/sys/user/queryUserByDepId?id=${departs.A01A01}`, { token: teacher });
    expectEnvelope(res, { success: true });
    const names = res.body.result.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['student1', 'student2', 'student3']));
    expect(names).not.toContain('teacher');
    expect(res.body.result.find((u: { username: string }) => u.username === 'student3').orgCode).toBe('一年级二班');
    const byName = await t.api('GET', `/sys/user/queryUserByDepId?id=${departs.A01}&realname=${encodeURIComponent('小红')}`, { token: admin });
    expect(byName.body.result.map((u: { username: string }) => u.username)).toEqual(['student2']);
    expectFailure(await t.api('GET', `/sys/user/queryUserByDepId?id=${departs.A02}`, { token: teacher }), '权限不足');
    expectFailure(await t.api('GET', '/sys/user/queryUserByDepId?id=nothing', { token: teacher }), '未找到对应实体');
  });

  it('checkOnlyUser tells whether an account holds the value (deleted ones too), only to logged-in callers', async () => {
    // The anchor's shape: success false with result true when the value is taken.
    const taken = await t.api('GET', '/sys/user/checkOnlyUser?username=student1', { token: teacher });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ success: false, message: '用户账号已存在', code: 500, result: true });
    expect((await t.api('GET', '/sys/user/checkOnlyUser?username=gone.user', { token: teacher })).body.success).toBe(false);
    expect((await t.api('GET', '/sys/user/checkOnlyUser?phone=13900000009', { token: teacher })).body.message).toBe('手机号已存在');
    const free = await t.api('GET', '/sys/user/checkOnlyUser?username=free.name&phone=13612345678', { token: teacher });
    expectEnvelope(free, { success: true });
    expect(free.body.result).toBe(true);
    expectFailure(await t.api('GET', '/sys/user/checkOnlyUser', { token: teacher }), '请提供用户账号、手机号或邮箱');
    expectTokenRefusal(await t.api('GET', '/sys/user/checkOnlyUser?username=student1'));
  });
});

describe('GET /sys/user/exportXls', () => {
  const readSheet = async (res: Response) => {
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows: string[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    return rows;
  };

  it('exports the filtered users with dictionary texts, class and role names', async () => {
    const res = await t.request(`/api/sys/user/exportXls?realname=${encodeURIComponent('小*')}`, { headers: { 'X-Access-Token': admin } });
    const rows = await readSheet(res);
    expect(rows[0]).toEqual(['用户管理列表数据']);
    expect(rows[1]).toEqual(['导出人:管理员']);
    expect(rows[2]).toEqual(['用户账号', '真实姓名', '性别', '身份', '手机号', '邮箱', '工号', '班级', '角色', '状态', '创建时间']);
    const data = rows.slice(3);
    expect(data.map((r) => r[0]).sort()).toEqual(['student1', 'student2', 'student3']);
    expect(data.find((r) => r[0] === 'student3')!.slice(0, 4)).toEqual(['student3', '小刚', '男', '学生']);
    expect(data.find((r) => r[0] === 'student3')![7]).toBe('一年级二班');
  });

  it('exports only the teacher’s scope (teachers hold user:export by seed); students cannot export', async () => {
    expectNoPermission(await t.api('GET', '/sys/user/exportXls', { token: student1 }));
    const rows = await readSheet(await t.request('/api/sys/user/exportXls', { headers: { 'X-Access-Token': teacher } }));
    const names = rows.slice(3).map((r) => r[0]);
    expect(names).toContain('student1');
    expect(names).not.toContain('admin');
    expect(names).not.toContain('teacher');
    expect(names).not.toContain('sunny1');
  });
});

describe('POST /sys/user/importExcel (class rosters)', () => {
  const workbook = async (rows: (string | number)[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('花名册');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const upload = async (token: string, data: Buffer | string, name = 'roster.xlsx') => {
    const form = new FormData();
    form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
    const res = await t.request('/api/sys/user/importExcel', { method: 'POST', headers: { 'X-Access-Token': token }, body: form });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; code: number; result: any } };
  };
  const HEADER = ['用户账号', '真实姓名', '性别', '身份', '手机号', '邮箱', '班级', '初始密码'];

  it('imports a teacher’s roster: valid rows written, every rejected row reported and not written, passwords generated', async () => {
    const file = await workbook([
      HEADER,
      ['roster.a', '张小一', '男', '学生', '13511110001', '', '一年级一班', 'Given-pass-1'],
      ['roster.b', '李小二', '女', '', '', 'b@example.com', 'A01A01A02', ''],
      ['student1', '重复的', '男', '学生', '', '', '一年级一班', ''],
      ['roster.c', '王小三', '男', '学生', '', '', '阳光小学', ''],
      ['roster.d', '赵小四', '男', '学生', '123', '', '一年级一班', ''],
      ['roster.e', '钱老师', '女', '教师', '', '', '一年级一班', ''],
      ['roster.f', '孙小六', '男', '学生', '', '', '', ''],
      ['roster.g', '周小七', '男', '学生', '', '', '不存在的班', ''],
      ['roster.a', '又是一', '男', '学生', '', '', '一年级一班', ''],
    ]);
    const res = await upload(teacher, file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(res.body.result.msg).toBe('总上传行数：9，已导入行数：2，错误行数：7');
    const errors = Object.fromEntries(res.body.result.errors.map((e: { row: number; message: string }) => [e.row, e.message]));
    expect(errors).toEqual({
      4: '用户账号已存在：student1',
      5: '班级不在您负责的范围内：阳光小学',
      6: '请输入正确的11位手机号码',
      7: '您只能导入学生',
      8: '请填写班级',
      9: '班级不存在：不存在的班',
      10: '用户账号已存在：roster.a',
    });
    expect(res.body.result.passwords).toHaveLength(1);
    expect(res.body.result.passwords[0]).toMatchObject({ row: 3, username: 'roster.b', realname: '李小二' });
    const written = await t.db.selectFrom('sys_user').select(['username', 'sex', 'user_identity', 'org_code', 'phone', 'email']).where('username', 'like', 'roster.%').orderBy('username').execute();
    expect(written).toEqual([
      { username: 'roster.a', sex: 1, user_identity: 1, org_code: 'A01A01A01', phone: '13511110001', email: null },
      { username: 'roster.b', sex: 2, user_identity: 1, org_code: 'A01A01A02', phone: null, email: 'b@example.com' },
    ]);
    expect(await t.login('roster.a', 'Given-pass-1')).toBeTruthy();
    expect(await t.login('roster.b', res.body.result.passwords[0].password)).toBeTruthy();
    const list = await t.api('GET', '/sys/user/list?username=roster.*', { token: teacher });
    expect(list.body.result.records.map((r: { roleTxt: string }) => r.roleTxt)).toEqual(['学生', '学生']);
  });

  it('lets an admin import teachers into any school, with the teacher role, reporting success', async () => {
    const res = await upload(admin, await workbook([['用户管理列表数据'], ['导出人:管理员'], HEADER, ['sunny.t', '阳光老师', '女', '教师', '', '', 'A02A01', 'Sunny-pass-1']]));
    expect(res.body).toMatchObject({ success: true, code: 200, message: '共1行数据全部导入成功！' });
    const row = await t.db.selectFrom('sys_user').select(['id', 'user_identity']).where('username', '=', 'sunny.t').executeTakeFirstOrThrow();
    expect(row.user_identity).toBe(2);
    expect((await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', row.id).execute()).map((r) => r.role_id)).toEqual([roles.teacher]);
  });

  it('is all or nothing: a failure while writing leaves no account', async () => {
    // The database refuses the fourth account as it is written, after three valid rows (a crash stands in).
    const boom =
      t.dialect === 'sqlite'
        ? [sql`create trigger roster_boom before insert on sys_user when new.username = 'whole.d' begin select raise(abort, 'boom'); end`]
        : [
            sql`create function roster_boom() returns trigger as $$ begin if new.username = 'whole.d' then raise exception 'boom'; end if; return new; end $$ language plpgsql`,
            sql`create trigger roster_boom before insert on sys_user for each row execute function roster_boom()`,
          ];
    for (const q of boom) await q.execute(t.db);
    try {
      const rows = ['a', 'b', 'c', 'd', 'e'].map((x) => [`whole.${x}`, `整体${x}`, '男', '学生', '', '', '一年级一班', '']);
      await unchanged(async () => {
        const res = await upload(teacher, await workbook([HEADER, ...rows]));
        expect(res.status).toBe(500);
        expect(res.body).toMatchObject({ success: false, message: '操作失败，服务器内部错误' });
      });
    } finally {
      await sql`drop trigger roster_boom${sql.raw(t.dialect === 'sqlite' ? '' : ' on sys_user')}`.execute(t.db);
      if (t.dialect === 'postgres') await sql`drop function roster_boom()`.execute(t.db);
    }
  });

  it('commits nothing when the author is gone before the end (a proxy timing out)', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [`gone.${i}`, `离开${i}`, '女', '学生', '', '', '一年级一班', '']);
    const file = await workbook([HEADER, ...rows]);
    await unchanged(async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'roster.xlsx');
      const author = new AbortController();
      // 20 generated passwords take a second or more to hash; the author leaves well before.
      setTimeout(() => author.abort(), 100);
      const res = await t.request('/api/sys/user/importExcel', { method: 'POST', headers: { 'X-Access-Token': teacher }, body: form, signal: author.signal });
      expect(await res.json()).toMatchObject({ success: false, message: '导入未完成（连接已断开或超时），未导入任何数据，请重新导入或分批导入' });
    });
  });

  it('through the page too: a teacher who leaves the import page before the end gets no half import', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [`page.${i}`, `页面${i}`, '男', '学生', '', '', '一年级一班', '']);
    const file = await workbook([HEADER, ...rows]);
    await unchanged(async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'roster.xlsx');
      const browser = new AbortController();
      setTimeout(() => browser.abort(), 100);
      const res = await t.request('/isystem/user/import', {
        method: 'POST',
        headers: { Cookie: `xt_token=${teacher}`, Origin: 'http://127.0.0.1' },
        body: form,
        signal: browser.signal,
      });
      expect(res.status).toBeLessThan(500);
    });
  });

  it('refuses files that are not workbooks, changing nothing', async () => {
    await unchanged(async () => {
      const notXlsx = await upload(teacher, 'username,realname\nx,y', 'roster.csv');
      expect(notXlsx.body).toMatchObject({ success: false, message: '文件格式不正确，请上传 .xlsx 文件' });
      const noHeader = await upload(teacher, await workbook([['a', 'b'], ['c', 'd']]));
      expect(noHeader.body.success).toBe(false);
      expect(noHeader.body.message).toMatch(/^未找到表头/);
      expectNoPermission(await (async () => {
        const r = await upload(student1, await workbook([HEADER]));
        return { status: r.status, body: { ...r.body, timestamp: Date.now() } };
      })());
    });
  });
});

describe("POST /sys/user/importStudent (the anchor's 导入学生 of a class)", () => {
  const upload = async (token: string, rows: (string | number)[][], departId?: string, inForm = false) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('学生');
    for (const r of rows) ws.addRow(r);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from(await wb.xlsx.writeBuffer()))]), 'students.xlsx');
    if (inForm && departId) form.append('departId', departId);
    const qs = !inForm && departId ? `?departId=${departId}` : '';
    const res = await t.request(`/api/sys/user/importStudent${qs}`, { method: 'POST', headers: { 'X-Access-Token': token }, body: form });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; code: number; result: any; timestamp: number } };
  };

  it('imports the rows as students of the class, reports rejected rows, and keeps to the caller’s classes', async () => {
    const { body: res } = await upload(teacher, [
      ['用户账号', '真实姓名', '性别', '身份', '初始密码'],
      ['stu.a', '甲同学', '男', '教师', 'Stu-pass-01'],
      ['stu.b', '乙同学', '女', '', ''],
      ['student1', '重名', '男', '', ''],
    ], departs.A01A01A02);
    expect(res).toMatchObject({ success: true, code: 201 });
    expect(res.result.msg).toBe('总上传行数：3，已导入行数：2，错误行数：1');
    expect(res.result.errors).toEqual([{ row: 4, message: '用户账号已存在：student1' }]);
    expect(res.result.passwords.map((p: { username: string }) => p.username)).toEqual(['stu.b']);
    const written = await t.db.selectFrom('sys_user').select(['id', 'username', 'user_identity', 'org_code']).where('username', 'in', ['stu.a', 'stu.b']).orderBy('username').execute();
    expect(written.map((u) => [u.username, u.user_identity, u.org_code])).toEqual([
      ['stu.a', 1, 'A01A01A02'],
      ['stu.b', 1, 'A01A01A02'],
    ]);
    const member = await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', written[0].id).execute();
    expect(member.map((m) => m.dep_id)).toEqual([departs.A01A01A02]);

    // The class may come in the form; one outside the teacher's classes, or none, is refused with nothing written.
    expect((await upload(admin, [['用户账号', '真实姓名'], ['stu.c', '丙同学']], departs.A02A01, true)).body.success).toBe(true);
    expectFailure(await upload(teacher, [['用户账号', '真实姓名'], ['stu.d', '丁']], departs.A02A01), '只能向您负责的班级导入学生');
    expectFailure(await upload(teacher, [['用户账号', '真实姓名'], ['stu.d', '丁']]), '请选择班级');
    expectFailure(await upload(teacher, [['用户账号', '真实姓名'], ['stu.d', '丁']], 'nope'), '班级不存在');
    expect((await upload(student1, [['用户账号', '真实姓名'], ['stu.d', '丁']], departs.A01A01A01)).body.code).toBe(510);
    expect(await t.db.selectFrom('sys_user').select('id').where('username', '=', 'stu.d').execute()).toEqual([]);
  });
});
