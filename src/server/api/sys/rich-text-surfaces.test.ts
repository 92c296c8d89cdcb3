// Every rich-text surface goes through the one sanitiser: on write (announcements, site HTML config), when
// the API serves rows stored before the current rules (announcements, site config, course descriptions),
// and when pages render them (footer on public, login and shell pages; the announcement detail).
import { siteCss } from '../../../templates/public/site-css.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { newId } from '../../domain/ids.js';
import { invalidateSiteConfig } from '../../pages/context.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

/** What the outside review stored: an announcement that covered the whole UI, plus a reader-tracking pixel. */
const OVERLAY =
  '<div class="ant-modal-wrap xt-shell" style="position:fixed;inset:0;z-index:99999;background:#fff;color:#c00">系统升级，请重新登录</div>' +
  '<img src="https://tracker.example/pixel.gif?u=1" alt="t">';

/** No trace of the overlay or the tracker in a piece of HTML (escaped JSON included). */
function expectHarmless(html: string) {
  expect(html).toContain('系统升级，请重新登录');
  expect(html).not.toMatch(/position:\s*fixed|z-index|ant-modal-wrap|tracker\.example/);
}

describe.each(dialects)('rich text surfaces on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let studentCookie: string;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    [admin, student] = await Promise.all([t.login('admin'), t.login('student1')]);
    studentCookie = `xt_token=${(await createSession(t.db, await t.userId('student1'))).token}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sanitises an announcement on write and keeps allowed formatting', async () => {
    const res = await t.api('POST', '/sys/annountCement/add', {
      token: admin,
      body: { titile: '遮罩测试', msgContent: `${OVERLAY}<p style="color:#c00;text-align:center">红字</p>`, priority: 'M', msgCategory: '1', msgType: 'ALL' },
    });
    expect(res.body.success).toBe(true);
    const row = await t.db.selectFrom('sys_announcement').select('msg_content').where('id', '=', res.body.result.id).executeTakeFirstOrThrow();
    expectHarmless(row.msg_content!);
    expect(row.msg_content).toContain('<p style="color:#c00;text-align:center">红字</p>');
  });

  it('sanitises a site HTML key on write', async () => {
    const res = await t.api('POST', '/sys/config/saveTenantConfig', { token: admin, body: { _homeHtml: OVERLAY } });
    expect(res.body.success).toBe(true);
    const row = await t.db.selectFrom('sys_config').select('config_value').where('config_key', '=', '_homeHtml').executeTakeFirstOrThrow();
    expectHarmless(row.config_value);
  });

  describe('rows stored before these rules', () => {
    let anntId: string;
    beforeAll(async () => {
      anntId = newId();
      const now = '2026-01-01 08:00:00';
      await t.db
        .insertInto('sys_announcement')
        .values({ id: anntId, titile: '旧通告', msg_content: OVERLAY, msg_category: '1', msg_type: 'ALL', send_status: '1', send_time: now, start_time: now, end_time: '2099-01-01 00:00:00', create_by: 'admin', create_time: now })
        .execute();
      await t.db.updateTable('sys_config').set({ config_value: OVERLAY }).where('config_key', '=', 'footer').execute();
      await t.db.updateTable('teaching_course').set({ course_desc: OVERLAY }).where('show_home', '=', 1).execute();
      invalidateSiteConfig(); // pages cache the site config per process (and this file runs once per dialect)
    });

    it('are served sanitised by the API: announcements, config, course descriptions', async () => {
      // The bell's list delivers an announcement to ALL on first look; then it can be opened.
      const mine = await t.api('GET', '/sys/annountCement/listByUser', { token: student });
      const listed = (mine.body.result.anntMsgList as { id: string; msgContent: string }[]).find((a) => a.id === anntId);
      expectHarmless(listed!.msgContent);
      const one = await t.api('GET', `/sys/annountCement/queryById?id=${anntId}`, { token: student });
      expect(one.body.success).toBe(true);
      expectHarmless(one.body.result.msgContent);

      const footer = await t.api('GET', '/sys/config/getConfig?key=footer');
      expectHarmless(footer.body.result);
      const current = await t.api('GET', '/sys/config/getCurrentConfig');
      expectHarmless(current.body.result.footer);

      const courses = await t.api('GET', '/teaching/teachingCourse/getHomeCourse');
      const records = courses.body.result.records as { courseDesc: string }[];
      expect(records.length).toBeGreaterThan(0);
      for (const r of records) expectHarmless(r.courseDesc);
    });

    it('are rendered sanitised by the pages: public footer, login footer, shell footer, announcement detail', async () => {
      for (const [path, cookie] of [
        ['/home', ''],
        ['/user/login', ''],
        ['/dashboard/index', studentCookie],
        [`/isps/userAnnouncement/view?id=${anntId}`, studentCookie],
      ] as const) {
        const res = await t.request(path, { headers: cookie ? { Cookie: cookie } : {} });
        expect(res.status, path).toBe(200);
        // The public pages inline our own stylesheet (which has fixed and stacked elements of its own): the rich
        // text is what is checked, outside it.
        expectHarmless((await res.text()).replace(`<style>${siteCss()}</style>`, ''));
      }
    });
  });
});
