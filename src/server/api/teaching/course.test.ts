// Courses, units and class courses: the /teaching/teachingCourse, /teachingCourseUnit and /teachingCourseDept
// contract (shapes, paging, dictionary texts, bad input changing nothing), the one visibility rule for
// courses, units and unit files (§2.14.7 fixed), the show-to-students flags enforced on the files themselves,
// the authorised-department ancestor rule, the map editor's editBatch, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { validSb3 } from '../../../../test/sb3-files.js';
import { formatDateTime } from '../../domain/time.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A one-entry zip (stored) whose central directory claims `size` uncompressed bytes. */
function zip(name: string, data: Buffer, size = data.length): Buffer {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(n.length, 28);
  const cdOffset = local.length + n.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, n, data, central, n, end]);
}

describe.each(dialects)('courses on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const upload = async (token: string, data: Buffer, name: string, biz: string) => {
    const form = new FormData();
    form.set('file', new Blob([data as BlobPart]), name);
    form.set('biz', biz);
    const r = await t.request('/api/sys/common/upload', { method: 'POST', body: form, headers: { 'X-Access-Token': token } });
    return { status: r.status, body: (await r.json()) as { success: boolean; message: string } };
  };
  const fetchFile = (key: string, token?: string) => t.request(`/api/sys/common/static/${key}`, { headers: token ? { 'X-Access-Token': token } : {} });
  const courseCount = async () => Number((await t.db.selectFrom('teaching_course').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const departId = async (name: string) => (await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', name).executeTakeFirstOrThrow()).id;
  const courseId = async (name: string) => (await t.db.selectFrom('teaching_course').select('id').where('course_name', '=', name).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    for (const u of ['admin', 'teacher', 'student1', 'student3']) tok[u] = await t.login(u);
    ids.class1 = await departId('一年级一班');
    ids.class2 = await departId('一年级二班');
    ids.grade1 = await departId('一年级');
    ids.mapCourse = await courseId('Scratch游戏闯关');
    ids.python = await courseId('Python初探');
    ids.shared = await courseId('Scratch入门');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('课程包管理 list', () => {
    it('pages courses with dictionary texts, file URLs, authorised departments and 是/否 texts', async () => {
      const res = await t.api('GET', '/teaching/teachingCourse/list?pageNo=1&pageSize=2', { token: tok.admin });
      expectEnvelope(res, { success: true, code: 0 });
      const page = res.body.result;
      expect(Object.keys(page)).toEqual(expect.arrayContaining(['records', 'total', 'size', 'current', 'pages']));
      expect(page.total).toBe(await courseCount());
      expect(page.records).toHaveLength(2);
      expect(page.pages).toBe(Math.ceil(page.total / 2));
      // Default order: 排序 ascending.
      expect(page.records.map((r: any) => r.orderNum)).toEqual([...page.records.map((r: any) => r.orderNum)].sort((a, b) => a - b));
      const scratch = page.records.find((r: any) => r.id === ids.shared);
      expect(scratch).toMatchObject({ courseName: 'Scratch入门', courseType: '2', courseType_dictText: '正式课', courseCategory_dictText: 'Scratch', isShared: true, isShared_dictText: '是', showType_dictText: '卡片' });
      expect(scratch.courseCover_url).toMatch(/^\/api\/sys\/common\/static\/.+\.png$/);
    });

    it('filters by name with wildcards and by type, and sorts only by allowed keys', async () => {
      const byName = await t.api('GET', `/teaching/teachingCourse/list?courseName=${encodeURIComponent('*闯关*')}`, { token: tok.admin });
      expect(byName.body.result.records.map((r: any) => r.id)).toEqual([ids.mapCourse]);
      const byType = await t.api('GET', '/teaching/teachingCourse/list?courseType=1', { token: tok.admin });
      expect(byType.body.result.records.map((r: any) => r.courseType)).toEqual(byType.body.result.records.map(() => '1'));
      const injected = await t.api('GET', '/teaching/teachingCourse/list?column=course_desc;drop&order=desc', { token: tok.admin });
      expectEnvelope(injected, { success: true, code: 0 });
    });

    it('lists to a student only the courses they may study (no refusal, no other course)', async () => {
      const res = await t.api('GET', '/teaching/teachingCourse/list?pageSize=50', { token: tok.student3 });
      const names = res.body.result.records.map((r: any) => r.courseName).sort();
      expect(names).toEqual(['Scratch入门']); // class 2: shared course only; the map course opens next week
    });

    it('exports the filtered list as Excel', async () => {
      const r = await t.request('/api/teaching/teachingCourse/exportXls', { headers: { 'X-Access-Token': tok.admin } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('spreadsheetml');
      const denied = await t.api('GET', '/teaching/teachingCourse/exportXls', { token: tok.student1 });
      expect(denied.status).toBe(403);
    });
  });

  describe('add / edit / delete', () => {
    it('refuses bad input with a clear message and changes nothing', async () => {
      const before = await courseCount();
      expectInvalid(await t.api('POST', '/teaching/teachingCourse/add', { token: tok.admin, body: { courseName: '' } }), '请输入课程名', 'courseName');
      expectInvalid(await t.api('POST', '/teaching/teachingCourse/add', { token: tok.admin, body: { courseName: 'x'.repeat(65) } }), '课程名不能超过64个字符', 'courseName');
      expectInvalid(await t.api('POST', '/teaching/teachingCourse/add', { token: tok.admin, body: { courseName: 'A', showType: 7 } }), '展示形式只能是地图或卡片', 'showType');
      expectInvalid(await t.api('POST', '/teaching/teachingCourse/add', { token: tok.admin, body: { courseName: 'A', isShared: 'maybe' } }), '是否共享只能是“是”或“否”', 'isShared');
      expectFailure(await t.api('POST', '/teaching/teachingCourse/add', { token: tok.admin, body: { courseName: 'A', courseType: '9' } }), '课程性质不存在');
      expectFailure(await t.api('POST', '/teaching/teachingCourse/add', { token: tok.admin, body: { courseName: 'A', courseCover: 'course/nope.png' } }), '课程封面文件不存在，请重新上传');
      expectFailure(await t.api('POST', '/teaching/teachingCourse/add', { token: tok.admin, body: { courseName: 'A', departIds: 'no-such-depart' } }), '授权部门不存在');
      const notJson = await t.api('POST', '/teaching/teachingCourse/add', { token: tok.admin, body: '{oops' });
      expectEnvelope(notJson, { success: false, status: 400 });
      expect(await courseCount()).toBe(before);
    });

    it('adds a course with a sanitised description and authorised departments, and reads it back', async () => {
      const cover = await upload(tok.admin, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0xff, 0xd9]), 'c.jpg', 'course');
      expect(cover.body.success).toBe(true);
      const res = await t.api('POST', '/teaching/teachingCourse/add', {
        token: tok.admin,
        body: { courseName: '年级课', courseDesc: '<p onclick="x()">好<script>alert(1)</script></p>', courseCover: cover.body.message, showType: '1', isShared: false, showHome: 1, orderNum: 9, courseType: '1', courseCategory: '1', departIds: [ids.grade1] },
      });
      expectEnvelope(res, { success: true, message: '添加成功！' });
      ids.gradeCourse = res.body.result.id;
      const got = await t.api('GET', `/teaching/teachingCourse/queryById?id=${ids.gradeCourse}`, { token: tok.admin });
      expect(got.body.result).toMatchObject({ courseName: '年级课', courseDesc: '<p>好</p>', showType: 1, isShared: false, showHome: true, departIds: ids.grade1, departIds_dictText: '一年级' });
    });

    it('edits a course and replaces its authorised departments', async () => {
      const res = await t.api('PUT', '/teaching/teachingCourse/edit', { token: tok.admin, body: { id: ids.gradeCourse, courseName: '年级课2', departIds: `${ids.class2},` } });
      expectEnvelope(res, { success: true });
      const got = await t.api('GET', `/teaching/teachingCourse/queryById?id=${ids.gradeCourse}`, { token: tok.admin });
      expect(got.body.result).toMatchObject({ courseName: '年级课2', departIds: ids.class2 });
      expectFailure(await t.api('PUT', '/teaching/teachingCourse/edit', { token: tok.admin, body: { id: 'nope', courseName: 'x' } }), '未找到对应数据');
    });

    it('applies the ancestor rule: a course is offered to a class when authorised for it or an ancestor', async () => {
      const offered = async (dept: string) =>
        (await t.api('GET', `/teaching/teachingCourse/list?pageSize=100&departId=${dept}`, { token: tok.admin })).body.result.records.map((r: any) => r.id);
      // Authorised for class 2 only.
      expect(await offered(ids.class2)).toContain(ids.gradeCourse);
      expect(await offered(ids.class1)).not.toContain(ids.gradeCourse);
      // Authorised for the grade: both classes below it.
      await t.api('PUT', '/teaching/teachingCourse/edit', { token: tok.admin, body: { id: ids.gradeCourse, courseName: '年级课2', departIds: ids.grade1 } });
      expect(await offered(ids.class1)).toContain(ids.gradeCourse);
      // Unrestricted courses are offered everywhere.
      expect(await offered(ids.class1)).toContain(ids.python);
    });

    it('refuses to delete a course that still has units; deletes an empty one with its class assignments', async () => {
      expectFailure(await t.api('DELETE', `/teaching/teachingCourse/delete?id=${ids.shared}`, { token: tok.admin }), /下还有单元/);
      await t.api('POST', '/teaching/teachingCourseDept/addOrUpdate', { token: tok.admin, body: { deptId: ids.class1, courseIdList: [ids.gradeCourse] } });
      const res = await t.api('DELETE', `/teaching/teachingCourse/deleteBatch?ids=${ids.gradeCourse},`, { token: tok.admin });
      expectEnvelope(res, { success: true });
      expect(await t.db.selectFrom('teaching_course_dept').select('id').where('course_id', '=', ids.gradeCourse).execute()).toEqual([]);
      expect(await t.db.selectFrom('teaching_course_auth_depart').select('id').where('course_id', '=', ids.gradeCourse).execute()).toEqual([]);
    });

    it('lets students write nothing', async () => {
      for (const [method, path] of [
        ['POST', '/teaching/teachingCourse/add'],
        ['PUT', '/teaching/teachingCourse/edit'],
        ['DELETE', `/teaching/teachingCourse/delete?id=${ids.python}`],
        ['POST', '/teaching/teachingCourseUnit/add'],
        ['PUT', '/teaching/teachingCourseUnit/editBatch'],
        ['DELETE', '/teaching/teachingCourseUnit/delete?id=x'],
      ]) {
        const res = await t.api(method, path, { token: tok.student1, body: { courseName: 'x' } });
        expect(res.status, path).toBe(403);
      }
    });
  });

  describe('teachers author their own courses', () => {
    const course = (id: string) => t.db.selectFrom('teaching_course').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const unit = (id: string) => t.db.selectFrom('teaching_course_unit').selectAll().where('id', '=', id).executeTakeFirst();
    const listed = async (token: string, path: string) => (await t.api('GET', path, { token })).body.result.records as any[];
    const adminUnit = async () => (await t.db.selectFrom('teaching_course_unit').select('id').where('course_id', '=', ids.python).orderBy('id').executeTakeFirstOrThrow()).id;

    it('a teacher adds a course and a unit in it, and edits both', async () => {
      const added = await t.api('POST', '/teaching/teachingCourse/add', { token: tok.teacher, body: { courseName: '老师的课', showType: 2 } });
      expectEnvelope(added, { success: true, message: '添加成功！' });
      ids.teacherCourse = added.body.result.id;
      expect((await course(ids.teacherCourse)).create_by).toBe('teacher');
      expectEnvelope(await t.api('PUT', '/teaching/teachingCourse/edit', { token: tok.teacher, body: { id: ids.teacherCourse, courseName: '老师的课（改）' } }), { success: true });
      expect((await course(ids.teacherCourse)).course_name).toBe('老师的课（改）');

      const u = await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.teacher, body: { courseId: ids.teacherCourse, unitName: '第一课' } });
      expectEnvelope(u, { success: true });
      ids.teacherUnit = u.body.result.id;
      expectEnvelope(await t.api('PUT', '/teaching/teachingCourseUnit/edit', { token: tok.teacher, body: { id: ids.teacherUnit, courseId: ids.teacherCourse, unitName: '第一课（改）' } }), { success: true });
      expect((await unit(ids.teacherUnit))?.unit_name).toBe('第一课（改）');
      expectEnvelope(await t.api('PUT', '/teaching/teachingCourseUnit/editBatch', { token: tok.teacher, body: [{ id: ids.teacherUnit, mapX: 5, mapY: 6 }] }), { success: true });
    });

    it('the lists say per row what the caller may edit and delete: the teacher their own, the admin every one', async () => {
      const mine = await listed(tok.teacher, '/teaching/teachingCourse/list?pageSize=100');
      expect(mine.find((r) => r.id === ids.teacherCourse)).toMatchObject({ canEdit: true, canDelete: true });
      expect(mine.find((r) => r.id === ids.python)).toMatchObject({ canEdit: false, canDelete: false });
      const all = await listed(tok.admin, '/teaching/teachingCourse/list?pageSize=100');
      expect(all.length).toBeGreaterThan(1);
      for (const r of all) expect(r, r.courseName).toMatchObject({ canEdit: true, canDelete: true });
      const units = await listed(tok.teacher, '/teaching/teachingCourseUnit/list?pageSize=100');
      expect(units.find((r) => r.id === ids.teacherUnit)).toMatchObject({ canEdit: true, canDelete: true });
      ids.pythonUnit = await adminUnit();
      expect(units.find((r) => r.id === ids.pythonUnit)).toMatchObject({ canEdit: false, canDelete: false });
      for (const r of await listed(tok.admin, '/teaching/teachingCourseUnit/list?pageSize=100')) expect(r, r.unitName).toMatchObject({ canEdit: true, canDelete: true });
    });

    it('refuses a teacher every change to a course someone else created, and to its units, changing nothing', async () => {
      const before = JSON.stringify([await course(ids.python), await unit(ids.pythonUnit)]);
      expectFailure(await t.api('PUT', '/teaching/teachingCourse/edit', { token: tok.teacher, body: { id: ids.python, courseName: '抢来的课' } }), '只能编辑自己创建的课程');
      expectFailure(await t.api('DELETE', `/teaching/teachingCourse/delete?id=${ids.python}`, { token: tok.teacher }), '只能删除自己创建的课程');
      expectFailure(await t.api('DELETE', `/teaching/teachingCourse/deleteBatch?ids=${ids.teacherCourse},${ids.python}`, { token: tok.teacher }), '只能删除自己创建的课程');
      const NOT_MINE = '只能在自己创建的课程中添加或修改单元';
      const stuffed = await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.teacher, body: { courseId: ids.python, unitName: '塞进去的单元' } });
      expectFailure(stuffed, NOT_MINE);
      expect(stuffed.body.result.errors.courseId).toBe(NOT_MINE);
      expectFailure(await t.api('PUT', '/teaching/teachingCourseUnit/edit', { token: tok.teacher, body: { id: ids.pythonUnit, courseId: ids.python, unitName: '改名' } }), '只能修改自己创建的课程中的单元');
      // Nor move their own unit into it.
      expectFailure(await t.api('PUT', '/teaching/teachingCourseUnit/edit', { token: tok.teacher, body: { id: ids.teacherUnit, courseId: ids.python, unitName: '搬家' } }), NOT_MINE);
      expectFailure(
        await t.api('PUT', '/teaching/teachingCourseUnit/editBatch', { token: tok.teacher, body: [{ id: ids.teacherUnit, mapX: 1, mapY: 1 }, { id: ids.pythonUnit, mapX: 1, mapY: 1 }] }),
        '只能修改自己创建的课程中的单元，地图未保存',
      );
      expectFailure(await t.api('DELETE', `/teaching/teachingCourseUnit/deleteBatch?ids=${ids.teacherUnit},${ids.pythonUnit}`, { token: tok.teacher }), '只能删除自己创建的课程中的单元');
      expect(JSON.stringify([await course(ids.python), await unit(ids.pythonUnit)])).toBe(before);
      expect(await unit(ids.teacherUnit)).toMatchObject({ course_id: ids.teacherCourse, unit_name: '第一课（改）', map_x: 5 });
      expect(await t.db.selectFrom('teaching_course_unit').select('id').where('unit_name', '=', '塞进去的单元').executeTakeFirst()).toBeUndefined();
    });

    it('the admin edits the teacher’s course; the teacher deletes their own unit and course', async () => {
      expectEnvelope(await t.api('PUT', '/teaching/teachingCourse/edit', { token: tok.admin, body: { id: ids.teacherCourse, courseName: '老师的课' } }), { success: true });
      expect((await course(ids.teacherCourse)).create_by).toBe('teacher');
      expectEnvelope(await t.api('DELETE', `/teaching/teachingCourseUnit/delete?id=${ids.teacherUnit}`, { token: tok.teacher }), { success: true });
      expectEnvelope(await t.api('DELETE', `/teaching/teachingCourse/delete?id=${ids.teacherCourse}`, { token: tok.teacher }), { success: true });
      expect(await t.db.selectFrom('teaching_course').select('id').where('id', '=', ids.teacherCourse).executeTakeFirst()).toBeUndefined();
    });
  });

  describe('visibility (我的课程, units, files)', () => {
    it('shows a student the shared courses and those of their classes whose open time has passed', async () => {
      const mine = async (who: string) => (await t.api('GET', '/teaching/teachingCourse/mineCourse', { token: tok[who] })).body.result.map((c: any) => c.courseName);
      expect((await mine('student1')).sort()).toEqual(['Python初探', 'Scratch入门', 'Scratch游戏闯关'].sort());
      expect(await mine('student3')).toEqual(['Scratch入门']);
    });

    it('refuses the units of an assigned but not yet opened course (§2.14.7), and opens them once the time has come', async () => {
      const unopened = await t.api('GET', `/teaching/teachingCourseUnit/mineUnit?courseId=${ids.mapCourse}`, { token: tok.student3 });
      expectFailure(unopened, '无课程权限');
      expectFailure(await t.api('GET', `/teaching/teachingCourse/queryById?id=${ids.mapCourse}`, { token: tok.student3 }), '无课程权限');
      // The teacher prepares it before it opens.
      const teacher = await t.api('GET', `/teaching/teachingCourseUnit/mineUnit?courseId=${ids.mapCourse}`, { token: tok.teacher });
      expect(teacher.body.result.total).toBe(3);
      const row = await t.db.selectFrom('teaching_course_dept').select('id').where('dept_id', '=', ids.class2).where('course_id', '=', ids.mapCourse).executeTakeFirstOrThrow();
      await t.api('PUT', '/teaching/teachingCourseDept/edit', { token: tok.teacher, body: { id: row.id, openTime: formatDateTime(new Date(Date.now() - 60_000)) } });
      const opened = await t.api('GET', `/teaching/teachingCourseUnit/mineUnit?courseId=${ids.mapCourse}`, { token: tok.student3 });
      expectEnvelope(opened, { success: true, code: 200 });
      expect(opened.body.result.records.map((u: any) => u.unitName)).toEqual(['第1关 接苹果', '第2关 打地鼠', '第3关 小猫走迷宫']);
      expect(opened.body.result.records[0]).toMatchObject({ courseName: 'Scratch游戏闯关', mapX: 150, mapY: 420 });
    });

    it('blanks hidden media for students and refuses the hidden files through their URL', async () => {
      const pdf = await upload(tok.admin, PDF, '教案.pdf', 'courseunit');
      expect(pdf.body.success, pdf.body.message).toBe(true);
      expect(pdf.body.message).toMatch(/^courseunit\/.+\.pdf$/);
      const ppt = await upload(tok.admin, PDF, '资料.pdf', 'courseunit');
      const add = await t.api('POST', '/teaching/teachingCourseUnit/add', {
        token: tok.admin,
        body: { courseId: ids.mapCourse, unitName: '第4关 隐藏资料', coursePlan: pdf.body.message, showCoursePlan: 0, coursePpt: ppt.body.message, showCoursePpt: 1, orderNum: 4 },
      });
      expectEnvelope(add, { success: true });
      ids.unit4 = add.body.result.id;
      const student = await t.api('GET', `/teaching/teachingCourseUnit/mineUnit?courseId=${ids.mapCourse}&pageSize=10`, { token: tok.student1 });
      const unit = student.body.result.records.find((u: any) => u.id === ids.unit4);
      expect(unit.coursePlan).toBeNull();
      expect(unit.coursePlan_url).toBeNull();
      expect(unit.coursePpt).toBe(`/api/sys/common/static/${ppt.body.message}`);
      const teacher = await t.api('GET', `/teaching/teachingCourseUnit/mineUnit?courseId=${ids.mapCourse}&pageSize=10`, { token: tok.teacher });
      expect(teacher.body.result.records.find((u: any) => u.id === ids.unit4).coursePlan).toBe(`/api/sys/common/static/${pdf.body.message}`);

      // The file itself: hidden → refused to the student, anonymous; served to the teacher and the admin.
      expect((await fetchFile(pdf.body.message, tok.student1)).status).toBe(403);
      expect((await fetchFile(pdf.body.message)).status).toBe(403);
      expect((await fetchFile(pdf.body.message, tok.teacher)).status).toBe(200);
      expect((await fetchFile(pdf.body.message, tok.admin)).status).toBe(200);
      const shown = await fetchFile(ppt.body.message, tok.student1);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('cache-control')).toBe('private, no-store');
      // Showing it makes it readable.
      await t.db.updateTable('teaching_course_unit').set({ show_course_plan: 1 }).where('id', '=', ids.unit4).execute();
      expect((await fetchFile(pdf.body.message, tok.student1)).status).toBe(200);
      // A student of a class without the course: refused.
      await t.db.updateTable('teaching_course_dept').set({ open_time: null }).where('dept_id', '=', ids.class2).where('course_id', '=', ids.mapCourse).execute();
      expect((await fetchFile(pdf.body.message, tok.student3)).status).toBe(403);
      // Covers and other non-unit files stay public.
      const cover = (await t.db.selectFrom('teaching_course').select('course_cover').where('id', '=', ids.shared).executeTakeFirstOrThrow()).course_cover!;
      expect((await fetchFile(cover)).status).toBe(200);
    });

    it('lets only unit editors upload unit media, and checks the type from the content', async () => {
      expect((await upload(tok.student1, PDF, 'x.pdf', 'courseunit')).status).toBe(403);
      const exe = await upload(tok.admin, Buffer.from('MZ\x90\x00 not a document'), 'x.pdf', 'courseunit');
      expect(exe.status).toBe(415);
      // Scratch projects keep their extension; archives that climb out or expand enormously are refused.
      const sb3 = await upload(tok.admin, validSb3(), '案例.sb3', 'courseunit');
      expect(sb3.body.message).toMatch(/^courseunit\/[0-9a-f]{32}\.sb3$/);
      expect((await upload(tok.admin, zip('../../evil.sh', Buffer.from('x')), 'a.sb3', 'courseunit')).status).toBe(415);
      // A .sb3 that is no Scratch 3 project (an empty project.json) is refused too.
      expect((await upload(tok.admin, zip('project.json', Buffer.from('{}')), '案例.sb3', 'courseunit')).body.message).toMatch(/不是有效的 Scratch 3 项目/);
      expect((await upload(tok.admin, zip('big.bin', Buffer.from('x'), 900 * 1024 * 1024), 'a.sb3', 'courseunit')).status).toBe(415);
      // Documents are not images: the course image folder refuses them.
      expect((await upload(tok.admin, PDF, 'x.pdf', 'course')).status).toBe(415);
    });
  });

  describe('units', () => {
    it('pages the admin unit list with course names and dictionary texts, filtered by course', async () => {
      const res = await t.api('GET', `/teaching/teachingCourseUnit/list?courseId=${ids.shared}&pageSize=2`, { token: tok.admin });
      expectEnvelope(res, { success: true, code: 0 });
      expect(res.body.result.total).toBe(3);
      expect(res.body.result.records).toHaveLength(2);
      expect(res.body.result.records[0]).toMatchObject({ courseName: 'Scratch入门', courseWorkType: 2, courseWorkType_dictText: 'Scratch3.0', orderNum: 1 });
      expect(res.body.result.records[0].unitCover_url).toMatch(/^\/api\/sys\/common\/static\//);
      expect((await t.api('GET', '/teaching/teachingCourseUnit/list', { token: tok.student1 })).status).toBe(403);
    });

    it('accepts a video as upload key, link or allowed embed, and never keeps raw embed code', async () => {
      const base = { courseId: ids.shared, unitName: '视频课' };
      expectFailure(await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.admin, body: { ...base, courseVideoSource: 3, courseVideo: '<script>alert(1)</script>' } }), /外部视频只支持/);
      expectFailure(
        await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.admin, body: { ...base, courseVideoSource: 3, courseVideo: '<iframe src="https://evil.example/x"></iframe>' } }),
        /外部视频只支持/,
      );
      expectFailure(await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.admin, body: { ...base, courseVideoSource: 2, courseVideo: 'javascript:alert(1)' } }), /视频链接必须/);
      expectFailure(await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.admin, body: { ...base, courseVideoSource: 1, courseVideo: 'courseunit/none.mp4' } }), '课程视频文件不存在，请重新上传');
      const embed = await t.api('POST', '/teaching/teachingCourseUnit/add', {
        token: tok.admin,
        body: { ...base, courseVideoSource: 3, courseVideo: '<iframe src="//player.bilibili.com/player.html?bvid=BV1xx&page=1" onload="steal()"></iframe><script>x()</script>' },
      });
      expectEnvelope(embed, { success: true });
      const stored = await t.db.selectFrom('teaching_course_unit').select('course_video').where('id', '=', embed.body.result.id).executeTakeFirstOrThrow();
      expect(stored.course_video).toMatch(/^<iframe src="https:\/\/player\.bilibili\.com\/player\.html\?bvid=BV1xx&amp;page=1" /);
      expect(stored.course_video).not.toMatch(/<script|onload|steal/);
    });

    it('validates the other fields and changes nothing on bad input', async () => {
      const count = async () => (await t.db.selectFrom('teaching_course_unit').select('id').execute()).length;
      const before = await count();
      expectInvalid(await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.admin, body: { courseId: ids.shared, unitName: '' } }), '请输入单元名称', 'unitName');
      expectFailure(await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.admin, body: { courseId: 'nope', unitName: 'x' } }), '所属课程包不存在');
      expectFailure(await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.admin, body: { courseId: ids.shared, unitName: 'x', courseWorkType: 77 } }), '作业类型不存在');
      expectInvalid(await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.admin, body: { courseId: ids.shared, unitName: 'x', mapX: -1 } }), '地图坐标X不能小于0', 'mapX');
      expectInvalid(
        await t.api('POST', '/teaching/teachingCourseUnit/add', { token: tok.admin, body: { courseId: ids.shared, unitName: 'x', coursePpt: Array.from({ length: 11 }, (_, i) => `k${i}`) } }),
        '课程资料最多10个文件',
        'coursePpt',
      );
      expect(await count()).toBe(before);
    });

    it('saves the map editor coordinates with editBatch; an unknown unit saves nothing', async () => {
      const units = await t.db.selectFrom('teaching_course_unit').select(['id', 'map_x', 'map_y']).where('course_id', '=', ids.mapCourse).orderBy('order_num').execute();
      const ok = await t.api('PUT', '/teaching/teachingCourseUnit/editBatch', { token: tok.admin, body: units.map((u, i) => ({ id: u.id, mapX: 10 + i, mapY: '20' })) });
      expectEnvelope(ok, { success: true });
      const after = await t.db.selectFrom('teaching_course_unit').select(['map_x', 'map_y']).where('course_id', '=', ids.mapCourse).orderBy('order_num').execute();
      expect(after.map((u) => [u.map_x, u.map_y])).toEqual(units.map((_, i) => [10 + i, 20]));
      expectFailure(await t.api('PUT', '/teaching/teachingCourseUnit/editBatch', { token: tok.admin, body: [{ id: units[0].id, mapX: 99, mapY: 99 }, { id: 'nope', mapX: 1, mapY: 1 }] }), '未找到对应的课程单元，地图未保存');
      expectInvalid(await t.api('PUT', '/teaching/teachingCourseUnit/editBatch', { token: tok.admin, body: [{ id: units[0].id, mapX: 'left', mapY: 1 }] }), '地图坐标X必须是数字');
      expectInvalid(await t.api('PUT', '/teaching/teachingCourseUnit/editBatch', { token: tok.admin, body: [] }), '没有课程单元');
      const unchanged = await t.db.selectFrom('teaching_course_unit').select('map_x').where('id', '=', units[0].id).executeTakeFirstOrThrow();
      expect(unchanged.map_x).toBe(10);
    });

    it('answers getUnitWorkInfo with the starter project and the caller\'s own work, under the same rule', async () => {
      const unit = await t.db.selectFrom('teaching_course_unit').selectAll().where('unit_name', '=', '第1课 认识Scratch').executeTakeFirstOrThrow();
      const res = await t.api('GET', `/teaching/teachingCourseUnit/getUnitWorkInfo?unitId=${unit.id}`, { token: tok.student1 });
      expectEnvelope(res, { success: true, code: 0 });
      const own = await t.db.selectFrom('teaching_work').select('id').where('course_id', '=', unit.id).where('user_id', '=', await t.userId('student1')).executeTakeFirst();
      expect(res.body.result).toMatchObject({ id: unit.id, courseName: 'Scratch入门', courseWorkType_dictText: 'Scratch3.0', mineWorkId: own?.id ?? null });
      expect(res.body.result.courseWork_url).toBe(`/api/sys/common/static/${unit.course_work}`);
      const mapUnit = await t.db.selectFrom('teaching_course_unit').select('id').where('course_id', '=', ids.mapCourse).executeTakeFirstOrThrow();
      expectFailure(await t.api('GET', `/teaching/teachingCourseUnit/getUnitWorkInfo?unitId=${mapUnit.id}`, { token: tok.student3 }), '无课程权限');
      expectFailure(await t.api('GET', '/teaching/teachingCourseUnit/getUnitWorkInfo?unitId=nope', { token: tok.student1 }), '未找到对应数据');
    });

    it('deletes units', async () => {
      const res = await t.api('DELETE', `/teaching/teachingCourseUnit/delete?id=${ids.unit4}`, { token: tok.admin });
      expectEnvelope(res, { success: true });
      expectFailure(await t.api('DELETE', `/teaching/teachingCourseUnit/delete?id=${ids.unit4}`, { token: tok.admin }), '未找到对应数据');
    });
  });

  describe('class courses (班级管理 → 课程)', () => {
    it('lists a class course with its course and class names', async () => {
      const res = await t.api('GET', `/teaching/teachingCourseDept/list?deptId=${ids.class1}`, { token: tok.teacher });
      expectEnvelope(res, { success: true, code: 0 });
      const names = res.body.result.records.map((r: any) => r.courseName).sort();
      expect(names).toEqual(['Python初探', 'Scratch入门', 'Scratch游戏闯关'].sort());
      expect(res.body.result.records[0]).toMatchObject({ deptId: ids.class1, departName: '一年级一班' });
      // A student manages no class: nothing listed.
      expect((await t.api('GET', `/teaching/teachingCourseDept/list?deptId=${ids.class1}`, { token: tok.student1 })).body.result.total).toBe(0);
    });

    it('adds only authorised courses to a class of the caller, without an open time', async () => {
      const only2 = await t.api('POST', '/teaching/teachingCourse/add', { token: tok.admin, body: { courseName: '二班专用', departIds: ids.class2 } });
      ids.only2 = only2.body.result.id;
      expectFailure(await t.api('POST', '/teaching/teachingCourseDept/addOrUpdate', { token: tok.teacher, body: { deptId: ids.class1, courseIdList: [ids.only2] } }), '所选课程不存在或未授权给该班级');
      expectFailure(await t.api('POST', '/teaching/teachingCourseDept/addOrUpdate', { token: tok.teacher, body: { deptId: ids.grade1, courseIdList: [ids.only2] } }), '只能给班级添加课程');
      expectInvalid(await t.api('POST', '/teaching/teachingCourseDept/addOrUpdate', { token: tok.teacher, body: { deptId: ids.class2, courseIdList: [] } }), '请选择课程');
      const ok = await t.api('POST', '/teaching/teachingCourseDept/addOrUpdate', { token: tok.teacher, body: { deptId: ids.class2, courseIdList: [ids.only2] } });
      expectEnvelope(ok, { success: true, message: '操作成功！' });
      const row = await t.db.selectFrom('teaching_course_dept').selectAll().where('course_id', '=', ids.only2).executeTakeFirstOrThrow();
      expect(row.open_time).toBeNull();
      ids.only2Row = row.id;
      // Again: no duplicate.
      await t.api('POST', '/teaching/teachingCourseDept/addOrUpdate', { token: tok.teacher, body: { deptId: ids.class2, courseIdList: [ids.only2] } });
      expect(await t.db.selectFrom('teaching_course_dept').select('id').where('course_id', '=', ids.only2).execute()).toHaveLength(1);
      // The teacher's picker lists the authorised courses of a class in scope.
      const picker = await t.api('GET', `/teaching/teachingCourse/list?departId=${ids.class2}&pageSize=50`, { token: tok.teacher });
      expect(picker.body.result.records.map((r: any) => r.id)).toContain(ids.only2);
      const other = await t.api('GET', `/teaching/teachingCourse/list?departId=${ids.class1}&pageSize=50`, { token: tok.teacher });
      expect(other.body.result.records.map((r: any) => r.id)).not.toContain(ids.only2);
    });

    it('sets the open time (开课时间) and refuses a malformed one without change', async () => {
      expectInvalid(await t.api('PUT', '/teaching/teachingCourseDept/edit', { token: tok.teacher, body: { id: ids.only2Row, openTime: 'tomorrow' } }), '开课时间格式不正确，应为 年-月-日 时:分', 'openTime');
      expectInvalid(await t.api('PUT', '/teaching/teachingCourseDept/edit', { token: tok.teacher, body: { openTime: '2020-01-01 00:00' } }), 'id不能为空', 'id');
      expect((await t.db.selectFrom('teaching_course_dept').select('open_time').where('id', '=', ids.only2Row).executeTakeFirstOrThrow()).open_time).toBeNull();
      expectEnvelope(await t.api('PUT', '/teaching/teachingCourseDept/edit', { token: tok.teacher, body: { id: ids.only2Row, openTime: '2020-09-01T08:30' } }), { success: true });
      expect((await t.db.selectFrom('teaching_course_dept').select('open_time').where('id', '=', ids.only2Row).executeTakeFirstOrThrow()).open_time).toBe('2020-09-01 08:30:00');
      const mine = await t.api('GET', '/teaching/teachingCourse/mineCourse', { token: tok.student3 });
      expect(mine.body.result.map((c: any) => c.courseName)).toContain('二班专用');
    });

    it('keeps a teacher to the classes they manage and students out', async () => {
      // A class outside the teacher's grade.
      const outside = 'outside-class-id';
      await t.db.insertInto('sys_depart').values({ id: outside, parent_id: '', depart_name: '外校班', depart_order: 9, org_category: '3', org_type: '1', org_code: 'A99', status: '1', del_flag: '0' } as never).execute();
      expectFailure(await t.api('POST', '/teaching/teachingCourseDept/addOrUpdate', { token: tok.teacher, body: { deptId: outside, courseIdList: [ids.python] } }), '班级不存在或不在您负责的范围内');
      const adminAdds = await t.api('POST', '/teaching/teachingCourseDept/addOrUpdate', { token: tok.admin, body: { deptId: outside, courseIdList: [ids.python] } });
      expectEnvelope(adminAdds, { success: true });
      const row = await t.db.selectFrom('teaching_course_dept').select('id').where('dept_id', '=', outside).executeTakeFirstOrThrow();
      expectFailure(await t.api('PUT', '/teaching/teachingCourseDept/edit', { token: tok.teacher, body: { id: row.id, openTime: '2020-01-01 00:00' } }), '未找到对应数据');
      expectFailure(await t.api('DELETE', `/teaching/teachingCourseDept/delete?id=${row.id}`, { token: tok.teacher }), '未找到对应数据');
      expect((await t.api('POST', '/teaching/teachingCourseDept/addOrUpdate', { token: tok.student1, body: { deptId: ids.class1, courseIdList: [ids.python] } })).status).toBe(403);
    });

    it('removes class courses', async () => {
      expectEnvelope(await t.api('DELETE', `/teaching/teachingCourseDept/deleteBatch?ids=${ids.only2Row},`, { token: tok.teacher }), { success: true });
      const mine = await t.api('GET', '/teaching/teachingCourse/mineCourse', { token: tok.student3 });
      expect(mine.body.result.map((c: any) => c.courseName)).not.toContain('二班专用');
    });
  });
});
