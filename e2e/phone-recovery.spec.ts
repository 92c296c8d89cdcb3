// 找回密码 by phone in the browser: 登录 → 忘记密码 → the phone's steps (the server has SMS_URL=log:FILE and no mail
// recovery, so 忘记密码 opens them directly), the code read from the file the log sender appends to, a wrong code
// refused, a new password set and used to log in. The account is the spec's own (added by the admin with a
// phone), so no other spec sees its password change.
import { readFile } from 'node:fs/promises';
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ADMIN, BASE_URL, smsLogFile } from './fixtures';
import { snap } from './shots';

const shot = (name: string) => test.info().outputPath(name);

/** The codes the server has sent to `phone`, oldest first. */
async function codesSentTo(phone: string): Promise<string[]> {
  const text = await readFile(smsLogFile(), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { phone: string; code: string })
    .filter((l) => l.phone === phone)
    .map((l) => l.code);
}

test('a user with a phone resets a forgotten password by SMS code and logs in with the new one', async ({ page, playwright }) => {
  // A fresh account and number each attempt (a retry must not meet the first one's per-number limit).
  const suffix = String(randomInt(10_000_000, 99_999_999));
  const username = `e2e.phone${suffix}`;
  const phone = `139${suffix}`;
  const api = await playwright.request.newContext({ baseURL: BASE_URL });
  const login = await (await api.post('/api/sys/login', { data: ADMIN })).json();
  const added = await (
    await api.post('/api/sys/user/add', { headers: { 'X-Access-Token': login.result.token as string }, data: { username, realname: '忘了密码', password: 'Given-e2e-2026', phone } })
  ).json();
  expect(added.success, added.message).toBe(true);
  await api.dispose();

  await page.goto('/user/login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page).toHaveURL(/\/user\/alteration$/);
  await expect(page.getByRole('heading', { name: '通过手机号找回密码' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '验证手机号' })).toHaveAttribute('aria-current', 'step');

  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '验证码已发送' })).toBeVisible();
  await expect(page.getByText(`验证码已发往 ${phone}`)).toBeVisible();
  // The code is sent after the answer; wait for its line in the log file.
  await expect.poll(() => codesSentTo(phone), { message: 'the SMS log file has a code for the phone' }).toHaveLength(1);
  const [code] = await codesSentTo(phone);
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code is refused beside its field, in Chinese, and the step stays.
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('短信验证码').fill(wrong);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.locator('#smscode-error')).toHaveText('手机验证码错误或已失效，请重新获取');
  await expect(page.getByRole('listitem').filter({ hasText: '输入验证码' })).toHaveAttribute('aria-current', 'step');
  await snap(page, shot('phone-recovery-wrong-code.png'), { fullPage: true });

  await page.getByLabel('短信验证码').fill(code);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText(`为账户 ${username} 设置新的密码。`)).toBeVisible();
  await page.getByLabel('新密码', { exact: true }).fill('Found-by-phone-58');
  await page.getByLabel('确认新密码').fill('Found-by-phone-58');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByRole('heading', { name: '密码已重置' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`账户 ${username} 的密码已经重置`);
  await snap(page, shot('phone-recovery-done.png'), { fullPage: true });

  // The old password no longer works; the new one does (and no forced change: the user chose it).
  await page.getByRole('link', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await page.getByLabel('账户').fill(username);
  await page.getByLabel('密码').fill('Given-e2e-2026');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert').first()).toContainText('用户名或密码错误');
  await page.getByLabel('账户').fill(username);
  await page.getByLabel('密码').fill('Found-by-phone-58');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
});
