// 职务管理 API (/sys/position/*) and the user's 职务 (sys_user.post): list, queryById, add, edit, delete,
// deleteBatch, exportXls, importExcel — bad input refused in Chinese with nothing changed, a position some user
// holds neither deleted nor re-coded (the answer counts them), access by the screen's codes; and 通讯录
// (/sys/user/queryByOrgCodeForAddressList) scoped like 用户管理.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

describe.each(dialects)('职务 and 通讯录 API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let student: string;
  const departs: Record<string, string> = {};

  const positions = () => t.db.selectFrom('sys_position').select(['id', 'code', 'name', 'post_rank']).orderBy('code').execute();
  const positionId = async (code: string) => (await t.db.selectFrom('sys_position').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const post = async (username: string) => (await t.db.selectFrom('sys_user').select('post').where('username', '=', username).executeTakeFirstOrThrow()).post;
  const setPost = (username: string, value: string | null) => t.db.updateTable('sys_user').set({ post: value }).where('username', '=', username).execute();
  /** A refused save: the business failure with its message beside the field (the forms show it there). */
  const expectFieldFail = (res: any, message: string, field: string) => {
    expectFailure(res, message);
    expect(res.body.result.errors[field]).toBe(message);
  };
  /** Runs the calls and asserts positions and user posts are exactly as before. */
  async function unchanged(run: () => Promise<void>) {
    const snap = async () => JSON.stringify([await positions(), await t.db.selectFrom('sys_user').select(['id', 'post']).orderBy('id').execute()]);
    const before = await snap();
    await run();
    expect(await snap()).toBe(before);
  }

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
    for (const d of await t.db.selectFrom('sys_depart').select(['id', 'org_code']).execute()) departs[d.org_code] = d.id;
    // A second school the teacher has nothing to do with, with a member holding a position.
    departs.A02 = newId();
    departs.A02A01 = newId();
    await t.db
      .insertInto('sys_depart')
      .values([
        { id: departs.A02, parent_id: '', depart_name: '阳光小学', org_code: 'A02', org_category: '1', org_type: '1' },
        { id: departs.A02A01, parent_id: departs.A02, depart_name: '阳光一班', org_code: 'A02A01', org_category: '3', org_type: '2' },
      ])
      .execute();
    const sunny = newId();
    await t.db.insertInto('sys_user').values({ id: sunny, username: 'sunny-teacher', realname: '阳光老师', password: 'scrypt$invalid', user_identity: 2, post: 'teacher', phone: '13900000001' }).execute();
    await t.db.insertInto('sys_user_depart').values({ id: newId(), user_id: sunny, dep_id: departs.A02A01 }).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('职务管理', () => {
    it('seeds the default positions with their 职级 and lists them with the anchor’s fields and holder counts', async () => {
      expect((await positions()).map((p) => [p.code, p.name, p.post_rank])).toEqual([
        ['assistant', '助教', '2'],
        ['dean', '教务主任', '4'],
        ['principal', '校长', '5'],
        ['teacher', '任课教师', '3'],
      ]);
      const res = await t.api('GET', '/sys/position/list?column=code&order=asc&pageSize=10', { token: admin });
      expectEnvelope(res, { success: true, code: 0 });
      expectPage(res.body.result, 10, 1);
      const rec = res.body.result.records.find((r: any) => r.code === 'teacher');
      expect(rec).toMatchObject({ name: '任课教师', postRank: '3', postRank_dictText: '中级', userCount: 1, createBy: 'system' });
      expect(Object.keys(rec)).toEqual(expect.arrayContaining(['id', 'code', 'name', 'postRank', 'companyId', 'sysOrgCode', 'createBy', 'createTime', 'updateBy', 'updateTime']));
      const filtered = await t.api('GET', `/sys/position/list?name=${encodeURIComponent('*教*')}&column=code&order=asc`, { token: admin });
      expect(filtered.body.result.records.map((r: any) => r.code)).toEqual(['assistant', 'dean', 'teacher']);
      const byRank = await t.api('GET', '/sys/position/list?postRank=5', { token: admin });
      expect(byRank.body.result.records.map((r: any) => r.code)).toEqual(['principal']);

      const one = await t.api('GET', `/sys/position/queryById?id=${await positionId('dean')}`, { token: admin });
      expect(one.body.result).toMatchObject({ code: 'dean', name: '教务主任', userCount: 0 });
      expectFailure(await t.api('GET', '/sys/position/queryById?id=nope', { token: admin }), '未找到对应实体');
      expectFailure(await t.api('GET', '/sys/position/queryById', { token: admin }), '未找到对应实体');
    });

    it('adds and edits a position, refusing duplicate codes, unknown ranks and bad fields with nothing changed', async () => {
      const add = await t.api('POST', '/sys/position/add', { token: admin, body: { code: 'librarian', name: '图书管理员', postRank: '1' } });
      expectEnvelope(add, { success: true, message: '添加成功！' });
      const id = await positionId('librarian');
      await unchanged(async () => {
        expectFieldFail(await t.api('POST', '/sys/position/add', { token: admin, body: { code: 'librarian', name: '另一个', postRank: '1' } }), '职务编码已存在', 'code');
        expectInvalid(await t.api('POST', '/sys/position/add', { token: admin, body: { code: 'a,b', name: '逗号', postRank: '1' } }), '职务编码只能包含字母、数字、下划线和短横线', 'code');
        expectInvalid(await t.api('POST', '/sys/position/add', { token: admin, body: { code: 'x1', name: '', postRank: '1' } }), '请输入职务名称', 'name');
        expectInvalid(await t.api('POST', '/sys/position/add', { token: admin, body: { code: 'x1', name: '坏\u202e名', postRank: '1' } }), '职务名称不能包含控制字符或不可见字符', 'name');
        expectFieldFail(await t.api('POST', '/sys/position/add', { token: admin, body: { code: 'x1', name: '职级不对', postRank: '9' } }), '职级不存在', 'postRank');
        expectInvalid(await t.api('POST', '/sys/position/add', { token: admin, body: { code: 'x1', name: '无职级' } }), '请选择职级', 'postRank');
        expectInvalid(await t.api('POST', '/sys/position/add', { token: admin, body: { code: 'x'.repeat(101), name: '长', postRank: '1' } }), '职务编码不能超过100个字符', 'code');
        expectFieldFail(await t.api('PUT', '/sys/position/edit', { token: admin, body: { id, code: 'dean', name: '图书管理员', postRank: '1' } }), '职务编码已存在', 'code');
        expectFailure(await t.api('PUT', '/sys/position/edit', { token: admin, body: { id: 'nope', code: 'zz', name: '无', postRank: '1' } }), '未找到对应实体');
      });
      const edit = await t.api('PUT', '/sys/position/edit', { token: admin, body: { id, code: 'library', name: '图书馆员', postRank: '2' } });
      expectEnvelope(edit, { success: true });
      expect((await positions()).find((p) => p.id === id)).toMatchObject({ code: 'library', name: '图书馆员', post_rank: '2' });
      // Once a user holds it, the code stays (users hold positions by code); the name may change.
      await setPost('student2', 'library');
      await unchanged(async () => {
        expectFieldFail(await t.api('PUT', '/sys/position/edit', { token: admin, body: { id, code: 'books', name: '图书馆员', postRank: '2' } }), '职务“图书馆员”已有 1 名用户担任，不能修改编码；请先在用户管理中取消这些用户的该职务', 'code');
      });
      expectEnvelope(await t.api('PUT', '/sys/position/edit', { token: admin, body: { id, code: 'library', name: '图书室管理员', postRank: '2' } }), { success: true });
      await setPost('student2', null);
      expectEnvelope(await t.api('DELETE', `/sys/position/delete?id=${id}`, { token: admin }), { success: true, message: '删除成功!' });
    });

    it('refuses to delete a position users hold, naming how many, and deletes free ones (one or a batch)', async () => {
      await setPost('student1', 'teacher,assistant');
      await setPost('student2', 'assistant');
      const teacherId = await positionId('teacher');
      const assistantId = await positionId('assistant');
      await unchanged(async () => {
        expectFailure(await t.api('DELETE', `/sys/position/delete?id=${assistantId}`, { token: admin }), '职务“助教”已有 2 名用户担任，不能删除；请先在用户管理中取消这些用户的该职务');
        expectFailure(
          await t.api('DELETE', `/sys/position/deleteBatch?ids=${teacherId},${assistantId},`, { token: admin }),
          '以下职务仍有用户担任，不能删除：“助教”2 名、“任课教师”2 名；请先在用户管理中取消这些用户的职务',
        );
        expectFailure(await t.api('DELETE', '/sys/position/deleteBatch?ids=', { token: admin }), '请选择要删除的职务');
        expectFailure(await t.api('DELETE', `/sys/position/deleteBatch?ids=${teacherId},nope`, { token: admin }), '未找到对应实体');
      });
      // A code that only looks like another (LIKE wildcards) is not counted as held.
      await t.api('POST', '/sys/position/add', { token: admin, body: { code: 'assis_ant', name: '形近', postRank: '1' } });
      await t.api('POST', '/sys/position/add', { token: admin, body: { code: 'temp2', name: '临时二', postRank: '1' } });
      // A user in the recycle bin does not hold a position up; the code is taken off them with it.
      await t.db.updateTable('sys_user').set({ post: 'temp2,dean', del_flag: 1 }).where('username', '=', 'student3').execute();
      const res = await t.api('DELETE', `/sys/position/deleteBatch?ids=${await positionId('assis_ant')},${await positionId('temp2')}`, { token: admin });
      expectEnvelope(res, { success: true, message: '删除成功!' });
      expect((await positions()).map((p) => p.code)).not.toEqual(expect.arrayContaining(['assis_ant']));
      expect(await post('student3')).toBe('dean');
      await t.db.updateTable('sys_user').set({ post: null, del_flag: 0 }).where('username', '=', 'student3').execute();
      await setPost('student1', null);
      await setPost('student2', null);
    });

    it('exports the filtered positions and imports a workbook, reporting duplicate and bad rows', async () => {
      const res = await t.request('/api/sys/position/exportXls?column=code&order=asc', { headers: { 'X-Access-Token': admin } });
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const rows: string[][] = [];
      wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
      const header = rows.findIndex((r) => r[0] === '职务编码');
      expect(rows[header]).toEqual(['职务编码', '职务名称', '职级', '创建时间']);
      expect(rows.slice(header + 1).map((r) => r.slice(0, 3))).toContainEqual(['principal', '校长', '正高级']);

      const out = new ExcelJS.Workbook();
      const ws = out.addWorksheet('职务信息');
      ws.addRow(['职务编码', '职务名称', '职级']);
      ws.addRow(['counsellor', '心理老师', '中级']);
      ws.addRow(['coach', '教练', '2']);
      ws.addRow(['principal', '重复', '5']);
      ws.addRow(['bad code', '坏编码', '1']);
      ws.addRow(['nurse', '校医', '特级']);
      const form = new FormData();
      form.set('file', new Blob([(await out.xlsx.writeBuffer()) as ArrayBuffer]), 'positions.xlsx');
      const imported = await t.request('/api/sys/position/importExcel', { method: 'POST', headers: { 'X-Access-Token': admin }, body: form });
      const body = await imported.json();
      expect(body).toMatchObject({ success: true, code: 201 });
      expect(body.result.msg).toBe('总上传行数：5，已导入行数：2，错误行数：3');
      expect(body.result.errors.map((e: any) => e.message)).toEqual(['职务编码已存在', '职务编码只能包含字母、数字、下划线和短横线', '职级不存在']);
      expect((await positions()).filter((p) => ['counsellor', 'coach'].includes(p.code)).map((p) => [p.code, p.post_rank])).toEqual([
        ['coach', '2'],
        ['counsellor', '3'],
      ]);
    });

    it('lets 用户管理 read the positions for its form, and keeps writes to the screen’s codes', async () => {
      // The teacher has 用户管理 (its 职务 field), not 职务管理.
      expectEnvelope(await t.api('GET', '/sys/position/list', { token: teacher }), { success: true, code: 0 });
      await unchanged(async () => {
        expectNoPermission(await t.api('POST', '/sys/position/add', { token: teacher, body: { code: 'tt', name: '老师加的', postRank: '1' } }));
        expectNoPermission(await t.api('DELETE', `/sys/position/delete?id=${await positionId('dean')}`, { token: teacher }));
        expectNoPermission(await t.api('GET', '/sys/position/list', { token: student }));
        expectNoPermission(await t.api('POST', '/sys/position/add', { token: student, body: { code: 'ss', name: '学生加的', postRank: '1' } }));
      });
    });
  });

  describe('the user’s 职务', () => {
    it('stores the chosen position codes as the anchor’s comma list, and refuses unknown ones', async () => {
      const id = await t.userId('student2');
      const edit = await t.api('PUT', '/sys/user/edit', { token: admin, body: { id, post: 'dean,teacher' } });
      expectEnvelope(edit, { success: true });
      expect(await post('student2')).toBe('dean,teacher');
      expectEnvelope(await t.api('PUT', '/sys/user/edit', { token: admin, body: { id, post: ['teacher'] } }), { success: true });
      expect(await post('student2')).toBe('teacher');
      await unchanged(async () => {
        expectFieldFail(await t.api('PUT', '/sys/user/edit', { token: admin, body: { id, post: 'teacher,nope' } }), '所选职务不存在', 'post');
        expectInvalid(await t.api('PUT', '/sys/user/edit', { token: admin, body: { id, post: 42 } }), '职务格式不正确', 'post');
      });
      // An edit without the field leaves it; an empty one clears it.
      expectEnvelope(await t.api('PUT', '/sys/user/edit', { token: admin, body: { id, realname: '小红' } }), { success: true });
      expect(await post('student2')).toBe('teacher');
      expectEnvelope(await t.api('PUT', '/sys/user/edit', { token: admin, body: { id, post: '' } }), { success: true });
      expect(await post('student2')).toBeNull();

      const add = await t.api('POST', '/sys/user/add', {
        token: admin,
        body: { username: 'dean-li', realname: '李主任', password: 'Dean-pass-2026!', userIdentity: 2, post: 'dean', selecteddeparts: departs.A01 },
      });
      expectEnvelope(add, { success: true });
      expect(await post('dean-li')).toBe('dean');
    });
  });

  describe('通讯录', () => {
    const book = (token: string, query = '') => t.api('GET', `/sys/user/queryByOrgCodeForAddressList?pageSize=50${query}`, { token });
    const names = (res: any) => res.body.result.records.map((r: any) => r.realname).sort();

    it('lists a department’s people and its sub-departments’, with positions, departments and no secrets', async () => {
      await setPost('teacher', 'teacher,assistant');
      const res = await book(admin, '&orgCode=A01A01');
      expectEnvelope(res, { success: true, code: 0 });
      expectPage(res.body.result, 50, 1);
      const wang = res.body.result.records.find((r: any) => r.realname === '王老师');
      expect(wang).toMatchObject({ post: 'teacher,assistant', post_dictText: '任课教师,助教', departName: '一年级一班' });
      for (const r of res.body.result.records) {
        expect(r).not.toHaveProperty('password');
        expect(r).not.toHaveProperty('salt');
      }
      expect(names(res)).toEqual(expect.arrayContaining(['小明', '王老师']));
      expect(names(res)).not.toContain('阳光老师');
      // The anchor's plain-text filters match anywhere; the list page's *text* too.
      expect(names(await book(admin, `&orgCode=A01&realname=${encodeURIComponent('老')}`))).toEqual(['王老师']);
      expect(names(await book(admin, `&realname=${encodeURIComponent('*阳光*')}`))).toEqual(['阳光老师']);
      const all = await book(admin);
      expect(names(all)).toEqual(expect.arrayContaining(['阳光老师', '王老师', '李主任']));
      expectFailure(await book(admin, '&orgCode=ZZZ'), '未找到对应部门');
      expectFailure(await book(admin, `&orgCode=${'A'.repeat(65)}`), '部门编码格式不正确');
      // Sorted by an allowed column (anything else falls back to 姓名), paged.
      await t.db.updateTable('sys_user').set({ work_no: 'T002' }).where('username', '=', 'teacher').execute();
      await t.db.updateTable('sys_user').set({ work_no: 'T001' }).where('username', '=', 'student1').execute();
      await t.db.updateTable('sys_user').set({ work_no: 'T003' }).where('username', '=', 'student2').execute();
      const byNo = await t.api('GET', '/sys/user/queryByOrgCodeForAddressList?orgCode=A01A01A01&column=workNo&order=desc&pageSize=1&pageNo=1', { token: admin });
      expectPage(byNo.body.result, 1, 1);
      expect(byNo.body.result.records.map((r: any) => r.workNo)).toEqual(['T003']);
      const second = await t.api('GET', '/sys/user/queryByOrgCodeForAddressList?orgCode=A01A01A01&column=workNo&order=desc&pageSize=1&pageNo=2', { token: admin });
      expect(second.body.result.records.map((r: any) => r.workNo)).toEqual(['T002']);
      expect(byNo.body.result.total).toBe(3);
      const injected = await t.api('GET', `/sys/user/queryByOrgCodeForAddressList?orgCode=A01A01A01&column=${encodeURIComponent('password')}&pageSize=50`, { token: admin });
      expectEnvelope(injected, { success: true, code: 0 });
      const byName = await t.api('GET', '/sys/user/queryByOrgCodeForAddressList?orgCode=A01A01A01&column=realname&order=asc&pageSize=50', { token: admin });
      expect(injected.body.result.records.map((r: any) => r.id)).toEqual(byName.body.result.records.map((r: any) => r.id));
    });

    it('keeps a teacher to the classes they manage, and refuses students', async () => {
      const mine = await book(teacher);
      expectEnvelope(mine, { success: true, code: 0 });
      expect(names(mine)).not.toContain('阳光老师');
      expect(names(mine)).toEqual(expect.arrayContaining(['王老师', '小明']));
      // Another school is out of reach, whether named directly or searched for.
      expectFailure(await book(teacher, '&orgCode=A02'), '权限不足，只能查看您负责的班级');
      expectFailure(await book(teacher, '&orgCode=A02A01'), '权限不足，只能查看您负责的班级');
      expect(names(await book(teacher, `&realname=${encodeURIComponent('阳光')}`))).toEqual([]);
      // Above the managed subtree (the school) is out of reach too.
      expectFailure(await book(teacher, '&orgCode=A01'), '权限不足，只能查看您负责的班级');
      // A teacher who manages nothing sees nobody.
      const lone = newId();
      await t.db.insertInto('sys_user').values({ id: lone, username: 'lone-teacher', realname: '孤单老师', password: 'scrypt$invalid', user_identity: 2 }).execute();
      const teacherRole = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow();
      await t.db.insertInto('sys_user_role').values({ id: newId(), user_id: lone, role_id: teacherRole.id }).execute();
      const { createSession } = await import('../../domain/sessions.js');
      const loneToken = (await createSession(t.db, lone)).token;
      expectFailure(await book(loneToken), '您没有负责的班级');
      expectNoPermission(await book(student));
      expectNoPermission(await book(student, '&orgCode=A01A01A01'));
    });

    it('gives the 通讯录 the department tree of the caller’s scope', async () => {
      const tree = await t.api('GET', '/sys/sysDepart/queryTreeList', { token: teacher });
      expectEnvelope(tree, { success: true });
      const codes = JSON.stringify(tree.body.result);
      expect(codes).toContain('A01A01A01');
      expect(codes).not.toMatch(/"orgCode":"A02/);
      expectNoPermission(await t.api('GET', '/sys/sysDepart/queryTreeList', { token: student }));
    });
  });
});
