// Logging in through the real login page, in a browser context of its own (one per user in multi-user tests).
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';

export async function loginInNewContext(
  browser: Browser,
  username: string,
  password = DEMO_PASSWORD,
  viewport: { width: number; height: number } | null = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByLabel('账户').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
  return page;
}
