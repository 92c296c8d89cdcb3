// Roles and permissions end to end: an admin creates a role, grants it one menu and one button through the
// 授权 dialog, gives it to a user through the 用户 dialog (after taking that user out of the 学生 role), and the
// user, logging in, sees exactly that menu (and 首页) and only the granted button. Then 菜单管理: the tree table,
// a new menu through the form, its data rule, and its deletion.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD } from './fixtures';
import { loginAs, mainMenu, openMenuGroup } from './shell-helpers';
import { snap } from './shots';

const ROLE = { name: '角色查看员', code: 'e2e_role_viewer' };
const USER = { username: 'student3', password: DEMO_PASSWORD, realname: '小刚' };

const modal = (page: Page) => page.locator('#xt-modal [role="dialog"]');
const roleRow = (page: Page, name: string) => page.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

async function logout(page: Page) {
  // A screen dialog still closing (its 关闭 is an htmx navigation) must not be the dialog whose 确定 is pressed.
  await expect(modal(page)).toHaveCount(0);
  await page.getByRole('button', { name: '退出登录' }).click();
  // The confirmation itself (its island loads on the click), then the server's answer: the page it sends to,
  // however long a loaded server takes (bounded by the test's timeout, not the 5 s of an expect).
  const confirm = page.getByRole('dialog').filter({ hasText: '真的要注销登录吗' });
  await confirm.getByRole('button', { name: '确定' }).click();
  await page.waitForURL(/\/index$/);
  await expect(page.getByRole('button', { name: '退出登录' })).toHaveCount(0);
}

/**
 * The admin's API (a request context without the browser's cookies, token in the header), used to put back what a test changed so the
 * specs that run after this one (same server) find the seed as it was.
 */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const token = (await login.json()).result.token as string;
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) => {
    const res = await request.fetch(`/api${path}`, { method, headers: { 'X-Access-Token': token }, data });
    const body = await res.json();
    expect(body.success, `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
    return body.result;
  };
}
const roleIdOf = async (api: Awaited<ReturnType<typeof adminApi>>, code: string) => (await api('GET', `/sys/role/list?roleCode=${code}`)).records[0].id as string;

/** Puts back what the first test changes: student3 in 学生, no test role. Also run first, so a retry after a failed attempt starts from the seed. */
async function restoreSeed(api: Awaited<ReturnType<typeof adminApi>>) {
  const userId = (await api('GET', `/sys/user/list?username=${USER.username}`)).records[0].id as string;
  await api('POST', '/sys/user/addSysUserRole', { roleId: await roleIdOf(api, 'student'), userIdList: [userId] });
  for (const r of (await api('GET', `/sys/role/list?roleCode=${ROLE.code}`)).records as { id: string }[]) await api('DELETE', `/sys/role/delete?id=${r.id}`);
}

async function openRowAction(page: Page, roleName: string, action: string) {
  const row = roleRow(page, roleName);
  const inline = row.getByRole('link', { name: action, exact: true });
  if (!(await inline.isVisible())) await row.locator('details.xt-more > summary').click();
  await row.getByRole('link', { name: action, exact: true }).click();
  await expect(modal(page)).toBeVisible();
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test('an admin creates a role, grants one menu and one button, assigns a user, and the user sees exactly that', async ({ page, request }) => {
  await restoreSeed(await adminApi(request));
  await loginAs(page, ADMIN);
  await openMenuGroup(page, '系统管理');
  await mainMenu(page).getByRole('link', { name: '角色管理' }).click();
  await expect(page).toHaveURL(/\/isystem\/role$/);

  // 新增 a role.
  await page.getByRole('link', { name: '新增' }).click();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByLabel('角色名称').fill(ROLE.name);
  await modal(page).getByLabel('角色编码').fill(ROLE.code);
  await modal(page).getByLabel('角色等级').fill('0');
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(roleRow(page, ROLE.name)).toBeVisible();

  // 授权: tick 角色管理 and its 导出角色 button (系统管理 comes along as their parent). Not 添加角色: defining
  // roles is admin-only whatever the grants say (ADMIN_ONLY_CODES).
  await openRowAction(page, ROLE.name, '授权');
  const tree = modal(page).getByRole('tree', { name: '菜单与按钮权限' });
  await expect(tree).toBeVisible();
  await expect(tree.getByLabel('角色管理', { exact: true })).not.toBeChecked();
  // Top-level menus start open; deeper ones open with their triangle.
  await expect(tree.getByLabel('角色管理', { exact: true })).toBeVisible();
  await expect(tree.getByLabel('导出角色', { exact: true })).toBeHidden();
  await tree.getByLabel('角色管理', { exact: true }).check();
  const roleItem = tree.locator('li', { has: page.getByLabel('角色管理', { exact: true }) }).last();
  await roleItem.locator('> details > summary').click({ position: { x: 4, y: 12 } });
  await tree.getByLabel('导出角色', { exact: true }).check();
  await expect(tree.getByLabel('导出角色', { exact: true })).toBeChecked();
  await snap(page, 'test-results/roles-auth-dialog.png', { fullPage: true });
  await modal(page).getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '保存成功！' })).toBeVisible();
  await expect(modal(page)).toHaveCount(0);

  // Reopened, the dialog shows the grants: the two ticked items and their parent.
  await openRowAction(page, ROLE.name, '授权');
  await expect(modal(page).getByLabel('角色管理', { exact: true })).toBeChecked();
  await expect(modal(page).getByLabel('系统管理', { exact: true })).toBeChecked();
  await expect(modal(page).getByLabel('导出角色', { exact: true })).toBeChecked();
  await expect(modal(page).getByLabel('角色授权', { exact: true })).not.toBeChecked();
  await modal(page).getByRole('link', { name: '关闭' }).first().click();
  await expect(modal(page)).toHaveCount(0);

  // 用户 of 学生: take student3 out of that role.
  await openRowAction(page, '学生', '用户');
  const members = modal(page).getByRole('table', { name: '已分配的用户' });
  const s3 = members.locator('tr', { hasText: USER.username });
  await expect(s3).toBeVisible();
  page.once('dialog', (d) => d.accept());
  await s3.getByRole('link', { name: '移除' }).click();
  await expect(modal(page).getByRole('alert').filter({ hasText: '已移除 1 个用户' })).toBeVisible();
  await expect(members.locator('tr', { hasText: USER.username })).toHaveCount(0);
  await modal(page).getByRole('link', { name: '关闭' }).first().click();

  // 用户 of the new role: search student3 and add.
  await openRowAction(page, ROLE.name, '用户');
  await expect(modal(page).getByRole('table', { name: '已分配的用户' })).toContainText('暂无用户');
  await modal(page).getByLabel('搜索要添加的用户（账号或姓名）').fill(USER.realname);
  await modal(page).getByRole('button', { name: '搜索' }).click();
  const candidates = modal(page).getByRole('table', { name: '可添加的用户' });
  await expect(candidates.locator('tbody tr')).toHaveCount(1);
  await candidates.getByLabel(`添加 ${USER.username}`).check();
  await modal(page).getByRole('button', { name: '添加选中用户' }).click();
  await expect(modal(page).getByRole('alert').filter({ hasText: '已添加 1 个用户' })).toBeVisible();
  await expect(modal(page).getByRole('table', { name: '已分配的用户' }).locator('tr', { hasText: USER.username })).toBeVisible();
  await snap(page, 'test-results/roles-users-dialog.png', { fullPage: true });
  await modal(page).getByRole('link', { name: '关闭' }).first().click();
  await logout(page);

  // The user sees 首页 and 系统管理 › 角色管理, nothing else.
  await loginAs(page, USER);
  const menu = mainMenu(page);
  const titles = await menu.locator('.ant-menu-title-content').allInnerTexts();
  expect(titles.map((t) => t.trim()).filter(Boolean)).toEqual(['首页', '系统管理', '角色管理']);
  await openMenuGroup(page, '系统管理');
  await menu.getByRole('link', { name: '角色管理' }).click();
  await expect(page).toHaveURL(/\/isystem\/role$/);
  await expect(roleRow(page, ROLE.name)).toBeVisible();
  // Only the granted button: 导出; no add, import, batch or row actions.
  await expect(page.getByText('导出', { exact: true })).toBeVisible();
  for (const name of ['新增', '导入', '批量操作']) await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: '操作' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '授权' })).toHaveCount(0);
  await snap(page, 'test-results/roles-granted-user.png', { fullPage: true });
  // And other screens stay closed to them.
  const other = await page.request.get('/api/sys/permission/list');
  expect(other.status()).toBe(403);
  await logout(page);

  // Put student3 back into 学生; deleting the test role removes its grants and memberships.
  await restoreSeed(await adminApi(request));
});

test('菜单管理: the tree table, a new menu through the form, its data rule, and its deletion', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto('/isystem/permission');
  const table = page.getByRole('treegrid', { name: '菜单列表' });
  await expect(table).toBeVisible();
  const row = (name: string) => table.locator('[role="row"]', { has: page.getByText(name, { exact: true }) }).first();
  /** A row action, opening the row's 更多 menu when the action sits there. */
  const action = async (name: string, label: string) => {
    const link = row(name).getByRole('link', { name: label, exact: true });
    if (!(await link.isVisible())) await row(name).locator('details.xt-more > summary').click();
    await link.click();
  };
  await expect(row('系统管理')).toBeVisible();
  // Children open natively (details/summary).
  await expect(row('角色管理')).toBeHidden();
  await row('系统管理').locator('.xt-tt-caret').click();
  await expect(row('角色管理')).toBeVisible();
  await snap(page, 'test-results/permissions-tree.png', { fullPage: true });

  // 新增菜单 with a bad path shows the error beside the field; then a good one.
  await page.getByRole('link', { name: '新增菜单' }).click();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByLabel('菜单名称').fill('学习报告');
  await modal(page).getByLabel('菜单路径').fill('//evil.example');
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(modal(page).getByText('菜单路径格式不正确，应以 / 开头或为 http(s):// 链接')).toBeVisible();
  await modal(page).getByLabel('菜单路径').fill('study/report');
  await modal(page).getByLabel('菜单图标').fill('book');
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await expect(row('学习报告')).toContainText('/study/report');
  await expect(row('学习报告')).toContainText('layouts/RouteView');

  // 添加子菜单 under it: a list with the user-list component, so it can carry data rules.
  await action('学习报告', '添加子菜单');
  await expect(modal(page).getByLabel('上级菜单')).toHaveValue(/.+/);
  await modal(page).getByLabel('菜单名称').fill('学生名单');
  await modal(page).getByLabel('菜单路径').fill('/study/students');
  await modal(page).getByLabel('前端组件').fill('views/system/UserList.vue');
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await expect(row('学生名单')).toBeVisible();
  await expect(row('学生名单')).toContainText('system/UserList');

  // Its data rules: add one, see it listed.
  await action('学生名单', '数据规则');
  await expect(modal(page)).toContainText('暂无数据规则');
  await modal(page).getByRole('link', { name: '新增规则' }).click();
  await modal(page).getByLabel('规则名称').fill('仅看学生');
  await modal(page).getByLabel('规则字段').selectOption('user_identity');
  await modal(page).getByLabel('条件规则').selectOption('=');
  await modal(page).getByLabel('规则值').fill('1');
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(modal(page).getByRole('alert').filter({ hasText: '添加成功!' })).toBeVisible();
  await expect(modal(page).getByRole('table', { name: '数据规则' })).toContainText('仅看学生');
  await snap(page, 'test-results/permissions-datarule.png', { fullPage: true });
  await modal(page).getByRole('link', { name: '关闭' }).first().click();

  // Editing the button form: switch the type to 按钮/权限 under 学生名单.
  await action('学生名单', '添加子菜单');
  await modal(page).getByRole('link', { name: '按钮/权限' }).click();
  await expect(modal(page).getByLabel('授权标识')).toBeVisible();
  await expect(modal(page).getByLabel('可见/可访问(授权后可见/可访问)')).toBeChecked();
  await expect(modal(page).getByLabel('有效', { exact: true })).toBeChecked();
  await modal(page).getByLabel('按钮/权限名称').fill('导出名单');
  await modal(page).getByLabel('授权标识').fill('study:export');
  await snap(page, 'test-results/permissions-form.png', { fullPage: true });
  await modal(page).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await expect(row('导出名单')).toContainText('study:export');

  // Deleting the parent takes its children with it (after confirmation).
  page.once('dialog', (d) => d.accept());
  await action('学习报告', '删除');
  await expect(page.getByRole('alert').filter({ hasText: '删除成功!' })).toBeVisible();
  await expect(table.getByText('学习报告', { exact: true })).toHaveCount(0);
  await expect(table.getByText('学生名单', { exact: true })).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the 授权, 数据规则 and 用户 dialogs work as plain pages and forms', async ({ page, request }) => {
    await page.goto('/user/login');
    await page.getByLabel('账户').fill(ADMIN.username);
    await page.getByLabel('密码').fill(ADMIN.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/dashboard\/index$/);
    const api = await adminApi(request);
    const teacherRole = await roleIdOf(api, 'teacher');
    const grantsBefore = (await api('GET', `/sys/permission/queryRolePermission?roleId=${teacherRole}`)) as string[];

    // 授权 as a page: tick 字典管理 for the teacher role and save; the list shows the flash.
    await page.goto(`/isystem/role/auth?id=${teacherRole}&back=%2Fisystem%2Frole`);
    const tree = page.getByRole('tree', { name: '菜单与按钮权限' });
    await expect(tree.getByLabel('用户管理', { exact: true })).toBeChecked();
    await tree.getByLabel('字典管理', { exact: true }).check();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/\/isystem\/role$/);
    await expect(page.getByRole('alert').filter({ hasText: '保存成功！' })).toBeVisible();
    const granted = (await (await page.request.get(`/api/sys/permission/queryRolePermission?roleId=${teacherRole}`)).json()).result as string[];
    const tree2 = (await (await page.request.get('/api/sys/role/queryTreeList')).json()).result.treeList as { key: string; title: string; children?: unknown[] }[];
    const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const byTitle = (t: string) => flat(tree2).find((n) => n.title === t)!.key as string;
    expect(granted).toEqual(expect.arrayContaining([byTitle('字典管理'), byTitle('系统管理')]));

    // 数据规则 of 用户管理 for the teacher role: untick 仅显示学生 and save.
    await page.goto(`/isystem/role/auth?id=${teacherRole}&back=%2Fisystem%2Frole`);
    await tree.locator('li', { has: page.getByLabel('用户管理', { exact: true }) }).last().getByRole('link', { name: '数据规则' }).click();
    await expect(page).toHaveURL(/\/isystem\/role\/datarule\?/);
    await expect(page.getByLabel('仅显示学生')).toBeChecked();
    await page.getByLabel('仅显示学生').uncheck();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '保存成功!' })).toBeVisible();
    await expect(page.getByLabel('仅显示学生')).not.toBeChecked();

    // 用户 as a page: remove student1 from the teacher role's neighbour (学生) with a confirmation page, add it back.
    const student = (await (await page.request.get('/api/sys/role/list?roleCode=student')).json()).result.records[0].id as string;
    await page.goto(`/isystem/role/users?id=${student}&back=%2Fisystem%2Frole`);
    const members = page.getByRole('table', { name: '已分配的用户' });
    await members.locator('tr', { hasText: 'student1' }).getByRole('link', { name: '移除' }).click();
    await expect(page.getByText('确定将该用户移出此角色吗?')).toBeVisible();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '已移除 1 个用户' })).toBeVisible();
    await expect(members.locator('tr', { hasText: 'student1' })).toHaveCount(0);
    await page.getByLabel('搜索要添加的用户（账号或姓名）').fill('student1');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.getByLabel('添加 student1').check();
    await page.getByRole('button', { name: '添加选中用户' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '已添加 1 个用户' })).toBeVisible();
    await expect(members.locator('tr', { hasText: 'student1' })).toHaveCount(1);
    await snap(page, 'test-results/roles-users-nojs.png', { fullPage: true });

    // Put the teacher role back as the seed made it: its grants and its data rule on 用户管理.
    const grantsNow = (await api('GET', `/sys/permission/queryRolePermission?roleId=${teacherRole}`)) as string[];
    await api('POST', '/sys/permission/saveRolePermission', { roleId: teacherRole, permissionIds: grantsBefore.join(','), lastpermissionIds: grantsNow.join(',') });
    const userMenu = byTitle('用户管理');
    const rules = (await api('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${userMenu}`)) as { id: string; ruleName: string }[];
    await api('POST', '/sys/role/datarule', { permissionId: userMenu, roleId: teacherRole, dataRuleIds: rules.find((r) => r.ruleName === '仅显示学生')!.id });
    expect(((await api('GET', `/sys/permission/queryRolePermission?roleId=${teacherRole}`)) as string[]).sort()).toEqual([...grantsBefore].sort());
  });
});

test.describe('菜单管理 without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the tree opens natively, the form is a page, saving comes back with the message', async ({ page, request }) => {
    await page.goto('/user/login');
    await page.getByLabel('账户').fill(ADMIN.username);
    await page.getByLabel('密码').fill(ADMIN.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/dashboard\/index$/);
    await page.goto('/isystem/permission');
    const table = page.getByRole('treegrid', { name: '菜单列表' });
    const row = (name: string) => table.locator('[role="row"]', { has: page.getByText(name, { exact: true }) }).first();
    await row('系统管理').locator('.xt-tt-caret').click();
    await row('字典管理').getByRole('link', { name: '编辑' }).click();
    await expect(page).toHaveURL(/\/isystem\/permission\/form\?id=/);
    await expect(page.getByLabel('菜单路径')).toHaveValue('/isystem/dict');
    await page.getByLabel('排序').fill('4.5');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/isystem\/permission\?focus=/);
    await expect(page.getByRole('alert').filter({ hasText: '修改成功！' })).toBeVisible();
    // The tree opens down to the edited row.
    await expect(row('字典管理')).toBeVisible();
    await expect(row('字典管理')).toContainText('4.5');

    const api = await adminApi(request);
    const id = new URL(page.url()).searchParams.get('focus')!;
    const record = await api('GET', `/sys/permission/queryById?id=${id}`);
    await api('PUT', '/sys/permission/edit', { ...record, sortNo: 4 });
  });
});
