// 在线报表 and 多数据源管理 end to end: an admin writes a report with a parameter and a dictionary column in the
// designer (解析SQL fills the grids), opens it with a chart, searches by the parameter, switches to a pie chart and
// exports it; a data source pointing at the local PostgreSQL tests ok in its form and feeds a second report.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './fixtures';
import { loginAs } from './shell-helpers';
import { snap } from './shots';

const SHOTS = process.env.XT_SHOTS_DIR ?? 'test-results';
const PG_ADDRESS = 'jdbc:postgresql://127.0.0.1:5432/test';

/** Opens the designer from 在线报表配置's 新增 and fills the head. */
async function newReport(page: Page, head: { code: string; name: string; sql: string; source?: string }) {
  await page.goto('/online/cgreport');
  await page.getByRole('link', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增报表' });
  await dialog.getByLabel('报表编码').fill(head.code);
  await dialog.getByLabel('报表名字').fill(head.name);
  if (head.source) await dialog.getByLabel('动态数据源').selectOption({ label: head.source });
  await dialog.getByLabel('报表SQL').fill(head.sql);
  await dialog.getByRole('button', { name: '解析SQL' }).click();
  return dialog;
}

test('an admin writes a report with a parameter and a dictionary column, charts it and exports it', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  const code = `users_by_sex_${Date.now() % 1_000_000}`;
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, ADMIN);

  // The seeded sample is listed, and opens with its chart.
  await page.goto('/online/cgreport');
  await expect(page.getByRole('row').filter({ hasText: 'works_by_class' })).toContainText('各班作品统计');
  await snap(page, `${SHOTS}/online-cgreport-1366.png`, { fullPage: true });
  await page.goto('/online/cgreport/works_by_class');
  await expect(page.getByRole('img', { name: /各班作品统计：按班级的作品数/ })).toBeVisible();
  await snap(page, `${SHOTS}/online-report-sample-1366.png`, { fullPage: true });

  // A SQL that writes is refused beside the field.
  const dialog = await newReport(page, { code, name: '男女人数', sql: 'delete from sys_user' });
  await expect(dialog.getByText('报表只能是一条只读的SELECT语句，不允许使用 DELETE')).toBeVisible();

  await dialog.getByLabel('报表SQL').fill("select sex, count(*) as user_count from sys_user where del_flag = 0 and username like '${prefix}%' group by sex");
  await dialog.getByRole('button', { name: '解析SQL' }).click();
  await expect(dialog.getByRole('status')).toHaveText('解析成功：2列，1个参数');
  await dialog.locator('[name="items.0.fieldTxt"]').fill('性别');
  await dialog.locator('[name="items.0.dictCode"]').selectOption('sex');
  await dialog.locator('[name="items.1.fieldTxt"]').fill('人数');
  await dialog.locator('[name="items.1.fieldType"]').selectOption('Integer');
  await dialog.locator('[name="params.0.paramTxt"]').fill('账号前缀');
  await dialog.locator('[name="params.0.paramValue"]').fill('student');
  await snap(page, `${SHOTS}/online-cgreport-designer-1366.png`, { fullPage: true });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: code });
  await row.getByRole('link', { name: '打开报表' }).click();
  await expect(page).toHaveURL(new RegExp(`/online/cgreport/${code}$`));
  const table = page.locator('.xt-list table');
  await expect(table).toContainText('性别');
  await expect(table).toContainText(/男|女/);
  await expect(page.getByRole('img', { name: /男女人数：按性别的人数/ })).toBeVisible();
  await snap(page, `${SHOTS}/online-report-1366.png`, { fullPage: true });

  // The parameter: teachers only (one 男 or 女 row, with one person).
  await page.getByLabel('账号前缀').fill('teacher');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/self_prefix=teacher/);
  await expect(page.locator('.xt-list tbody tr.ant-table-row')).toHaveCount(1);

  // A pie instead, kept in the URL with the search.
  await page.getByLabel('图表类型').selectOption('pie');
  await page.getByRole('button', { name: '画图' }).click();
  await expect(page).toHaveURL(/chart\.type=pie/);
  await expect(page).toHaveURL(/self_prefix=teacher/);
  await expect(page.locator('.xt-chart-pie svg')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  expect(errors).toEqual([]);
});

test('a data source on the local PostgreSQL tests ok in its form and feeds a report', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  const suffix = String(Date.now() % 1_000_000);
  const name = `本机库${suffix}`;
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, ADMIN);

  await page.goto('/isystem/dataSource');
  await page.getByRole('link', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增' });
  await dialog.getByLabel('数据源名称').fill(name);
  await dialog.getByLabel('数据源编码').fill(`pg_${suffix}`);
  await dialog.getByLabel('数据库类型').selectOption({ label: 'PostgreSQL' });
  await dialog.getByLabel('数据源地址').fill('jdbc:postgresql://127.0.0.1:1/test');
  await dialog.getByLabel('用户名').fill('postgres');
  await dialog.getByRole('button', { name: '测试连接' }).click();
  await expect(dialog.getByRole('status')).toContainText('数据库连接失败');
  await dialog.getByLabel('数据源地址').fill(PG_ADDRESS);
  await dialog.getByLabel('数据库名称').fill('test');
  await dialog.getByRole('button', { name: '测试连接' }).click();
  await expect(dialog.getByRole('status')).toHaveText('数据库连接成功');
  await expect(dialog.getByLabel('密码')).toHaveValue('');
  await snap(page, `${SHOTS}/data-source-form-1366.png`, { fullPage: true });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `pg_${suffix}` })).toContainText('PostgreSQL');
  await snap(page, `${SHOTS}/data-sources-1366.png`, { fullPage: true });

  const report = await newReport(page, { code: `pg_tables_${suffix}`, name: `各模式表数${suffix}`, source: name, sql: 'select table_schema, count(*) as table_count from information_schema.tables group by table_schema' });
  await expect(report.getByRole('status')).toHaveText('解析成功：2列，0个参数');
  await report.getByRole('button', { name: '确定' }).click();
  await expect(report).toBeHidden();
  await page.getByRole('row').filter({ hasText: `pg_tables_${suffix}` }).getByRole('link', { name: '打开报表' }).click();
  await expect(page.locator('.xt-list table')).toContainText('information_schema');
  await expect(page.getByRole('img', { name: /按table_schema的table_count/ })).toBeVisible();
  await snap(page, `${SHOTS}/online-report-datasource-1366.png`, { fullPage: true });
  expect(errors).toEqual([]);
});
