// 班级管理 end to end: an admin creates a class under 一年级 (its org code is generated and it shows in the
// tree), renames it, adds a student as a member and removes them again, and deletes the class after a
// confirmation that names it; a teacher sees only 一年级 and its classes, and only the 成员 and 课程 tabs.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, TEACHER } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';

const login = (browser: Browser, username: string, password: string) => loginInNewContext(browser, username, password, { width: 1366, height: 900 });

/** Screenshots go to test-results/ (E2E_SHOTS picks another folder, e.g. when several runs share the tree). */
const shot = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/${name}`;

const tree = (page: Page) => page.getByRole('tree', { name: '部门' });
const flash = (page: Page, text: string) => page.locator('.xt-departs > .ant-alert').filter({ hasText: text });

test('an admin creates, renames, staffs, empties and deletes a class', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await login(browser, ADMIN.username, ADMIN.password);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/isystem/departDetailList');
  await expect(tree(page).getByRole('link', { name: /希望小学/ })).toBeVisible();
  await expect(tree(page).getByRole('link', { name: /一年级一班/ })).toBeVisible();
  await expect(page.getByText('请在左侧选择一个部门')).toBeVisible();

  // Select 一年级 and add a class below it (the dialog).
  await tree(page).getByRole('link', { name: /^一年级\s*部门$/ }).click();
  await expect(page).toHaveURL(/id=[0-9a-f]{32}/);
  await expect(page.locator('[data-field="orgCode"]')).toHaveText('A01A01');
  await page.getByRole('link', { name: '添加下级' }).click();
  const dialog = page.getByRole('dialog', { name: '添加下级（上级：一年级）' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '班级' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: '机构' })).toHaveCount(0);
  // An empty name is answered beside the field, in the dialog.
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入部门名称')).toBeVisible();
  await dialog.getByLabel('部门名称').fill('一年级三班');
  await snap(page, shot('departs-add-dialog.png'), { fullPage: true });
  await dialog.getByRole('button', { name: '确定' }).click();

  await expect(flash(page, '添加成功！')).toBeVisible();
  await expect(page.locator('.xt-depart-name')).toHaveText('一年级三班');
  await expect(page.locator('[data-field="orgCode"]')).toHaveText('A01A01A03');
  await expect(tree(page).locator('.xt-tree-selected')).toContainText('一年级三班');
  const classUrl = page.url();
  const classId = new URL(classUrl).searchParams.get('id');
  expect(classId).toMatch(/^[0-9a-f]{32}$/);

  // Rename it in 基本信息.
  await expect(page.locator('.xt-depart-tabs').getByRole('tab', { name: '基本信息' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('部门名称').fill('一年级三班（实验）');
  await page.getByLabel('备注').fill('周六上课');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(flash(page, '修改成功!')).toBeVisible();
  await expect(page.locator('.xt-depart-name')).toHaveText('一年级三班（实验）');
  await expect(tree(page).getByRole('link', { name: /一年级三班（实验）/ })).toBeVisible();
  await snap(page, shot('departs-info.png'), { fullPage: true });

  // 成员: find student3 (小刚) and add them.
  await page.locator('.xt-depart-tabs').getByRole('tab', { name: '成员' }).click();
  await expect(page).toHaveURL(/tab=members/);
  await expect(page.getByText('暂无成员')).toBeVisible();
  await page.getByRole('search', { name: '添加成员' }).getByRole('textbox').fill('小刚');
  await page.getByRole('button', { name: '查找并添加' }).click();
  const candidates = page.getByRole('region', { name: '可添加的用户' });
  await candidates.getByRole('checkbox', { name: /小刚（student3）/ }).check();
  await snap(page, shot('departs-candidates.png'), { fullPage: true });
  await candidates.getByRole('button', { name: '添加' }).click();
  await expect(flash(page, '添加成功!')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'student3' });
  await expect(row).toContainText('小刚');
  await expect(row).toContainText('一年级三班（实验）');
  await snap(page, shot('departs-members.png'), { fullPage: true });

  // Remove them (confirmation dialog).
  await row.getByRole('link', { name: '移出' }).click();
  const confirm = page.getByRole('dialog', { name: '移出成员' });
  await expect(confirm).toContainText('确定将该成员移出“一年级三班（实验）”吗？');
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(flash(page, '删除成功!')).toBeVisible();
  await expect(page.getByText('暂无成员')).toBeVisible();

  // Delete the class: the confirmation names it, then it is gone from the tree.
  await page.getByRole('link', { name: '删除', exact: true }).click();
  const del = page.getByRole('dialog', { name: '删除部门' });
  await expect(del).toContainText('确定删除“一年级三班（实验）”吗？');
  await snap(page, shot('departs-delete-confirm.png'), { fullPage: true });
  await del.getByRole('button', { name: '确定' }).click();
  await expect(flash(page, '删除成功!')).toBeVisible();
  await expect(tree(page).getByRole('link', { name: /一年级三班/ })).toHaveCount(0);
  await expect(page.locator('.xt-depart-name')).toHaveText('一年级');

  // The grade's delete confirmation names the classes that would go with it.
  await page.getByRole('link', { name: '删除', exact: true }).click();
  const gradeDel = page.getByRole('dialog', { name: '删除部门' });
  await expect(gradeDel).toContainText('2 个下级部门会一并删除');
  await expect(gradeDel.getByRole('listitem')).toHaveText(['一年级一班（A01A01A01）', '一年级二班（A01A01A02）']);
  await gradeDel.getByRole('link', { name: '取消' }).click();
  await expect(tree(page).getByRole('link', { name: /一年级一班/ })).toBeVisible();

  // Without htmx the same screen is reachable as plain pages (the class URL is gone now).
  await page.goto(classUrl);
  await expect(page.getByText('未找到对应实体')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a teacher sees only 一年级 and its classes, and only the 成员 and 课程 tabs', async ({ browser }) => {
  const page = await login(browser, TEACHER.username, TEACHER.password);
  await page.goto('/isystem/departDetailList');
  const links = tree(page).getByRole('link');
  await expect(links).toHaveCount(3);
  await expect(links.nth(0)).toContainText('一年级');
  await expect(links.nth(1)).toContainText('一年级一班');
  await expect(links.nth(2)).toContainText('一年级二班');
  await expect(page.getByText('希望小学')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '添加一级部门' })).toHaveCount(0);

  await links.nth(1).click();
  await expect(page.locator('.xt-depart-tabs').getByRole('tab')).toHaveText(['成员', '课程']);
  await expect(page.getByRole('link', { name: '添加下级' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '删除', exact: true })).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: 'student1' });
  await expect(row).toContainText('小明');
  await snap(page, shot('departs-teacher.png'), { fullPage: true });

  // The school (outside their scope) does not open for them.
  const school = await page.request.get('/api/sys/sysDepart/queryTreeList');
  const body = (await school.json()) as { result: { orgCode: string }[] };
  expect(body.result.map((n) => n.orgCode)).toEqual(['A01A01']);
});

test('an admin grants 一年级 permissions, creates a department role limited to them and gives it to a member', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await login(browser, ADMIN.username, ADMIN.password);
  await page.goto('/isystem/departDetailList');
  await tree(page).getByRole('link', { name: /^一年级\s*部门$/ }).click();
  await page.locator('.xt-depart-tabs').getByRole('tab', { name: '部门权限' }).click();
  const perms = page.getByRole('tree', { name: '部门权限' });
  await perms.getByRole('checkbox', { name: '系统管理', exact: true }).check(); // the menu group
  await perms.getByRole('checkbox', { name: '日志管理', exact: true }).check();
  await snap(page, shot('departs-perms.png'), { fullPage: true });
  await page.getByRole('button', { name: '保存' }).click();
  await expect(flash(page, '保存成功！')).toBeVisible();
  await expect(page.getByRole('tree', { name: '部门权限' }).getByRole('checkbox', { name: '日志管理', exact: true })).toBeChecked();

  // A role of the department: its grant tree offers only the department's two permissions.
  await page.locator('.xt-depart-tabs').getByRole('tab', { name: '部门角色' }).click();
  await page.getByRole('link', { name: '新建部门角色' }).click();
  const dialog = page.getByRole('dialog', { name: '新建部门角色' });
  await dialog.getByLabel('部门角色名称').fill('年级组长');
  await dialog.getByLabel('部门角色编码').fill('grade lead');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('部门角色编码只能包含字母、数字和下划线')).toBeVisible();
  await dialog.getByLabel('部门角色编码').fill('grade_lead');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(flash(page, '添加成功！')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'grade_lead' });
  await row.getByRole('link', { name: '授权' }).click();
  const grant = page.getByRole('tree', { name: '部门角色权限' });
  await expect(grant.getByRole('checkbox')).toHaveCount(2);
  await grant.getByRole('checkbox', { name: '日志管理', exact: true }).check();
  await grant.getByRole('checkbox', { name: '系统管理', exact: true }).check();
  await snap(page, shot('departs-role-grant.png'), { fullPage: true });
  await page.getByRole('button', { name: '保存授权' }).click();
  await expect(flash(page, '保存成功！')).toBeVisible();

  // Give it to student1 (a member of a class below 一年级).
  await page.locator('.xt-depart-tabs').getByRole('tab', { name: '成员' }).click();
  await page.getByRole('row').filter({ hasText: 'student1' }).getByRole('link', { name: '部门角色' }).click();
  const assign = page.getByRole('dialog', { name: '分配部门角色' });
  await assign.getByRole('checkbox', { name: '年级组长' }).check();
  await snap(page, shot('departs-member-roles.png'));
  await assign.getByRole('button', { name: '确定' }).click();
  await expect(flash(page, '部门角色已保存')).toBeVisible();

  // student1 now has the menu the role grants.
  const student = await login(browser, 'student1', DEMO_PASSWORD);
  const res = await student.request.get('/api/sys/permission/getUserPermissionByToken');
  const body = (await res.json()) as { result: { menu: { path: string; children?: { path: string }[] }[] } };
  const paths = body.result.menu.flatMap((m) => [m.path, ...(m.children ?? []).map((c) => c.path)]);
  expect(paths).toContain('/isystem/log');
});

test('without JavaScript the add form and the delete confirmation are pages of their own', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByLabel('账户').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.goto('/isystem/departDetailList');
  await tree(page).getByRole('link', { name: /^一年级\s*部门$/ }).click();
  await page.getByRole('link', { name: '添加下级' }).click();
  await expect(page).toHaveURL(/\/isystem\/departDetailList\/form\?parentId=/);
  await page.getByLabel('部门名称').fill('无脚本班');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(flash(page, '添加成功！')).toBeVisible();
  await expect(page.locator('.xt-depart-name')).toHaveText('无脚本班');
  await page.getByRole('link', { name: '删除', exact: true }).click();
  await expect(page).toHaveURL(/\/isystem\/departDetailList\/delete\?id=/);
  await expect(page.getByText('确定删除“无脚本班”吗？')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(flash(page, '删除成功!')).toBeVisible();
  await expect(tree(page).getByRole('link', { name: /无脚本班/ })).toHaveCount(0);
  await context.close();
});
