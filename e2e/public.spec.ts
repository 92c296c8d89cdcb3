// The public site as a visitor meets it: /home gallery and /work-detail, with and without JavaScript.
// Runs against the server Playwright starts with the demo content (works by 小明/小红/小刚, two home courses).
import { expect, test, type Page } from '@playwright/test';
import { STUDENT } from './fixtures';
import { snap } from './shots';

const DEMO_AUTHORS = /小明|小红|小刚/;

const section = (page: Page, title: string) => page.locator('section', { has: page.getByRole('heading', { level: 2, name: title }) });

test.describe('public home and work detail (anonymous)', () => {
  test('home lists featured works; a card opens its detail page', async ({ page }) => {
    const res = await page.goto('/home');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('public, max-age=30');
    await expect(page).toHaveTitle('学堂');
    await expect(page.getByRole('banner').getByRole('link', { name: '登录' })).toHaveAttribute('href', /^\/user\/login\?redirect=(%2F|\/)home$/);
    await expect(page.getByText('欢迎来到学堂')).toBeVisible();
    // The front menu hides needLogin entries from anonymous visitors.
    await expect(page.getByRole('navigation', { name: '网站导航' }).getByRole('link', { name: '个人中心' })).toHaveCount(0);

    const featured = section(page, '精选作品');
    await expect(featured).toBeVisible();
    const cards = featured.getByRole('listitem');
    expect(await cards.count()).toBeGreaterThan(0);
    const link = cards.first().getByRole('heading').getByRole('link');
    await expect(link).toHaveAttribute('href', /^\/work-detail\?id=[^&]+$/);
    const name = (await link.innerText()).trim();
    expect(name).not.toBe('');
    const author = (await cards.first().locator('.xt-card-author').innerText()).replace('作者：', '').trim();
    expect(author).toMatch(DEMO_AUTHORS);
    await expect(cards.first().getByText(/浏览 \d+ 次/)).toHaveCount(1);
    await expect(cards.first().getByRole('img', { name })).toBeVisible();

    for (const title of ['最赞作品', '最新作品', '推荐课程']) await expect(section(page, title)).toBeVisible();
    await expect(section(page, '推荐课程')).toContainText('Scratch入门');

    await link.click();
    await expect(page).toHaveURL(/\/work-detail\?id=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(`${name} · 学堂`);
    await expect(page.getByRole('main')).toContainText(author);
    const views = await page.locator('[data-stat="view"]').innerText();
    expect(views).toMatch(/^\d+$/);
    expect(Number(views)).toBeGreaterThan(0);
    await expect(page.locator('[data-stat="star"]')).toHaveText(/^\d+$/);
    await expect(page.getByRole('main').getByRole('link', { name: /返回首页/ })).toHaveAttribute('href', '/home');
    await snap(page, 'test-results/work-detail.png', { fullPage: true });
  });

  test('unknown or missing work id answers 404 in the site layout', async ({ page }) => {
    for (const url of ['/work-detail?id=doesnotexist', '/work-detail']) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('作品不存在或未公开');
      await expect(page.getByRole('banner').getByRole('link', { name: '学堂' })).toBeVisible();
      expect(page.url()).toContain(url); // no redirect
    }
  });

  test('work card cover images load', async ({ page }) => {
    await page.goto('/home');
    const img = section(page, '精选作品').locator('img').first();
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
  });

  test('the front menu shows 社区 as current and hides login-only entries from visitors', async ({ page }) => {
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: '网站导航' });
    await expect(nav.getByRole('link', { name: '社区' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByText('个人中心')).toHaveCount(0);
  });

  test('every cover on /home loads once scrolled into view', async ({ page }) => {
    await page.goto('/home');
    // Lazy covers below the fold: each loads when it comes into view (and then shows in the screenshot).
    const covers = await page.locator('.xt-cover img').all();
    expect(covers.length).toBeGreaterThan(0);
    for (const img of covers) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'test-results/home.png', { fullPage: true });
  });
});

test.describe('public home without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home is complete HTML: the cards are there', async ({ page }) => {
    await page.goto('/home');
    await expect(page.locator('script')).toHaveCount(0);
    const cards = section(page, '精选作品').getByRole('listitem');
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(cards.first().getByRole('heading').getByRole('link')).toHaveAttribute('href', /^\/work-detail\?id=/);
    await cards.first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  });
});

test.describe('public home for a logged-in student', () => {
  test('header and welcome box greet the student; the page is not cached', async ({ page }) => {
    await page.goto('/user/login?redirect=/home');
    await page.getByLabel('账户').fill(STUDENT.username);
    await page.getByLabel('密码').fill(STUDENT.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const res = await page.reload();
    expect(res?.headers()['cache-control']).toBe('private, no-store');
    const header = page.getByRole('banner');
    await expect(header).toContainText('小明');
    await expect(header.getByRole('link', { name: '进入系统' })).toHaveAttribute('href', '/dashboard/index');
    await expect(page.getByText('欢迎您，小明')).toBeVisible();
    await expect(page.getByRole('link', { name: '我的作品' })).toHaveAttribute('href', '/account/center');
    await expect(page.getByRole('navigation', { name: '网站导航' }).getByRole('link', { name: '个人中心' })).toBeVisible();
  });
});
