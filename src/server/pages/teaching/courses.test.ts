// The course screens as a browser without JavaScript uses them: the course form uploads its cover through
// the list machinery's upload field and keeps or drops stored files; the unit form keeps one video column
// behind two fields; the map editor saves X/Y per unit; a refused upload leaves nothing saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { badIslandProps } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (path: string, cookie = admin) => t.request(path, { headers: { Cookie: cookie } });
const post = (path: string, body: FormData, cookie = admin) => t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body });
const course = (name: string) => t.db.selectFrom('teaching_course').selectAll().where('course_name', '=', name).executeTakeFirst();

beforeAll(async () => {
  t = await startTestApp();
  admin = await cookieOf('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('课程包管理 pages', () => {
  it('renders the list and the add form with an upload field (multipart)', async () => {
    const list = await (await get('/course/course')).text();
    expect(list).toContain('Scratch游戏闯关');
    expect(list).toContain('/course/courseUnit?courseId=');
    const form = await (await get('/course/course/form')).text();
    expect(form).toMatch(/<form[^>]*enctype="multipart\/form-data"/);
    expect(form).toContain('name="courseCover__file"');
  });

  it('uploads the chosen cover on save and stores its key; unchecking it removes it', async () => {
    const f = new FormData();
    f.set('courseName', '页面新增课程');
    f.set('showType', '1');
    f.set('back', '/course/course');
    f.set('courseCover__file', new Blob([PNG], { type: 'image/png' }), 'cover.png');
    const res = await post('/course/course/save', f);
    expect(res.status).toBe(303);
    const saved = await course('页面新增课程');
    expect(saved?.course_cover).toMatch(/^course\/[0-9a-f]{32}\.png$/);
    expect(saved?.show_type).toBe(1);

    // The edit form shows the stored cover as a checked box; sending it without the box drops it.
    const edit = await (await get(`/course/course/form?id=${saved!.id}`)).text();
    expect(edit).toContain(`value="${saved!.course_cover}" checked`);
    const g = new FormData();
    g.set('id', saved!.id);
    g.set('courseName', '页面新增课程');
    g.set('showType', '1');
    g.set('back', '/course/course');
    expect((await post('/course/course/save', g)).status).toBe(303);
    expect((await course('页面新增课程'))?.course_cover).toBeNull();
  });

  it('refuses a file that is not an image and saves nothing', async () => {
    const f = new FormData();
    f.set('courseName', '坏封面课程');
    f.set('showType', '2');
    f.set('back', '/course/course');
    f.set('courseCover__file', new Blob([Buffer.from('%PDF-1.4 x')]), 'cover.pdf');
    const res = await post('/course/course/save', f);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('cover.pdf上传失败');
    expect(await course('坏封面课程')).toBeUndefined();
  });
});

describe('课程单元管理 pages', () => {
  it('saves a video link from the link field and shows it again when editing', async () => {
    const target = (await course('Scratch入门'))!;
    const f = new FormData();
    f.set('courseId', target.id);
    f.set('unitName', '链接视频课');
    f.set('courseVideoSource', '3');
    f.set('courseVideoLink', '<iframe src="https://player.bilibili.com/player.html?bvid=BV1ab"></iframe>');
    f.set('back', `/course/courseUnit?courseId=${target.id}`);
    expect((await post('/course/courseUnit/save', f)).status).toBe(303);
    const unit = await t.db.selectFrom('teaching_course_unit').selectAll().where('unit_name', '=', '链接视频课').executeTakeFirstOrThrow();
    expect(unit.course_video).toMatch(/^<iframe src="https:\/\/player\.bilibili\.com\/player\.html\?bvid=BV1ab"/);
    const edit = await (await get(`/course/courseUnit/form?id=${unit.id}`)).text();
    expect(edit).toContain('https://player.bilibili.com/player.html?bvid=BV1ab</textarea>');
  });

  it('starts a new unit in the course the list shows', async () => {
    const target = (await course('Python初探'))!;
    const html = await (await get(`/course/courseUnit/form?back=${encodeURIComponent(`/course/courseUnit?courseId=${target.id}`)}`)).text();
    expect(html).toMatch(new RegExp(`<option value="${target.id}" selected`));
  });

  it('saves the map editor form (no JavaScript) and refuses bad coordinates without change', async () => {
    const map = (await course('Scratch游戏闯关'))!;
    const page = await (await get(`/course/courseUnit/map?courseId=${map.id}`)).text();
    expect(page).toContain('data-island="map-editor"');
    expect(badIslandProps(page)).toEqual([]);
    const units = await t.db.selectFrom('teaching_course_unit').select(['id', 'map_x']).where('course_id', '=', map.id).orderBy('order_num').execute();
    const f = new FormData();
    f.set('courseId', map.id);
    units.forEach((u, i) => {
      f.set(`x.${u.id}`, String(300 + i));
      f.set(`y.${u.id}`, '200');
    });
    expect((await post('/course/courseUnit/map/save', f)).status).toBe(303);
    const after = await t.db.selectFrom('teaching_course_unit').select(['map_x', 'map_y']).where('course_id', '=', map.id).orderBy('order_num').execute();
    expect(after).toEqual(units.map((_, i) => ({ map_x: 300 + i, map_y: 200 })));
    const bad = new FormData();
    bad.set('courseId', map.id);
    bad.set(`x.${units[0].id}`, '-5');
    bad.set(`y.${units[0].id}`, '1');
    await post('/course/courseUnit/map/save', bad);
    expect((await t.db.selectFrom('teaching_course_unit').select('map_x').where('id', '=', units[0].id).executeTakeFirstOrThrow()).map_x).toBe(300);
  });

  it('offers a teacher 编辑/删除 only on the courses they created and on the units of those', async () => {
    const teacher = await cookieOf('teacher');
    const token = await t.login('teacher');
    const own = (await t.api('POST', '/teaching/teachingCourse/add', { token, body: { courseName: '老师自己的地图课', showType: 1 } })).body.result.id as string;
    const ownUnit = (await t.api('POST', '/teaching/teachingCourseUnit/add', { token, body: { courseId: own, unitName: '老师的单元' } })).body.result.id as string;
    const other = (await course('Python初探'))!.id;
    const otherUnit = (await t.db.selectFrom('teaching_course_unit').select('id').where('course_id', '=', other).executeTakeFirstOrThrow()).id;

    const courses = await (await get('/course/course?pageSize=50', teacher)).text();
    expect(courses).toContain('新增');
    for (const action of ['form', 'delete']) {
      expect(courses).toContain(`/course/course/${action}?id=${own}`);
      expect(courses).not.toContain(`/course/course/${action}?id=${other}`);
    }
    const units = await (await get('/course/courseUnit?pageSize=100', teacher)).text();
    for (const action of ['form', 'delete']) {
      expect(units).toContain(`/course/courseUnit/${action}?id=${ownUnit}`);
      expect(units).not.toContain(`/course/courseUnit/${action}?id=${otherUnit}`);
    }
    // The admin keeps both.
    const all = await (await get('/course/course?pageSize=50')).text();
    for (const id of [own, other]) expect(all).toContain(`/course/course/form?id=${id}`);

    // The map editor of another's map course is for looking only; the teacher's own saves.
    const map = (await course('Scratch游戏闯关'))!.id;
    const readOnly = await (await get(`/course/courseUnit/map?courseId=${map}`, teacher)).text();
    expect(readOnly).toContain('只能修改自己创建的课程中的单元，这里只能查看');
    expect(readOnly).not.toMatch(/<button[^>]*type="submit"[^>]*>\s*(<span>)?保\s?存/);
    const editable = await (await get(`/course/courseUnit/map?courseId=${own}`, teacher)).text();
    expect(editable).not.toContain('这里只能查看');
    expect(editable).toMatch(/<button[^>]*type="submit"[^>]*>\s*(<span>)?保\s?存/);
  });

  it('answers a student who opens the course screens by URL with the 403 page, listing nothing', async () => {
    // Students study courses through 我的课程; the management screens are not in their menu.
    for (const path of ['/course/course', '/course/courseUnit']) {
      const res = await get(path, await cookieOf('student3'));
      expect(res.status, path).toBe(403);
      const html = await res.text();
      expect(html).not.toContain('Scratch入门');
      expect(html).not.toContain('/course/course/form');
    }
  });
});
