// A password someone else chose must be replaced first: an account an admin added logs in through the form,
// lands on 安全设置 with the reason shown, cannot open another screen, and after setting its own password
// (refused first as too weak) uses the back office as usual.
import { expect, test } from '@playwright/test';
import { ADMIN, BASE_URL } from './fixtures';
import { snap } from './shots';

test('an added account sets its own password before anything else', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: BASE_URL });
  const login = await (await api.post('/api/sys/login', { data: ADMIN })).json();
  const headers = { 'X-Access-Token': login.result.token as string };
  const tree = await (await api.get('/api/sys/sysDepart/queryTreeList', { headers })).json();
  const find = (nodes: any[], name: string): any => nodes.map((n) => (n.departName === name ? n : find(n.children ?? [], name))).find(Boolean);
  const added = await (
    await api.post('/api/sys/user/add', {
      headers,
      data: { username: 'e2e.newkid', realname: '新来的', password: 'Given-e2e-2026', selecteddeparts: find(tree.result, '一年级一班').id },
    })
  ).json();
  expect(added.success, added.message).toBe(true);
  await api.dispose();

  await page.goto('/user/login');
  await page.getByLabel('账户').fill('e2e.newkid');
  await page.getByLabel('密码').fill('Given-e2e-2026');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/account\/settings\/security$/);
  await expect(page.getByRole('alert').filter({ hasText: '请先修改密码' })).toBeVisible();

  // Another screen leads back here.
  await page.goto('/dashboard/index');
  await expect(page).toHaveURL(/\/account\/settings\/security$/);

  await page.getByLabel('旧密码').fill('Given-e2e-2026');
  await page.getByLabel('新密码', { exact: true }).fill('12345678');
  await page.getByLabel('确认新密码').fill('12345678');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码需包含字母、数字、符号中的至少两种')).toBeVisible();

  await page.getByLabel('旧密码').fill('Given-e2e-2026');
  await page.getByLabel('新密码', { exact: true }).fill('Kite-mine-2026');
  await page.getByLabel('确认新密码').fill('Kite-mine-2026');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '密码重置成功!' })).toBeVisible();
  await snap(page, 'test-results/password-change-done.png', { fullPage: true });

  await page.goto('/dashboard/index');
  await expect(page).toHaveURL(/\/dashboard\/index$/);
});
