// Self-service accounts in the browser: 注册 while 网站配置 opens it (the login page then links to it), the
// result page and the first login, on a 375 px phone; the same without JavaScript, plus the login's captcha
// after three failures and 找回密码 without mail recovery (it needs SMTP_URL and PUBLIC_URL; the server has no
// PUBLIC_URL), which with SMS_URL set is the phone's steps. The server runs with XUETANG_TEST_CAPTCHA (every captcha shows TEST_CAPTCHA); mail recovery itself
// is covered by src/server/api/sys/account.test.ts.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, BASE_URL, TEST_CAPTCHA } from './fixtures';
import { snap } from './shots';

const shot = (name: string) => test.info().outputPath(name);
const PASSWORD = 'Green-tree-58';

async function adminToken(request: APIRequestContext) {
  const res = await request.post(`${BASE_URL}/api/sys/login`, { data: { username: ADMIN.username, password: ADMIN.password } });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.result.token as string;
}

async function setAllowReg(request: APIRequestContext, value: '0' | '1') {
  const res = await request.post(`${BASE_URL}/api/sys/config/saveTenantConfig`, { headers: { 'X-Access-Token': await adminToken(request) }, data: { allowReg: value } });
  expect((await res.json()).success).toBe(true);
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.afterAll(async ({ request }) => {
  await setAllowReg(request, '0');
});

test('a visitor registers on a phone once 网站配置 opens registration, sees the result and logs in', async ({ browser, request }) => {
  await setAllowReg(request, '0');
  const visitor = await (await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })).newPage();
  await visitor.goto('/user/register');
  await expect(visitor.getByRole('heading', { name: '注册未开放' })).toBeVisible();
  await expect(visitor.getByText('请联系你的老师')).toBeVisible();
  await expect(visitor.getByLabel('用户账号')).toHaveCount(0);

  // The admin opens registration on the config page (which also refreshes the pages' cached config).
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await admin.goto('/user/login');
  await admin.getByLabel('账户').fill(ADMIN.username);
  await admin.getByLabel('密码').fill(ADMIN.password);
  await admin.getByRole('button', { name: '登录' }).click();
  await expect(admin).toHaveURL(/\/dashboard\/index$/);
  await admin.goto('/sys/sysConfig');
  await admin.getByLabel('开放注册').check();
  await admin.getByRole('button', { name: '保存' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: '修改成功' })).toBeVisible();

  await visitor.goto('/user/login');
  await visitor.getByRole('link', { name: '注册账户' }).click();
  await expect(visitor).toHaveURL(/\/user\/register$/);
  await expect(visitor.locator('img.xt-captcha-img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await noHorizontalScroll(visitor);

  // A weak password: the error beside it, the other values kept, the passwords not.
  await visitor.getByLabel('用户账号').fill('e2e.kid');
  await visitor.getByLabel('姓名（选填）').fill('小红');
  await visitor.getByLabel('密码', { exact: true }).fill('abc');
  await visitor.getByLabel('确认密码').fill('abc');
  await visitor.getByLabel('验证码', { exact: true }).fill(TEST_CAPTCHA);
  await visitor.getByRole('button', { name: '注册', exact: true }).click();
  await expect(visitor.locator('#password-error')).toHaveText('密码至少需要8个字符');
  await expect(visitor.getByLabel('用户账号')).toHaveValue('e2e.kid');
  await expect(visitor.getByLabel('姓名（选填）')).toHaveValue('小红');
  await expect(visitor.getByLabel('密码', { exact: true })).toHaveValue('');
  await snap(visitor, shot('register-error-375.png'), { fullPage: true });

  await visitor.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await visitor.getByLabel('确认密码').fill(PASSWORD);
  await visitor.getByLabel('验证码', { exact: true }).fill(TEST_CAPTCHA);
  await visitor.getByRole('button', { name: '注册', exact: true }).click();
  await expect(visitor).toHaveURL(/\/user\/register-result\?username=e2e\.kid$/);
  await expect(visitor.getByRole('heading', { name: '注册成功' })).toBeVisible();
  await expect(visitor.getByRole('status')).toContainText('e2e.kid');
  await noHorizontalScroll(visitor);
  await snap(visitor, shot('register-result-375.png'), { fullPage: true });

  await visitor.getByRole('link', { name: '登录' }).click();
  await expect(visitor.getByLabel('账户')).toHaveValue('e2e.kid');
  await visitor.getByLabel('密码').fill(PASSWORD);
  await visitor.getByRole('button', { name: '登录' }).click();
  await expect(visitor).toHaveURL(/\/dashboard\/index$/);
});

test('without JavaScript: register, a captcha after three failed logins, and 找回密码 by phone without a mail server', async ({ browser, request }) => {
  await setAllowReg(request, '1');
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();

  await page.goto('/user/register');
  await page.getByLabel('用户账号').fill('e2e.nojs');
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByLabel('邮箱（选填，用于找回密码）').fill('nojs@example.org');
  await page.getByLabel('验证码', { exact: true }).fill('0000');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.locator('#captcha-error')).toHaveText('验证码错误');
  await expect(page.getByLabel('用户账号')).toHaveValue('e2e.nojs');
  await expect(page.getByLabel('邮箱（选填，用于找回密码）')).toHaveValue('nojs@example.org');
  await snap(page, shot('register-nojs.png'), { fullPage: true });
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByLabel('验证码', { exact: true }).fill(TEST_CAPTCHA);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/register-result\?username=e2e\.nojs$/);

  // Three wrong passwords: the third answer already shows the captcha the next attempt needs.
  await page.goto('/user/login');
  for (let i = 0; i < 3; i++) {
    await page.getByLabel('账户').fill('e2e.nojs');
    await page.getByLabel('密码').fill(`wrong-${i}`);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert').first()).toContainText('用户名或密码错误');
  }
  const picture = page.locator('img.xt-captcha-img');
  await expect(picture).toBeVisible();
  const first = await picture.getAttribute('src');
  // 换一张 draws a new picture and keeps the username.
  await page.getByRole('button', { name: '看不清？换一张' }).click();
  await expect(page.getByLabel('账户')).toHaveValue('e2e.nojs');
  expect(await picture.getAttribute('src')).not.toBe(first);
  await snap(page, shot('login-captcha-nojs.png'), { fullPage: true });
  // Without the code the right password is refused; with it, the login succeeds.
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.locator('#captcha-error')).toHaveText('请输入验证码');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByLabel('验证码', { exact: true }).fill(TEST_CAPTCHA);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);

  // 找回密码 on a server without mail recovery (no PUBLIC_URL for the link) but with SMS (SMS_URL=log:FILE): the
  // phone's steps (e2e/phone-recovery.spec.ts walks them).
  const visitor = await (await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })).newPage();
  await visitor.goto('/user/alteration');
  await expect(visitor.getByRole('heading', { name: '通过手机号找回密码' })).toBeVisible();
  await expect(visitor.getByLabel('手机号')).toBeVisible();
  await snap(visitor, shot('alteration-nojs.png'), { fullPage: true });
  // A made-up reset link is refused.
  await visitor.goto(`/user/alteration?token=${'a'.repeat(43)}`);
  await expect(visitor.getByRole('heading', { name: '链接已失效' })).toBeVisible();
});
