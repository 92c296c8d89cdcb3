// The site config's look on every public page, as browsers without JavaScript get it: background (colour,
// image, repeat) on <body>, header logo, banner images with their per-line links on the pages of
// teaching-open's HomeLayout, and the footer; a save through the API shows at once; hostile values stored
// directly (an old or imported row) never reach a style attribute or a link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { publicLook, backgroundStyle } from '../../templates/public/look.js';
import { invalidateSiteConfig } from './context.js';

describe('publicLook', () => {
  it('keeps checked values only', () => {
    const look = publicLook({
      homeBgColor: 'red;background:url(//evil.example/x.png)',
      file_homeBg: 'a.png");background:url(//evil.example/y.png',
      homeBgRepeat: 'space',
      logo: 'https://tracker.example/logo.png',
      logo2: '../../etc/passwd',
      banner: 'banner/a.png,//evil.example/b.png,banner/c d.png,banner/ok.png',
      bannerLinks: 'javascript:alert(1)\n/x\n\n//evil.example',
    });
    expect(look).toMatchObject({ bgColor: null, bgImage: null, bgRepeat: 'no-repeat', logo: null, logo2: null });
    // Each image keeps its own line of links (the bad images are dropped, their links with them).
    expect(look.banners).toEqual([
      { src: '/api/sys/common/static/banner/a.png', href: null },
      { src: '/api/sys/common/static/banner/ok.png', href: null },
    ]);
    expect(backgroundStyle(look)).toBe('');
  });

  it('builds the background from a colour, a stored image and a repeat', () => {
    const look = publicLook({ homeBgColor: '#C6D9F0', file_homeBg: 'sysconfig/bg.png', homeBgRepeat: 'repeat-x', bannerLinks: '' });
    expect(backgroundStyle(look)).toBe(
      'background-color:#c6d9f0;background-image:url("/api/sys/common/static/sysconfig/bg.png");background-repeat:repeat-x;background-position:center top',
    );
  });
});

describe.each(dialects)('the site config on the public pages on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let ids: { work: string; news: string; course: string; author: string };
  const html = async (path: string, cookie?: string) => {
    const res = await t.request(path, cookie ? { headers: { Cookie: cookie } } : {});
    expect(res.status, path).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
    student = `xt_token=${(await createSession(t.db, await t.userId('student1'))).token}`;
    const work = await t.db.selectFrom('teaching_work').select(['id', 'user_id']).where('work_status', '=', 4).executeTakeFirstOrThrow();
    const news = await t.db.selectFrom('teaching_news').select('id').where('news_status', '=', 1).executeTakeFirstOrThrow();
    const course = await t.db.selectFrom('teaching_course').select('id').where('show_home', '=', 1).executeTakeFirstOrThrow();
    ids = { work: work.id, news: news.id, course: course.id, author: work.user_id };
  });
  afterAll(async () => {
    invalidateSiteConfig();
    await t?.close();
  });

  it('a save through the API shows on every public page at once', async () => {
    // Warm the pages' cached config first: the save must drop it.
    expect(await html('/home')).not.toContain('sysconfig/b1.png');
    const res = await t.api('POST', '/sys/config/saveTenantConfig', {
      token: admin,
      body: {
        banner: 'sysconfig/b1.png,sysconfig/b2.png',
        bannerLinks: '/workList?type=3\nhttps://example.com/x',
        homeBgColor: '#fff1b8',
        file_homeBg: 'sysconfig/bg.png',
        homeBgRepeat: 'repeat',
        logo: 'sysconfig/logo.png',
        logo2: 'sysconfig/logo2.png',
        footer: '<p>页脚测试</p>',
      },
    });
    expect(res.body.success).toBe(true);

    const style =
      'style="background-color:#fff1b8;background-image:url(&quot;/api/sys/common/static/sysconfig/bg.png&quot;);background-repeat:repeat;background-position:center top"';
    const withBanner = ['/index', '/home', '/workList', '/courseList', '/newsList', `/news-detail?id=${ids.news}`];
    const without = [`/work-detail?id=${ids.work}`, `/friend-detail?id=${ids.author}`, `/courseList?id=${ids.course}`];
    for (const path of [...withBanner, ...without]) {
      const page = await html(path);
      expect(page, path).toContain(style);
      expect(page, path).toContain('<img class="xt-logo" src="/api/sys/common/static/sysconfig/logo.png" alt=""');
      expect(page, path).toContain('页脚测试');
      expect(page.includes('aria-label="轮播图"'), path).toBe(withBanner.includes(path));
      // Two images: the banner's small autoplay script comes along, only where the banner shows.
      expect(page.includes('src="/static/build/banner.js?v='), path).toBe(withBanner.includes(path));
    }
    const home = await html('/home');
    expect(home).toContain('<a href="/workList?type=3"><img src="/api/sys/common/static/sysconfig/b1.png" alt="学堂 轮播图 1/2"');
    expect(home).toContain('<a href="https://example.com/x" target="_blank" rel="noopener"><img src="/api/sys/common/static/sysconfig/b2.png" alt="学堂 轮播图 2/2"');
    // The anonymous visitor's welcome box shows the small logo; a student sees their name and their links.
    expect(home).toContain('src="/api/sys/common/static/sysconfig/logo2.png"');
    const mine = await html('/home', student);
    expect(mine).toContain('欢迎您，小明');
    expect(mine).toContain('href="/teaching/mineCourse/cardList"');
  });

  it('hostile values stored directly never reach a style attribute or a link', async () => {
    const set = async (key: string, value: string) => {
      await t.db.updateTable('sys_config').set({ config_value: value }).where('config_key', '=', key).execute();
    };
    await set('homeBgColor', 'red;background:url(//evil.example/a.png)');
    await set('file_homeBg', 'x.png");background:url(//evil.example/b.png');
    await set('banner', 'sysconfig/ok.png,https://evil.example/c.png');
    await set('bannerLinks', 'javascript:alert(1)\nhttps://evil.example/d');
    await set('logo', 'https://evil.example/logo.png');
    invalidateSiteConfig();
    const page = await html('/home');
    expect(page).not.toContain('evil.example');
    expect(page).not.toContain('javascript:');
    expect(page).toContain('<body class="xt-public">');
    expect(page).toContain('<img src="/api/sys/common/static/sysconfig/ok.png" alt="学堂 轮播图 1/1"');
    expect(page).toContain('src="/static/favicon.svg"');
    expect(page).not.toContain('banner.js'); // one image left: nothing to advance
  });
});
