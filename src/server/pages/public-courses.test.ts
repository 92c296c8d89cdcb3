// 首页 (/index) and 课程 (/courseList) as browsers without JavaScript use them: the catalogue shows exactly the
// courses getHomeCourse lists (never a course not shown on the home page), a course's detail view with its
// sanitised description, 404 for a course that is not public, the administrator's 首页文案 with any script
// removed, and caching that never shares a logged-in view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { invalidateSiteConfig } from './context.js';

describe.each(dialects)('public course pages on %s', (dialect) => {
  let t: TestApp;
  let student: string;
  let ids: Record<string, string>;
  const get = (p: string, headers: Record<string, string> = {}) => t.request(p, { headers });

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    student = `xt_token=${(await createSession(t.db, await t.userId('student1'))).token}`;
    const rows = await t.db.selectFrom('teaching_course').select(['id', 'course_name']).execute();
    ids = Object.fromEntries(rows.map((r) => [r.course_name, r.id]));
    // A hostile 首页文案 stored directly (an old or imported row: the API sanitises on save).
    await t.db
      .updateTable('sys_config')
      .set({ config_value: '<h2>欢迎来到测试学堂</h2><p onclick="alert(1)">一起学编程</p><script>alert("xss")</script><img src="x" onerror="alert(2)">' })
      .where('config_key', '=', '_homeHtml')
      .execute();
    invalidateSiteConfig();
  });
  afterAll(async () => {
    invalidateSiteConfig();
    await t?.close();
  });

  it('/courseList lists the public courses only, each linking to its detail view, with the 课程 menu entry current', async () => {
    const res = await get('/courseList');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('推荐课程');
    expect(html).toContain(`href="/courseList?id=${ids['Scratch入门']}"`);
    expect(html).toContain(`href="/courseList?id=${ids['Python初探']}"`);
    expect(html).not.toContain('Scratch游戏闯关');
    expect(html).not.toContain(ids['Scratch游戏闯关']);
    expect(html).toContain('共2门课程');
    expect(html).toMatch(/<a class="xt-nav-link xt-current" href="\/courseList" aria-current="page">(?:<svg[^]*?<\/svg>|<span[^>]*>.*?<\/span>)?课程<\/a>/);
    expect(html).not.toContain('<script');
    // The search form works without JavaScript: a name narrows the list, dictionary selects offer 全部.
    expect(html).toContain('<form class="xt-search" method="get" action="/courseList"');
    expect(html).toMatch(/<select name="courseCategory"><option value="">全部<\/option>/);
    const found = await (await get(`/courseList?courseName=${encodeURIComponent('Python')}`)).text();
    expect(found).toContain('Python初探');
    expect(found).not.toContain('Scratch入门');
    expect(found).toContain('value="Python"');
    const none = await (await get(`/courseList?courseName=${encodeURIComponent('闯关')}`)).text();
    expect(none).toContain('没有找到符合条件的课程。');
    expect(none).not.toContain(ids['Scratch游戏闯关']);
  });

  it('/courseList?id= shows a public course with its description and 去上课; a hidden or unknown course is a 404', async () => {
    const res = await get(`/courseList?id=${ids['Scratch入门']}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1 id="course-title" class="xt-course-detail-title">Scratch入门</h1>');
    expect(html).toContain('<li>适合一至三年级</li>');
    const units = (await t.db.selectFrom('teaching_course_unit').select('id').where('course_id', '=', ids['Scratch入门']).execute()).length;
    expect(units).toBeGreaterThan(0);
    expect(html).toContain(`共${units}个单元`);
    expect(html).toContain(`href="/teaching/mineCourse/courseUnitCard?id=${ids['Scratch入门']}"`);
    expect(html).toContain('<title>Scratch入门');
    for (const id of [ids['Scratch游戏闯关'], 'nope', '', 'x'.repeat(100)]) {
      const miss = await get(`/courseList?id=${encodeURIComponent(id)}`);
      expect(miss.status, id).toBe(404);
      const text = await miss.text();
      expect(text).toContain('课程不存在或未公开');
      expect(text).not.toContain('闯关');
    }
    // Not even a logged-in student sees a course that is not public here.
    expect((await get(`/courseList?id=${ids['Scratch游戏闯关']}`, { Cookie: student })).status).toBe(404);
  });

  it('/index shows the 首页文案 sanitised inside the public layout; / opens it', async () => {
    const res = await get('/index');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h2>欢迎来到测试学堂</h2>');
    expect(html).toContain('一起学编程');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('alert');
    expect(html).not.toContain('onerror');
    expect(html).toMatch(/<aside class="xt-welcome"[^]*?>登录<\/a><\/aside>/);
    expect(html).toMatch(/<a class="xt-nav-link xt-current" href="\/index" aria-current="page">/);
    // The header offers teaching-open's entries in its order: 首页, 社区, 创作, 课程, 资讯.
    const nav = html.slice(html.indexOf('<nav class="xt-nav"'), html.indexOf('</nav>'));
    const entries = nav.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean);
    expect(entries.filter((e) => ['首页', '社区', '创作', '课程', '资讯'].includes(e))).toEqual(['首页', '社区', '创作', '课程', '资讯']);
    const root = await get('/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/index');
    // The logged-in visitor is greeted by name.
    expect(await (await get('/index', { Cookie: student })).text()).toContain('欢迎您，');
  });

  it('anonymous pages may be cached briefly; a logged-in view is private', async () => {
    for (const p of ['/index', '/courseList', `/courseList?id=${ids['Python初探']}`]) {
      const anon = await get(p);
      expect(anon.headers.get('cache-control'), p).toBe('public, max-age=30');
      expect(anon.headers.get('vary'), p).toContain('Cookie');
      const mine = await get(p, { Cookie: student });
      expect(mine.status, p).toBe(200);
      expect(mine.headers.get('cache-control'), p).toBe('private, no-store');
    }
  });
});
