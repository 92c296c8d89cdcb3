// 前台菜单管理 end to end: the admin adds a group with an icon, an external child and a need-login entry through
// the drawer form; the public /home header shows the group and its child (the external link opening a new tab),
// hides the need-login entry from a visitor and shows it to a logged-in student; deleting takes them away again.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, BASE_URL, STUDENT } from './fixtures';
import { loginAs } from './shell-helpers';
import { snap } from './shots';

const SHOTS = process.env.XT_SHOTS_DIR;
const drawer = (page: Page) => page.locator('#xt-modal .xt-drawer-root [role="dialog"]');
const nav = (page: Page) => page.getByRole('navigation', { name: '网站导航' });
const EXTERNAL = `${BASE_URL}/home?from=menu`;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test('an admin edits the front menu; visitors and students see it in the /home header', async ({ page, browser }) => {
  page.on('dialog', (d) => d.accept());
  await loginAs(page, ADMIN);
  await page.goto('/teaching/menu');
  const table = page.getByRole('treegrid', { name: '前台菜单' });
  await expect(table).toBeVisible();
  const row = (name: string) => table.locator('[role="row"]', { has: page.getByText(name, { exact: true }) }).first();
  const action = async (name: string, label: string) => {
    const link = row(name).getByRole('link', { name: label, exact: true });
    if (!(await link.isVisible())) await row(name).locator('details.xt-more > summary').click();
    await link.click();
  };
  await expect(row('创作')).toContainText('创作');
  await expect(row('Scratch3')).toContainText('（新窗口）');

  // 新增: a top-level group with an icon, through the drawer; a bad link is refused beside its field first.
  await page.getByRole('link', { name: '新增', exact: true }).click();
  await expect(drawer(page)).toBeVisible();
  await drawer(page).getByLabel('菜单名称').fill('学习园地');
  await drawer(page).getByLabel('菜单路径').fill('javascript:alert(1)');
  await drawer(page).getByRole('radio', { name: 'book', exact: true }).check();
  await drawer(page).getByLabel('排序').fill('5');
  if (SHOTS) await snap(page, `${SHOTS}/menu-drawer.png`);
  await drawer(page).getByRole('button', { name: '确定' }).click();
  await expect(drawer(page).getByText('菜单路径格式不正确，应以 / 开头或为 http(s):// 链接')).toBeVisible();
  await drawer(page).getByLabel('菜单路径').fill('');
  await drawer(page).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await expect(row('学习园地').locator('.anticon-book')).toBeVisible();

  // 添加下级: an external link opening in a new tab.
  await action('学习园地', '添加下级');
  await expect(drawer(page).getByLabel('上级菜单')).toHaveValue(/.+/);
  await drawer(page).getByLabel('菜单名称').fill('校园官网');
  await drawer(page).getByLabel('菜单路径').fill(EXTERNAL);
  await drawer(page).getByLabel('外部打开(新窗口)').check();
  await drawer(page).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await expect(row('校园官网')).toContainText('（新窗口）');

  // A need-login entry at the top level.
  await page.getByRole('link', { name: '新增', exact: true }).click();
  await drawer(page).getByLabel('菜单名称').fill('我的课程');
  await drawer(page).getByLabel('菜单路径').fill('/teaching/mineCourse/cardList');
  await drawer(page).getByLabel('登录显示').check();
  await drawer(page).getByLabel('排序').fill('6');
  await drawer(page).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await expect(row('我的课程')).toContainText('登录显示');
  if (SHOTS) await snap(page, `${SHOTS}/menu-tree.png`, { fullPage: true });

  // A visitor: the group with its icon and child; the external child opens a new tab; no need-login entry.
  const visitorContext = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/home');
  const group = nav(visitor).locator('.xt-has-sub', { hasText: '学习园地' });
  await expect(group.locator('.anticon-book')).toHaveCount(1);
  await group.hover();
  const external = nav(visitor).getByRole('link', { name: '校园官网' });
  await expect(external).toBeVisible();
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener');
  if (SHOTS) await snap(visitor, `${SHOTS}/home-header.png`, { clip: { x: 0, y: 0, width: 1366, height: 260 } });
  const [tab] = await Promise.all([visitorContext.waitForEvent('page'), external.click()]);
  await expect(tab).toHaveURL(EXTERNAL);
  await tab.close();
  await expect(visitor).toHaveURL(/\/home$/);
  await expect(nav(visitor).getByText('我的课程')).toHaveCount(0);
  await expect(nav(visitor).getByText('个人中心')).toHaveCount(0);

  // A logged-in student sees the need-login entry.
  const studentContext = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const student = await studentContext.newPage();
  await loginAs(student, STUDENT);
  await student.goto('/home');
  await expect(nav(student).getByRole('link', { name: '我的课程' })).toHaveAttribute('href', '/teaching/mineCourse/cardList');
  if (SHOTS) await snap(student, `${SHOTS}/home-header-student.png`, { clip: { x: 0, y: 0, width: 1366, height: 260 } });

  // Deleting the group (with its child) and the entry takes them off the header: checked rows and 批量删除
  // (ticking a group's box does not fold the group).
  await expect(row('校园官网')).toBeVisible();
  await row('学习园地').getByRole('checkbox', { name: '选择 学习园地' }).check();
  await expect(row('校园官网')).toBeVisible();
  await row('我的课程').getByRole('checkbox', { name: '选择 我的课程' }).check();
  await page.getByRole('button', { name: '批量删除' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '删除成功!' })).toBeVisible();
  await expect(table.getByText('校园官网')).toHaveCount(0);
  await visitor.reload();
  await expect(nav(visitor).getByText('学习园地')).toHaveCount(0);
  await student.reload();
  await expect(nav(student).getByText('我的课程')).toHaveCount(0);
  await expect(nav(student).getByText('创作')).toBeVisible();
  await visitorContext.close();
  await studentContext.close();
});
