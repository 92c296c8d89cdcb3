// The settings drawer (issue 3 item 4, SPEC §2/§3/§4): each option changes the page at once, obeys the coupling
// rules, and survives a reload — rendered by the server from the settings cookie, so the first paint already
// has it (asserted on the HTML the server sends, before any script runs).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseSelectOption } from './antd';
import { BASE_URL } from './fixtures';
import { addAdminMenus, bodyClassOf, loginAs, openSettings, SCHOOL_LINKS, serverHtml, tabStrip } from './shell-helpers';
import { snap } from './shots';

test.use({ viewport: { width: 1280, height: 800 } });

const body = (page: Page) => page.locator('body');
async function closeDrawer(page: Page) {
  await page.getByRole('dialog', { name: '主题设置' }).getByRole('button', { name: '关闭' }).click();
  await expect(page.locator('.xt-setting-drawer')).toBeHidden();
}
const primaryOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => getComputedStyle(el).getPropertyValue('--ant-color-primary').trim().toLowerCase());

test('defaults: light menu, #1890FF, side menu, fixed width, switches off, multi-tab on', async ({ page, context }) => {
  await loginAs(page);
  const cls = bodyClassOf(await serverHtml(context, '/dashboard/index'));
  expect(cls).toEqual(expect.arrayContaining(['xt-theme-light', 'xt-color-1890ff', 'xt-layout-sidemenu', 'xt-width-fixed', 'xt-multipage']));
  for (const off of ['xt-fixed-header', 'xt-autohide-header', 'xt-fixed-sider', 'xt-color-weak', 'xt-collapsed']) expect(cls).not.toContain(off);
  expect(await primaryOf(page, '#xt-menu')).toBe('#1890ff');
  await expect(page.locator('#xt-menu')).toHaveClass(/ant-menu-light/);

  const drawer = await openSettings(page);
  await expect(drawer.getByRole('button', { name: '亮色菜单风格' })).toHaveAttribute('aria-pressed', 'true');
  await expect(drawer.getByRole('button', { name: '拂晓蓝（默认）' })).toHaveAttribute('aria-pressed', 'true');
  await expect(drawer.getByRole('button', { name: '侧边栏导航' })).toHaveAttribute('aria-pressed', 'true');
  await expect(drawer.getByRole('switch', { name: '固定 Header' })).not.toBeChecked();
  await expect(drawer.getByRole('switch', { name: '下滑时隐藏 Header' })).toBeDisabled();
  await expect(drawer.getByRole('switch', { name: '多页签模式' })).toBeChecked();
  // The drawer's colours are the eight presets.
  for (const name of ['薄暮', '火山', '日暮', '明青', '极光绿', '拂晓蓝（默认）', '极客蓝', '酱紫']) await expect(drawer.getByRole('button', { name })).toBeVisible();
});

test('menu theme and primary colour apply at once and are in the server HTML after a reload', async ({ page, context }) => {
  await loginAs(page);
  const drawer = await openSettings(page);
  await drawer.getByRole('button', { name: '暗色菜单风格' }).click();
  await expect(page.locator('#xt-menu')).toHaveClass(/ant-menu-dark/);
  await expect(page.locator('#xt-sider')).toHaveClass(/ant-layout-sider-dark/);
  await drawer.getByRole('button', { name: '酱紫' }).click();
  await expect(body(page)).toHaveClass(/xt-color-722ed1/);
  expect(await primaryOf(page, '#xt-menu')).toBe('#722ed1');
  await expect(page.locator('#xt-header')).toHaveCSS('background-color', 'rgb(114, 46, 209)');
  await closeDrawer(page);
  await snap(page, 'test-results/shell-dark-theme.png');

  const html = await serverHtml(context, '/dashboard/index');
  expect(bodyClassOf(html)).toEqual(expect.arrayContaining(['xt-theme-dark', 'xt-color-722ed1']));
  expect(html).toMatch(/<ul id="xt-menu" class="[^"]*ant-menu-dark/);
  expect(html).toMatch(/<aside id="xt-sider" class="[^"]*ant-layout-sider-dark/);
  // Stored in both places the spec asks for.
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('xt:settings'))) ?? '{}')).toMatchObject({ theme: 'dark', color: '#722ED1' });
  const cookie = (await context.cookies()).find((c) => c.name === 'xt_settings');
  expect(cookie?.httpOnly).toBe(false);
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

  await page.reload();
  await expect(page.locator('#xt-menu')).toHaveClass(/ant-menu-dark/);
  expect(await primaryOf(page, '.ant-btn, #xt-menu')).toBe('#722ed1');
});

// The seeded menu fits the header and the home page; these need a longer one, as a school adds its own links.
test.describe('with a longer menu', () => {
  let api: APIRequestContext;
  let remove: () => Promise<void>;
  test.beforeAll(async ({ playwright }) => {
    api = await playwright.request.newContext();
    remove = await addAdminMenus(api, SCHOOL_LINKS);
  });
  test.afterAll(async () => {
    await remove();
    await api.dispose();
  });

  test('top menu: the menu moves into the header, Fluid is offered, the fixed sidebar is disabled; back resets it', async ({ page, context }) => {
    await loginAs(page);
    let drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: '固定侧边菜单' }).click();
    await expect(body(page)).toHaveClass(/xt-fixed-sider/);
    await expect(page.locator('#xt-sider')).toHaveCSS('position', 'sticky');

    await drawer.getByRole('button', { name: '顶部栏导航' }).click();
    await expect(page.locator('#xt-header #xt-menu')).toHaveClass(/ant-menu-horizontal/);
    await expect(page.locator('#xt-sider')).toBeHidden();
    // Switching layout resets the fixed sidebar, which topmenu also disables.
    await expect(drawer.getByRole('switch', { name: '固定侧边菜单' })).toBeDisabled();
    await expect(drawer.getByRole('switch', { name: '固定侧边菜单' })).not.toBeChecked();
    await expect(body(page)).not.toHaveClass(/xt-fixed-sider/);

    // Content width: Fixed (centred 1200 px) or Fluid, offered only here.
    await expect(page.locator('.xt-body')).toHaveCSS('max-width', '1200px');
    await chooseSelectOption(page, drawer.getByRole('combobox', { name: '内容区域宽度' }), '流式', () =>
      expect(body(page)).toHaveClass(/xt-width-fluid/, { timeout: 1000 }),
    );
    await expect(page.locator('.xt-body')).toHaveCSS('max-width', 'none');
    await closeDrawer(page);
    await page.locator('#xt-menu > li.xt-menu-rest').hover(); // the menu items that do not fit sit under "…"
    await snap(page, 'test-results/shell-topmenu.png');

    let html = await serverHtml(context, '/dashboard/index');
    expect(bodyClassOf(html)).toEqual(expect.arrayContaining(['xt-layout-topmenu', 'xt-width-fluid']));
    expect(html).toMatch(/<div id="xt-top-nav" class="xt-top-nav"><nav id="xt-nav"/);
    expect(html).toMatch(/<ul id="xt-menu" class="[^"]*ant-menu-horizontal/);
    await page.reload();
    await expect(page.locator('#xt-header #xt-menu')).toBeVisible();

    drawer = await openSettings(page);
    await drawer.getByRole('button', { name: '侧边栏导航' }).click();
    await expect(page.locator('#xt-sider #xt-menu')).toHaveClass(/ant-menu-inline/);
    await expect(drawer.getByRole('switch', { name: '固定侧边菜单' })).toBeEnabled();
    await expect(drawer.getByRole('switch', { name: '固定侧边菜单' })).not.toBeChecked();
    // Fluid is not offered with the side menu.
    await drawer.getByRole('combobox', { name: '内容区域宽度' }).click();
    await expect(page.locator('.ant-select-item-option')).toHaveText(['固定']);
    html = await serverHtml(context, '/dashboard/index');
    expect(bodyClassOf(html)).toEqual(expect.arrayContaining(['xt-layout-sidemenu', 'xt-width-fixed']));
  });

  test('fixed header and hide-on-scroll: auto-hide needs the fixed header; turning it off turns auto-hide off', async ({ page, context }) => {
    await loginAs(page);
    const drawer = await openSettings(page);
    const fixed = drawer.getByRole('switch', { name: '固定 Header' });
    const autoHide = drawer.getByRole('switch', { name: '下滑时隐藏 Header' });
    await expect(autoHide).toBeDisabled();
    await fixed.click();
    await expect(body(page)).toHaveClass(/xt-fixed-header/);
    await expect(page.locator('#xt-header')).toHaveCSS('position', 'sticky');
    await expect(autoHide).toBeEnabled();
    await autoHide.click();
    await expect(body(page)).toHaveClass(/xt-autohide-header/);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    expect(bodyClassOf(await serverHtml(context, '/dashboard/index'))).toEqual(expect.arrayContaining(['xt-fixed-header', 'xt-autohide-header']));
    await page.reload();
    const header = page.locator('#xt-header');
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 60);
    await page.waitForFunction(() => window.scrollY > 0);
    await expect(header).toBeVisible(); // not past 100 px yet
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => window.scrollY > 100);
    await expect(header).toBeHidden();
    await page.mouse.wheel(0, -200);
    await expect(header).toBeVisible(); // scrolling up shows it again

    // Back at the top, where the header stays put whatever late scroll events arrive, before using its menu.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => window.scrollY === 0);
    await expect(header).toBeVisible();
    const again = await openSettings(page);
    await again.getByRole('switch', { name: '固定 Header' }).click();
    await expect(again.getByRole('switch', { name: '下滑时隐藏 Header' })).not.toBeChecked();
    await expect(again.getByRole('switch', { name: '下滑时隐藏 Header' })).toBeDisabled();
    const cls = bodyClassOf(await serverHtml(context, '/dashboard/index'));
    expect(cls).not.toContain('xt-fixed-header');
    expect(cls).not.toContain('xt-autohide-header');
  });
});

test('colour-weak mode and multi-tab mode survive a reload', async ({ page, context }) => {
  await loginAs(page);
  const drawer = await openSettings(page);
  await drawer.getByRole('switch', { name: '色弱模式' }).click();
  await expect(page.locator('html')).toHaveClass(/xt-color-weak/);
  await expect(page.locator('html')).toHaveCSS('filter', 'invert(0.8)');
  await drawer.getByRole('switch', { name: '多页签模式' }).click();
  await expect(tabStrip(page)).toBeHidden();

  const html = await serverHtml(context, '/dashboard/index');
  expect(html).toContain('<html lang="zh-CN" class="xt-color-weak">');
  expect(bodyClassOf(html)).not.toContain('xt-multipage');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/xt-color-weak/);
  await expect(tabStrip(page)).toBeHidden();
});

test('a bad settings cookie falls back field by field', async ({ page, context }) => {
  await loginAs(page);
  const bad = JSON.stringify({ theme: 'purple', color: 'red;}body{display:none', layout: 'topmenu', fixedHeader: 'yes', colorWeak: true });
  await context.addCookies([{ name: 'xt_settings', value: encodeURIComponent(bad), url: BASE_URL }]);
  const cls = bodyClassOf(await serverHtml(context, '/dashboard/index'));
  expect(cls).toEqual(expect.arrayContaining(['xt-theme-light', 'xt-color-1890ff', 'xt-layout-topmenu']));
  expect(cls).not.toContain('xt-fixed-header');
  await context.addCookies([{ name: 'xt_settings', value: '%7Bnot-json', url: BASE_URL }]);
  expect(bodyClassOf(await serverHtml(context, '/dashboard/index'))).toEqual(expect.arrayContaining(['xt-theme-light', 'xt-layout-sidemenu']));
});
