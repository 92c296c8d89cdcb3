// Logging in through the page, seeing the menu the server returned, and logging out; the access guard.
import { expect, test } from '@playwright/test';
import { ADMIN, STUDENT } from './fixtures';
import { snap } from './shots';

test('the access guard sends a visitor to the login page with the full path as redirect', async ({ page }) => {
  await page.goto('/isystem/user?pageNo=2');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fisystem%2Fuser%3FpageNo%3D2$/);
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
});

test('empty fields and a wrong password are answered in Chinese and the username is kept', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();

  await page.getByLabel('账户').fill(STUDENT.username);
  await page.getByLabel('密码').fill('not-the-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
  await expect(page.getByLabel('账户')).toHaveValue(STUDENT.username);
});

test('admin logs in, sees the menu, follows the redirect, and logs out', async ({ page, context }) => {
  await page.goto('/dashboard/index');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fdashboard%2Findex/);
  await page.getByLabel('账户').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();

  await expect(page).toHaveURL(/\/dashboard\/index$/);
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await expect(menu.getByRole('link', { name: '首页' })).toBeVisible();
  await expect(menu.getByText('系统管理')).toBeVisible();
  await expect(page.getByText('欢迎您，管理员')).toBeVisible();
  await expect(page).toHaveTitle('学堂');
  await snap(page, 'test-results/dashboard-admin.png', { fullPage: true });

  // The session cookie cannot be read by scripts.
  const cookie = (await context.cookies()).find((c) => c.name === 'xt_token');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');

  // Logged in, the login page goes to the default path.
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/dashboard\/index$/);

  await page.getByRole('button', { name: '退出登录' }).click();
  // With JavaScript the logout asks first (reference §1.11: 提示 / 真的要注销登录吗 ?).
  await page.getByRole('dialog').filter({ hasText: '真的要注销登录吗 ?' }).getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await page.goto('/dashboard/index');
  await expect(page).toHaveURL(/\/user\/login/);
});

test('a student sees only the student menu', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByLabel('账户').fill(STUDENT.username);
  await page.getByLabel('密码').fill(STUDENT.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await expect(menu.getByText('我的作品').first()).toBeVisible();
  await expect(menu.getByText('用户管理')).toHaveCount(0);
  await expect(menu.getByText('系统管理')).toHaveCount(0);
});

test('an unknown path of a logged-in user goes to /404; the login redirect ignores other sites', async ({ page }) => {
  await page.goto('/user/login?redirect=https%3A%2F%2Fevil.example%2F');
  await page.getByLabel('账户').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);

  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
});

test('a redirect a browser would bend to another site (tab, backslash, encoded slash) lands on our default page', async ({ page, baseURL }) => {
  const payloads = ['/%09/evil.example/x', '/%5C%5Cevil.example/', '/%2F/evil.example/', '/%0D%0A/evil.example/', '%E3%80%80//evil.example/', '/%252F/evil.example/'];
  await page.goto(`/user/login?redirect=${payloads[0]}`);
  await page.getByLabel('账户').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
  // Logged in, the login page forwards to `redirect` at once.
  for (const p of payloads) {
    await page.goto(`/user/login?redirect=${p}`);
    expect(new URL(page.url()).origin, p).toBe(new URL(baseURL!).origin);
    await expect(page, p).toHaveURL(/\/dashboard\/index$/);
  }
});
