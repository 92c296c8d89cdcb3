// Class homework: the /teaching/teachingAdditionalWork contract (shapes, dictionary texts, bad input changing
// nothing), classes matched exactly through the join table, the staff scope (a teacher reaches only homework of
// classes they manage), the day log counted once per class with the real id, the student's 我的作业 (published
// homework of their classes only, submit filter correctly grouped) and the teacher's submissions view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { addClass, addUser } from './work-fixtures.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG1 = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe.each(dialects)('class homework on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const upload = async (token: string, data: Buffer, name: string, biz: string) => {
    const form = new FormData();
    form.set('file', new Blob([data as BlobPart]), name);
    form.set('biz', biz);
    const r = await t.request('/api/sys/common/upload', { method: 'POST', body: form, headers: { 'X-Access-Token': token } });
    return { status: r.status, body: (await r.json()) as { success: boolean; message: string; result: { id: string; key: string } | null } };
  };
  const departId = async (name: string) => (await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', name).executeTakeFirstOrThrow()).id;
  const homeworkCount = async () => Number((await t.db.selectFrom('teaching_additional_work').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const assignCount = async (dept: string) =>
    Number(
      (
        await t.db
          .selectFrom('teaching_depart_day_log')
          .select((eb) => eb.fn.sum<number>('additional_work_assign_count').as('n'))
          .where('depart_id', '=', dept)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const add = (token: string, body: Record<string, unknown>) => t.api('POST', '/teaching/teachingAdditionalWork/add', { token, body });

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    ids.class1 = await departId('一年级一班');
    ids.class2 = await departId('一年级二班');
    ids.grade1 = await departId('一年级');
    // teacher2 manages class 2 only; teacher3 manages nothing; student4 is in a class of nobody's but admin's.
    ids.class3 = await addClass(t, '一年级三班', '一年级', 'A01A01A03');
    await addUser(t, 'teacher2', '李老师', 'teacher', [], [ids.class2]);
    await addUser(t, 'teacher3', '赵老师', 'teacher', [], []);
    await addUser(t, 'student4', '小华', 'student', [ids.class3]);
    for (const u of ['admin', 'teacher', 'teacher2', 'teacher3', 'student1', 'student2', 'student3', 'student4']) tok[u] = await t.login(u);
    ids.seeded = (await t.db.selectFrom('teaching_additional_work').select('id').where('work_name', '=', '画一只小动物').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('布置作业 (add/edit)', () => {
    it('refuses bad input and changes nothing', async () => {
      const before = await homeworkCount();
      expectInvalid(await add(tok.teacher, { workDept: ids.class1 }), '请输入作业名', 'workName');
      expectInvalid(await add(tok.teacher, { workName: '作业' }), '请选择分配班级', 'workDept');
      expectInvalid(await add(tok.teacher, { workName: '作业', workDept: ids.class1, status: 5 }), '状态只能是未发布、已发布或已结束', 'status');
      expectInvalid(await add(tok.teacher, { workName: 'x'.repeat(65), workDept: ids.class1 }), '作业名不能超过64个字符', 'workName');
      expectFailure(await add(tok.teacher, { workName: '作业', workDept: ids.grade1 }), '“一年级”不是班级，只能布置给班级');
      expectFailure(await add(tok.teacher, { workName: '作业', workDept: 'nope' }), '分配的班级不存在');
      expectFailure(await add(tok.teacher, { workName: '作业', workDept: ids.class1, workCover: 'additional/never.png' }), '作业封面文件不存在，请重新上传');
      expectFailure(await add(tok.teacher, { workName: '作业', workDept: ids.class1, codeType: 77 }), '作业类型不存在');
      // teacher2 manages class 2 only.
      expectFailure(await add(tok.teacher2, { workName: '作业', workDept: `${ids.class2},${ids.class1}` }), '只能布置给您负责的班级');
      expectFailure(await add(tok.teacher3, { workName: '作业', workDept: ids.class1 }), '您没有负责的班级');
      const denied = await add(tok.student1, { workName: '作业', workDept: ids.class1 });
      expect(denied.status).toBe(403);
      expect(await homeworkCount()).toBe(before);
    });

    it('adds a draft, then publishing counts the assignment once per class with the real id', async () => {
      const cover = await upload(tok.teacher, PNG1, 'cover.png', 'additional');
      expect(cover.body.success, cover.body.message).toBe(true);
      const doc = await upload(tok.teacher, PDF, '资料.pdf', 'additional');
      expect(doc.body.success).toBe(true);
      const c1 = await assignCount(ids.class1);
      const c2 = await assignCount(ids.class2);
      const res = await add(tok.teacher, { workName: '交一份读书笔记', codeType: 0, workDesc: '写下\n你的感想', workCover: cover.body.message, workDocumentUrl: doc.body.message, workDept: `${ids.class1},${ids.class2},`, status: 0 });
      expectEnvelope(res, { success: true, code: 200, message: '添加成功！' });
      ids.notes = res.body.result.id;
      ids.cover = cover.body.message;
      ids.doc = doc.body.message;
      // A draft is not assigned yet.
      expect(await assignCount(ids.class1)).toBe(c1);
      const body = { id: ids.notes, workName: '交一份读书笔记', codeType: '0', workDesc: '写下\n你的感想', workCover: cover.body.message, workDocumentUrl: doc.body.message, workDept: [ids.class1, ids.class2], status: 1 };
      expectEnvelope(await t.api('PUT', '/teaching/teachingAdditionalWork/edit', { token: tok.teacher, body }), { success: true, message: '编辑成功!' });
      expect(await assignCount(ids.class1)).toBe(c1 + 1);
      expect(await assignCount(ids.class2)).toBe(c2 + 1);
      const events = await t.db.selectFrom('teaching_depart_day_event').select(['depart_id', 'subject_id']).where('kind', '=', 'additionalWorkAssign').where('subject_id', '=', ids.notes).execute();
      expect(events.map((e) => e.depart_id).sort()).toEqual([ids.class1, ids.class2].sort());
      // Saving again changes no counter.
      expectEnvelope(await t.api('PUT', '/teaching/teachingAdditionalWork/edit', { token: tok.teacher, body }), { success: true });
      expect(await assignCount(ids.class1)).toBe(c1 + 1);
      const rows = await t.db.selectFrom('teaching_additional_work_dept').select('dept_id').where('additional_id', '=', ids.notes).execute();
      expect(rows.map((r) => r.dept_id).sort()).toEqual([ids.class1, ids.class2].sort());
    });

    it('a teacher editing a homework keeps the classes they do not manage', async () => {
      // teacher2 (class 2) edits the class 1 + 2 homework, sending class 2 only: class 1 stays.
      const body = { id: ids.notes, workName: '交一份读书笔记（改）', codeType: 0, workCover: ids.cover, workDocumentUrl: ids.doc, workDept: ids.class2, status: 1 };
      expectEnvelope(await t.api('PUT', '/teaching/teachingAdditionalWork/edit', { token: tok.teacher2, body }), { success: true });
      const rows = await t.db.selectFrom('teaching_additional_work_dept').select('dept_id').where('additional_id', '=', ids.notes).execute();
      expect(rows.map((r) => r.dept_id).sort()).toEqual([ids.class1, ids.class2].sort());
    });

    it('adds a class-1-only homework and an unpublished one', async () => {
      const a = await add(tok.teacher, { workName: '一班专属作业', codeType: 2, workDept: ids.class1, status: 1 });
      expectEnvelope(a, { success: true });
      ids.class1Only = a.body.result.id;
      const b = await add(tok.teacher, { workName: '还没发布的作业', codeType: 0, workDept: `${ids.class1},${ids.class2}`, status: 0 });
      ids.draft = b.body.result.id;
      const e = await add(tok.teacher, { workName: '已结束的作业', codeType: 0, workDept: ids.class1, status: 2 });
      ids.ended = e.body.result.id;
    });
  });

  describe('list, queryById and scope', () => {
    it('pages homework with class names, dictionary texts and file URLs', async () => {
      const res = await t.api('GET', '/teaching/teachingAdditionalWork/list?pageNo=1&pageSize=50', { token: tok.admin });
      expectEnvelope(res, { success: true, code: 0 });
      expect(Object.keys(res.body.result)).toEqual(expect.arrayContaining(['records', 'total', 'size', 'current', 'pages']));
      const notes = res.body.result.records.find((r: any) => r.id === ids.notes);
      expect(notes).toMatchObject({
        workName: '交一份读书笔记（改）',
        codeType: 0,
        codeType_dictText: '文件',
        status: 1,
        status_dictText: '已发布',
        workDept_dictText: '一年级一班,一年级二班',
        createBy: 'teacher',
      });
      expect(notes.workDept.split(',').sort()).toEqual([ids.class1, ids.class2].sort());
      expect(notes.workCover_url).toMatch(/^\/api\/sys\/common\/static\/additional\/.+\.png$/);
      expect(notes.workDocumentUrl_url).toMatch(/\.pdf$/);
      // Newest first by default.
      const times = res.body.result.records.map((r: any) => r.createTime);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('filters by class exactly, in both the anchor’s *id* form and a plain id', async () => {
      for (const q of [`*${ids.class2}*`, ids.class2]) {
        const res = await t.api('GET', `/teaching/teachingAdditionalWork/list?pageSize=50&workDept=${encodeURIComponent(q)}`, { token: tok.admin });
        const names = res.body.result.records.map((r: any) => r.workName);
        expect(names).toContain('画一只小动物');
        expect(names).not.toContain('一班专属作业');
      }
      // A fragment of an id matches nothing (no LIKE).
      const part = await t.api('GET', `/teaching/teachingAdditionalWork/list?workDept=${encodeURIComponent(`*${ids.class2.slice(2, 10)}*`)}`, { token: tok.admin });
      expect(part.body.result.total).toBe(0);
      const byName = await t.api('GET', `/teaching/teachingAdditionalWork/list?workName=${encodeURIComponent('*专属*')}`, { token: tok.admin });
      expect(byName.body.result.records.map((r: any) => r.workName)).toEqual(['一班专属作业']);
    });

    it('a teacher reaches only homework of the classes they manage', async () => {
      const res = await t.api('GET', '/teaching/teachingAdditionalWork/list?pageSize=50', { token: tok.teacher2 });
      const names = res.body.result.records.map((r: any) => r.workName);
      expect(names).toEqual(expect.arrayContaining(['画一只小动物', '交一份读书笔记（改）', '还没发布的作业']));
      expect(names).not.toContain('一班专属作业');
      expectFailure(await t.api('GET', `/teaching/teachingAdditionalWork/queryById?id=${ids.class1Only}`, { token: tok.teacher2 }), '未找到对应数据');
      expectFailure(await t.api('PUT', '/teaching/teachingAdditionalWork/edit', { token: tok.teacher2, body: { id: ids.class1Only, workName: 'x', workDept: ids.class2 } }), '未找到对应数据');
      expectFailure(await t.api('DELETE', `/teaching/teachingAdditionalWork/delete?id=${ids.class1Only}`, { token: tok.teacher2 }), '未找到对应数据');
      expectFailure(await t.api('GET', `/teaching/teachingAdditionalWork/submissions?id=${ids.class1Only}`, { token: tok.teacher2 }), '未找到对应数据');
      expectFailure(await t.api('GET', '/teaching/teachingAdditionalWork/list', { token: tok.teacher3 }), '您没有负责的班级');
      const q = await t.api('GET', `/teaching/teachingAdditionalWork/queryById?id=${ids.class1Only}`, { token: tok.teacher });
      expectEnvelope(q, { success: true, code: 200 });
      expect(q.body.result).toMatchObject({ id: ids.class1Only, workName: '一班专属作业', workDept: ids.class1 });
      // The class options: classes in scope only.
      const opts = await t.api('GET', '/teaching/teachingAdditionalWork/classList', { token: tok.teacher2 });
      expect(opts.body.result.map((o: any) => o.id)).toEqual([ids.class2]);
      expect(opts.body.result[0].title).toMatch(/一年级 \/ 一年级二班$/);
    });

    it('students cannot use the teachers’ screen', async () => {
      for (const path of ['list', 'queryById?id=' + ids.notes, 'submissions?id=' + ids.notes, 'classList']) {
        const res = await t.api('GET', `/teaching/teachingAdditionalWork/${path}`, { token: tok.student1 });
        expect(res.status, path).toBe(403);
      }
      const del = await t.api('DELETE', `/teaching/teachingAdditionalWork/delete?id=${ids.notes}`, { token: tok.student1 });
      expect(del.status).toBe(403);
      const up = await upload(tok.student1, PDF, 'x.pdf', 'additional');
      expect(up.status).toBe(403);
    });
  });

  describe('getWorkInfo and 我的作业', () => {
    it('a student reads only published homework of their classes', async () => {
      const own = await t.api('GET', `/teaching/teachingAdditionalWork/getWorkInfo?id=${ids.class1Only}`, { token: tok.student1 });
      expectEnvelope(own, { success: true, code: 200 });
      expect(own.body.result).toMatchObject({ workName: '一班专属作业', codeType_dictText: 'Scratch3.0' });
      for (const [user, id] of [
        ['student3', ids.class1Only], // another class
        ['student1', ids.draft], // not published
        ['student1', ids.ended], // ended
        ['student4', ids.seeded], // a class it was not assigned to
      ] as const) {
        expectFailure(await t.api('GET', `/teaching/teachingAdditionalWork/getWorkInfo?id=${id}`, { token: tok[user] }), '未找到对应数据');
      }
    });

    it('lists the published homework of the caller’s classes with the AdditionalWorkModel shape', async () => {
      const res = await t.api('GET', '/teaching/teachingWork/mineAdditionalWork', { token: tok.student1 });
      expectEnvelope(res, { success: true, code: 0 });
      const names = res.body.result.map((r: any) => r.workName);
      expect(names).toEqual(expect.arrayContaining(['画一只小动物', '交一份读书笔记（改）', '一班专属作业']));
      expect(names).not.toContain('还没发布的作业');
      expect(names).not.toContain('已结束的作业');
      const notes = res.body.result.find((r: any) => r.additionalWorkId === ids.notes);
      expect(Object.keys(notes)).toEqual(
        expect.arrayContaining([
          'additionalWorkId', 'workName', 'workDesc', 'workCover', 'workCover_url', 'workUrl', 'workUrl_url', 'workDocumentUrl', 'workDept', 'createTime',
          'createBy', 'createBy_dictText', 'codeType', 'codeType_dictText', 'mineWorkId', 'mineWorkName', 'mineWorkStatus', 'mineWorkUrl', 'mineWorkCover',
          'departId', 'departName', 'comment', 'score',
        ]),
      );
      expect(notes).toMatchObject({ departId: ids.class1, departName: '一年级一班', createBy_dictText: '王老师', codeType: 0, codeType_dictText: '文件', mineWorkId: null, mineWorkStatus: null });
      expect(notes.workDocumentUrl).toMatch(/^\/api\/sys\/common\/static\/additional\/.+\.pdf$/);
      const other = await t.api('GET', '/teaching/teachingWork/mineAdditionalWork', { token: tok.student3 });
      expect(other.body.result.map((r: any) => r.workName)).not.toContain('一班专属作业');
      expect(other.body.result.find((r: any) => r.additionalWorkId === ids.notes).departName).toBe('一年级二班');
      const none = await t.api('GET', '/teaching/teachingWork/mineAdditionalWork', { token: tok.teacher3 });
      expectEnvelope(none, { success: true, code: 0 });
      expect(none.body.result).toEqual([]);
      expectInvalid(await t.api('GET', '/teaching/teachingWork/mineAdditionalWork?submit=maybe', { token: tok.student1 }), 'submit只能是true或false');
    });

    it('a submitted file moves the homework from 未提交 to 已提交 and the teacher sees it; a saved draft stays 未提交', async () => {
      const file = await upload(tok.student1, PDF, '笔记.pdf', 'workfile');
      expect(file.body.success, file.body.message).toBe(true);
      const sub = await t.api('POST', '/teaching/teachingWork/submit', {
        token: tok.student1,
        body: { workName: '我的读书笔记', workFile: file.body.result!.id, additionalId: ids.notes, departId: ids.class1, workType: 0, workStatus: 1 },
      });
      expectEnvelope(sub, { success: true });
      // student2 only saves (status 0).
      const file2 = await upload(tok.student2, PDF, '草稿.pdf', 'workfile');
      await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { workName: '草稿', workFile: file2.body.result!.id, additionalId: ids.notes, departId: ids.class1, workType: 0, workStatus: 0 } });

      const open = await t.api('GET', '/teaching/teachingWork/mineAdditionalWork?submit=false', { token: tok.student1 });
      expect(open.body.result.map((r: any) => r.additionalWorkId)).not.toContain(ids.notes);
      const done = await t.api('GET', '/teaching/teachingWork/mineAdditionalWork?submit=true', { token: tok.student1 });
      const mine = done.body.result.find((r: any) => r.additionalWorkId === ids.notes);
      expect(mine).toMatchObject({ mineWorkName: '我的读书笔记', mineWorkStatus: 1 });
      expect(mine.mineWorkUrl).toMatch(/^\/api\/sys\/common\/static\/workfile\/.+\.pdf$/);
      const draft = await t.api('GET', '/teaching/teachingWork/mineAdditionalWork?submit=false', { token: tok.student2 });
      expect(draft.body.result.find((r: any) => r.additionalWorkId === ids.notes)).toMatchObject({ mineWorkStatus: 0 });
      const byStatus = await t.api('GET', '/teaching/teachingWork/mineAdditionalWork?submit=true&status=2', { token: tok.student1 });
      // The status filter: only graded ones, not the new submission.
      expect(byStatus.body.result.map((r: any) => r.additionalWorkId)).not.toContain(ids.notes);
      expect(byStatus.body.result.every((r: any) => r.mineWorkStatus === 2)).toBe(true);

      const s = await t.api('GET', `/teaching/teachingAdditionalWork/submissions?id=${ids.notes}`, { token: tok.teacher });
      expectEnvelope(s, { success: true, code: 200 });
      expect(s.body.result.submitted).toHaveLength(1);
      expect(s.body.result.submitted[0]).toMatchObject({ username: 'student1', realname: '小明', departName: '一年级一班', workName: '我的读书笔记', workStatus: 1, workStatus_dictText: '待批改', score: null });
      expect(s.body.result.submitted[0].workId).toBe(mine.mineWorkId);
      const missing = s.body.result.missing.map((m: any) => m.username);
      expect(missing).toEqual(expect.arrayContaining(['student2', 'student3']));
      expect(missing).not.toContain('student1');
      expect(Object.keys(s.body.result.missing[0]).sort()).toEqual(['departName', 'realname', 'userId', 'username']);
      // teacher2 sees the members of class 2 only.
      const s2 = await t.api('GET', `/teaching/teachingAdditionalWork/submissions?id=${ids.notes}`, { token: tok.teacher2 });
      expect(s2.body.result.submitted).toEqual([]);
      expect(s2.body.result.missing.map((m: any) => m.username)).toEqual(['student3']);

      // Graded: score and remark reach both views.
      await t.db.updateTable('teaching_work').set({ work_status: 2 }).where('id', '=', mine.mineWorkId).execute();
      await t.db.insertInto('teaching_work_correct').values({ id: 'g-' + mine.mineWorkId.slice(0, 20), work_id: mine.mineWorkId, score: 5, comment: '写得很好' }).execute();
      const graded = await t.api('GET', '/teaching/teachingWork/mineAdditionalWork?submit=true&status=2', { token: tok.student1 });
      expect(graded.body.result[0]).toMatchObject({ additionalWorkId: ids.notes, score: 5, comment: '写得很好', mineWorkStatus: 2 });
      const s3 = await t.api('GET', `/teaching/teachingAdditionalWork/submissions?id=${ids.notes}`, { token: tok.teacher });
      expect(s3.body.result.submitted[0]).toMatchObject({ score: 5, comment: '写得很好', workStatus_dictText: '已批改' });
    });
  });

  describe('delete', () => {
    it('refuses a homework also assigned outside the caller’s classes; deleting keeps submitted works', async () => {
      expectFailure(await t.api('DELETE', `/teaching/teachingAdditionalWork/delete?id=${ids.notes}`, { token: tok.teacher2 }), '作业还布置给了您不负责的班级，不能删除');
      expectFailure(await t.api('DELETE', '/teaching/teachingAdditionalWork/deleteBatch?ids=', { token: tok.teacher }), '请选择要删除的作业');
      expectFailure(await t.api('DELETE', `/teaching/teachingAdditionalWork/deleteBatch?ids=${ids.notes},nope`, { token: tok.teacher }), '未找到对应数据');
      const works = async () => Number((await t.db.selectFrom('teaching_work').select((eb) => eb.fn.countAll<number>().as('n')).where('additional_id', '=', ids.notes).executeTakeFirstOrThrow()).n);
      expect(await works()).toBe(2);
      expectEnvelope(await t.api('DELETE', `/teaching/teachingAdditionalWork/deleteBatch?ids=${ids.notes},${ids.draft},`, { token: tok.teacher }), { success: true, message: '删除成功!' });
      expect(await t.db.selectFrom('teaching_additional_work').select('id').where('id', 'in', [ids.notes, ids.draft]).execute()).toEqual([]);
      expect(await t.db.selectFrom('teaching_additional_work_dept').select('id').where('additional_id', 'in', [ids.notes, ids.draft]).execute()).toEqual([]);
      expect(await works()).toBe(2);
    });
  });
});
