// 字典管理 and 网站配置 in the browser: an admin builds a dictionary and its items, edits, disables and deletes
// items and sees every select follow; the recycle bin; the brand name changes the login page and the title;
// a teacher cannot save the site configuration.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, BASE_URL, TEACHER } from './fixtures';
import { snap } from './shots';

async function login(page: Page, user: { username: string; password: string }) {
  await page.goto('/user/login');
  await page.getByLabel('账户').fill(user.username);
  await page.getByLabel('密码').fill(user.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
}

async function apiToken(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post(`${BASE_URL}/api/sys/login`, { data: { username: user.username, password: user.password } });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.result.token as string;
}

/** Screenshots go to the test's output folder (test-results/ unless --output says otherwise). */
const shot = (name: string) => test.info().outputPath(name);

const options = (page: Page, selector: string) => page.locator(`${selector} option`).allTextContents();

/** Saves the brand name through the config page (the way that also refreshes the page layer's cache). */
async function setBrand(page: Page, name: string) {
  await page.goto('/sys/sysConfig');
  await page.getByLabel('品牌名').fill(name);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '修改成功' })).toBeVisible();
}

test('an admin builds a dictionary; edits, disabling and deleting items show in its select at once', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/isystem/dict');
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(10);

  // A new dictionary.
  await page.getByRole('link', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('字典名称').fill('水果');
  await dialog.getByLabel('字典编码').fill('e2e_fruit');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '保存成功！' })).toBeVisible();

  // Its code is unique: a second one is refused beside the field, the dialog stays open.
  await page.getByRole('link', { name: '新增' }).click();
  await dialog.getByLabel('字典名称').fill('又一个水果');
  await dialog.getByLabel('字典编码').fill('e2e_fruit');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('字典编码已存在')).toBeVisible();
  await dialog.getByRole('link', { name: '关闭' }).first().click();
  await snap(page, shot('dicts-list.png'), { fullPage: true });

  // 字典配置 opens the items of that dictionary, its id in the URL.
  await page.locator('tr', { hasText: 'e2e_fruit' }).getByRole('link', { name: '字典配置' }).click();
  await expect(page).toHaveURL(/\/isystem\/dict\/items\?dictId=[0-9a-f]{32}$/);
  for (const [text, value] of [['苹果', 'apple'], ['香蕉', 'banana'], ['橙子', 'orange']]) {
    await page.getByRole('link', { name: '新增' }).click();
    await dialog.getByLabel('名称').fill(text);
    await dialog.getByLabel('数据值').fill(value);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.locator('tbody tr', { hasText: text })).toBeVisible();
  }
  // The select the dictionary makes: 请选择 first, then the items in order.
  expect(await options(page, '#xt-dict-test')).toEqual(['请选择', '苹果', '香蕉', '橙子']);
  // The status filter is a dictionary select too: 请选择, then 全部 (show-all), then the items.
  expect(await options(page, 'select[name=status]')).toEqual(['请选择', '全部', '启用', '不启用']);

  // Edit an item's text.
  await page.locator('tbody tr', { hasText: '苹果' }).getByRole('link', { name: '编辑' }).click();
  await dialog.getByLabel('名称').fill('红苹果');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.locator('tbody tr', { hasText: '红苹果' })).toBeVisible();
  expect(await options(page, '#xt-dict-test')).toEqual(['请选择', '红苹果', '香蕉', '橙子']);

  // Disable one: it stays listed here but leaves the select.
  await page.locator('tbody tr', { hasText: '香蕉' }).getByRole('link', { name: '启用/禁用' }).click();
  await expect(dialog.getByText('确定禁用「香蕉」吗？')).toBeVisible();
  await snap(page, shot('dicts-toggle-dialog.png'));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '已禁用「香蕉」' })).toBeVisible();
  await expect(page.locator('tbody tr', { hasText: '香蕉' })).toContainText('不启用');
  expect(await options(page, '#xt-dict-test')).toEqual(['请选择', '红苹果', '橙子']);

  // Deleting from the select asks the anchor's question; dismissing keeps the item.
  const questions: string[] = [];
  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.dismiss();
  });
  await page.locator('.xt-dict-preview summary').click();
  await snap(page, shot('dicts-items.png'), { fullPage: true });
  await page.getByRole('link', { name: '删除 橙子' }).click();
  await expect.poll(() => questions).toEqual(['是否确定删除 橙子?']);
  expect(await options(page, '#xt-dict-test')).toEqual(['请选择', '红苹果', '橙子']);

  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.accept();
  });
  await page.getByRole('link', { name: '删除 橙子' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '已删除「橙子」' })).toBeVisible();
  expect(questions).toEqual(['是否确定删除 橙子?', '是否确定删除 橙子?']);
  await expect(page.locator('tbody tr', { hasText: '橙子' })).toHaveCount(0);
  expect(await options(page, '#xt-dict-test')).toEqual(['请选择', '红苹果']);

  // The public dictionary endpoint agrees.
  const res = await page.request.get('/api/sys/dict/getDictItems/e2e_fruit');
  expect((await res.json()).result).toEqual([{ value: 'apple', text: '红苹果', title: '红苹果' }]);
});

test('an item edited in a shared dictionary shows in another screen’s select and table', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/isystem/dict?dictCode=sex');
  await page.locator('tr', { hasText: 'sex' }).getByRole('link', { name: '字典配置' }).click();
  const dialog = page.getByRole('dialog');
  const rename = async (from: string, to: string) => {
    await page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: from, exact: true }) }).getByRole('link', { name: '编辑' }).click();
    await dialog.getByLabel('名称').fill(to);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByRole('cell', { name: to, exact: true })).toBeVisible();
  };
  await rename('男', '男生');
  try {
    await page.goto('/isystem/user');
    expect(await options(page, 'select[name=sex]')).toEqual(['请选择', '全部', '男生', '女']);
    await snap(page, shot('dicts-users-filter.png'), { fullPage: true });
  } finally {
    await page.goto('/isystem/dict?dictCode=sex');
    await page.locator('tr', { hasText: 'sex' }).getByRole('link', { name: '字典配置' }).click();
    await rename('男生', '男');
  }
  await page.goto('/isystem/user');
  expect(await options(page, 'select[name=sex]')).toEqual(['请选择', '全部', '男', '女']);
});

test('deleted dictionaries go to the recycle bin, can be restored and deleted for good', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/isystem/dict');
  await page.getByRole('link', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('字典名称').fill('临时字典');
  await dialog.getByLabel('字典编码').fill('e2e_temp');
  await dialog.getByRole('button', { name: '确定' }).click();
  const row = page.locator('tr', { hasText: 'e2e_temp' });
  await expect(row).toBeVisible();

  page.once('dialog', (d) => void d.accept());
  await row.getByText('更多').click();
  await row.getByRole('link', { name: '删除' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '删除成功!' })).toBeVisible();
  await expect(page.locator('tr', { hasText: 'e2e_temp' })).toHaveCount(0);

  await page.getByRole('link', { name: '回收站' }).click();
  await expect(page).toHaveURL(/\/isystem\/dict\/recycle$/);
  const binRow = page.locator('tr', { hasText: 'e2e_temp' });
  await expect(binRow).toBeVisible();
  await snap(page, shot('dicts-recycle.png'), { fullPage: true });
  await binRow.getByRole('button', { name: '还原' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '还原成功' })).toBeVisible();
  await expect(page.locator('tr', { hasText: 'e2e_temp' })).toHaveCount(0);
  await page.getByRole('link', { name: '返回字典列表' }).click();
  await expect(page.locator('tr', { hasText: 'e2e_temp' })).toBeVisible();

  // Again to the bin, then for good (after confirming).
  page.once('dialog', (d) => void d.accept());
  await page.locator('tr', { hasText: 'e2e_temp' }).getByText('更多').click();
  await page.locator('tr', { hasText: 'e2e_temp' }).getByRole('link', { name: '删除' }).click();
  await page.getByRole('link', { name: '回收站' }).click();
  let question = '';
  page.once('dialog', (d) => {
    question = d.message();
    void d.accept();
  });
  await page.locator('tr', { hasText: 'e2e_temp' }).getByRole('button', { name: '彻底删除' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '删除成功!' })).toBeVisible();
  expect(question).toContain('确定彻底删除字典「临时字典」');
  await expect(page.locator('tr', { hasText: 'e2e_temp' })).toHaveCount(0);
  const list = await page.request.get('/api/sys/dict/getDictItems/e2e_temp');
  expect((await list.json()).result).toEqual([]);
});

test('an admin renames the brand: the login page and the document title show it', async ({ page, browser }) => {
  await login(page, ADMIN);
  await page.goto('/sys/sysConfig');
  await expect(page).toHaveTitle('网站配置 · 学堂');
  for (const group of ['基本信息', '首页', '底部', '注册', '评论', '联系方式', '分享页', '自定义代码']) {
    await expect(page.getByRole('heading', { name: group, exact: true })).toBeVisible();
  }
  await snap(page, shot('config-admin.png'));
  await page.getByLabel('自定义JS').scrollIntoViewIfNeeded();
  await snap(page, shot('config-admin-bottom.png'));

  // A bad colour is refused beside its field and nothing is saved.
  await page.getByLabel('背景颜色').fill('blue');
  await page.getByLabel('品牌名').fill('不会保存');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('背景颜色的格式应为 #rrggbb，例如 #c6d9f0')).toBeVisible();
  await page.getByLabel('背景颜色').scrollIntoViewIfNeeded();
  await snap(page, shot('config-error.png'));
  await page.goto('/sys/sysConfig');
  await expect(page.getByLabel('品牌名')).toHaveValue('学堂');

  try {
    await setBrand(page, '星星编程');
    await expect(page).toHaveTitle('网站配置 · 星星编程');
    await expect(page.getByLabel('品牌名')).toHaveValue('星星编程');
    await page.goto('/dashboard/index');
    await expect(page).toHaveTitle('星星编程');

    const visitor = await browser.newContext();
    const anon = await visitor.newPage();
    await anon.goto(`${BASE_URL}/user/login`);
    await expect(anon).toHaveTitle(/星星编程/);
    await expect(anon.getByText('星星编程').first()).toBeVisible();
    await snap(anon, shot('config-login-brand.png'));
    await visitor.close();
  } finally {
    await setBrand(page, '学堂');
  }
  await expect(page).toHaveTitle('网站配置 · 学堂');
});

test('a teacher cannot save the site configuration: no button, and the API refuses', async ({ page, request }) => {
  await login(page, TEACHER);
  const refused = await page.goto('/sys/sysConfig');
  expect(refused?.status()).toBe(403);
  await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible();
  await expect(page.getByLabel('品牌名')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '保存' })).toHaveCount(0);
  await snap(page, shot('config-teacher.png'), { fullPage: true });

  const token = await apiToken(request, TEACHER);
  const res = await request.post(`${BASE_URL}/api/sys/config/saveTenantConfig`, { headers: { 'X-Access-Token': token }, data: { brandName: '老师改的' } });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
  const pub = await (await request.get(`${BASE_URL}/api/sys/config/getCurrentConfig`)).json();
  expect(pub.result.brandName).toBe('学堂');
});
