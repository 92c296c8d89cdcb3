// Works API, history and cloning: versions kept on every resubmission, restoreVersion (author or staff in
// scope), sendWork (work:send, scope of source and targets) and the Excel export (scoped like the list).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { addClass, addUser, grantCodes, storedFile } from './work-fixtures.js';

describe.each(dialects)('works (versions, send, export) on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const work = (id: string) => t.db.selectFrom('teaching_work').selectAll().where('id', '=', id).executeTakeFirst();
  const workCount = async () => Number((await t.db.selectFrom('teaching_work').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const submit = async (username: string, body: Record<string, unknown>) => {
    const f = await storedFile(t, username);
    const res = await t.api('POST', '/teaching/teachingWork/submit', { token: tok[username], body: { workType: '2', workFile: f.id, ...body } });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return { id: res.body.result.id as string, fileId: f.id };
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    ids.class9 = await addClass(t, '二年级九班', '希望小学', 'A01A09');
    ids.student9 = await addUser(t, 'student9', '小九', 'student', [ids.class9]);
    await addUser(t, 'teacher9', '九老师', 'teacher', [ids.class9], [ids.class9]);
    await grantCodes(t, ['admin', 'teacher'], ['work:correct', 'work:del', 'work:export', 'work:send']);
    for (const u of ['admin', 'teacher', 'student1', 'student2', 'student9', 'teacher9']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('versions', () => {
    it('keeps each earlier state and restores one, the current state becoming a version too', async () => {
      const v1 = await submit('student1', { workName: '版本作品' });
      const v2 = await submit('student1', { workName: '版本作品', id: v1.id });
      const v3 = await submit('student1', { id: v1.id, workName: '版本作品改名', workStatus: 1 });
      const list = await t.api('GET', `/teaching/teachingWork/versions?workId=${v1.id}`, { token: tok.student1 });
      expectEnvelope(list, { success: true });
      expect(list.body.result.map((v: any) => [v.versionNo, v.workFile, v.workName])).toEqual([
        [2, v2.fileId, '版本作品'],
        [1, v1.fileId, '版本作品'],
      ]);
      expect(list.body.result[0]).toMatchObject({ workId: v1.id, workStatus: '0', workStatus_dictText: '已保存', workType_dictText: expect.any(String) });
      expect(list.body.result[0].workFileKey_url).toMatch(/\.sb3$/);
      const restore = await t.api('POST', '/teaching/teachingWork/restoreVersion', { token: tok.teacher, body: { workId: v1.id, versionId: list.body.result[1].id } });
      expectEnvelope(restore, { success: true, message: '恢复成功' });
      const now = (await work(v1.id))!;
      expect([now.work_file, now.work_name, now.work_status]).toEqual([v1.fileId, '版本作品', 1]);
      const after = await t.api('GET', `/teaching/teachingWork/versions?workId=${v1.id}`, { token: tok.teacher });
      expect(after.body.result[0]).toMatchObject({ versionNo: 3, workFile: v3.fileId, workName: '版本作品改名' });
    });

    it('shows and restores versions only to the author and staff in scope', async () => {
      const w = await submit('student1', { workName: '私密版本' });
      await submit('student1', { workName: '私密版本', id: w.id });
      expectFailure(await t.api('GET', `/teaching/teachingWork/versions?workId=${w.id}`, { token: tok.student2 }), '无权操作该作品');
      expectFailure(await t.api('GET', `/teaching/teachingWork/versions?workId=${w.id}`, { token: tok.teacher9 }), '无权操作该作品');
      const versionId = (await t.db.selectFrom('teaching_work_version').select('id').where('work_id', '=', w.id).executeTakeFirstOrThrow()).id;
      const before = await work(w.id);
      expectFailure(await t.api('POST', '/teaching/teachingWork/restoreVersion', { token: tok.student2, body: { workId: w.id, versionId } }), '无权操作该作品');
      expectFailure(await t.api('POST', '/teaching/teachingWork/restoreVersion', { token: tok.student1, body: { workId: w.id, versionId: 'nope' } }), '版本不存在');
      expectInvalid(await t.api('POST', '/teaching/teachingWork/restoreVersion', { token: tok.student1, body: { workId: w.id } }), '版本id不能为空', 'versionId');
      expect(await work(w.id)).toEqual(before);
    });
  });

  describe('sendWork', () => {
    it('copies a work in scope to users in scope as new drafts', async () => {
      const src = await submit('student1', { workName: '要克隆的作品', workStatus: 1 });
      const targets = [await t.userId('student2'), await t.userId('student3')];
      const before = await workCount();
      const res = await t.api('POST', '/teaching/teachingWork/sendWork', { token: tok.teacher, body: { sendWorkId: src.id, userIdList: targets } });
      expectEnvelope(res, { success: true, message: '发送成功，共2个用户' });
      expect(await workCount()).toBe(before + 2);
      const copies = await t.db.selectFrom('teaching_work').selectAll().where('work_name', '=', '要克隆的作品').where('user_id', 'in', targets).execute();
      expect(copies.map((w) => [w.work_status, w.work_file, w.work_scene, w.view_num])).toEqual([
        [0, src.fileId, 'create', 0],
        [0, src.fileId, 'create', 0],
      ]);
      // The copy's owner may resubmit with the shared file.
      const copy = copies.find((w) => w.user_id === targets[0])!;
      const again = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { id: copy.id, workName: '要克隆的作品', workType: '2', workFile: src.fileId } });
      expectEnvelope(again, { success: true, message: '更新成功！' });
    });

    it('refuses without work:send, outside the scope, and for bad input, changing nothing', async () => {
      const src = await submit('student1', { workName: '不许克隆' });
      const before = await workCount();
      const post = (token: string, body: unknown) => t.api('POST', '/teaching/teachingWork/sendWork', { token, body });
      expectNoPermission(await post(tok.student1, { sendWorkId: src.id, userIdList: [await t.userId('student2')] }));
      expectFailure(await post(tok.teacher, { sendWorkId: src.id, userIdList: [ids.student9] }), '无权向用户“小九”发送作品');
      expectFailure(await post(tok.teacher9, { sendWorkId: src.id, userIdList: [ids.student9] }), '无权操作该作品');
      expectFailure(await post(tok.teacher, { sendWorkId: 'nope', userIdList: [ids.student9] }), '作品不存在');
      expectFailure(await post(tok.teacher, { sendWorkId: src.id, userIdList: ['nobody'] }), '用户不存在');
      expectInvalid(await post(tok.teacher, { sendWorkId: src.id, userIdList: [] }), '请选择用户', 'userIdList');
      expectInvalid(await post(tok.teacher, { sendWorkId: src.id, userIdList: 'x' }), '请选择用户', 'userIdList');
      expect(await workCount()).toBe(before);
    });
  });

  describe('exportXls', () => {
    it('exports the scoped, filtered list as Excel and refuses callers without classes', async () => {
      const r = await t.request('/api/teaching/teachingWork/exportXls?workStatus=4', { headers: { 'X-Access-Token': tok.teacher } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('spreadsheetml');
      expect(decodeURIComponent(r.headers.get('content-disposition') ?? '')).toContain('作业列表.xlsx');
      const ExcelJS = ((await import('exceljs')) as any).default;
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await r.arrayBuffer()));
      const rows: string[][] = [];
      wb.worksheets[0].eachRow((row: any) => rows.push((row.values as unknown[]).slice(1).map(String)));
      expect(rows[0][0]).toBe('作业管理列表数据');
      expect(rows[2]).toEqual(expect.arrayContaining(['用户', '班级', '课程', '附加作业', '作业名', '作业类型', '作业状态', '提交场景', '创建日期']));
      const listed = await t.api('GET', '/teaching/teachingWork/list?workStatus=4&pageSize=100', { token: tok.teacher });
      expect(rows.length - 3).toBe(listed.body.result.total);
      expect(rows.slice(3).every((row) => row.includes('精选作品'))).toBe(true);
      const nine = await t.request('/api/teaching/teachingWork/exportXls', { headers: { 'X-Access-Token': tok.teacher9 } });
      const wb9 = new ExcelJS.Workbook();
      await wb9.xlsx.load(Buffer.from(await nine.arrayBuffer()));
      expect(wb9.worksheets[0].rowCount).toBe(3); // title, exporter, header: class 9 has no works
      expectFailure(await t.api('GET', '/teaching/teachingWork/exportXls', { token: tok.student1 }), '您没有负责的班级');
    });
  });
});
