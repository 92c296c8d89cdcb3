// The shell's layout as a user meets it (issue 3 items 1, 2, 5, 6): menu and breadcrumbs, htmx navigation
// that keeps the page, refresh and direct loads, accordion, collapse, menu search, the mobile drawer, and the
// expired-session dialog.
import { expect, test } from '@playwright/test';
import { BASE_URL, STUDENT } from './fixtures';
import { addAdminMenus, breadcrumb, loginAs, mainMenu, markWindow, serverHtml, windowMarker } from './shell-helpers';
import { snap } from './shots';

test.describe('desktop shell', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('menu and breadcrumbs follow htmx navigation without reloading; refresh renders the same page', async ({ page }) => {
    await loginAs(page);
    await expect(page).toHaveTitle('学堂'); // home: the brand name alone
    const crumbs = breadcrumb(page);
    await expect(crumbs.getByText('首页')).toBeVisible();
    await expect(crumbs.getByRole('link')).toHaveCount(0); // the current crumb is not a link
    await expect(page.locator('#xt-menu .ant-menu-item-selected')).toHaveAttribute('data-key', '/dashboard/index');
    const greeting = await page.locator('.xt-welcome').innerText();
    expect(greeting).toMatch(/^(早上好|上午好|中午好|下午好|晚上好)，欢迎使用 学堂$/);
    await snap(page, 'test-results/shell-desktop-light.png');

    await markWindow(page);
    const menu = mainMenu(page);
    await menu.getByText('系统管理').click();
    await menu.getByRole('link', { name: '角色管理' }).click();
    await expect(page).toHaveURL(/\/isystem\/role$/);
    await expect(page).toHaveTitle('角色管理 · 学堂');
    expect(await windowMarker(page)).toBe(42); // swapped by htmx, not reloaded

    // 首页 (SPEC: dashboard-analysis) then the matched menu routes; the current crumb is not a link, and neither
    // is a group (系统管理 has no page of its own).
    await expect(crumbs.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/dashboard/index');
    await expect(crumbs.getByText('系统管理')).toBeVisible();
    await expect(crumbs.getByRole('link', { name: '系统管理' })).toHaveCount(0);
    await expect(crumbs.getByText('角色管理')).toHaveAttribute('aria-current', 'page');
    await expect(crumbs.getByRole('link', { name: '角色管理' })).toHaveCount(0);
    await expect(page.locator('#xt-menu .ant-menu-item-selected')).toHaveAttribute('data-key', '/isystem/role');
    await expect(page.locator('#xt-menu li[data-key="/isystem"]')).toHaveClass(/ant-menu-submenu-selected/);

    // Every URL is a complete page when loaded directly, and the same page as after the swap.
    await page.reload();
    expect(await windowMarker(page)).toBeNull();
    await expect(page).toHaveTitle('角色管理 · 学堂');
    await expect(crumbs.getByText('角色管理')).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#xt-menu .ant-menu-item-selected')).toHaveAttribute('data-key', '/isystem/role');
    await expect(page.locator('#xt-menu li[data-key="/isystem"]')).toHaveClass(/ant-menu-submenu-open/);

    // Back returns to the home page.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/index$/);
    await expect(page.getByRole('heading', { name: '欢迎使用学堂' })).toBeVisible();
  });

  test('an htmx request gets the content and out-of-band parts; a plain one the whole page', async ({ page, context }) => {
    await loginAs(page);
    const full = await serverHtml(context, '/isystem/role');
    expect(full.startsWith('<!doctype html>')).toBe(true);
    expect(full).toContain('id="xt-menu"');
    const res = await context.request.get(`${BASE_URL}/isystem/role`, { headers: { 'HX-Request': 'true', 'HX-Target': 'content' } });
    const fragment = await res.text();
    expect(res.status()).toBe(200);
    expect(fragment).not.toContain('<html');
    expect(fragment).not.toContain('id="xt-menu"');
    expect(fragment).toContain('<title>角色管理 · 学堂</title>');
    expect(fragment).toMatch(/<nav id="xt-breadcrumb"[^>]*hx-swap-oob="true"/);
    expect(fragment).toMatch(/<div id="xt-page"[^>]*data-selected="\/isystem\/role"[^>]*hx-swap-oob="true"/);
    expect(res.headers()['vary']).toContain('HX-Request');
  });

  test('root submenus form a single-open accordion', async ({ page, request }) => {
    // The seeded menu has one group; a school's own entries (iframe pages) make a second one with a nested group.
    const remove = await addAdminMenus(request, [
      {
        name: '教研资料', url: '/library', icon: 'book',
        children: [
          { name: '教研网站', url: 'https://teach.example.org/' },
          { name: '学科资源', url: '/library/subjects', children: [{ name: '信息科技', url: 'https://it.example.org/' }] },
          { name: '教学参考', url: '/library/refs', children: [{ name: '课标', url: 'https://std.example.org/' }] },
        ],
      },
    ]);
    try {
      await loginAs(page);
      const menu = mainMenu(page);
      const submenu = (title: string) => menu.locator('.ant-menu-submenu-title', { hasText: title });
      await submenu('系统管理').click();
      await expect(menu.getByRole('link', { name: '角色管理' })).toBeVisible();
      await expect(submenu('系统管理')).toHaveAttribute('aria-expanded', 'true');
      await submenu('教研资料').click();
      await expect(menu.getByRole('link', { name: '教研网站' })).toBeVisible();
      await expect(menu.getByRole('link', { name: '角色管理' })).toBeHidden();
      await expect(submenu('系统管理')).toHaveAttribute('aria-expanded', 'false');
      // A nested submenu opens inside its root without closing it.
      await submenu('学科资源').click();
      await expect(menu.getByRole('link', { name: '信息科技' })).toBeVisible();
      await expect(submenu('教学参考')).toBeVisible();
      await expect(menu.getByRole('link', { name: '角色管理' })).toBeHidden();
      // Clicking an open root closes it.
      await submenu('教研资料').click();
      await expect(submenu('教学参考')).toBeHidden();
    } finally {
      await remove();
    }
  });

  test('the trigger collapses the side menu to 80 px and back; the choice survives a reload', async ({ page, context }) => {
    await loginAs(page);
    const sider = page.locator('#xt-sider');
    await expect(sider).toHaveCSS('width', '200px');
    await page.getByRole('button', { name: '切换菜单' }).click();
    await expect(sider).toHaveCSS('width', '80px');
    await expect(page.locator('#xt-menu')).toHaveClass(/ant-menu-inline-collapsed/);
    await snap(page, 'test-results/shell-collapsed.png');

    // Collapsed submenus pop out on hover; their entries still navigate.
    await page.locator('#xt-menu > li[data-key="/isystem"]').hover();
    await page.locator('#xt-menu li[data-key="/isystem/role"] a').click();
    await expect(page).toHaveURL(/\/isystem\/role$/);
    await expect(sider).toHaveCSS('width', '80px');

    // The server renders the collapsed menu on the first paint (settings cookie).
    const html = await serverHtml(context, '/dashboard/index');
    expect(html).toContain('xt-collapsed');
    expect(html).toMatch(/<ul id="xt-menu" class="[^"]*ant-menu-inline-collapsed/);
    await page.reload();
    await expect(sider).toHaveCSS('width', '80px');
    await page.getByRole('button', { name: '切换菜单' }).click();
    await expect(sider).toHaveCSS('width', '200px');
    expect(await serverHtml(context, '/dashboard/index')).not.toContain('xt-collapsed');
  });

  test('below 1088 px the side menu collapses by itself', async ({ page }) => {
    await loginAs(page);
    const sider = page.locator('#xt-sider');
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(sider).toHaveCSS('width', '80px');
    await expect(page.locator('.xt-welcome')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sider).toHaveCSS('width', '200px');
  });

  test('menu search finds entries by a case-insensitive title substring and navigates', async ({ page, context, request: api }) => {
    // Many steps and a popup window: under a loaded machine the default 30 s is tight, and a timed-out attempt
    // leaves its menu entry behind for the retry.
    test.setTimeout(60_000);
    // An entry that opens in a new window (a school's own page, here the public home).
    const remove = await addAdminMenus(api, [{ name: 'Home Page', url: '/home', internalOrExternal: 1 }]);
    try {
      await loginAs(page);
      await markWindow(page);
      await page.getByRole('button', { name: '搜索菜单' }).click();
      const input = page.getByRole('combobox', { name: '搜索菜单' });
      await expect(input).toBeFocused();
      await input.fill('管理');
      const options = page.locator('#xt-search-list [role="option"]');
      await expect(options).toHaveText(['用户管理', '作业管理', '课程包管理', '课程单元管理', '班级管理', '资讯管理', '角色管理', '菜单管理', '字典管理', '通告管理', '前台菜单管理', '文件管理', '日志管理', '多数据源管理', '职务管理', '消息管理', '消息模板管理']);
      await input.fill('字典');
      await expect(options).toHaveText(['字典管理', '分类字典']);
      // Route containers (layouts/RouteView) are not entries.
      await input.fill('系统管理');
      await expect(options).toHaveCount(0);
      // External entries open a new window; the match ignores case.
      await input.fill('home p');
      const [popup, request] = await Promise.all([
        context.waitForEvent('page'),
        context.waitForEvent('request', (r) => r.url().endsWith('/home')),
        options.first().click(),
      ]);
      expect(request.frame().page()).toBe(popup);
      await popup.close();
      await expect(page).toHaveURL(/\/dashboard\/index$/);

      await page.getByRole('button', { name: '搜索菜单' }).click();
      await page.getByRole('combobox', { name: '搜索菜单' }).fill('角色');
      // Enter takes the first match: wait until the list shows the matches of what was typed.
      await expect(page.locator('#xt-search-list [role="option"]')).toHaveText(['角色管理']);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/isystem\/role$/);
      expect(await windowMarker(page)).toBe(42);
      await expect(page.locator('#xt-menu .ant-menu-item-selected')).toHaveAttribute('data-key', '/isystem/role');
    } finally {
      await remove();
    }
  });

  test('an expired session shows 登录已过期 on the next navigation; 重新登录 leads to the login page', async ({ page, context }) => {
    await loginAs(page);
    await context.clearCookies();
    await context.addCookies([{ name: 'xt_token', value: 'no-such-session-token', url: BASE_URL }]);
    await mainMenu(page).getByText('系统管理').click();
    await mainMenu(page).getByRole('link', { name: '角色管理' }).click();
    const dialog = page.getByRole('dialog', { name: '登录已过期' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('很抱歉，登录已过期，请重新登录');
    await expect(page).toHaveURL(/\/dashboard\/index$/); // nothing was swapped in
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/user\/login\?redirect=/);
    expect((await context.cookies()).find((c) => c.name === 'xt_token')).toBeUndefined();
  });

  test("islands' API calls report HTTP errors as SPEC §8 says", async ({ page, context }) => {
    await loginAs(page, STUDENT);
    const call = (path: string) =>
      page.evaluate(
        (p) => (window as unknown as { xtApi: (p: string) => Promise<unknown> }).xtApi(p).then(() => 'ok', (e: { status: number }) => e.status),
        path,
      );
    // A student may not read the user list: 403 → 系统提示 / 拒绝访问.
    expect(await call('/sys/user/list')).toBe(403);
    const refused = page.locator('.ant-notification-notice', { hasText: '拒绝访问' });
    await expect(refused).toBeVisible();
    await expect(refused.locator('.ant-notification-notice-title')).toHaveText('系统提示');
    expect(await call('/sys/no-such-endpoint')).toBe(404);
    await expect(page.locator('.ant-notification-notice', { hasText: '很抱歉，资源未找到!' })).toBeVisible();
    // Notifications last 4 s.
    await expect(refused).toBeHidden({ timeout: 6000 });
    // A dead session: the 登录已过期 dialog.
    await context.clearCookies();
    await context.addCookies([{ name: 'xt_token', value: 'expired-token', url: BASE_URL }]);
    expect(await call('/sys/user/list')).toBe(500);
    await expect(page.getByRole('dialog', { name: '登录已过期' })).toBeVisible();
  });

  test('an htmx request without a session asks for a full redirect to the login page', async ({ page, context }) => {
    await loginAs(page);
    await context.clearCookies();
    await mainMenu(page).getByRole('link', { name: '用户管理' }).click();
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fisystem%2Fuser$/);
  });
});

test.describe('mobile shell (375 px)', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the side menu is a drawer opened by the trigger; tabs and greeting are hidden', async ({ page }) => {
    await loginAs(page);
    const sider = page.locator('#xt-sider');
    await expect(sider).not.toBeInViewport();
    await expect(page.locator('#xt-tabs')).toBeHidden();
    await expect(page.locator('.xt-welcome')).toBeHidden();
    await expect(page.locator('.xt-brand-mobile')).toHaveText('学堂');

    await page.getByRole('button', { name: '切换菜单' }).click();
    await expect(sider).toBeInViewport();
    await expect(sider).toHaveCSS('width', '200px');
    await expect(page.locator('.xt-drawer-mask')).toBeVisible();
    await expect(sider).toBeInViewport({ ratio: 1 }); // slid in completely
    await snap(page, 'test-results/shell-mobile-drawer.png');

    // Choosing a page closes the drawer; the mask closes it too.
    await mainMenu(page).getByText('系统管理').click();
    await mainMenu(page).getByRole('link', { name: '角色管理' }).click();
    await expect(page).toHaveURL(/\/isystem\/role$/);
    await expect(sider).not.toBeInViewport();
    await page.getByRole('button', { name: '切换菜单' }).click();
    await expect(sider).toBeInViewport();
    await page.locator('.xt-drawer-mask').click({ position: { x: 340, y: 400 } });
    await expect(sider).not.toBeInViewport();
  });

  test('menu search is a modal titled 搜索菜单', async ({ page }) => {
    await loginAs(page);
    await page.getByRole('button', { name: '搜索菜单' }).click();
    const modal = page.getByRole('dialog', { name: '搜索菜单' });
    await expect(modal).toBeVisible();
    await modal.getByRole('combobox', { name: '搜索菜单' }).fill('角色');
    await page.locator('#xt-search-list [role="option"]', { hasText: '角色管理' }).click();
    await expect(page).toHaveURL(/\/isystem\/role$/);
    await expect(modal).toBeHidden();
  });
});
