// 发现 end to end: a visitor opens 发现 from the header, switches tabs (each in its own order), reaches another
// page by link, opens an author's page from a card (name, public work count, only their works) and a work from
// there; the same on a 375 px phone, and without JavaScript.
import { expect, test, type Page } from '@playwright/test';
import { snap } from './shots';

const SHOTS = process.env.DISCOVER_SHOTS_DIR ?? 'test-results';

const grid = (page: Page) => page.locator('ul.xt-grid > li');
const views = async (page: Page) => (await grid(page).locator('.xt-sr').filter({ hasText: '浏览' }).allTextContents()).map((t) => Number(/\d+/.exec(t)![0]));
const stars = async (page: Page) => (await grid(page).locator('.xt-sr').filter({ hasText: '点赞' }).allTextContents()).map((t) => Number(/\d+/.exec(t)![0]));
const desc = (xs: number[]) => [...xs].sort((a, b) => b - a);

/** The whole visit; answers the author page's address. */
async function walk(page: Page, shot: string): Promise<string> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/home');
  await page.getByRole('navigation', { name: '网站导航' }).getByRole('link', { name: '发现' }).click();
  await expect(page).toHaveURL(/\/workList\?type=1$/);
  await expect(page.getByRole('heading', { level: 1, name: '最新作品' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '网站导航' }).getByRole('link', { name: '发现' })).toHaveAttribute('aria-current', 'page');
  const tabs = page.getByRole('navigation', { name: '作品排序' });
  await expect(tabs.locator('[aria-current="page"]')).toHaveText('最新');
  expect(await grid(page).count()).toBeGreaterThan(0);
  // Drafts and homework in progress are never listed.
  await expect(page.getByText('认识Scratch')).toHaveCount(0);
  await expect(page.getByText('校园一角')).toHaveCount(0);
  await snap(page, `${SHOTS}/${shot}-worklist.png`, { fullPage: true });

  await tabs.getByRole('link', { name: '最火' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '最火作品' })).toBeVisible();
  const v = await views(page);
  expect(v.length).toBeGreaterThan(1);
  expect(v).toEqual(desc(v));

  await tabs.getByRole('link', { name: '最赞' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '最赞作品' })).toBeVisible();
  const s = await stars(page);
  expect(s).toEqual(desc(s));

  await tabs.getByRole('link', { name: '精选' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '精选作品' })).toBeVisible();
  const featured = await grid(page).count();
  expect(featured).toBeGreaterThan(0);
  // The seed has fewer public works than a page holds: a later page is empty and links back.
  const total = Number(/共 (\d+) 个作品/.exec((await page.locator('.xt-news-total').textContent())!)![1]);
  expect(total).toBe(featured);
  await page.goto('/workList?type=3&pageNo=2');
  await expect(page.getByText('这一页没有作品了。')).toBeVisible();
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '上一页' }).click();
  await expect(page).toHaveURL(/\/workList\?type=3$/);
  expect(await grid(page).count()).toBe(featured);

  // A card's author → their page; a work there → the work page.
  const card = grid(page).first();
  const author = (await card.locator('.xt-card-author a').textContent())!.trim();
  await card.locator('.xt-card-author a').click();
  await expect(page).toHaveURL(/\/friend-detail\?id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(author);
  const count = Number(/公开作品 (\d+) 个/.exec((await page.locator('.xt-profile-count').textContent())!)![1]);
  expect(count).toBeGreaterThan(0);
  await expect(grid(page)).toHaveCount(count);
  await expect(page.getByText('认识Scratch')).toHaveCount(0);
  await snap(page, `${SHOTS}/${shot}-friend.png`, { fullPage: true });
  const friendUrl = page.url();
  const title = (await grid(page).first().locator('.xt-card-title a').textContent())!.trim();
  await grid(page).first().locator('.xt-card-title a').click();
  await expect(page).toHaveURL(/\/work-detail\?id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  expect(errors).toEqual([]);
  return friendUrl;
}

test('a visitor discovers works by tab, opens an author and one of their works', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await walk(page, 'discover-1366');
  // An unknown author is a 404 page that leads back to 发现.
  const res = await page.goto('/friend-detail?id=nobody');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '作者不存在' })).toBeVisible();
  await page.getByRole('link', { name: '去发现更多作品' }).click();
  await expect(page).toHaveURL(/\/workList\?type=1$/);
});

test('on a 375 px phone: one column, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const friendUrl = await walk(page, 'discover-375');
  for (const url of ['/workList?type=0', friendUrl]) {
    await page.goto(url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // One card a row.
    const [a, b] = await grid(page).evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().top));
    if (b !== undefined) expect(b).toBeGreaterThan(a);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('发现 and the author page are complete HTML', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await walk(page, 'discover-nojs');
    await page.goto('/workList');
    await expect(page.locator('script')).toHaveCount(0);
  });
});
