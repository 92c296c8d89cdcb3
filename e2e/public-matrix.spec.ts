// Every public page as a visitor and as a logged-in student, on a desktop (1366 px) and a phone (375 px),
// with JavaScript on and off: the pages must read the same without it. One test per combination walks them
// all (following the pages' own links, so a broken link fails too) and checks on each: status 200, its key
// content, the front menu (usable at 375 px: every entry on screen), no sideways scrolling, the account area,
// and the site config's look (background, logo, banner with links, welcome box, footer) set at the start
// through the admin API and restored at the end.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, BASE_URL, STUDENT } from './fixtures';

const STUDENT_NAME = '小明';
const FOOTER = '矩阵测试页脚 · 学堂';
const BG_COLOR = '#fff1b8';
const LINKS = ['/workList?type=3', 'https://example.com/banner-2'];
const LOOK_KEYS = ['banner', 'bannerLinks', 'file_homeBg', 'homeBgColor', 'homeBgRepeat', 'logo', 'logo2', 'footer'] as const;

const stateDir = mkdtempSync(join(tmpdir(), 'xt-public-matrix-'));
const STUDENT_STATE = join(stateDir, 'student.json');

/** What beforeAll uploaded: the stored file keys. */
const keys = { banner1: '', banner2: '', bg: '', logo: '', logo2: '' };
let saved: Record<string, string> = {};
let adminToken = '';

const fileUrl = (key: string) => `/api/sys/common/static/${key}`;

async function apiToken(request: APIRequestContext) {
  const res = await request.post(`${BASE_URL}/api/sys/login`, { data: { username: ADMIN.username, password: ADMIN.password } });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.result.token as string;
}

async function saveConfig(request: APIRequestContext, values: Record<string, string>) {
  const res = await request.post(`${BASE_URL}/api/sys/config/saveTenantConfig`, { headers: { 'X-Access-Token': adminToken }, data: values });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
}

/** Contexts made in the hooks start empty: the runner would otherwise apply the student tests' storageState. */
const EMPTY_STATE = { cookies: [], origins: [] };

test.beforeAll(async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ storageState: EMPTY_STATE });
  adminToken = await apiToken(request);
  const all = (await (await request.get(`${BASE_URL}/api/sys/config/getAllConfigMap`, { headers: { 'X-Access-Token': adminToken } })).json()).result;
  saved = Object.fromEntries(LOOK_KEYS.map((k) => [k, all[k] ?? '']));

  // Images drawn by the browser (PNG screenshots of coloured boxes), uploaded like the 网站配置 screen does.
  const ctx = await browser.newContext({ storageState: EMPTY_STATE, javaScriptEnabled: true });
  const page = await ctx.newPage();
  const png = async (w: number, h: number, css: string) => {
    await page.setContent(`<div style="width:${w}px;height:${h}px;${css}"></div>`);
    return page.locator('div').screenshot();
  };
  const upload = async (name: string, buffer: Buffer) => {
    const res = await request.post(`${BASE_URL}/api/sys/common/upload`, {
      headers: { 'X-Access-Token': adminToken },
      multipart: { biz: 'sysconfig', file: { name, mimeType: 'image/png', buffer } },
    });
    const body = await res.json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.message as string;
  };
  keys.banner1 = await upload('banner1.png', await png(900, 300, 'background:linear-gradient(90deg,#ff7a45,#ffc53d)'));
  keys.banner2 = await upload('banner2.png', await png(900, 300, 'background:linear-gradient(90deg,#597ef7,#36cfc9)'));
  keys.bg = await upload('bg.png', await png(32, 32, 'background:repeating-linear-gradient(45deg,#ffe58f,#ffe58f 4px,#fffbe6 4px,#fffbe6 8px)'));
  keys.logo = await upload('logo.png', await png(96, 32, 'background:#722ed1'));
  keys.logo2 = await upload('logo2.png', await png(56, 56, 'background:#13c2c2;border-radius:28px'));
  await saveConfig(request, {
    banner: `${keys.banner1},${keys.banner2}`,
    bannerLinks: LINKS.join('\n'),
    file_homeBg: keys.bg,
    homeBgColor: BG_COLOR,
    homeBgRepeat: 'repeat',
    logo: keys.logo,
    logo2: keys.logo2,
    footer: `<p>${FOOTER}</p>`,
  });

  // The demo student's session, through the real login page.
  await page.goto(`${BASE_URL}/user/login`);
  await page.getByLabel('账户').fill(STUDENT.username);
  await page.getByLabel('密码').fill(STUDENT.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
  await ctx.storageState({ path: STUDENT_STATE });
  await ctx.close();
  await request.dispose();
});

test.afterAll(async ({ playwright }) => {
  if (adminToken && Object.keys(saved).length) {
    const request = await playwright.request.newContext({ storageState: EMPTY_STATE });
    await saveConfig(request, saved);
    await request.dispose();
  }
  rmSync(stateDir, { recursive: true, force: true });
});

type Who = 'visitor' | 'student';

/** Opens a page and checks what every public page has: the frame, the account area, the configured look. */
async function open(page: Page, url: string, who: Who) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(200);

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: '学堂' }), url).toBeVisible();
  await expect(header.locator('.xt-brand img')).toHaveAttribute('src', fileUrl(keys.logo));

  // The front menu: present, and every top-level entry on screen (a phone wraps it; nothing hides off the edge).
  const nav = page.getByRole('navigation', { name: '网站导航' });
  await expect(nav.getByRole('link', { name: '社区' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '发现' })).toBeVisible();
  const offScreen = await nav.locator('.xt-nav-list > li').evaluateAll((items) =>
    items.filter((li) => {
      const r = li.getBoundingClientRect();
      return r.width === 0 || r.left < 0 || r.right > window.innerWidth + 1;
    }).length,
  );
  expect(offScreen, `${url}: menu entries off screen`).toBe(0);

  if (who === 'student') {
    await expect(header.getByText(STUDENT_NAME, { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: '个人中心' })).toBeVisible();
    await expect(header.getByRole('link', { name: '登录' })).toHaveCount(0);
  } else {
    await expect(header.getByRole('link', { name: '登录' })).toBeVisible();
    await expect(nav.getByRole('link', { name: '个人中心' })).toHaveCount(0);
  }

  await expect(page.getByRole('contentinfo')).toContainText(FOOTER);
  const bg = await page.evaluate(() => {
    const s = getComputedStyle(document.body);
    return { color: s.backgroundColor, image: s.backgroundImage, repeat: s.backgroundRepeat };
  });
  expect(bg.color).toBe('rgb(255, 241, 184)');
  expect(bg.image).toContain(fileUrl(keys.bg));
  expect(bg.repeat).toBe('repeat');

  const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(overflow.scroll, `${url}: sideways scrolling`).toBeLessThanOrEqual(overflow.inner + 1);
}

/** The configured banner images, in order, each with its line of bannerLinks; the first one loaded. */
async function expectBanner(page: Page) {
  const banner = page.getByRole('region', { name: '轮播图' });
  await expect(banner).toBeVisible();
  const imgs = banner.getByRole('img');
  await expect(imgs).toHaveCount(2);
  await expect(imgs.nth(0)).toHaveAttribute('src', fileUrl(keys.banner1));
  await expect(imgs.nth(1)).toHaveAttribute('src', fileUrl(keys.banner2));
  await expect(imgs.nth(0)).toHaveAttribute('alt', /轮播图 1/);
  await expect(imgs.nth(0)).toBeVisible();
  await expect.poll(() => imgs.nth(0).evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
  const links = banner.getByRole('link');
  await expect(links.nth(0)).toHaveAttribute('href', LINKS[0]);
  await expect(links.nth(1)).toHaveAttribute('href', LINKS[1]);
  await expect(links.nth(1)).toHaveAttribute('target', '_blank');
}

async function expectWelcome(page: Page, who: Who) {
  const box = page.getByRole('complementary', { name: '欢迎' });
  await expect(box).toBeVisible();
  if (who === 'student') {
    await expect(box).toContainText(`欢迎您，${STUDENT_NAME}`);
    await expect(box.getByRole('link', { name: '我的作品' })).toHaveAttribute('href', '/account/center');
    await expect(box.getByRole('link', { name: '我的课程' })).toHaveAttribute('href', '/teaching/mineCourse/cardList');
  } else {
    await expect(box).toContainText('欢迎来到学堂');
    await expect(box.locator('img')).toHaveAttribute('src', fileUrl(keys.logo2));
    // 开放注册 is off (the seed): the box offers 登录 alone.
    await expect(box.getByRole('link', { name: '登录', exact: true })).toBeVisible();
  }
}

/** The href of a link found on the current page (the walk follows the pages' own links). */
async function hrefOf(page: Page, selector: string) {
  const href = await page.locator(selector).first().getAttribute('href');
  expect(href, selector).toBeTruthy();
  return href!;
}

async function walk(page: Page, who: Who, js: boolean) {
  const phone = (page.viewportSize()?.width ?? 1366) <= 420;
  // The banner's autoplay runs on a timer: a fake clock moves it on without waiting.
  if (js) await page.clock.install();

  await open(page, '/index', who);
  await expect(page.getByRole('heading', { name: '欢迎来到我们的少儿编程乐园' })).toBeVisible(); // the seeded 前台首页文案
  await expectBanner(page);
  await expectWelcome(page, who);

  await open(page, '/home', who);
  await expect(page).toHaveTitle('学堂');
  const featured = page.locator('section', { has: page.getByRole('heading', { level: 2, name: '精选作品' }) });
  await expect(featured.getByRole('listitem').first()).toBeVisible();
  await expect(featured.getByRole('listitem').first().getByRole('img')).toBeVisible();
  await expectBanner(page);
  await expectWelcome(page, who);
  const track = page.locator('.xt-banner-track');
  if (js) {
    // With JavaScript the banner moves on to the next image after 5 s (without, the visitor scrolls it).
    await page.clock.runFor(5_000);
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  } else {
    expect(await track.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  }
  // The 创作 submenu opens on a tap (focus) as well as on hover, and stays on screen.
  const nav = page.getByRole('navigation', { name: '网站导航' });
  await nav.getByRole('button', { name: '创作' }).click();
  const scratch = nav.getByRole('link', { name: 'Scratch3' });
  await expect(scratch).toBeVisible();
  await expect(scratch).toHaveAttribute('href', /^\/scratch3\/index\.html/);
  const box = await scratch.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width + 1, 'Scratch3 entry on screen').toBe(true);

  const workLink = featured.locator('.xt-card-title a').first();
  const workHref = (await workLink.getAttribute('href')) ?? '';
  const workName = (await workLink.innerText()).trim();
  expect(workHref).toMatch(/^\/work-detail\?id=/);

  await open(page, '/workList', who);
  await expect(page.getByRole('heading', { level: 1, name: '最新作品' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '作品排序' })).toBeVisible();
  await expect(page.locator('.xt-grid').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(/共 \d+ 个作品/)).toBeVisible();
  await expectBanner(page);
  // The banner row's welcome box shows beside the banner on a desktop; a phone keeps only the banner.
  if (phone) await expect(page.getByRole('complementary', { name: '欢迎' })).toBeHidden();
  else await expectWelcome(page, who);
  const authorHref = await hrefOf(page, '.xt-card-author a');

  await open(page, authorHref, who);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/小明|小红|小刚/);
  await expect(page.getByText(/公开作品 \d+ 个/)).toBeVisible();
  await expect(page.locator('.xt-grid').getByRole('listitem').first()).toBeVisible();

  // A page past the end: the pager leads back.
  await open(page, '/workList?type=1&pageNo=2', who);
  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(pager).toBeVisible();
  await expect(pager.getByRole('link', { name: '上一页' })).toHaveAttribute('href', /pageNo=1|^\/workList\?type=1$/);

  await open(page, '/courseList', who);
  await expect(page.getByRole('heading', { level: 1, name: '推荐课程' })).toBeVisible();
  await expect(page.getByRole('search', { name: '搜索课程' }).getByRole('button', { name: '搜索' })).toBeVisible();
  await expect(page.locator('.xt-grid').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(/共\d+门课程/)).toBeVisible();
  await expectBanner(page);
  const courseHref = await hrefOf(page, '.xt-grid .xt-card-title a');
  const courseName = (await page.locator('.xt-grid .xt-card-title a').first().innerText()).trim();

  await open(page, courseHref, who);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(courseName);
  await expect(page.getByRole('link', { name: '去上课' })).toBeVisible();

  await open(page, '/newsList', who);
  await expect(page.getByRole('heading', { level: 1, name: '资讯' })).toBeVisible();
  await expect(page.getByText(/共\d+篇/)).toBeVisible();
  await expectBanner(page);
  const newsLink = page.locator('.xt-news-list a').first();
  await expect(newsLink).toBeVisible();
  const newsTitle = (await newsLink.innerText()).trim();
  const newsHref = await hrefOf(page, '.xt-news-list a');

  await open(page, newsHref, who);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newsTitle);
  await expect(page.getByText(/本文发布于/)).toBeVisible();
  await expectBanner(page);

  await open(page, workHref, who);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(workName);
}

const VIEWPORTS = [
  { name: '1366', viewport: { width: 1366, height: 768 } },
  { name: '375', viewport: { width: 375, height: 812 } },
];

for (const who of ['visitor', 'student'] as const) {
  for (const { name, viewport } of VIEWPORTS) {
    for (const js of [true, false]) {
      test.describe(`${who} · ${name} px · JavaScript ${js ? 'on' : 'off'}`, () => {
        test.use({ viewport, javaScriptEnabled: js, ...(who === 'student' ? { storageState: STUDENT_STATE } : {}) });
        test('every public page reads complete, with the site config applied', async ({ page }) => {
          await walk(page, who, js);
        });
      });
    }
  }
}
