// Works API, the author's side and the grading desk's list: mine, list (scope, filters, paging, dict texts)
// and submit (upsert priority, refused ids, own files, homework rules, kept status, versions, day log).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid, expectPage } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { addClass, addUser, storedFile } from './work-fixtures.js';

describe.each(dialects)('works (own and list) on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const workId = async (name: string, username: string) =>
    (await t.db.selectFrom('teaching_work as w').innerJoin('sys_user as u', 'u.id', 'w.user_id').select('w.id').where('w.work_name', '=', name).where('u.username', '=', username).executeTakeFirstOrThrow()).id;
  const workCount = async () => Number((await t.db.selectFrom('teaching_work').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const work = (id: string) => t.db.selectFrom('teaching_work').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    ids.class1 = (await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', '一年级一班').executeTakeFirstOrThrow()).id;
    ids.class2 = (await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', '一年级二班').executeTakeFirstOrThrow()).id;
    // A class of another grade with its own student and teacher: outside 王老师's scope (a teacher managing nothing too).
    ids.class9 = await addClass(t, '二年级九班', '希望小学', 'A01A09');
    await addUser(t, 'student9', '小九', 'student', [ids.class9]);
    await addUser(t, 'teacher9', '九老师', 'teacher', [ids.class9], [ids.class9]);
    await addUser(t, 'teacher0', '零老师', 'teacher', [ids.class9], []);
    for (const u of ['admin', 'teacher', 'student1', 'student2', 'student3', 'student9', 'teacher9', 'teacher0']) tok[u] = await t.login(u);
    ids.homework = (await t.db.selectFrom('teaching_additional_work').select('id').where('work_name', '=', '画一只小动物').executeTakeFirstOrThrow()).id;
    ids.unit = (await t.db.selectFrom('teaching_work').select('course_id').where('work_scene', '=', 'course').executeTakeFirstOrThrow()).course_id!;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('mine', () => {
    it('lists only the caller\'s works, newest first, in the StudentWorkModel shape with dict texts and URLs', async () => {
      const res = await t.api('GET', '/teaching/teachingWork/mine', { token: tok.student1 });
      expectEnvelope(res, { success: true });
      expectPage(res.body.result, 999, 1);
      const recs = res.body.result.records;
      expect(recs.length).toBe(4);
      const me = await t.userId('student1');
      expect(recs.every((r: any) => r.userId === me)).toBe(true);
      const times = recs.map((r: any) => r.createTime);
      expect(times).toEqual([...times].sort().reverse());
      const graded = recs.find((r: any) => r.workName === '认识Scratch');
      expect(graded).toMatchObject({
        workStatus: '2',
        workStatus_dictText: '已批改',
        workType: '2',
        workScene: 'course',
        workScene_dictText: '课程作业',
        userId_dictText: '小明',
        departId_dictText: '一年级一班',
        score: 5,
        workTag: '',
      });
      expect(graded.courseId_dictText).not.toBe('');
      expect(graded.workFileKey_url).toMatch(/^\/api\/sys\/common\/static\/.+\.sb3$/);
      expect(graded.coverFileKey_url).toMatch(/\.png$/);
      expect(graded).toHaveProperty('teacherComment');
      expect(graded).toHaveProperty('additionalId_dictText');
    });

    it('ignores a userId filter (forced to the caller) and pages', async () => {
      const other = await t.userId('student2');
      const res = await t.api('GET', `/teaching/teachingWork/mine?userId=${other}&pageSize=2&pageNo=2`, { token: tok.student1 });
      expectPage(res.body.result, 2, 2);
      // userId=<other> AND user_id=<me> matches nothing: never another's works.
      expect(res.body.result.records.every((r: any) => r.userId !== other)).toBe(true);
    });
  });

  describe('list (grading desk)', () => {
    it('shows admin every work, paged 10 by default, sorted by an allowed column only', async () => {
      const res = await t.api('GET', '/teaching/teachingWork/list', { token: tok.admin });
      expectEnvelope(res, { success: true });
      expectPage(res.body.result, 10, 1);
      expect(res.body.result.total).toBe(await workCount());
      const byName = await t.api('GET', '/teaching/teachingWork/list?column=workName&order=asc&pageSize=50', { token: tok.admin });
      const names = byName.body.result.records.map((r: any) => r.workName);
      expect(names).toEqual([...names].sort());
      const injected = await t.api('GET', '/teaching/teachingWork/list?column=work_file;drop%20table%20sys_user&order=desc', { token: tok.admin });
      expectEnvelope(injected, { success: true });
    });

    it('shows a teacher only works of members of the classes they manage', async () => {
      await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student9, body: { workName: '九班作品', workType: '2', workFile: (await storedFile(t, 'student9')).id } });
      const res = await t.api('GET', '/teaching/teachingWork/list?pageSize=100', { token: tok.teacher });
      const authors = new Set(res.body.result.records.map((r: any) => r.username));
      expect([...authors].sort()).toEqual(['student1', 'student2', 'student3']);
      const nine = await t.api('GET', '/teaching/teachingWork/list?pageSize=100', { token: tok.teacher9 });
      expect(nine.body.result.records.map((r: any) => r.workName)).toEqual(['九班作品']);
    });

    it('carries each row’s abilities: the teacher may grade and delete the works listed; an author deletes, never grades, their own', async () => {
      const desk = (await t.api('GET', '/teaching/teachingWork/list?pageSize=100', { token: tok.teacher })).body.result.records;
      expect(desk.length).toBeGreaterThan(0);
      for (const r of desk) expect(r, r.workName).toMatchObject({ canGrade: true, canDelete: true });
      const mine = (await t.api('GET', '/teaching/teachingWork/mine', { token: tok.student1 })).body.result.records;
      expect(mine.length).toBeGreaterThan(0);
      for (const r of mine) expect(r, r.workName).toMatchObject({ canGrade: false, canDelete: true });
    });

    it('refuses a teacher without managed classes (您没有负责的班级) and a student without the screen', async () => {
      expectFailure(await t.api('GET', '/teaching/teachingWork/list', { token: tok.teacher0 }), '您没有负责的班级');
      expectFailure(await t.api('GET', '/teaching/teachingWork/list', { token: tok.student1 }), '没有权限，请联系管理员授权', { status: 403, code: 510 });
    });

    it('filters by name and real name (contains), username, status, scene, class, dates', async () => {
      const q = async (qs: string) => (await t.api('GET', `/teaching/teachingWork/list?pageSize=100&${qs}`, { token: tok.teacher })).body.result.records;
      expect((await q(`workName=${encodeURIComponent('Scratch')}`)).map((r: any) => r.workName)).toEqual(['认识Scratch', '认识Scratch']);
      expect(new Set((await q(`realname=${encodeURIComponent('明')}`)).map((r: any) => r.realname))).toEqual(new Set(['小明']));
      expect(new Set((await q('username=student3')).map((r: any) => r.username))).toEqual(new Set(['student3']));
      expect((await q('workStatus=4')).every((r: any) => r.workStatus === '4')).toBe(true);
      expect((await q('workScene=additional')).map((r: any) => r.workName).sort()).toEqual(['我的小狗', '校园一角'].sort());
      expect((await q(`departId=${ids.class2}`)).every((r: any) => r.departId === ids.class2)).toBe(true);
      expect(await q('teaching_work.updateTime_begin=2999-01-01')).toEqual([]);
      expect((await q('teaching_work.updateTime_end=2999-01-01')).length).toBeGreaterThan(5);
      expect(await q(`workName=${'x'.repeat(500)}`)).toEqual([]);
      const hw = (await q(`additionalId=${ids.homework}`))[0];
      expect(hw.additionalId_dictText).toBe('画一只小动物');
    });
  });

  describe('submit', () => {
    it('adds a free work for the caller, then updates the same work by name and type, keeping a version', async () => {
      const f1 = await storedFile(t, 'student2');
      const add = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { workName: '新作品', workType: '2', workFile: f1.id, workStatus: 0 } });
      expectEnvelope(add, { success: true, message: '添加成功！' });
      expect(add.body.result).toMatchObject({ workName: '新作品', workStatus: 0, workScene: 'create', departId: ids.class1, userId: await t.userId('student2') });
      const f2 = await storedFile(t, 'student2');
      const upd = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { workName: '新作品', workType: 2, workFile: f2.id, workStatus: 1 } });
      expectEnvelope(upd, { success: true, message: '更新成功！' });
      expect(upd.body.result.id).toBe(add.body.result.id);
      expect(upd.body.result.workFile).toBe(f2.id);
      const versions = await t.db.selectFrom('teaching_work_version').selectAll().where('work_id', '=', add.body.result.id).execute();
      expect(versions.map((v) => [v.version_no, v.work_file, v.work_status])).toEqual([[1, f1.id, 0]]);
    });

    it("the anchor's add saves the caller's own new work; an id, a grade or a comment in the body is not taken", async () => {
      const other = await workId('小猫跳舞', 'student1');
      const before = await work(other);
      const f = await storedFile(t, 'student2');
      const res = await t.api('POST', '/teaching/teachingWork/add', {
        token: tok.student2,
        body: { id: other, workName: '从旧前端新增', workType: '2', workFile: f.id, workStatus: 1, teachingWorkCorrectList: [{ score: 5, comment: '自己给满分' }], teachingWorkCommentList: [{ comment: 'x' }] },
      });
      expectEnvelope(res, { success: true, message: '添加成功！' });
      expect(res.body.result).toMatchObject({ workName: '从旧前端新增', workStatus: 1, userId: await t.userId('student2') });
      expect(res.body.result.id).not.toBe(other);
      expect(await work(other)).toEqual(before);
      expect(await t.db.selectFrom('teaching_work_correct').select('id').where('work_id', '=', res.body.result.id).execute()).toEqual([]);
      expectInvalid(await t.api('POST', '/teaching/teachingWork/add', { token: tok.student2, body: { workType: '2', workFile: f.id } }), '请输入作品名');
      expect((await t.api('POST', '/teaching/teachingWork/add', { body: { workName: 'x', workType: '2', workFile: f.id } })).status).toBe(500);
    });

    it('refuses an id that is not the caller\'s own work, and an unknown id, changing nothing', async () => {
      const other = await workId('小猫跳舞', 'student1');
      const before = await work(other);
      const count = await workCount();
      const f = await storedFile(t, 'student2');
      expectFailure(await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { id: other, workName: '偷来的', workType: '2', workFile: f.id } }), '只能修改自己的作品');
      expectFailure(await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { id: 'no-such-work', workName: 'x', workType: '2', workFile: f.id } }), '作品不存在或已被删除');
      expect(await work(other)).toEqual(before);
      expect(await workCount()).toBe(count);
    });

    it('refuses files the caller did not upload, bad types, statuses above 1 and oversized values', async () => {
      const count = await workCount();
      const theirs = await storedFile(t, 'student1');
      const mine = await storedFile(t, 'student2');
      const post = (body: unknown) => t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body });
      expectFailure(await post({ workName: 'a', workType: '2', workFile: theirs.id }), '作品文件不存在，请重新上传');
      expectFailure(await post({ workName: 'a', workType: '2', workFile: mine.id, workCover: theirs.id }), '作品封面不存在，请重新上传');
      expectFailure(await post({ workName: 'a', workType: '99', workFile: mine.id }), '作品类型不存在');
      expectInvalid(await post({ workName: 'a', workType: '2', workFile: mine.id, workStatus: 3 }), '作品状态只能是0（保存）或1（提交）', 'workStatus');
      expectInvalid(await post({ workName: 'a', workType: '2', workFile: mine.id, workStatus: 'x' }), '作品状态必须是数字', 'workStatus');
      expectInvalid(await post({ workName: 'x'.repeat(65), workType: '2', workFile: mine.id }), '作品名不能超过64个字符', 'workName');
      expectInvalid(await post({ workName: '', workType: '2', workFile: mine.id }), '请输入作品名', 'workName');
      expectInvalid(await post({ workName: 'a', workType: '2', workFile: 12 }), '请上传作品文件', 'workFile');
      expectEnvelope(await post('{oops'), { success: false, status: 400 });
      expect(await workCount()).toBe(count);
    });

    it('keeps a graded or published work\'s status when the author saves it again (§2.14.8)', async () => {
      const id = await workId('小猫跳舞', 'student1');
      const f = await storedFile(t, 'student1');
      const before = await work(id);
      const res = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student1, body: { id, workName: '小猫跳舞', workType: '2', workFile: f.id, workStatus: 0 } });
      expectEnvelope(res, { success: true, message: '更新成功！' });
      const after = await work(id);
      expect(after.work_status).toBe(4);
      expect(after.create_time).toBe(before.create_time);
      expect(after.work_file).toBe(f.id);
      const v = await t.db.selectFrom('teaching_work_version').selectAll().where('work_id', '=', id).execute();
      expect(v.map((x) => [x.work_file, x.work_status])).toEqual([[before.work_file, 4]]);
    });

    it('submits class homework only when published and assigned to one of the caller\'s classes, counting the day log once', async () => {
      // student2 (class 1, nothing handed in for this homework yet).
      const f = await storedFile(t, 'student2');
      const eventCount = async () => Number((await t.db.selectFrom('teaching_depart_day_event').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'additionalWorkSubmit').executeTakeFirstOrThrow()).n);
      const before = await eventCount();
      const res = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { additionalId: ids.homework, departId: ids.class2, workName: '小兔子', workType: '2', workFile: f.id, workStatus: 1 } });
      expectEnvelope(res, { success: true, message: '添加成功！' });
      // The class is the caller's own (class 1), not the one the client named.
      expect(res.body.result).toMatchObject({ workScene: 'additional', additionalId: ids.homework, departId: ids.class1, workStatus: 1 });
      expect(await eventCount()).toBe(before + 1);
      const again = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { additionalId: ids.homework, workName: '小兔子2', workType: '2', workFile: f.id, workStatus: 1 } });
      expect(again.body.result.id).toBe(res.body.result.id);
      expect(await eventCount()).toBe(before + 1);
      // Not assigned to class 9; unpublished; unknown.
      const f9 = await storedFile(t, 'student9');
      expectFailure(await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student9, body: { additionalId: ids.homework, workName: 'x', workType: '2', workFile: f9.id } }), '该作业没有布置给你的班级');
      await t.db.updateTable('teaching_additional_work').set({ status: 0 }).where('id', '=', ids.homework).execute();
      try {
        expectFailure(await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { additionalId: ids.homework, workName: 'x', workType: '2', workFile: f.id } }), '该作业未发布或已结束');
      } finally {
        await t.db.updateTable('teaching_additional_work').set({ status: 1 }).where('id', '=', ids.homework).execute();
      }
      expectFailure(await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { additionalId: 'nope', workName: 'x', workType: '2', workFile: f.id } }), '班级作业不存在');
    });

    it('recomputes the class of course homework on the server and counts a first submission', async () => {
      const f = await storedFile(t, 'student3');
      const res = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student3, body: { courseId: ids.unit, departId: 'forged', workName: '认识Scratch', workType: '2', workFile: f.id, workStatus: 1 } });
      expectEnvelope(res, { success: true, message: '添加成功！' });
      expect(res.body.result.workScene).toBe('course');
      expect(res.body.result.departId).not.toBe('forged');
      const ev = await t.db.selectFrom('teaching_depart_day_event').select('depart_id').where('kind', '=', 'courseWorkSubmit').where('subject_id', '=', res.body.result.id).execute();
      expect(ev.map((e) => e.depart_id)).toEqual(res.body.result.departId ? [res.body.result.departId] : []);
    });
  });
});
