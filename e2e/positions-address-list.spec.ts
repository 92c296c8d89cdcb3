// 职务管理 and 通讯录 end to end: the admin adds a position (a duplicate code is answered beside the field),
// gives it to a student, opens 通讯录, picks the student's class in the tree and finds them with the position;
// the screen at phone width keeps the tree above the list.
import { expect, test } from '@playwright/test';
import { ADMIN } from './fixtures';
import { loginAs } from './shell-helpers';
import { snap } from './shots';

const SHOTS = process.env.XT_SHOTS_DIR ?? 'test-results';

test('an admin adds a position, assigns it, and finds the holder in 通讯录', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  // A fresh code per attempt: a retry finds the first attempt's position held (it cannot be deleted).
  const suffix = String(Date.now() % 1_000_000);
  const code = `head${suffix}`;
  const name = `班主任${suffix}`;

  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, ADMIN);
  await page.goto('/isystem/position');
  await expect(page.getByRole('row').filter({ hasText: '教务主任' })).toContainText('副高级');

  await page.getByRole('link', { name: '新增', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: '新增' });
  await dialog.getByLabel('职务编码').fill('dean');
  await dialog.getByLabel('职务名称').fill(name);
  await dialog.getByLabel('职级').selectOption({ label: '中级' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('职务编码已存在')).toBeVisible();
  await dialog.getByLabel('职务编码').fill(code);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText(name);
  await expect(row).toContainText('中级');
  await snap(page, `${SHOTS}/positions-1366.png`, { fullPage: true });

  // Give it to 小刚 (student3, in 一年级二班) in 用户管理.
  await page.goto('/isystem/user?username=student3');
  await page.locator('.xt-list tbody tr.ant-table-row', { hasText: 'student3' }).getByRole('link', { name: '编辑' }).click();
  dialog = page.getByRole('dialog', { name: '编辑' });
  await dialog.getByRole('checkbox', { name }).check();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();

  // 通讯录: pick the class in the tree; the student is listed with the position.
  await page.goto('/isystem/addressList');
  const tree = page.getByRole('tree', { name: '部门' });
  await tree.getByRole('link', { name: '一年级二班' }).click();
  await expect(page).toHaveURL(/orgCode=A01A01A02/);
  await expect(tree.locator('.xt-tree-selected')).toHaveText('一年级二班');
  const person = page.getByRole('row').filter({ hasText: '小刚' });
  await expect(person).toContainText(name);
  await expect(person).toContainText('一年级二班');
  await expect(page.getByRole('row').filter({ hasText: '王老师' })).toHaveCount(0);
  await snap(page, `${SHOTS}/address-list-1366.png`, { fullPage: true });

  // Search by name within the class.
  await page.getByLabel('姓名').fill('小刚');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/realname=/);
  await expect(page.getByRole('row').filter({ hasText: '小刚' })).toBeVisible();

  // Phone width: the tree sits above the list and nothing overflows the window.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: '小刚' })).toBeVisible();
  const treeBox = (await page.locator('.xt-tree-panel').boundingBox())!;
  const listBox = (await page.locator('.xt-tree-main').boundingBox())!;
  expect(listBox.y).toBeGreaterThanOrEqual(treeBox.y + treeBox.height - 1);
  expect(treeBox.x + treeBox.width).toBeLessThanOrEqual(376);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snap(page, `${SHOTS}/address-list-375.png`, { fullPage: true });
  expect(errors).toEqual([]);
});
