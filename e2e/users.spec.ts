// 用户管理 in the browser: a teacher imports a class roster (.xlsx made here with exceljs) and then sees only
// their own students; an administrator freezes a user who then cannot log in; the list's filters and
// sorting live in the URL and survive a reload.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, BASE_URL, STUDENT, TEACHER } from './fixtures';
import { loginAs } from './shell-helpers';
import { snap } from './shots';

test.describe.configure({ mode: 'serial' });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function apiToken(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post(`${BASE_URL}/api/sys/login`, { data: user });
  const body = await res.json();
  expect(body.success, body.message).toBe(true);
  return body.result.token as string;
}

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await request.fetch(`${BASE_URL}/api${path}`, { method, headers: { 'X-Access-Token': token }, data });
  const body = await res.json();
  expect(body.success, `${method} ${path}: ${body.message}`).toBe(true);
  return body.result;
}

/** Usernames in the list table, in display order (the first column after the selection and # columns). */
async function listedUsernames(page: Page): Promise<string[]> {
  const rows = page.locator('.xt-list tbody tr.ant-table-row');
  const n = await rows.count();
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await rows.nth(i).locator('td').nth(2).innerText()).trim());
  return out;
}

async function rosterFile(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('一年级二班');
  ws.addRow(['用户账号', '真实姓名', '性别', '身份', '手机号', '邮箱', '班级', '初始密码']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

let admin: string;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  admin = await apiToken(request, ADMIN);
  // Another school with a student the teacher has nothing to do with.
  const school = await call(request, admin, 'POST', '/sys/sysDepart/add', { departName: 'E2E阳光小学', orgCategory: '1' });
  const cls = await call(request, admin, 'POST', '/sys/sysDepart/add', { departName: 'E2E阳光一班', parentId: school.id, orgCategory: '3' });
  await call(request, admin, 'POST', '/sys/user/add', {
    username: 'e2e.sunny',
    realname: '阳光同学',
    password: 'Sunny-e2e-2026',
    selecteddeparts: cls.id,
  });
  // Three users of our own for the sorting test, so other specs' users cannot change what it sees.
  for (const [username, realname] of [['e2e.sort.b', '排序乙'], ['e2e.sort.c', '排序丙'], ['e2e.sort.a', '排序甲']]) {
    await call(request, admin, 'POST', '/sys/user/add', { username, realname, password: 'Sort-e2e-2026', selecteddeparts: cls.id });
  }
  await request.dispose();
});

test('a teacher imports a class roster and then sees only their own students', async ({ page, playwright }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, TEACHER);
  await page.goto('/isystem/user');
  await expect(page.locator('.xt-import label')).toContainText('导入');

  const file = await rosterFile([
    ['e2e.kid1', '导入一号', '男', '学生', '', '', '一年级二班', 'Kid-one-2026'],
    ['e2e.kid2', '导入二号', '女', '学生', '', '', '一年级二班', ''],
    ['e2e.kid3', '越界三号', '男', '学生', '', '', 'E2E阳光一班', ''],
    ['student1', '重名的', '男', '学生', '', '', '一年级一班', ''],
  ]);
  await page.locator('.xt-import input[type=file]').setInputFiles({ name: '一年级二班.xlsx', mimeType: XLSX, buffer: file });

  // The report: two rows in, two rejected with their reasons, and the generated password shown once.
  const report = page.locator('.xt-report');
  await expect(report).toContainText('文件导入成功，但有错误。');
  await expect(report).toContainText('总上传行数：4，已导入行数：2，错误行数：2');
  await expect(report).toContainText('班级不在您负责的范围内：E2E阳光一班');
  await expect(report).toContainText('用户账号已存在：student1');
  const generated = report.locator('tr', { hasText: 'e2e.kid2' }).locator('code');
  await expect(generated).toHaveText(/^[A-Za-z0-9]{10}$/);
  const password = (await generated.innerText()).trim();
  await snap(page, 'test-results/users-import-report.png', { fullPage: true });

  // The generated password works.
  const request = await playwright.request.newContext();
  await apiToken(request, { username: 'e2e.kid2', password });
  await request.dispose();

  await page.getByRole('link', { name: '返回用户列表' }).click();
  await expect(page.locator('.xt-list')).toBeVisible();
  await page.goto('/isystem/user?pageSize=50');
  const names = await listedUsernames(page);
  expect(names).toEqual(expect.arrayContaining(['e2e.kid1', 'e2e.kid2', 'student1', 'student2', 'student3']));
  for (const hidden of ['admin', 'teacher', 'e2e.sunny', 'e2e.kid3']) expect(names).not.toContain(hidden);
  // Every row is a student (the teacher's 仅显示学生 rule), as the list API behind the page says too.
  const api = await (await page.request.get('/api/sys/user/list?pageSize=100')).json();
  expect(api.result.records.length).toBe(names.length);
  for (const r of api.result.records) expect(r.userIdentity_dictText).toBe('学生');
  await snap(page, 'test-results/users-teacher-list.png', { fullPage: true });
});

test('an administrator freezes a user, who then cannot log in', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ADMIN);
  await page.goto('/isystem/user?username=student2');
  const row = page.locator('.xt-list tbody tr.ant-table-row', { hasText: 'student2' });
  await expect(row).toHaveCount(1);
  await row.getByText('更多').click();
  await row.getByRole('link', { name: '冻结' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确定冻结用户“小红”吗？');
  await snap(page, 'test-results/users-freeze-dialog.png');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.xt-list .ant-alert')).toContainText('冻结成功');
  await expect(row).toContainText('冻结');

  const other = await browser.newContext();
  const student = await other.newPage();
  await student.goto('/user/login');
  await student.getByLabel('账户').fill('student2');
  await student.getByLabel('密码').fill(STUDENT.password);
  await student.getByRole('button', { name: '登录' }).click();
  await expect(student.getByRole('alert')).toContainText('该用户已冻结');
  await other.close();

  // 解冻 gives the account back.
  await row.getByText('更多').click();
  await row.getByRole('link', { name: '解冻' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.xt-list .ant-alert')).toContainText('解冻成功');
  await expect(row).toContainText('正常');
});

test('filters and sorting stay in the URL across a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ADMIN);
  await page.goto('/isystem/user');
  await page.getByLabel('真实姓名').fill('排序');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/realname=%E6%8E%92%E5%BA%8F/);
  await expect.poll(async () => (await listedUsernames(page)).sort()).toEqual(['e2e.sort.a', 'e2e.sort.b', 'e2e.sort.c']);
  await page.getByRole('link', { name: /用户账号/ }).click();
  await expect(page).toHaveURL(/column=username&order=asc/);
  await expect.poll(() => listedUsernames(page)).toEqual(['e2e.sort.a', 'e2e.sort.b', 'e2e.sort.c']);

  await page.reload();
  await expect(page.getByLabel('真实姓名')).toHaveValue('排序');
  await expect(page.locator('th[aria-sort="ascending"]')).toContainText('用户账号');
  expect(await listedUsernames(page)).toEqual(['e2e.sort.a', 'e2e.sort.b', 'e2e.sort.c']);

  // The other direction, then back in history.
  await page.getByRole('link', { name: /用户账号/ }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(() => listedUsernames(page)).toEqual(['e2e.sort.c', 'e2e.sort.b', 'e2e.sort.a']);
  await page.goBack();
  await expect(page).toHaveURL(/order=asc/);
  await expect.poll(() => listedUsernames(page)).toEqual(['e2e.sort.a', 'e2e.sort.b', 'e2e.sort.c']);
  await snap(page, 'test-results/users-admin-filtered.png', { fullPage: true });
});

test('the add form, the detail dialog, the password dialog and the recycle bin', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ADMIN);
  await page.goto('/isystem/user');
  await page.getByRole('link', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('新增');
  // Errors come back beside their fields.
  await dialog.getByLabel('用户账号').fill('ab');
  await dialog.getByLabel('登录密码').fill('short');
  await dialog.getByLabel('确认密码').fill('short');
  await dialog.getByLabel('真实姓名').fill('测试用户');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('dialog')).toContainText('用户账号长度应为3到32个字符');
  await snap(page, 'test-results/users-add-errors.png');
  const form = page.getByRole('dialog');
  await form.getByLabel('用户账号').fill('e2e.added');
  await form.getByLabel('登录密码').fill('Added-e2e-2026');
  await form.getByLabel('确认密码').fill('Added-e2e-2026');
  await form.getByLabel('筛选班级').first().fill('二班');
  await expect(form.locator('#xt-picker-selecteddeparts')).toContainText('一年级二班');
  await form.locator('#xt-picker-selecteddeparts').getByText('一年级二班').click();
  await snap(page, 'test-results/users-add-form.png');
  await form.getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.xt-list .ant-alert')).toContainText('添加成功！');

  await page.goto('/isystem/user?username=e2e.added');
  const row = page.locator('.xt-list tbody tr.ant-table-row', { hasText: 'e2e.added' });
  await expect(row).toContainText('一年级二班');
  await row.getByRole('link', { name: '详情' }).click();
  await expect(page.getByRole('dialog')).toContainText('用户详情');
  await expect(page.getByRole('dialog')).toContainText('希望小学 / 一年级 / 一年级二班');
  await snap(page, 'test-results/users-detail.png');
  await page.getByRole('dialog').getByRole('link', { name: '关闭', exact: true }).last().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await row.getByText('更多').click();
  await row.getByRole('link', { name: '密码' }).click();
  const pw = page.getByRole('dialog');
  await pw.getByLabel('新密码').fill('Changed-e2e-2026');
  await pw.getByLabel('确认密码').fill('Changed-e2e-2026');
  await snap(page, 'test-results/users-password.png');
  await pw.getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.xt-list .ant-alert')).toContainText('密码修改成功!');

  page.once('dialog', (d) => d.accept());
  await row.getByText('更多').click();
  await row.getByRole('link', { name: '删除' }).click();
  await expect(page.locator('.xt-list .ant-alert')).toContainText('删除用户成功');

  await page.getByRole('link', { name: '回收站' }).click();
  const bin = page.locator('.xt-bin');
  const binRow = bin.locator('tr', { hasText: 'e2e.added' });
  await expect(binRow).toBeVisible();
  await snap(page, 'test-results/users-recycle-bin.png', { fullPage: true });
  page.once('dialog', (d) => d.accept());
  await binRow.getByRole('link', { name: '还原' }).click();
  await expect(bin.locator('.ant-alert')).toContainText('还原成功');
  await expect(bin.locator('tr', { hasText: 'e2e.added' })).toHaveCount(0);
});
