// Helpers shared by the shell's Playwright tests (shell-*.spec.ts).
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN, BASE_URL } from './fixtures';

/** Logs in through the login page and lands on the home tab. */
export async function loginAs(page: Page, user: { username: string; password: string } = ADMIN) {
  await page.goto('/user/login');
  await page.getByLabel('账户').fill(user.username);
  await page.getByLabel('密码').fill(user.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
  // shell.js has run once the page's marker drove the tab strip.
  await expect(page.locator('html.xt-js')).toHaveCount(1);
}

/** A value on `window` that only survives if the page is never reloaded. */
export async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __xtMarker: number }).__xtMarker = 42));
}
export const windowMarker = (page: Page) => page.evaluate(() => (window as unknown as { __xtMarker?: number }).__xtMarker ?? null);

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
/**
 * Opens a group of the side menu. The shell's script toggles it: a click that lands before the script has started
 * (a loaded machine) does nothing, so click until the group says it is open.
 */
export async function openMenuGroup(page: Page, name: string) {
  const title = mainMenu(page).locator('.ant-menu-submenu-title').filter({ has: page.getByText(name, { exact: true }) });
  await expect(async () => {
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await expect(title).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
export const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'breadcrumb' });
export const tabStrip = (page: Page) => page.locator('#xt-tabs');
export const tab = (page: Page, title: string) => page.locator('#xt-tabs .ant-tabs-tab', { has: page.getByRole('tab', { name: title, exact: true }) });

/** Opens the settings drawer the way the user menu's 主题设置 does. */
export async function openSettings(page: Page) {
  const item = page.getByRole('menuitem', { name: '主题设置' });
  // Right after a scroll the header may still be sliding back in, and the first click can miss the trigger.
  await expect(async () => {
    if (!(await item.isVisible())) await page.locator('.xt-user-trigger').click({ timeout: 2000 });
    await expect(item).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  await item.click();
  const drawer = page.locator('.xt-setting-drawer');
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The HTML the server sends for a URL with this context's cookies (what the first paint is made of). */
export async function serverHtml(context: BrowserContext, path: string): Promise<string> {
  const res = await context.request.get(`${BASE_URL}${path}`);
  expect(res.status()).toBe(200);
  return res.text();
}

/** The class attribute of <body> in server HTML. */
export function bodyClassOf(html: string): string[] {
  const m = /<body class="([^"]*)"/.exec(html);
  return m ? m[1].split(/\s+/) : [];
}

/** A school's own links (new-window entries), enough of them to overflow the top menu and lengthen the home page. */
export const SCHOOL_LINKS: MenuSpec[] = ['教育局', '教研网', '图书馆', '校园网', '家校通', '成绩单', '课程表', '校历', '校报', '社团'].map((name, i) => ({
  name,
  url: `https://link${i}.example.org/`,
  icon: 'link',
  internalOrExternal: 1,
}));

export interface MenuSpec {
  name: string;
  url: string;
  component?: string;
  icon?: string;
  internalOrExternal?: 0 | 1;
  children?: MenuSpec[];
}

/**
 * Adds menu entries through 菜单管理's API and grants them to the admin role, as a school would (the seeded
 * menu has one group only; the shell tests need more). Returns a function that deletes them again.
 */
export async function addAdminMenus(request: APIRequestContext, tree: MenuSpec[], sortNo = 50): Promise<() => Promise<void>> {
  const login = await request.post(`${BASE_URL}/api/sys/login`, { data: { username: ADMIN.username, password: ADMIN.password } });
  const headers = { 'X-Access-Token': ((await login.json()) as { result: { token: string } }).result.token };
  const ids: string[] = [];
  const roots: string[] = [];
  // A retry after a timed-out attempt finds that attempt's entries (its clean-up never ran): remove them first.
  type Node = { id: string; name: string; url?: string; children?: Node[] };
  const tree0 = ((await (await request.get(`${BASE_URL}/api/sys/permission/list`, { headers })).json()) as { result: Node[] }).result;
  for (const m of tree) {
    for (const left of tree0.filter((n) => n.name === m.name && (n.url ?? '') === (m.url ?? ''))) {
      await request.delete(`${BASE_URL}/api/sys/permission/delete?id=${left.id}`, { headers });
    }
  }
  const add = async (items: MenuSpec[], parentId: string) => {
    for (const [i, m] of items.entries()) {
      const group = !!m.children?.length;
      const res = await request.post(`${BASE_URL}/api/sys/permission/add`, {
        headers,
        data: {
          menuType: parentId ? 1 : 0,
          parentId,
          name: m.name,
          url: m.url,
          component: m.component ?? (group ? 'layouts/RouteView' : 'layouts/IframePageView'),
          icon: m.icon,
          internalOrExternal: m.internalOrExternal ?? 0,
          sortNo: sortNo + i,
        },
      });
      const body = (await res.json()) as { success: boolean; message: string; result: { id: string } };
      expect(body.success, body.message).toBe(true);
      ids.push(body.result.id);
      if (!parentId) roots.push(body.result.id);
      if (m.children) await add(m.children, body.result.id);
    }
  };
  await add(tree, '');
  const roles = (await (await request.get(`${BASE_URL}/api/sys/role/list?pageSize=100`, { headers })).json()) as { result: { records: { id: string; roleCode: string }[] } };
  const admin = roles.result.records.find((r) => r.roleCode === 'admin')!;
  const grant = await request.post(`${BASE_URL}/api/sys/permission/saveRolePermission`, { headers, data: { roleId: admin.id, permissionIds: ids.join(','), lastpermissionIds: '' } });
  expect(((await grant.json()) as { success: boolean }).success).toBe(true);
  return async () => {
    for (const id of roots) await request.delete(`${BASE_URL}/api/sys/permission/delete?id=${id}`, { headers });
  };
}
