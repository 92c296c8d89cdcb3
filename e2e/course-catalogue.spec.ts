// 首页 and 课程 end to end: a visitor opens the site (/ → 首页 with the 首页文案), goes to 课程 from the header,
// finds only the public courses, searches, opens a course (description and 去上课); the same on a 375 px phone
// and without JavaScript.
import { expect, test, type Page } from '@playwright/test';
import { snap } from './shots';

const SHOTS = process.env.COURSES_SHOTS_DIR ?? 'test-results';
const nav = (page: Page) => page.getByRole('navigation', { name: '网站导航' });
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function walk(page: Page, shot: string) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/index$/);
  await expect(nav(page).getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: '欢迎来到我们的少儿编程乐园' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await snap(page, `${SHOTS}/index-${shot}.png`, { fullPage: true });

  await nav(page).getByRole('link', { name: '课程' }).click();
  await expect(page).toHaveURL(/\/courseList$/);
  await expect(page.getByRole('heading', { name: '推荐课程' })).toBeVisible();
  const cards = page.locator('.xt-course .xt-card-title');
  await expect(cards).toHaveText(['Scratch入门', 'Python初探']);
  await expect(page.getByText('Scratch游戏闯关')).toHaveCount(0);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await snap(page, `${SHOTS}/courses-${shot}.png`, { fullPage: true });

  await page.getByRole('searchbox', { name: '课程名称' }).fill('Python');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/courseName=Python/);
  await expect(cards).toHaveText(['Python初探']);
  await page.getByRole('link', { name: '重置' }).click();

  await page.getByRole('link', { name: 'Scratch入门' }).click();
  await expect(page).toHaveURL(/\/courseList\?id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scratch入门' })).toBeVisible();
  await expect(page.getByText('适合一至三年级')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await snap(page, `${SHOTS}/course-detail-${shot}.png`, { fullPage: true });
  // 去上课 needs a login: the visitor is sent to the login page, coming back to the course afterwards.
  await page.getByRole('link', { name: '去上课' }).click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fteaching%2FmineCourse%2FcourseUnitCard/);

  // 社区 is still there.
  await page.goto('/index');
  await nav(page).getByRole('link', { name: '社区' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: '精选作品' })).toBeVisible();
}

test('a visitor opens 首页 and 课程 from the header and reads a course', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await walk(page, '1366');
  expect(errors).toEqual([]);
  await context.close();
});

test('on a 375 px phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  await walk(await context.newPage(), '375');
  await context.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('首页, 课程, search and a course work as plain HTML', async ({ page }) => {
    await walk(page, 'nojs');
  });
});
