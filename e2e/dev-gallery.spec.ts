// 开发示例 end to end: the admin submits 基础表单 with errors (shown beside the fields, values kept) and then
// valid; walks 分步表单 to its result; adds and removes a member row in 高级表单 and submits it; filters 查询表格.
// Screenshots at 1366 px and 375 px go to DEVGALLERY_SHOTS (default test-results).
import { expect, test, type Page } from '@playwright/test';
import { loginAs, mainMenu } from './shell-helpers';
import { snap } from './shots';

const SHOTS = process.env.DEVGALLERY_SHOTS ?? 'test-results';
const content = (page: Page) => page.locator('#content');
const fieldError = (page: Page, id: string) => page.locator(`#${id}-error`);

test('the admin uses the form and list examples of 开发示例', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page);
  // The group is in the admin's menu.
  await expect(mainMenu(page).getByText('开发示例', { exact: true })).toHaveCount(1);

  // 基础表单: errors from the server beside the fields, what was typed kept; then a success.
  await page.goto('/form/base-form');
  await page.getByLabel('标题').fill('A');
  await page.getByLabel('联系邮箱').fill('not-mail');
  await page.getByLabel('开始日期').fill('2026-05-10');
  await page.getByLabel('结束日期').fill('2026-05-01');
  await page.getByLabel('权重').fill('120');
  await content(page).getByRole('button', { name: '提交' }).click();
  await expect(fieldError(page, 'f-title')).toHaveText('标题至少2个字符');
  await expect(fieldError(page, 'f-email')).toHaveText('请输入正确的邮箱地址');
  await expect(fieldError(page, 'f-endDate')).toHaveText('结束日期不能早于开始日期');
  await expect(fieldError(page, 'f-weight')).toHaveText('权重应在0到100之间');
  await expect(fieldError(page, 'f-goal')).toHaveText('请输入目标描述');
  await expect(page.getByLabel('联系邮箱')).toHaveValue('not-mail');
  await expect(page.getByLabel('开始日期')).toHaveValue('2026-05-10');
  await snap(page, `${SHOTS}/devgallery-base-errors-1366.png`, { fullPage: true });
  await page.getByLabel('标题').fill('期末目标');
  await page.getByLabel('联系邮箱').fill('teacher@example.com');
  await page.getByLabel('结束日期').fill('2026-06-30');
  await page.getByLabel('权重').fill('80');
  await page.getByLabel('目标描述').fill('完成五个作品并参加展示');
  await content(page).getByRole('button', { name: '提交' }).click();
  await expect(content(page).getByText('提交成功', { exact: true })).toBeVisible();
  await expect(content(page)).toContainText('teacher@example.com');

  // 分步表单: fill → confirm → done.
  await page.goto('/form/step-form');
  await page.getByLabel('收款账户').fill('parent@example.com');
  await page.getByLabel('收款人姓名').fill('张三');
  await page.getByLabel('转账金额').fill('0');
  await content(page).getByRole('button', { name: '下一步' }).click();
  await expect(fieldError(page, 'f-amount')).toHaveText('转账金额应在0.01到50000元之间');
  await page.getByLabel('转账金额').fill('500');
  await content(page).getByRole('button', { name: '下一步' }).click();
  await expect(page.locator('.xt-step-process')).toHaveText(/确认转账信息/);
  await expect(content(page)).toContainText('parent@example.com');
  await page.getByLabel('支付密码').fill('111111');
  await content(page).getByRole('button', { name: '提交' }).click();
  await expect(fieldError(page, 'f-password')).toHaveText('支付密码错误');
  await page.getByLabel('支付密码').fill('123456');
  await content(page).getByRole('button', { name: '提交' }).click();
  await expect(content(page).getByText('操作成功', { exact: true })).toBeVisible();
  await expect(content(page)).toContainText('500 元');
  await snap(page, `${SHOTS}/devgallery-step-done-1366.png`, { fullPage: true });

  // 高级表单: a row added and one removed, nothing typed lost; then submitted.
  await page.goto('/form/advanced-form');
  const rows = content(page).locator('.xt-row-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('仓库名').fill('作品仓库');
  await content(page).getByRole('button', { name: '新增成员' }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.getByLabel('仓库名')).toHaveValue('作品仓库');
  await rows.nth(2).getByLabel('成员姓名').fill('赵小刚');
  await rows.nth(2).getByLabel('工号').fill('00003');
  await content(page).getByRole('button', { name: '删除第1行' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByLabel('成员姓名')).toHaveValue('李小红');
  await expect(rows.nth(1).getByLabel('成员姓名')).toHaveValue('赵小刚');
  await content(page).locator('.xt-gallery-footer').getByRole('button', { name: '提交' }).click();
  await expect(fieldError(page, 'g0-repoUrl')).toHaveText('请输入仓库域名');
  await snap(page, `${SHOTS}/devgallery-advanced-errors-1366.png`, { fullPage: true });
  await page.getByLabel('仓库域名').fill('code.example.com');
  await page.getByLabel('仓库管理员').fill('王老师');
  await page.getByLabel('仓库类型').selectOption('private');
  await page.getByLabel('任务名').fill('期末展示');
  await page.getByLabel('生效日期').fill('2026-06-01');
  await content(page).locator('.xt-gallery-footer').getByRole('button', { name: '提交' }).click();
  await expect(content(page).getByText('提交成功', { exact: true })).toBeVisible();
  await expect(content(page)).toContainText('李小红（00002）、赵小刚（00003）');

  // 查询表格: the declared list's query form filters the sample data.
  await page.goto('/list/query-list');
  const tableRows = content(page).locator('.xt-list tbody tr.ant-table-row');
  await expect(tableRows).toHaveCount(10);
  await page.getByLabel('名称').fill('迷宫');
  await content(page).getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/name=%E8%BF%B7%E5%AE%AB/);
  await expect(tableRows).toHaveCount(3);
  for (const text of await tableRows.allInnerTexts()) expect(text).toContain('迷宫游戏');
  await page.getByLabel('状态').selectOption({ label: '已完成' });
  await content(page).getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/status=done/);
  for (const text of await tableRows.allInnerTexts()) expect(text).toContain('已完成');
  await snap(page, `${SHOTS}/devgallery-query-1366.png`, { fullPage: true });
  // Its 新增 dialog is the shared form: the API's errors inside the dialog, then saved.
  await content(page).getByRole('link', { name: '新增' }).click();
  const dialog = page.locator('#xt-modal');
  await expect(dialog.getByLabel('名称')).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.locator('#f-name-error')).toHaveText('请输入名称');
  await expect(dialog.locator('#f-category-error')).toHaveText('请选择类别');
  await snap(page, `${SHOTS}/devgallery-query-dialog-1366.png`);
  await dialog.getByLabel('名称').fill('端到端示例');
  await dialog.getByLabel('类别').selectOption('project');
  await dialog.getByLabel('负责人').fill('赵老师');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(content(page)).toContainText('添加成功！');

  for (const path of ['/list/basic-list', '/list/card', '/list/search', '/exception/404']) {
    await page.goto(path);
    await expect(content(page).locator('.xt-source-note')).toBeVisible();
    await snap(page, `${SHOTS}/devgallery-${path.split('/').pop()}-1366.png`, { fullPage: true });
  }

  // Phones: the same pages at 375 px.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/form/base-form');
  await content(page).getByRole('button', { name: '提交' }).click();
  await expect(fieldError(page, 'f-title')).toHaveText('请输入标题');
  await snap(page, `${SHOTS}/devgallery-base-errors-375.png`, { fullPage: true });
  for (const path of ['/form/advanced-form', '/form/step-form', '/list/basic-list', '/list/card', '/list/query-list']) {
    await page.goto(path);
    await expect(content(page).locator('.xt-source-note')).toBeVisible();
    await snap(page, `${SHOTS}/devgallery-${path.split('/').pop()}-375.png`, { fullPage: true });
  }
});
