// Helpers shared by the shell's Playwright tests (shell-*.spec.ts).
import { expect, type BrowserContext, type Page } from '@playwright/test';
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
