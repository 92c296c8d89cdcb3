// 我的课程 and the unit views as students and teachers get them: only shared courses and those of the
// student's classes once opened; an unopened course by its URL answers 无课程权限; what the show flags hide
// is not in the page; opening a unit counts 开课 for a teacher through unitViewLog; the map keeps positions
// in proportion to the map's natural size; the video players' frames are allowed on these pages only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

describe.each(dialects)('student course pages on %s', (dialect) => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const get = (path: string, who: string, headers: Record<string, string> = {}) =>
    t.request(path, { headers: { Cookie: cookie[who], 'Sec-Fetch-Site': 'same-origin', ...headers } });
  const courseId = async (name: string) => (await t.db.selectFrom('teaching_course').select('id').where('course_name', '=', name).executeTakeFirstOrThrow()).id;
  const openCount = async () =>
    Number((await t.db.selectFrom('teaching_depart_day_log').select((eb) => eb.fn.sum<number>('unit_open_count').as('n')).executeTakeFirst())?.n ?? 0);

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    // The demo seed writes a class record of its own; these tests count from an empty one.
    await t.db.deleteFrom('teaching_depart_day_event').execute();
    await t.db.deleteFrom('teaching_depart_day_log').execute();
    for (const u of ['admin', 'teacher', 'student1', 'student3']) cookie[u] = `xt_token=${(await createSession(t.db, await t.userId(u))).token}`;
    ids.shared = await courseId('Scratch入门');
    ids.python = await courseId('Python初探');
    ids.map = await courseId('Scratch游戏闯关');
    const unit = await t.db.selectFrom('teaching_course_unit').select('id').where('course_id', '=', ids.shared).orderBy('order_num').executeTakeFirstOrThrow();
    ids.unit = unit.id;
    // Materials shown to students, lesson plans hidden from them; a linked video; rich content with a script.
    await t.db
      .updateTable('teaching_course_unit')
      .set({
        course_ppt: 'courseunit/aaaaaaaa.pdf,courseunit/bbbbbbbb.sb3',
        show_course_ppt: 1,
        course_plan: 'courseunit/hiddenplan.pdf',
        show_course_plan: 0,
        course_video_source: 2,
        course_video: 'https://media.example.org/v.mp4',
        show_course_video: 1,
        media_content: '<p>课程内容正文</p><script>alert(1)</script>',
        unit_intro: '第一行\n第二行',
        course_work_type: 2,
      })
      .where('id', '=', ids.unit)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('我的课程 shows the shared course and the opened courses of the student’s classes only', async () => {
    const s1 = await (await get('/teaching/mineCourse/cardList', 'student1')).text();
    expect(s1).toContain('Scratch入门');
    expect(s1).toContain('Python初探');
    expect(s1).toContain('Scratch游戏闯关');
    expect(s1).toContain(`/teaching/mineCourse/courseUnitMap?id=${ids.map}`);
    expect(s1).toContain(`/teaching/mineCourse/courseUnitCard?id=${ids.shared}`);
    // Class 2 gets the map course next week, and Python初探 is neither shared nor theirs.
    const s3 = await (await get('/teaching/mineCourse/cardList', 'student3')).text();
    expect(s3).toContain('Scratch入门');
    expect(s3).not.toContain('Scratch游戏闯关');
    expect(s3).not.toContain('Python初探');
  });

  it('an unopened or unassigned course by its URL answers 无课程权限, its units and description too', async () => {
    const map = await (await get(`/teaching/mineCourse/courseUnitMap?id=${ids.map}`, 'student3')).text();
    expect(map).toContain('无课程权限');
    expect(map).not.toContain('第1关');
    const card = await (await get(`/teaching/mineCourse/courseUnitCard?id=${ids.python}`, 'student3')).text();
    expect(card).toContain('无课程权限');
    const mapUnit = await t.db.selectFrom('teaching_course_unit').select('id').where('course_id', '=', ids.map).executeTakeFirstOrThrow();
    const unit = await (await get(`/teaching/mineCourse/unit?id=${mapUnit.id}`, 'student3')).text();
    expect(unit).toContain('无课程权限');
    const info = await (await get(`/teaching/mineCourse/courseInfo?id=${ids.python}`, 'student3', { 'HX-Request': 'true', 'HX-Target': 'xt-modal' })).text();
    expect(info).toContain('无课程权限');
  });

  it('the map view places each unit in proportion to the map’s natural size', async () => {
    const res = await get(`/teaching/mineCourse/courseUnitMap?id=${ids.map}`, 'student1');
    const html = await res.text();
    const course = await t.db.selectFrom('teaching_course').select('course_map').where('id', '=', ids.map).executeTakeFirstOrThrow();
    expect(html).toContain(`/api/sys/common/static/${course.course_map}`);
    // The seeded map is 900×560 and 第1关 sits at (150, 420).
    expect(html).toContain('max-width:900px');
    expect(html).toContain(`left:${((150 / 900) * 100).toFixed(4)}%;top:${((420 / 560) * 100).toFixed(4)}%`);
    expect(html).toContain('第1关 接苹果');
    // The video players of the allow-list may be framed on the course pages, and on no other page.
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-src 'self' [^;]*https:\/\/player\.bilibili\.com/);
    expect(csp).toMatch(/media-src 'self' https:/);
    const other = (await get('/dashboard/index', 'student1')).headers.get('content-security-policy') ?? '';
    expect(other).not.toContain('bilibili');
  });

  it('the unit dialog shows video, content, intro, homework and the shown files; hidden files are absent for students', async () => {
    const res = await get(`/teaching/mineCourse/unit?id=${ids.unit}`, 'student1', { 'HX-Request': 'true', 'HX-Target': 'xt-modal' });
    const html = await res.text();
    expect(html).toContain('ant-modal');
    expect(html).toContain('<video class="xt-unit-video" src="https://media.example.org/v.mp4" controls="" controlslist="nodownload"');
    expect(html).toContain('课程内容正文');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('第一行\n第二行');
    expect(html).toContain(`/scratch3/index.html?scene=course&amp;unitId=${ids.unit}`);
    expect(html).toContain('/api/sys/common/static/courseunit/aaaaaaaa.pdf');
    expect(html).toContain(`/scratch3/index.html?scene=create&amp;workFile=${encodeURIComponent('/api/sys/common/static/courseunit/bbbbbbbb.sb3')}`);
    expect(html).toContain('查看代码');
    expect(html).not.toContain('hiddenplan');
    expect(html).not.toContain('课程教案');
    // A teacher sees the lesson plans.
    const teacher = await (await get(`/teaching/mineCourse/unit?id=${ids.unit}`, 'teacher', { 'HX-Request': 'true', 'HX-Target': 'xt-modal' })).text();
    expect(teacher).toContain('hiddenplan');
    expect(teacher).toContain('课程教案');
  });

  it('opening a unit counts 开课 for a teacher once, never for a student or from another site', async () => {
    const before = await openCount();
    await get(`/teaching/mineCourse/unit?id=${ids.unit}`, 'student1');
    expect(await openCount()).toBe(before);
    // The teacher already opened it in the test above: once per class and unit.
    const other = await t.db.selectFrom('teaching_course_unit').select('id').where('course_id', '=', ids.python).executeTakeFirstOrThrow();
    await get(`/teaching/mineCourse/unit?id=${other.id}`, 'teacher', { 'Sec-Fetch-Site': 'cross-site' });
    expect(await openCount()).toBe(before);
    await get(`/teaching/mineCourse/unit?id=${other.id}`, 'teacher');
    await get(`/teaching/mineCourse/unit?id=${other.id}`, 'teacher');
    expect(await openCount()).toBe(before + 1);
  });

  it('frames only an allow-listed player for an embedded video, and shows no video the flag hides', async () => {
    const dialog = { 'HX-Request': 'true', 'HX-Target': 'xt-modal' };
    const setVideo = (v: Record<string, unknown>) => t.db.updateTable('teaching_course_unit').set(v).where('id', '=', ids.unit).execute();
    await setVideo({ course_video_source: 3, course_video: '<iframe src="https://player.bilibili.com/player.html?bvid=BV1xx&amp;page=1"></iframe>', show_course_video: 1 });
    const ok = await (await get(`/teaching/mineCourse/unit?id=${ids.unit}`, 'student1', dialog)).text();
    expect(ok).toContain('<iframe class="xt-unit-embed" src="https://player.bilibili.com/player.html?bvid=BV1xx&amp;page=1"');
    expect(ok).toContain('sandbox="allow-scripts allow-same-origin allow-presentation"');
    // A row written around the API (an old import) pointing elsewhere is not framed.
    await setVideo({ course_video: '<iframe src="https://evil.example.org/x" onload="alert(1)"></iframe>' });
    const bad = await (await get(`/teaching/mineCourse/unit?id=${ids.unit}`, 'student1', dialog)).text();
    expect(bad).not.toContain('evil.example.org');
    expect(bad).toContain('视频地址无效');
    // Hidden from students: no 视频 tab at all, while the teacher still has it.
    await setVideo({ course_video_source: 2, course_video: 'https://media.example.org/hidden.mp4', show_course_video: 0 });
    const hidden = await (await get(`/teaching/mineCourse/unit?id=${ids.unit}`, 'student1', dialog)).text();
    expect(hidden).not.toContain('hidden.mp4');
    expect(hidden).not.toContain('xt-tab-label-video');
    const teacher = await (await get(`/teaching/mineCourse/unit?id=${ids.unit}`, 'teacher', dialog)).text();
    expect(teacher).toContain('hidden.mp4');
  });
});
