// 在线表单开发 end to end: an admin designs 学生报名表 in the designer with eight control types (required text,
// dictionary list, dictionary radio, date, switch, number, textarea, image upload), syncs it (普通同步), adds its menu
// entry in 菜单管理 and grants it to 教师 in 角色管理 → 授权. The teacher finds it in the side menu and adds a row
// (refused first beside the required field, nothing typed lost), adds a second, edits one, filters by name, exports
// the list, imports the exported workbook back (its rows counted) and deletes a row after the confirmation.
// Site-wide (playwright.config.ts): the grant changes the teacher's menu while it runs; the menu entry and the form
// (with its table) are deleted again at the end, and a retry first removes what a failed attempt left.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, TEACHER } from './fixtures';
import { loginAs, mainMenu } from './shell-helpers';
import { snap } from './shots';

const SHOTS = process.env.XT_SHOTS_DIR ?? 'test-results';
const TABLE_PREFIX = 'cg_xsbm_';
const MENU_NAME = '学生报名表';
const COMPONENT = 'modules/online/cgform/auto/OnlCgformAutoList';

/** One designer row: what is typed into the 数据库属性 and 页面属性 grids. */
interface Design {
  name: string;
  label: string;
  show: string;
  dbType?: string;
  length?: string;
  dict?: string;
  required?: boolean;
  query?: boolean;
}

const FIELDS: Design[] = [
  { name: 'student_name', label: '学生姓名', show: 'text', length: '20', required: true, query: true },
  { name: 'sex', label: '性别', show: 'list', length: '2', dict: 'sex', query: true },
  { name: 'grade', label: '年级', show: 'radio', length: '2', dict: 'grade' },
  { name: 'birthday', label: '出生日期', show: 'date', dbType: 'Date', length: '10' },
  { name: 'need_bus', label: '乘坐校车', show: 'switch', length: '1' },
  { name: 'age', label: '年龄', show: 'number', dbType: 'int', length: '10' },
  { name: 'remark', label: '备注', show: 'textarea', length: '200' },
  { name: 'photo', label: '照片', show: 'image', length: '500' },
];

const modal = (page: Page) => page.locator('#xt-modal [role="dialog"]');
const dataRows = (page: Page) => page.locator('.xt-list tbody tr.ant-table-row');

/** A PNG of one pixel (the 照片 upload). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The admin's API (token in the header, none of the browser's cookies): for cleaning up, before and after. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const token = (await login.json()).result.token as string;
  return async (method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) => {
    const res = await request.fetch(`/api${path}`, { method, headers: { 'X-Access-Token': token }, data });
    const body = await res.json();
    expect(body.success, `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
    return body.result;
  };
}

/** Deletes this spec's menu entries (their grants go with them) and forms with their tables, whatever run left them. */
async function cleanUp(request: APIRequestContext) {
  const api = await adminApi(request);
  type Node = { id: string; name: string; url?: string; children?: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  for (const m of flat((await api('GET', '/sys/permission/list')) as Node[])) {
    if ((m.url ?? '').startsWith(`/online/cgformList/${TABLE_PREFIX}`)) await api('DELETE', `/sys/permission/delete?id=${m.id}`);
  }
  const forms = (await api('GET', `/online/cgform/head/list?tableName=${TABLE_PREFIX}*&pageSize=100`)) as { records: { id: string; tableName: string }[] };
  for (const f of forms.records.filter((r) => r.tableName.startsWith(TABLE_PREFIX))) await api('DELETE', `/online/cgform/head/delete?id=${f.id}`);
  expect(((await api('GET', '/online/cgform/head/list?pageSize=100')) as typeof forms).records.filter((r) => r.tableName.startsWith(TABLE_PREFIX))).toEqual([]);
}

test.afterAll(async ({ request }) => {
  await cleanUp(request);
});

test('an admin designs 学生报名表, syncs it, adds its menu entry and grants it; a teacher adds, edits, filters, exports, imports and deletes rows', async ({ browser, request }, info) => {
  test.setTimeout(240_000);
  await cleanUp(request);
  const table = `${TABLE_PREFIX}${Date.now() % 1_000_000}`;
  const errors: string[] = [];

  // ---- the admin: designer, sync, menu entry, grant --------------------------------------------------------------
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await loginAs(page, ADMIN);
  await page.goto('/online/cgform');
  await page.getByRole('link', { name: '新增', exact: true }).click();
  const designer = page.getByRole('dialog', { name: '新增表单' });
  await expect(designer).toBeVisible();
  // 添加字段 redraws the designer with one row more (the first row is there already).
  for (let i = 1; i < FIELDS.length; i++) {
    await designer.getByRole('button', { name: '＋ 添加字段' }).click();
    await expect(designer.locator(`[name="fields.${i}.dbFieldName"]`)).toBeVisible();
  }
  await designer.getByLabel('表名').fill(table);
  await designer.getByLabel('表描述').fill('学生报名表');
  for (const [i, f] of FIELDS.entries()) {
    const cell = (key: string) => designer.locator(`[name="fields.${i}.${key}"]`);
    await cell('dbFieldName').fill(f.name);
    await cell('dbFieldTxt').fill(f.label);
    if (f.dbType) await cell('dbType').selectOption(f.dbType);
    if (f.length) await cell('dbLength').fill(f.length);
    await cell('fieldShowType').selectOption(f.show);
    if (f.dict) await cell('dictField').selectOption(f.dict);
    if (f.required) await cell('fieldMustInput').check();
    if (f.query) await cell('isQuery').check();
  }
  // The dialog scrolls inside the window: a window's shot shows it as the admin sees it.
  await designer.getByLabel('表名').scrollIntoViewIfNeeded();
  await snap(page, `${SHOTS}/online-cgform-designer-1366.png`);
  await designer.getByRole('button', { name: '确定' }).click();
  await expect(designer).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: '请同步数据库后使用' })).toBeVisible();
  const formRow = page.getByRole('row').filter({ hasText: table });
  await expect(formRow).toContainText('未同步');

  // 同步数据库 → 普通同步.
  await formRow.getByRole('link', { name: `同步数据库${table}` }).click();
  const sync = modal(page);
  await expect(sync.getByRole('status')).toHaveText(`数据表 ${table} 尚未创建。`);
  await sync.getByRole('radio', { name: /普通同步/ }).check();
  await sync.getByRole('button', { name: '确定' }).click();
  await expect(sync).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: table })).toContainText('已同步');
  await snap(page, `${SHOTS}/online-cgform-list-1366.png`, { fullPage: true });

  // 菜单管理 → 新增菜单: a top-level entry opening the form's screen.
  const url = `/online/cgformList/${table}`;
  await page.goto('/isystem/permission');
  await page.getByRole('link', { name: '新增菜单' }).click();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByLabel('菜单名称').fill(MENU_NAME);
  await modal(page).getByLabel('菜单路径').fill(url);
  await modal(page).getByLabel('前端组件').fill(COMPONENT);
  await modal(page).getByLabel('菜单图标').fill('form');
  await modal(page).getByLabel('排序').fill('90');
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  const menuRow = page.getByRole('treegrid', { name: '菜单列表' }).locator('[role="row"]', { has: page.getByText(MENU_NAME, { exact: true }) });
  await expect(menuRow).toContainText(url);

  // 角色管理 → 教师 → 授权: tick the entry.
  await page.goto('/isystem/role');
  const teacherRow = page.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name: '教师', exact: true }) });
  const auth = teacherRow.getByRole('link', { name: '授权', exact: true });
  if (!(await auth.isVisible())) await teacherRow.locator('details.xt-more > summary').click();
  await auth.click();
  const tree = modal(page).getByRole('tree', { name: '菜单与按钮权限' });
  await expect(tree.getByLabel(MENU_NAME, { exact: true })).not.toBeChecked();
  await tree.getByLabel(MENU_NAME, { exact: true }).check();
  await modal(page).getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '保存成功！' })).toBeVisible();
  await expect(modal(page)).toHaveCount(0);
  await context.close();

  // ---- the teacher: the entry in the side menu, rows added, edited, filtered, exported, imported, deleted --------
  const tctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const t = await tctx.newPage();
  t.on('pageerror', (e) => errors.push(e.message));
  await loginAs(t, TEACHER);
  await mainMenu(t).getByRole('link', { name: MENU_NAME }).click();
  await expect(t).toHaveURL(new RegExp(`${url}$`));
  await expect(t.locator('.xt-list')).toContainText('暂无数据');

  // 新增 without the required 学生姓名: refused beside it, everything else kept.
  await t.getByRole('link', { name: '新增', exact: true }).click();
  const form = modal(t);
  await expect(form).toBeVisible();
  await form.getByLabel('性别').selectOption({ label: '女' });
  await form.getByRole('radio', { name: '三年级' }).check();
  await form.getByLabel('出生日期').fill('2016-05-04');
  await form.getByLabel('乘坐校车').getByRole('radio', { name: '是' }).check();
  await form.getByLabel('年龄').fill('9');
  await form.getByLabel('备注').fill('对编程感兴趣');
  await form.locator('input[name="photo__file"]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: '确定' }).click();
  const nameInput = form.getByLabel('学生姓名');
  await expect(nameInput).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator(`#${await nameInput.getAttribute('aria-describedby')}`)).toHaveText(/学生姓名/);
  await expect(form.getByLabel('性别')).toHaveValue('2');
  await expect(form.getByRole('radio', { name: '三年级' })).toBeChecked();
  await expect(form.getByLabel('出生日期')).toHaveValue('2016-05-04');
  await expect(form.getByLabel('年龄')).toHaveValue('9');
  await expect(form.getByLabel('备注')).toHaveValue('对编程感兴趣');
  await nameInput.fill('李小红');
  await form.getByRole('button', { name: '确定' }).click();
  await expect(form).toHaveCount(0);
  const row = (name: string) => dataRows(t).filter({ has: t.getByRole('cell', { name, exact: true }) });
  await expect(row('李小红')).toContainText('女');
  await expect(row('李小红')).toContainText('三年级');
  await expect(row('李小红')).toContainText('2016-05-04');
  // The switch by its label, the photo as an image of the stored file.
  await expect(row('李小红').getByRole('cell', { name: '是', exact: true })).toHaveCount(1);
  await expect(row('李小红').locator('img')).toHaveAttribute('src', /^\/api\/sys\/common\/static\/cgform\/[0-9a-f]{32}\.png$/);

  // A second row.
  await t.getByRole('link', { name: '新增', exact: true }).click();
  await expect(form).toBeVisible();
  await form.getByLabel('学生姓名').fill('王小明');
  await form.getByLabel('性别').selectOption({ label: '男' });
  await form.getByRole('radio', { name: '四年级' }).check();
  await form.getByLabel('年龄').fill('10');
  await form.getByRole('button', { name: '确定' }).click();
  await expect(form).toHaveCount(0);
  await expect(dataRows(t)).toHaveCount(2);
  await snap(t, `${SHOTS}/online-cgform-screen-1366.png`, { fullPage: true });

  // 编辑 the second: its 备注.
  await row('王小明').getByRole('link', { name: '编辑', exact: true }).click();
  await expect(form.getByLabel('学生姓名')).toHaveValue('王小明');
  await form.getByLabel('备注').fill('需要家长接送');
  await form.getByRole('button', { name: '确定' }).click();
  await expect(form).toHaveCount(0);
  await expect(row('王小明')).toContainText('需要家长接送');

  // 查询 by 学生姓名 (a part of it).
  const query = t.locator('.xt-list form').first();
  await query.getByLabel('学生姓名').fill('小红');
  await query.getByRole('button', { name: '查询' }).click();
  await expect(t).toHaveURL(/student_name=/);
  await expect(dataRows(t)).toHaveCount(1);
  await expect(row('李小红')).toBeVisible();
  await query.getByRole('button', { name: '重置' }).or(query.getByRole('link', { name: '重置' })).click();
  await expect(dataRows(t)).toHaveCount(2);

  // 导出, then 导入 the same workbook: two rows more.
  const download = t.waitForEvent('download');
  await t.getByRole('link', { name: '导出', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const saved = info.outputPath('export.xlsx');
  await file.saveAs(saved);
  await t.locator('.xt-import input[type=file]').setInputFiles({ name: '学生报名表.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: readFileSync(saved) });
  await expect(t.getByRole('alert').filter({ hasText: /导入/ })).toContainText('共2行数据全部导入成功！');
  await expect(dataRows(t)).toHaveCount(4);
  await expect(row('王小明')).toHaveCount(2);
  // The dictionary texts the export wrote went back in as their values: the copy shows them again.
  await expect(row('李小红')).toHaveCount(2);
  for (const copy of await row('李小红').all()) {
    await expect(copy).toContainText(/女.*三年级.*2016-05-04.*是/);
    await expect(copy.locator('img')).toHaveAttribute('src', /\/cgform\//);
  }

  // 删除 one, after the confirmation.
  let asked = '';
  t.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await row('王小明').first().getByRole('link', { name: '删除', exact: true }).click();
  await expect(t.getByRole('alert').filter({ hasText: '删除成功' })).toBeVisible();
  expect(asked).toBe('确定删除吗?');
  await expect(dataRows(t)).toHaveCount(3);
  await tctx.close();
  expect(errors).toEqual([]);
});
