// Multi-tab mode (issue 3 item 3, SPEC §2): one tab per visited route with its last URL, the home tab first
// and not closable, the last-page warning, the context menu, and titles remembered per route.
import { expect, test, type Page } from '@playwright/test';
import { loginAs, mainMenu, markWindow, openSettings, tab, tabStrip, windowMarker } from './shell-helpers';
import { snap } from './shots';

test.use({ viewport: { width: 1280, height: 800 } });

const tabTitles = (page: Page) => tabStrip(page).getByRole('tab');
const activeTab = (page: Page) => tabStrip(page).locator('.ant-tabs-tab-active');
const warning = (page: Page, text: string) => page.locator('.ant-message-notice-warning', { hasText: text });

async function openFromMenu(page: Page, root: string | null, title: string) {
  const menu = mainMenu(page);
  const link = menu.getByRole('link', { name: title, exact: true });
  if (root && !(await link.isVisible())) await menu.getByText(root, { exact: true }).click();
  await link.click();
  await expect(activeTab(page)).toHaveText(title);
}

test('visited routes open tabs; choosing a tab navigates with htmx and keeps its list filters', async ({ page }) => {
  await loginAs(page);
  await expect(tabTitles(page)).toHaveText(['首页']);
  await markWindow(page);
  await openFromMenu(page, '系统管理', '角色管理');
  await openFromMenu(page, null, '用户管理');
  await expect(tabTitles(page)).toHaveText(['首页', '角色管理', '用户管理']);
  await expect(page).toHaveURL(/\/isystem\/user$/);

  // A list's filters live in its URL; the tab keeps the last URL shown in it.
  await tab(page, '角色管理').getByRole('tab').click();
  await expect(page).toHaveURL(/\/isystem\/role$/);
  await page.getByPlaceholder('请输入名称查询').fill('教');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/\/isystem\/role\?.*roleName=%E6%95%99/);
  await tab(page, '首页').getByRole('tab').click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
  await tab(page, '角色管理').getByRole('tab').click();
  await expect(page).toHaveURL(/\/isystem\/role\?.*roleName=%E6%95%99/);
  await expect(page.getByPlaceholder('请输入名称查询')).toHaveValue('教');
  expect(await windowMarker(page)).toBe(42); // never reloaded

  // Titles are remembered per route (the anchor's localStorage key); a reload keeps the window's tabs.
  expect(await page.evaluate(() => localStorage.getItem('route:title:/isystem/role'))).toBe('角色管理');
  await page.reload();
  await expect(tabTitles(page)).toHaveText(['首页', '角色管理', '用户管理']);
  await expect(activeTab(page)).toHaveText('角色管理');
  await snap(page, 'test-results/shell-tabs.png');
});

test('the home tab cannot be closed; closing the active tab activates its neighbour', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '角色管理');
  await openFromMenu(page, null, '用户管理');
  await tab(page, '首页').getByRole('button', { name: 'remove' }).click();
  await expect(warning(page, '首页不能关闭!')).toBeVisible();
  await expect(tabTitles(page)).toHaveText(['首页', '角色管理', '用户管理']);

  await tab(page, '角色管理').getByRole('button', { name: 'remove' }).click({ force: true });
  await expect(tabTitles(page)).toHaveText(['首页', '用户管理']);
  await expect(page).toHaveURL(/\/isystem\/user$/); // closing a tab in the background changes nothing else
  await tab(page, '用户管理').getByRole('button', { name: 'remove' }).click();
  await expect(tabTitles(page)).toHaveText(['首页']);
  await expect(page).toHaveURL(/\/dashboard\/index$/);
});

test('the context menu refreshes and closes tabs to the left, to the right and the others', async ({ page }) => {
  await loginAs(page);
  await markWindow(page);
  await openFromMenu(page, '系统管理', '角色管理');
  await openFromMenu(page, null, '用户管理');
  await openFromMenu(page, '系统管理', '字典管理');
  await openFromMenu(page, '系统管理', '日志管理');
  await expect(tabTitles(page)).toHaveText(['首页', '角色管理', '用户管理', '字典管理', '日志管理']);

  const menuItem = (label: string) => page.locator('#xt-tab-menu').getByRole('menuitem', { name: label });
  await tab(page, '用户管理').click({ button: 'right' });
  await expect(page.locator('#xt-tab-menu').getByRole('menuitem')).toHaveText(['刷 新', '关闭左侧', '关闭右侧', '关闭其它']);

  // 刷 新 fetches the tab's content again (a mark put into the content is gone) without reloading the page.
  await page.evaluate(() => document.querySelector('#content > *')!.setAttribute('data-stale', '1'));
  await tab(page, '日志管理').click({ button: 'right' });
  await menuItem('刷 新').click();
  await expect(page.locator('#content [data-stale]')).toHaveCount(0);
  await expect(page).toHaveURL(/\/isystem\/log$/);

  // 关闭左侧 keeps the first (home) tab and the clicked one onward; the clicked tab becomes active.
  await tab(page, '用户管理').click({ button: 'right' });
  await menuItem('关闭左侧').click();
  await expect(tabTitles(page)).toHaveText(['首页', '用户管理', '字典管理', '日志管理']);
  await expect(activeTab(page)).toHaveText('日志管理');

  // 关闭右侧 drops the tabs after the clicked one; the active one went, so the clicked one is shown.
  await tab(page, '字典管理').click({ button: 'right' });
  await menuItem('关闭右侧').click();
  await expect(tabTitles(page)).toHaveText(['首页', '用户管理', '字典管理']);
  await expect(activeTab(page)).toHaveText('字典管理');
  await expect(page).toHaveURL(/\/isystem\/dict$/);

  // 关闭其它 keeps home and the clicked tab.
  await tab(page, '用户管理').click({ button: 'right' });
  await menuItem('关闭其它').click();
  await expect(tabTitles(page)).toHaveText(['首页', '用户管理']);
  await expect(page).toHaveURL(/\/isystem\/user$/);
  expect(await windowMarker(page)).toBe(42);
});

test('turning multi-tab off leaves only the current page; then closing it warns it is the last page', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '角色管理');
  await openFromMenu(page, null, '用户管理');
  const drawer = await openSettings(page);
  await drawer.getByRole('switch', { name: '多页签模式' }).click();
  await expect(tabStrip(page)).toBeHidden();
  await drawer.getByRole('switch', { name: '多页签模式' }).click();
  await expect(tabStrip(page)).toBeVisible();
  await expect(tabTitles(page)).toHaveText(['用户管理']);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await tab(page, '用户管理').getByRole('button', { name: 'remove' }).click();
  await expect(warning(page, '这是最后一页，不能再关闭了啦')).toBeVisible();
  await expect(tabTitles(page)).toHaveText(['用户管理']);
  // New pages open tabs again.
  await openFromMenu(page, '系统管理', '角色管理');
  await expect(tabTitles(page)).toHaveText(['用户管理', '角色管理']);
});
