// 通告管理 API: GET list, PUT edit, DELETE delete/deleteBatch, GET exportXls, GET queryRecipients,
// GET recipientOptions — and how they meet add / doReleaseData / doReovkeData of the realtime side.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage, expectTokenRefusal } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

describe.each(dialects)('通告管理 API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let student: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
    for (const u of ['student1', 'student2', 'student3', 'teacher']) ids[u] = await t.userId(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  const base = { titile: '通知', msgContent: '<p>内容</p>', priority: 'L', msgCategory: '1', msgType: 'ALL' };
  const add = async (body: Record<string, unknown>) => {
    const res = await t.api('POST', '/sys/annountCement/add', { token: admin, body: { ...base, ...body } });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return res.body.result.id as string;
  };
  const edit = (body: Record<string, unknown>, token = admin) => t.api('PUT', '/sys/annountCement/edit', { token, body });
  const row = (id: string) => t.db.selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const recipients = async (id: string) =>
    (await t.db.selectFrom('sys_announcement_send').select(['user_id', 'read_flag']).where('annt_id', '=', id).orderBy('user_id').execute()).map((r) => ({ ...r }));
  const list = (query: string, token = admin) => t.api('GET', `/sys/annountCement/list?${query}`, { token });
  const unreadIds = async (token: string) => {
    const r = (await t.api('GET', '/sys/annountCement/listByUser', { token })).body.result;
    return [...r.anntMsgList, ...r.sysMsgList].map((a: { id: string }) => a.id);
  };

  describe('GET /sys/annountCement/list', () => {
    it('pages the announcements that are not deleted, newest first, with the dictionary texts', async () => {
      const a = await add({ titile: '列表甲', priority: 'H' });
      const b = await add({ titile: '列表乙', msgCategory: '2' });
      const gone = await add({ titile: '列表丙' });
      await t.db.updateTable('sys_announcement').set({ del_flag: '1' }).where('id', '=', gone).execute();
      const res = await list('titile=*列表*&pageNo=1&pageSize=10&column=createTime&order=desc&_t=1');
      expectEnvelope(res, { success: true, code: 0 });
      expectPage(res.body.result, 10, 1);
      const got = res.body.result.records.map((r: { id: string }) => r.id);
      expect(got).toEqual(expect.arrayContaining([a, b]));
      expect(got).not.toContain(gone);
      const first = res.body.result.records.find((r: { id: string }) => r.id === a);
      expect(first).toMatchObject({
        titile: '列表甲',
        priority: 'H',
        priority_dictText: '高',
        msgCategory: '1',
        msgCategory_dictText: '通知公告',
        msgType: 'ALL',
        msgType_dictText: '全体用户',
        sendStatus: '0',
        sendStatus_dictText: '未发布',
        delFlag: '0',
      });
      expect(res.body.result.records.find((r: { id: string }) => r.id === b).msgCategory_dictText).toBe('系统消息');
    });

    it('filters exactly by status, priority, category and type, by title wildcard and by creation date range', async () => {
      const h = await add({ titile: '筛选紧急', priority: 'H', msgCategory: '2' });
      await t.api('GET', `/sys/annountCement/doReleaseData?id=${h}`, { token: admin });
      const records = async (q: string) => (await list(`${q}&pageSize=100`)).body.result.records as { id: string; priority: string; sendStatus: string; titile: string }[];
      const urgent = await records('priority=H&sendStatus=1&msgCategory=2&msgType=ALL');
      expect(urgent.map((r) => r.id)).toContain(h);
      expect(urgent.every((r) => r.priority === 'H' && r.sendStatus === '1')).toBe(true);
      // Plain text is an exact match (the anchor's rule); the page sends *text*.
      expect((await records('titile=筛选')).map((r) => r.id)).not.toContain(h);
      expect((await records('titile=*筛选*')).map((r) => r.id)).toContain(h);
      expect((await records('titile=筛选紧急')).map((r) => r.id)).toContain(h);
      const today = new Date().toISOString().slice(0, 10);
      expect((await records(`createTime_begin=2000-01-01&createTime_end=2000-12-31`)).length).toBe(0);
      const year = Number(today.slice(0, 4));
      expect((await records(`createTime_begin=${year - 1}-01-01&createTime_end=${year + 1}-12-31`)).map((r) => r.id)).toContain(h);
    });

    it('sorts by allowed keys only and ignores the rest', async () => {
      const asc = (await list('column=titile&order=asc&pageSize=100')).body.result.records.map((r: { titile: string }) => r.titile);
      expect(asc).toEqual([...asc].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
      const injected = await list('column=id;drop table sys_log&order=asc');
      expectEnvelope(injected, { success: true, code: 0 });
    });

    it('needs the 通告管理 menu: a teacher and a student are refused, a visitor must log in', async () => {
      expectNoPermission(await list('pageNo=1', teacher));
      expectNoPermission(await list('pageNo=1', student));
      expectTokenRefusal(await t.api('GET', '/sys/annountCement/list'));
    });
  });

  describe('PUT /sys/annountCement/edit', () => {
    it('saves a draft with the content sanitised: no scripts, event handlers or javascript: links', async () => {
      const id = await add({ titile: '原标题' });
      const res = await edit({
        ...base,
        id,
        titile: '新标题',
        msgContent: '<p onclick="steal()">你好<script>alert(1)</script><a href="javascript:alert(2)">链接</a><img src=x onerror="alert(3)"></p>',
        msgAbstract: '摘要',
        priority: 'M',
        msgCategory: '2',
        startTime: '2030-01-01',
        endTime: '2030-01-31',
        openType: 'url',
        openPage: 'https://example.org/help',
      });
      expectEnvelope(res, { success: true, code: 200, message: '修改成功!' });
      const saved = await row(id);
      expect(saved).toMatchObject({
        titile: '新标题',
        msg_abstract: '摘要',
        priority: 'M',
        msg_category: '2',
        start_time: '2030-01-01 00:00:00',
        end_time: '2030-01-31 23:59:59',
        open_type: 'url',
        open_page: 'https://example.org/help',
        update_by: 'admin',
        send_status: '0',
      });
      expect(saved.msg_content).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
      expect(saved.msg_content).toContain('你好');
      expect(saved.msg_content).toContain('链接');
      expect(res.body.result.msgContent).toBe(saved.msg_content);
    });

    it('replaces the recipients of a USER announcement, keeping the read state of those who stay', async () => {
      const id = await add({ msgType: 'USER', userIds: `${ids.student1},${ids.student2},` });
      await t.db.updateTable('sys_announcement_send').set({ read_flag: '1' }).where('annt_id', '=', id).where('user_id', '=', ids.student2).execute();
      const res = await edit({ ...base, id, msgType: 'USER', userIds: [ids.student2, ids.student3] });
      expectEnvelope(res, { success: true, message: '修改成功!' });
      expect(await recipients(id)).toEqual(
        [
          { user_id: ids.student2, read_flag: '1' },
          { user_id: ids.student3, read_flag: '0' },
        ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
      );
      const q = await t.api('GET', `/sys/annountCement/queryRecipients?id=${id}`, { token: admin });
      expectEnvelope(q, { success: true, code: 0 });
      expect(q.body.result.total).toBe(2);
      expect(q.body.result.userIds.split(',').sort()).toEqual([ids.student2, ids.student3].sort());
      expect(q.body.result.users.map((u: { username: string }) => u.username)).toEqual(['student2', 'student3']);

      // Published, it reaches exactly the new recipients.
      await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: admin });
      expect(await unreadIds(student)).not.toContain(id);
      expect(await unreadIds(await t.login('student3'))).toContain(id);

      // Switched to everyone (a draft again), the old recipient rows go: publishing makes them for all.
      const draft = await add({ msgType: 'USER', userIds: ids.student1 });
      expectEnvelope(await edit({ ...base, id: draft, msgType: 'ALL' }), { success: true });
      expect(await recipients(draft)).toEqual([]);
    });

    it('refuses to edit a published announcement and allows it again once revoked', async () => {
      const id = await add({ titile: '已发布' });
      await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: admin });
      const before = await row(id);
      expectFailure(await edit({ ...base, id, titile: '改不了' }), '该通告已发布，不能编辑；请先撤销再修改');
      expect(await row(id)).toEqual(before);
      await t.api('GET', `/sys/annountCement/doReovkeData?id=${id}`, { token: admin });
      expectEnvelope(await edit({ ...base, id, titile: '撤销后修改' }), { success: true, message: '修改成功!' });
      expect((await row(id)).titile).toBe('撤销后修改');
      // Republished, the users see it again.
      expectEnvelope(await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: admin }), { success: true });
      expect(await unreadIds(student)).toContain(id);
    });

    it('answers bad input with a clear message and changes nothing', async () => {
      const id = await add({ titile: '不变', msgType: 'USER', userIds: ids.student1 });
      const before = await row(id);
      const sendsBefore = await recipients(id);
      await t.db.updateTable('sys_user').set({ status: 2 }).where('id', '=', ids.student3).execute();
      try {
        const bad = await t.request('/api/sys/annountCement/edit', { method: 'PUT', headers: { 'X-Access-Token': admin, 'Content-Type': 'application/json' }, body: '{"id":' });
        expect(bad.status).toBe(400);
        expect(((await bad.json()) as { message: string }).message).toBe('请求数据不是有效的JSON');
        const cases: [Record<string, unknown>, string, string | undefined][] = [
          [{ ...base, id, titile: '' }, '请输入标题', 'titile'],
          [{ ...base, id, titile: undefined }, '请输入标题', 'titile'],
          [{ ...base, id, titile: 'x'.repeat(101) }, '标题不能超过100个字符', 'titile'],
          [{ ...base, id, titile: 12 }, '请输入标题', 'titile'],
          [{ ...base, id, priority: 'X' }, '请选择优先级（L、M 或 H）', 'priority'],
          [{ ...base, id, msgCategory: 3 }, '请选择消息类型（1 通知公告或 2 系统消息）', 'msgCategory'],
          [{ ...base, id, msgType: 'SOME' }, '请选择通告对象（ALL 全体用户或 USER 指定用户）', 'msgType'],
          [{ ...base, id, msgType: 'USER', userIds: '' }, '请选择接收通知的用户', 'userIds'],
          [{ ...base, id, startTime: '2030-02-30' }, '开始时间格式应为 YYYY-MM-DD HH:mm:ss', 'startTime'],
          [{ ...base, id, startTime: '2030-03-02', endTime: '2030-03-01' }, '结束时间不能早于开始时间', 'endTime'],
          [{ ...base, id, openType: 'url', openPage: '' }, '请填写打开页面', 'openPage'],
          [{ ...base, id, openType: 'url', openPage: 'javascript:alert(1)' }, '链接必须是以 / 开头的站内路径或 http(s) 地址', 'openPage'],
          [{ ...base, id, openType: 'url', openPage: '//evil.example/x' }, '链接必须是以 / 开头的站内路径或 http(s) 地址', 'openPage'],
          [{ ...base, id, openType: 'popup', openPage: '/x' }, '打开方式只能是 url 或 component', 'openType'],
          [{ ...base, id, msgAbstract: 'x'.repeat(501) }, '摘要不能超过500个字符', 'msgAbstract'],
          [{ ...base, id, msgContent: 'x'.repeat(500_001) }, '内容不能超过500000个字符', 'msgContent'],
          [{ ...base, id: '' }, 'id不能为空', 'id'],
        ];
        for (const [body, message, field] of cases) expectInvalid(await edit(body), message, field);
        // Checks against the data: unknown or frozen recipients, a component page that is no menu, an unknown id.
        const unknownUser = await edit({ ...base, id, msgType: 'USER', userIds: `${ids.student1},no-such-user` });
        expectFailure(unknownUser, '接收用户不存在或已冻结（共1个）');
        expect(unknownUser.body.result.errors.userIds).toBe('接收用户不存在或已冻结（共1个）');
        expectFailure(await edit({ ...base, id, msgType: 'USER', userIds: ids.student3 }), '接收用户不存在或已冻结（共1个）');
        expectFailure(await edit({ ...base, id, openType: 'component', openPage: 'no/such/Page' }), '组件页面必须是已有菜单的路由路径或组件');
        expectFailure(await edit({ ...base, id: 'no-such-announcement' }), '未找到对应实体');
      } finally {
        await t.db.updateTable('sys_user').set({ status: 1 }).where('id', '=', ids.student3).execute();
      }
      expect(await row(id)).toEqual(before);
      expect(await recipients(id)).toEqual(sendsBefore);
      // A menu route is a valid component page.
      expectEnvelope(await edit({ ...base, id, openType: 'component', openPage: '/isps/userAnnouncement' }), { success: true });
    });

    it('needs annount:edit', async () => {
      const id = await add({ titile: '权限' });
      const before = await row(id);
      expectNoPermission(await edit({ ...base, id, titile: '学生改' }, student));
      expectNoPermission(await edit({ ...base, id, titile: '老师改' }, teacher));
      expect(await row(id)).toEqual(before);
    });
  });

  describe('DELETE /sys/annountCement/delete and deleteBatch', () => {
    it('deletes logically: gone from the list and from the users, the row kept with del_flag 1', async () => {
      const id = await add({ titile: '将删除' });
      await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: admin });
      expect(await unreadIds(student)).toContain(id);
      const res = await t.api('DELETE', `/sys/annountCement/delete?id=${id}`, { token: admin });
      expectEnvelope(res, { success: true, code: 200, message: '删除成功!' });
      expect((await row(id)).del_flag).toBe('1');
      expect(await unreadIds(student)).not.toContain(id);
      expect((await list('pageSize=500')).body.result.records.map((r: { id: string }) => r.id)).not.toContain(id);
      // Deleted once, it is unknown.
      expectFailure(await t.api('DELETE', `/sys/annountCement/delete?id=${id}`, { token: admin }), '未找到对应实体');
    });

    it('deletes a batch (ids with the trailing comma), or nothing when one id is unknown', async () => {
      const a = await add({ titile: '批量一' });
      const b = await add({ titile: '批量二' });
      expectFailure(await t.api('DELETE', `/sys/annountCement/deleteBatch?ids=${a},no-such-id,`, { token: admin }), '未找到对应实体');
      expect((await row(a)).del_flag).toBe('0');
      expectFailure(await t.api('DELETE', '/sys/annountCement/deleteBatch?ids=', { token: admin }), '请选择要删除的通告');
      expectEnvelope(await t.api('DELETE', `/sys/annountCement/deleteBatch?ids=${a},${b},`, { token: admin }), { success: true, message: '删除成功!' });
      expect([(await row(a)).del_flag, (await row(b)).del_flag]).toEqual(['1', '1']);
    });

    it('needs annount:del', async () => {
      const id = await add({ titile: '不可删' });
      expectNoPermission(await t.api('DELETE', `/sys/annountCement/delete?id=${id}`, { token: student }));
      expectNoPermission(await t.api('DELETE', `/sys/annountCement/deleteBatch?ids=${id}`, { token: teacher }));
      expect((await row(id)).del_flag).toBe('0');
    });
  });

  describe('GET /sys/annountCement/exportXls', () => {
    it('exports the filtered announcements as .xlsx with the title rows and dictionary texts', async () => {
      await add({ titile: '导出专用', priority: 'H' });
      const res = await t.request('/api/sys/annountCement/exportXls?titile=*导出专用*', { headers: { 'X-Access-Token': admin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws.getRow(1).getCell(1).value).toBe('通告管理列表数据');
      expect(String(ws.getRow(2).getCell(1).value)).toMatch(/^导出人:/);
      const header = (ws.getRow(3).values as unknown[]).slice(1);
      expect(header).toEqual(expect.arrayContaining(['标题', '优先级', '发布状态']));
      expect(ws.rowCount).toBe(4);
      const data = (ws.getRow(4).values as unknown[]).slice(1);
      expect(data[header.indexOf('标题')]).toBe('导出专用');
      expect(data[header.indexOf('优先级')]).toBe('高');
      expect(data[header.indexOf('发布状态')]).toBe('未发布');
    });

    it('is refused to those who cannot add announcements', async () => {
      expectNoPermission(await t.api('GET', '/sys/annountCement/exportXls', { token: student }));
    });
  });

  describe('recipient helpers', () => {
    it('queryRecipients: empty for ALL, 未找到对应实体 for an unknown id, 400 without an id', async () => {
      const id = await add({ titile: '全体' });
      const res = await t.api('GET', `/sys/annountCement/queryRecipients?id=${id}`, { token: admin });
      expectEnvelope(res, { success: true, code: 0 });
      expect(res.body.result).toEqual({ userIds: '', total: 0, users: [] });
      expectFailure(await t.api('GET', '/sys/annountCement/queryRecipients?id=nope', { token: admin }), '未找到对应实体');
      expectFailure(await t.api('GET', '/sys/annountCement/queryRecipients', { token: admin }), 'id不能为空', { status: 400, code: 400 });
      expectNoPermission(await t.api('GET', `/sys/annountCement/queryRecipients?id=${id}`, { token: student }));
    });

    it('recipientOptions: active users by keyword (account or name) or by ids; frozen users are not offered', async () => {
      const byName = await t.api('GET', `/sys/annountCement/recipientOptions?keyword=${encodeURIComponent('小刚')}`, { token: admin });
      expectEnvelope(byName, { success: true, code: 0 });
      expect(byName.body.result).toEqual([{ id: ids.student3, username: 'student3', realname: '小刚' }]);
      const byAccount = await t.api('GET', '/sys/annountCement/recipientOptions?keyword=student', { token: admin });
      expect(byAccount.body.result.map((u: { username: string }) => u.username)).toEqual(['student1', 'student2', 'student3']);
      // `%` is a character, not a wildcard.
      expect((await t.api('GET', '/sys/annountCement/recipientOptions?keyword=%25', { token: admin })).body.result).toEqual([]);
      const byIds = await t.api('GET', `/sys/annountCement/recipientOptions?ids=${ids.student2},${ids.teacher}`, { token: admin });
      expect(byIds.body.result.map((u: { username: string }) => u.username)).toEqual(['student2', 'teacher']);
      await t.db.updateTable('sys_user').set({ status: 2 }).where('id', '=', ids.student2).execute();
      try {
        const frozen = await t.api('GET', '/sys/annountCement/recipientOptions?keyword=student', { token: admin });
        expect(frozen.body.result.map((u: { username: string }) => u.username)).toEqual(['student1', 'student3']);
      } finally {
        await t.db.updateTable('sys_user').set({ status: 1 }).where('id', '=', ids.student2).execute();
      }
      expectFailure(await t.api('GET', `/sys/annountCement/recipientOptions?keyword=${'x'.repeat(101)}`, { token: admin }), '关键字不能超过100个字符', { status: 400, code: 400 });
      expectNoPermission(await t.api('GET', '/sys/annountCement/recipientOptions', { token: teacher }));
    });
  });
});
