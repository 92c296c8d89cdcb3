// What a visitor of a new school meets (issue 18 item 11): 首页 (/index) welcomes them with what the school is and
// links to 社区, 课程, 发现 and 登录; nothing offers 注册 while 网站配置's 开放注册 is off (public header, welcome box,
// login page, /index), and everything does once it is on; the UserLayout pages (注册, 找回密码, 登录) load CSS and
// JS within the public pages' 30 KB gzip.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { invalidateSiteConfig } from './context.js';

const BUDGET = 30 * 1024;
/** Any link or button to the registration form. */
const REGISTER_LINK = /href="\/user\/register"/;

describe.each(dialects)('visitors on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const page = async (p: string) => {
    const res = await t.request(p);
    expect(res.status, p).toBe(200);
    return res.text();
  };
  const setAllowReg = async (on: boolean) => {
    const res = await t.api('POST', '/sys/config/saveTenantConfig', { token: admin, body: { allowReg: on ? '1' : '0' } });
    expect(res.body.success, res.body.message).toBe(true);
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
    invalidateSiteConfig();
  });
  afterAll(async () => {
    invalidateSiteConfig();
    await t?.close();
  });

  it('/index welcomes a visitor: what the school is, and links to 社区, 课程, 发现 and 登录', async () => {
    const html = await page('/index');
    const body = html.slice(html.indexOf('<main'));
    expect(body).toContain('<h2>欢迎来到我们的少儿编程乐园</h2>');
    expect(body).toContain('Scratch');
    // (The sanitiser adds rel="noopener noreferrer" to every link of rich text.)
    const link = (href: string, text: string) => new RegExp(`<a href="${href.replace(/[?]/g, '\\$&')}"[^>]*>${text}</a>`);
    expect(body).toMatch(link('/home', '社区'));
    expect(body).toMatch(link('/courseList', '课程'));
    expect(body).toMatch(link('/workList?type=1', '发现'));
    expect(body).toMatch(link('/user/login', '登录'));
  });

  it('offers 注册 nowhere while 开放注册 is off (the seed), and everywhere once it is on', async () => {
    for (const p of ['/index', '/home', '/courseList', '/workList', '/newsList', '/user/login']) {
      const html = await page(p);
      expect(html, p).not.toMatch(REGISTER_LINK);
      expect(html, p).not.toContain('注册');
    }
    expect(await page('/user/register')).toContain('注册未开放');

    await setAllowReg(true);
    try {
      for (const p of ['/index', '/home', '/courseList']) {
        const html = await page(p);
        expect(html, p).toMatch(/<a class="xt-btn xt-btn-sm" href="\/user\/register">注册<\/a>/);
        // The welcome box (on the pages with the full hero row).
        if (p !== '/courseList') expect(html, p).toContain('登录/注册');
      }
      expect(await page('/user/login')).toContain('<a href="/user/register">注册账户</a>');
    } finally {
      await setAllowReg(false);
    }
    // Saving the switch drops the cached configuration: the links go at once.
    expect(await page('/home')).not.toMatch(REGISTER_LINK);
  });

  it('注册, 找回密码 and 登录 load at most 30 KB gzip of CSS and JS, and no antd.css', async () => {
    await setAllowReg(true);
    try {
      for (const p of ['/user/register', '/user/alteration', '/user/login']) {
        const html = await page(p);
        if (p === '/user/register') expect(html).toContain('name="captcha"'); // the open form, not 注册未开放
        const assets = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\srel="stylesheet"[^>]*\shref)="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
        let total = [...html.matchAll(/<(style|script)(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/\1>/g)].reduce((n, m) => n + gzipSync(m[2]).length, 0);
        for (const a of assets) {
          const res = await t.request(a);
          expect(res.status, a).toBe(200);
          total += gzipSync(Buffer.from(await res.arrayBuffer())).length;
        }
        expect(total, `${p}: ${assets.join(', ')}`).toBeLessThanOrEqual(BUDGET);
        expect(assets.join(' '), p).not.toContain('antd.css');
      }
    } finally {
      await setAllowReg(false);
    }
  });
});
