// The Content-Security-Policy in a real browser: the logged-in shell, with the notice websocket connected,
// the bell open and an announcement with formatted rich text and one of our own pictures shown, raises no
// violation; and the same listener does see one when something reaches for another host.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, BASE_URL } from './fixtures';
import { loginInNewContext as login } from './login';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every securitypolicyviolation of the page's documents, from their very start. */
async function watchViolations(page: Page): Promise<string[]> {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  await page.context().addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return consoleErrors;
}
const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

test('the logged-in shell with the notice bell open raises no CSP violation; the websocket connects', async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  // An announcement to everyone with the formatting rich text may keep and a picture of this site.
  const api = await playwright.request.newContext({ baseURL: BASE_URL });
  const token = ((await (await api.post('/api/sys/login', { data: ADMIN })).json()) as { result: { token: string } }).result.token;
  const headers = { 'X-Access-Token': token };
  const title = `安全策略检查-${Date.now().toString(36)}`;
  const added = (await (
    await api.post('/api/sys/annountCement/add', {
      headers,
      data: {
        titile: title,
        msgType: 'ALL',
        msgCategory: '1',
        priority: 'M',
        msgContent: '<p style="color:#c00;text-align:center;font-weight:bold">红色居中</p><img src="/static/favicon.svg" alt="本站图片" width="32">',
      },
    })
  ).json()) as { success: boolean; result: { id: string } };
  expect(added.success).toBe(true);
  expect((await (await api.get(`/api/sys/annountCement/doReleaseData?id=${added.result.id}`, { headers })).json()).success).toBe(true);

  const page = await login(browser, ADMIN.username, ADMIN.password);
  const consoleErrors = await watchViolations(page);
  await page.goto('/dashboard/index');
  // The bell island connects its websocket when the browser is idle: under the policy it still opens.
  await expect(page.locator('.xt-notice[data-socket="open"]')).toBeVisible({ timeout: 15_000 });

  await page.locator('.xt-notice-trigger').click();
  const popover = page.locator('.xt-notice-popover');
  await expect(popover).toBeVisible();
  const item = popover.locator('.xt-notice-item', { hasText: title });
  await expect(item).toBeVisible();
  await item.getByRole('link', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: '通知消息' });
  await expect(dialog).toContainText('红色居中');
  // Our own picture loads (img-src 'self'), and the kept inline style applies.
  const img = dialog.locator('img[alt="本站图片"]');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expect(dialog.getByText('红色居中')).toHaveCSS('color', 'rgb(204, 0, 0)');

  expect(await violations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // The listener is live: reaching for another host is reported (and blocked).
  await page.evaluate(() => {
    new Image().src = 'https://tracker.example/pixel.gif';
    try {
      new WebSocket('wss://tracker.example/socket');
    } catch {
      /* Chromium throws for a blocked websocket as well as reporting it */
    }
  });
  await expect.poll(async () => (await violations(page)).join('\n')).toMatch(/img-src https:\/\/tracker\.example\/pixel\.gif/);
  await expect.poll(async () => (await violations(page)).join('\n')).toMatch(/connect-src wss:\/\/tracker\.example/);
  await api.dispose();
});
