// 分类字典 and 数据规则 end to end: the admin adds a child category under 背景 (a code outside the parent's is
// refused beside its field first), then edits the seeded data rule 仅显示学生 and previews which users the
// 教师 role would see under it. What the test changed is put back through the API for later specs.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './fixtures';
import { loginAs, mainMenu, openMenuGroup } from './shell-helpers';
import { snap } from './shots';

const modal = (page: Page) => page.locator('#xt-modal [role="dialog"]');
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const token = (await login.json()).result.token as string;
  return async (method: 'GET' | 'PUT' | 'DELETE', path: string, data?: unknown) => {
    const res = await request.fetch(`/api${path}`, { method, headers: { 'X-Access-Token': token }, data });
    const body = await res.json();
    expect(body.success, `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
    return body.result;
  };
}

test.setTimeout(120_000);

test('an admin adds a category child and edits a data rule, then previews the rows a role sees', async ({ page, request }) => {
  await loginAs(page, ADMIN);
  await openMenuGroup(page, '系统管理');
  await mainMenu(page).getByRole('link', { name: '分类字典' }).click();
  await expect(page).toHaveURL(/\/isys\/category$/);
  await expect(row(page, '素材库标签')).toContainText('A03');
  await expect(row(page, 'A03A01A01')).toContainText('奇幻');

  // 添加下级 under 背景: the parent comes chosen; a code outside A03A01 is refused beside its field.
  await row(page, '背景').getByRole('link', { name: '添加下级' }).click();
  await expect(modal(page)).toBeVisible();
  await expect(modal(page).getByLabel('上级分类')).toHaveValue(/.+/);
  await expect(modal(page).getByLabel('上级分类').locator('option:checked')).toContainText('背景');
  await modal(page).getByLabel('分类名称').fill('城市');
  await modal(page).getByLabel('分类编码').fill('B99');
  await modal(page).getByLabel('分类值').fill('city');
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(modal(page).getByText('编码不符合规范，须以“A03A01”开头')).toBeVisible();
  await snap(page, '/tmp/sysrules-category-form.png');
  await modal(page).getByLabel('分类编码').fill('');
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await page.goto('/isys/category?code=*A03A01A*&pageSize=50');
  await expect(row(page, 'A03A01A09')).toContainText('城市');
  await expect(row(page, 'A03A01A09')).toContainText('city');
  await snap(page, '/tmp/sysrules-category.png', { fullPage: true });

  // 数据规则: every menu's rules; edit 仅显示学生 to show teachers instead, then preview it for 教师.
  await mainMenu(page).getByRole('link', { name: '数据规则' }).click();
  await expect(page).toHaveURL(/\/isystem\/permissionDataRule$/);
  const rule = row(page, '仅显示学生');
  await expect(rule).toContainText('用户管理');
  await expect(rule).toContainText('等于');
  await snap(page, '/tmp/sysrules-datarule-list.png');
  await rule.getByRole('link', { name: '编辑', exact: true }).click();
  await expect(modal(page)).toBeVisible();
  await expect(modal(page).getByLabel('规则字段')).toHaveValue('user_identity');
  await modal(page).getByLabel('规则值').fill('abc');
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(modal(page).getByText('该字段的规则值必须是数字')).toBeVisible();
  await modal(page).getByLabel('规则值').fill('2');
  await snap(page, '/tmp/sysrules-datarule-form.png');
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '编辑成功!' })).toBeVisible();

  await row(page, '仅显示学生').getByRole('link', { name: '预览', exact: true }).click();
  await expect(modal(page)).toBeVisible();
  const role = modal(page).getByLabel('角色', { exact: true });
  await expect(role).toHaveValue(/.+/);
  // Switching the role re-renders the preview: the admin's grant carries no rule, so every user.
  await role.selectOption({ label: '管理员（admin）' });
  await expect(modal(page)).toContainText('角色「管理员」当前授权不带规则');
  await expect(modal(page).getByRole('region', { name: '角色「管理员」当前可见' }).getByRole('cell', { name: 'student1', exact: true })).toBeVisible();
  await modal(page).getByLabel('角色', { exact: true }).selectOption({ label: '教师（teacher）' });
  const alone = modal(page).getByRole('region', { name: '本规则单独生效时可见' });
  await expect(alone).toBeVisible();
  await expect(alone.getByRole('cell', { name: 'teacher', exact: true })).toBeVisible();
  await expect(alone.getByRole('cell', { name: 'student1', exact: true })).toHaveCount(0);
  await expect(modal(page)).toContainText('当前授权带规则：仅显示学生');
  const seen = modal(page).getByRole('region', { name: '角色「教师」当前可见' });
  await expect(seen.getByRole('cell', { name: 'teacher', exact: true })).toBeVisible();
  await snap(page, '/tmp/sysrules-preview.png');

  // Put back what the test changed.
  const api = await adminApi(request);
  const [added] = (await api('GET', '/sys/category/list?code=A03A01A09')).records;
  await api('DELETE', `/sys/category/delete?id=${added.id}`);
  const [seeded] = (await api('GET', '/sys/permission/dataRuleList?ruleName=仅显示学生')).records;
  await api('PUT', '/sys/permission/editDataRule', { id: seeded.id, ruleName: '仅显示学生', ruleColumn: 'user_identity', ruleConditions: '=', ruleValue: '1', status: '1' });
});
