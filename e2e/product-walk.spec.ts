// What a school met walking the product (issue 11, items 13–15): a page without permission is a 403 page, a
// group crumb is not a dead link, an htmx navigation that fails never dumps the raw answer into the page, the
// user list reads on a phone, and the public cards' marks show without an emoji font.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD } from './fixtures';
import { breadcrumb, loginAs, mainMenu, openMenuGroup } from './shell-helpers';
import { snap } from './shots';

const STUDENT2 = { username: 'student2', password: DEMO_PASSWORD };

/** Navigates the shell the way its links and tabs do (htmx into #content). */
const navigate = (page: Page, path: string) =>
  page.evaluate((p) => (window as unknown as { xtShell: { navigate(href: string): void } }).xtShell.navigate(p), path);

test('a page the user lacks is a 403 page, loaded or navigated to', async ({ page }) => {
  await loginAs(page, STUDENT2);
  const res = await page.goto('/isystem/user');
  expect(res?.status()).toBe(403);
  await expect(page.locator('#content .ant-result-title')).toHaveText('403');
  await expect(page.locator('#content')).toContainText('抱歉，你无权访问该页面');
  await expect(page.getByPlaceholder('请输入用户账号查询')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '新增' })).toHaveCount(0);
  await snap(page, 'test-results/page-403.png');

  // Through htmx (a link, a tab, a bookmark in the shell): the same page in the content area.
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
  await navigate(page, '/isystem/role');
  await expect(page).toHaveURL(/\/isystem\/role$/);
  await expect(page.locator('#content .ant-result-title')).toHaveText('403');
  await expect(page).toHaveTitle('403 · 学堂');
});

test('a group crumb is text, not a link to a page that does not exist', async ({ page }) => {
  await loginAs(page, ADMIN);
  await openMenuGroup(page, '系统管理');
  await mainMenu(page).getByRole('link', { name: '字典管理' }).click();
  await expect(page).toHaveURL(/\/isystem\/dict$/);
  const crumbs = breadcrumb(page);
  await expect(crumbs.getByText('系统管理')).toBeVisible();
  await expect(crumbs.getByRole('link', { name: '系统管理' })).toHaveCount(0);
  await snap(page, 'test-results/breadcrumb-group.png', { clip: { x: 200, y: 100, width: 600, height: 60 } });
});

test('failed htmx navigations show the error page or a notice, never the raw answer', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto('/isystem/dict');
  const content = page.locator('#content');
  const before = await content.innerHTML();
  // A JSON 404 (say, a stale link to an API path): reported, the page stays as it was.
  await navigate(page, '/api/no-such-thing');
  await expect(page.locator('.ant-notification-notice').filter({ hasText: '很抱歉，资源未找到!' })).toBeVisible();
  expect(await content.innerHTML()).toBe(before);
  await expect(content).not.toContainText('success');
  // A text 404 and a whole public page that answers 404: the same.
  for (const path of ['/static/no-such-file.css', '/work-detail?id=no-such-work']) {
    await navigate(page, path);
    await expect(page.locator('.ant-notification-notice').filter({ hasText: '很抱歉，资源未找到!' }).first()).toBeVisible();
    expect(await content.innerHTML()).toBe(before);
  }
  // A page that does not exist: the 404 page inside the shell.
  await navigate(page, '/isystem/no-such-screen');
  await expect(content.locator('.ant-result-title')).toHaveText('404');
  await expect(content).toContainText('抱歉，你访问的页面不存在');
  await expect(page.locator('#xt-menu')).toBeVisible();
});

test('on a phone the user list shows each user as a card and keeps each name on one line', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, ADMIN);
  await page.goto('/isystem/user');
  const table = page.locator('.xt-list .ant-table-content');
  const row = page.locator('.xt-list tbody tr.ant-table-row', { hasText: 'student1' });
  const name = row.locator('td', { hasText: '小明' });
  await expect(name).toBeVisible();
  // One line: the cell is no taller than a row of single-line text (one character a line made it ~3 lines).
  const lineHeight = await name.evaluate((td) => parseFloat(getComputedStyle(td).lineHeight) || 22);
  const text = await name.evaluate((td) => {
    const r = document.createRange();
    r.selectNodeContents(td);
    return r.getBoundingClientRect().height;
  });
  expect(text).toBeLessThan(lineHeight * 1.5);
  // A card per row (list.css below 576 px): nothing to scroll sideways, the row inside the window.
  const { scrollWidth, clientWidth } = await table.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const card = (await row.boundingBox())!;
  expect(card.x + card.width).toBeLessThanOrEqual(375);
  await expect(row.getByRole('link', { name: '编辑' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snap(page, 'test-results/users-phone.png');
});

test('the public cards mark views and likes with icons that need no emoji font', async ({ page }) => {
  await page.goto('/home');
  const card = page.locator('.xt-card').first();
  for (const icon of ['eye', 'like']) {
    const svg = card.locator(`svg[data-icon="${icon}"]`);
    await expect(svg).toBeVisible();
    const box = await svg.boundingBox();
    expect(box!.width).toBeGreaterThan(8);
    expect(box!.width).toBeLessThan(24);
  }
  expect(await card.locator('.xt-card-meta').innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'test-results/public-card-icons.png', { clip: { x: 0, y: 350, width: 1280, height: 400 } });
});
