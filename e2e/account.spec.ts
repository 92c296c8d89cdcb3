// The user menu and the account pages end to end: 密码修改 with each validation message, 切换部门, 退出登录
// with its confirmation, 主题设置, and /account/center, /account/settings/* (base info with avatar upload and
// field errors, the security page's password form, binding, notification, custom).
import { PNG } from 'pngjs';
import { expect, test, type Page } from '@playwright/test';
import { chooseSelectOption } from './antd';
import { ADMIN, BASE_URL, DEMO_PASSWORD } from './fixtures';
import { loginInNewContext as login } from './login';
import { snap } from './shots';

async function openMenu(page: Page, item: string) {
  await page.locator('.xt-user-trigger').click();
  await page.getByRole('menuitem', { name: item }).click();
}

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

test('密码修改: each validation message, a wrong old password, then the change (and back on the security page)', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await login(browser, 'student3');
  await page.locator('.xt-user-trigger').click();
  await snap(page, 'test-results/user-menu.png', { clip: { x: 680, y: 0, width: 600, height: 300 } });
  await page.getByRole('menuitem', { name: '密码修改' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await expect.poll(async () => Math.round((await dialog.boundingBox())!.width)).toBe(800);

  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入旧密码!')).toBeVisible();
  await expect(dialog.getByText('请输入新密码!')).toBeVisible();
  await expect(dialog.getByText('请确认新密码!')).toBeVisible();
  await snap(page, 'test-results/password-modal.png');

  await dialog.getByLabel('旧密码').fill('wrong-old-password');
  await dialog.getByLabel('新密码', { exact: true }).fill('New-pass-2026');
  await dialog.getByLabel('确认新密码').fill('Other-pass-2026');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('两次输入的密码不一样！')).toBeVisible();

  await dialog.getByLabel('确认新密码').fill('New-pass-2026');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '旧密码输入错误!')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('旧密码').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '密码重置成功!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new password works; put the old one back through the security settings page.
  const again = await login(browser, 'student3', 'New-pass-2026');
  await again.goto('/account/settings/security');
  await again.getByRole('button', { name: '修改密码' }).click();
  await expect(again.getByText('请输入旧密码!')).toBeVisible();
  await expect(again.getByText('请输入新密码!')).toBeVisible();
  await expect(again.getByText('请确认新密码!')).toBeVisible();
  await again.getByLabel('旧密码').fill('New-pass-2026');
  await again.getByLabel('新密码', { exact: true }).fill(DEMO_PASSWORD);
  await again.getByLabel('确认新密码').fill('mismatch');
  await again.getByRole('button', { name: '修改密码' }).click();
  await expect(again.getByText('两次输入的密码不一样！')).toBeVisible();
  await again.getByLabel('旧密码').fill('New-pass-2026');
  await again.getByLabel('新密码', { exact: true }).fill(DEMO_PASSWORD);
  await again.getByLabel('确认新密码').fill(DEMO_PASSWORD);
  await again.getByRole('button', { name: '修改密码' }).click();
  await expect(again.getByRole('alert').filter({ hasText: '密码重置成功!' })).toBeVisible();
  await snap(again, 'test-results/account-security.png', { fullPage: true });
  await login(browser, 'student3', DEMO_PASSWORD);
});

test('切换部门: loads the list first, requires a choice, switches, and shows the new current department', async ({ browser, playwright }) => {
  // Give the demo teacher a second class through the admin API.
  const api = await playwright.request.newContext({ baseURL: BASE_URL });
  const token = ((await (await api.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } })).json()) as { result: { token: string } }).result.token;
  const headers = { 'X-Access-Token': token };
  const tree = (await (await api.get('/api/sys/sysDepart/queryTreeList', { headers })).json()) as { result: { id: string; departName: string; children?: unknown[] }[] };
  const find = (nodes: any[], name: string): any => nodes.map((n) => (n.departName === name ? n : find(n.children ?? [], name))).find(Boolean);
  const class2 = find(tree.result, '一年级二班');
  const teacherId = ((await (await api.post('/api/sys/login', { data: { username: 'teacher', password: DEMO_PASSWORD } })).json()) as { result: { userInfo: { id: string } } }).result.userInfo.id;
  const linked = (await (await api.post('/api/sys/user/editSysDepartWithUser', { data: { depId: class2.id, userIdList: [teacherId] }, headers })).json()) as { success: boolean; message: string };
  expect(linked.success, linked.message).toBe(true);

  const page = await login(browser, 'teacher');
  await openMenu(page, '切换部门');
  const dialog = page.getByRole('dialog', { name: /部门切换/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('部门切换（当前部门 : 一年级一班）');
  await expect.poll(async () => Math.round((await dialog.boundingBox())!.width)).toBe(450);
  await snap(page, 'test-results/depart-modal.png');

  // Nothing chosen: the select turns red, without any text.
  await dialog.locator('.ant-select').hover();
  await dialog.locator('.ant-select-clear').click();
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog.locator('.ant-select')).toHaveClass(/ant-select-status-error/);
  await expect(dialog.locator('.ant-form-item-explain')).toHaveCount(0);

  await chooseSelectOption(page, dialog.locator('.ant-select'), '一年级二班', () =>
    expect(dialog.locator('.ant-select')).toContainText('一年级二班', { timeout: 1000 }),
  );
  await expect(dialog.locator('.ant-select')).not.toHaveClass(/ant-select-status-error/);
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, '已切换到一年级二班')).toBeVisible();

  // Reopened, it starts fresh and knows the new department.
  await openMenu(page, '切换部门');
  await expect(page.getByRole('dialog', { name: /部门切换/ })).toContainText('当前部门 : 一年级二班');
  await page.getByRole('dialog', { name: /部门切换/ }).getByRole('button', { name: '关闭' }).click();
  await page.goto('/account/center');
  await expect(page.locator('.xt-depart-list li', { hasText: '一年级二班' })).toContainText('当前部门');

  // Back as seeded for the specs that follow: class 1 current, no class 2.
  const teacherToken = ((await (await api.post('/api/sys/login', { data: { username: 'teacher', password: DEMO_PASSWORD } })).json()) as { result: { token: string } }).result.token;
  const [class1] = [find(tree.result, '一年级一班')];
  expect(((await (await api.put('/api/sys/selectDepart', { data: { orgCode: class1.orgCode }, headers: { 'X-Access-Token': teacherToken } })).json()) as { success: boolean }).success).toBe(true);
  const removed = (await (await api.delete(`/api/sys/user/deleteUserInDepart?depId=${class2.id}&userId=${teacherId}`, { headers })).json()) as { success: boolean; message: string };
  expect(removed.success, removed.message).toBe(true);
});

test('退出登录 asks 真的要注销登录吗 ?; cancel stays, confirm logs out to the root', async ({ browser }) => {
  const page = await login(browser, 'student1');
  await page.getByRole('button', { name: '退出登录' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '真的要注销登录吗 ?' });
  // The first dialog loads the antd feedback bundle on demand: on a loaded CI machine that alone can pass 5 s.
  await expect(confirm).toContainText('提示', { timeout: 15_000 });
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/index$/);

  await openMenu(page, '退出登录');
  await page.getByRole('dialog').filter({ hasText: '真的要注销登录吗 ?' }).getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await page.goto('/dashboard/index');
  await expect(page).toHaveURL(/\/user\/login/);
});

test('主题设置 opens the settings drawer; 个人中心 and 账户设置 navigate inside the shell', async ({ browser }) => {
  const page = await login(browser, 'student1');
  await openMenu(page, '主题设置');
  await expect(page.getByText('整体风格设置')).toBeVisible();
  await page.keyboard.press('Escape');
  await openMenu(page, '个人中心');
  await expect(page).toHaveURL(/\/account\/center$/);
  await expect(page.locator('.xt-profile-name')).toHaveText('小明');
  await expect(page.getByText('学生').first()).toBeVisible();
  await expect(page.getByText('一年级一班')).toBeVisible();
  await expect(page.getByText(/公开展示的作品：\d+ 个/)).toBeVisible();
  await snap(page, 'test-results/account-center.png', { fullPage: true });
  await openMenu(page, '账户设置');
  await expect(page).toHaveURL(/\/account\/settings\/base$/);
});

function pngFile(): Buffer {
  const img = new PNG({ width: 64, height: 64 });
  for (let i = 0; i < img.data.length; i += 4) img.data.set([24, 144, 255, 255], i);
  return PNG.sync.write(img);
}

test('基本设置: field errors in Chinese keep what was typed; a valid save with an avatar answers 修改成功!', async ({ browser }) => {
  const page = await login(browser, 'student2');
  await page.goto('/account/settings/base');
  await page.getByLabel('姓名').fill('');
  await page.getByLabel('邮箱').fill('not-an-email');
  await page.getByLabel('手机号码').fill('123');
  await page.getByRole('button', { name: '更新基本信息' }).click();
  await expect(page.getByText('请输入姓名')).toBeVisible();
  await expect(page.getByText('请输入正确的邮箱地址')).toBeVisible();
  await expect(page.getByText('请输入11位手机号码')).toBeVisible();
  await expect(page.getByLabel('邮箱')).toHaveValue('not-an-email');
  await expect(page.getByLabel('手机号码')).toHaveValue('123');
  await snap(page, 'test-results/account-base-errors.png', { fullPage: true });

  await page.getByLabel('姓名').fill('小红红');
  await page.getByLabel('性别').selectOption('2');
  await page.getByLabel('生日').fill('2016-03-08');
  await page.getByLabel('邮箱').fill(`xh-${Date.now()}@example.com`);
  await page.getByLabel('手机号码').fill(`139${String(Date.now()).slice(-8)}`);
  await page.setInputFiles('#f-avatar', { name: 'me.png', mimeType: 'image/png', buffer: pngFile() });
  await expect(page.locator('.xt-avatar-preview img')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: '更新基本信息' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '修改成功!' })).toBeVisible();
  await expect(page.getByLabel('姓名')).toHaveValue('小红红');
  await expect(page.locator('.xt-avatar-preview img')).toHaveAttribute('src', /\/api\/sys\/common\/static\/avatar\/[0-9a-f]{32}\.png$/);
  // The header shows the new avatar and name on the next page.
  await page.goto('/account/center');
  await expect(page.locator('.xt-user-trigger img')).toHaveAttribute('src', /avatar\//);
  await expect(page.locator('.xt-user-trigger')).toContainText('欢迎您，小红红');
  await page.goto('/account/settings/base');
  await snap(page, 'test-results/account-base.png', { fullPage: true });

  // A file that is not an image is refused, and the other fields are not lost.
  await page.getByLabel('姓名').fill('小红');
  await page.setInputFiles('#f-avatar', { name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') });
  await page.getByRole('button', { name: '更新基本信息' }).click();
  await expect(page.getByText('文件类型不支持，仅支持 PNG、JPEG、GIF、WEBP 图片')).toBeVisible();
  await expect(page.getByLabel('姓名')).toHaveValue('小红');
});

test.afterAll(async ({ playwright }) => {
  // Put student2's profile back as seeded: later specs on the same server expect 小红 without contacts.
  const api = await playwright.request.newContext({ baseURL: BASE_URL });
  const login = (await (await api.post('/api/sys/login', { data: { username: 'student2', password: DEMO_PASSWORD } })).json()) as { result: { token: string } };
  const res = await api.put('/api/teaching/user/edit', {
    data: { realname: '小红', sex: '2', birthday: '', email: '', phone: '', avatar: '' },
    headers: { 'X-Access-Token': login.result.token },
  });
  expect(((await res.json()) as { success: boolean }).success).toBe(true);
  await api.dispose();
});

test('账户绑定, 新消息通知 and 个性化设置 explain themselves and link on', async ({ browser }) => {
  const page = await login(browser, 'student1');
  await page.goto('/account/settings/binding');
  await expect(page.getByText('绑定邮箱', { exact: true })).toBeVisible();
  await expect(page.getByText('当前未绑定邮箱')).toBeVisible();
  await expect(page.getByText('绑定手机', { exact: true })).toBeVisible();
  await snap(page, 'test-results/account-binding.png', { fullPage: true });
  await page.goto('/account/settings/notification');
  await expect(page.getByText('实时提醒')).toBeVisible();
  await page.getByRole('link', { name: '我的消息' }).click();
  await expect(page).toHaveURL(/\/isps\/userAnnouncement$/);
  await page.goto('/account/settings/custom');
  await page.getByRole('button', { name: '打开主题设置' }).click();
  await expect(page.getByText('整体风格设置')).toBeVisible();
  await snap(page, 'test-results/account-custom.png', { fullPage: true });
});

test('the header on a phone: no greeting or logout text, the bell and the menu still work', async ({ browser }) => {
  const page = await login(browser, 'student1', DEMO_PASSWORD, { width: 375, height: 740 });
  await expect(page.locator('.xt-greeting')).toBeHidden();
  await expect(page.locator('.xt-logout-text')).toBeHidden();
  await page.locator('.xt-notice-trigger').click();
  await expect(page.locator('.xt-notice-popover')).toBeVisible();
  await snap(page, 'test-results/notice-mobile.png');
});
