// 消息中心 end to end: the admin adds an e-mail template, sends a test message from it (发送测试) and the mail
// arrives at a local SMTP server (the server under test sends to E2E_SMTP_PORT, playwright.config.ts); with the
// mail server down the send fails and 消息管理 shows it 发送失败 with the reason, and 重发 delivers it once the
// server is back. The template is deleted after a confirmation. A site message (站内消息) reaches the receiver's
// open shell over the websocket and sits in the bell's 系统消息 tab.
import { expect, test, type Page } from '@playwright/test';
import { startTestSmtp, type TestSmtp } from '../src/server/domain/mail.test-kit';
import { ADMIN, DEMO_PASSWORD, E2E_SMTP_PORT } from './fixtures';
import { loginInNewContext } from './login';
import { loginAs } from './shell-helpers';
import { snap } from './shots';

const SHOTS = process.env.XT_SHOTS_DIR ?? 'test-results';
const PORT = Number(E2E_SMTP_PORT);

let smtp: TestSmtp | null = null;
test.afterEach(async () => {
  await smtp?.close();
  smtp = null;
});

test('a message template sends an e-mail that arrives at the local SMTP server', async ({ page }) => {
  test.setTimeout(90_000);
  smtp = await startTestSmtp({ port: PORT });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  // A fresh code each attempt, so a retry does not meet the template of a failed one.
  const code = `e2e_mail_${Date.now().toString(36)}`;
  const receiver = `parent-${code}@example.org`;
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });

  await loginAs(page, ADMIN);
  await page.goto('/modules/message/sysMessageTemplateList');
  for (const h of ['模板编码', '模板标题', '模板内容', '模板类型']) await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  await expect(row('work_corrected_mail')).toContainText('邮件');
  await expect(row('class_notice_site')).toContainText('站内消息');

  await page.getByRole('link', { name: '新增', exact: true }).click();
  const form = page.getByRole('dialog', { name: '新增' });
  await form.getByLabel('模板编码').fill(code);
  await form.getByLabel('模板标题').fill('家长通知 ${name}');
  await form.getByLabel('模板内容').fill('<p>${name}的家长您好：</p><p>本周作品《${work}》得分 <b>${score}</b>。</p>');
  await form.getByLabel('测试数据').fill('{name:');
  await form.getByRole('button', { name: '确定' }).click();
  await expect(form.locator('#f-templateTestJson-error')).toHaveText('测试数据必须是JSON对象，例如 {"name":"小明"}');
  await expect(form.locator('.htmx-added, .htmx-settling, .htmx-swapping')).toHaveCount(0);
  await form.getByLabel('测试数据').fill('{"name":"小明","work":"小猫走迷宫","score":95}');
  await snap(page, `${SHOTS}/messages-template-form.png`);
  await form.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await snap(page, `${SHOTS}/messages-templates.png`, { fullPage: true });

  // 发送测试: the receiver and the values (prefilled from the template's test data).
  await row(code).getByRole('link', { name: '发送测试' }).click();
  const send = page.getByRole('dialog', { name: /^发送测试：/ });
  await expect(send.getByLabel('测试数据')).toHaveValue('{"name":"小明","work":"小猫走迷宫","score":95}');
  await send.getByRole('button', { name: '确定' }).click();
  await expect(send.locator('#f-receiver-error')).toHaveText('请输入接收人');
  await expect(send.locator('.htmx-added, .htmx-settling, .htmx-swapping')).toHaveCount(0);
  await send.getByLabel('接收邮箱').fill(receiver);
  await send.getByLabel('测试数据').fill('{"name":"<小红>","work":"接苹果","score":98}');
  await snap(page, `${SHOTS}/messages-send-test.png`);
  await send.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '消息发送成功' })).toBeVisible();

  const mail = await smtp.nextMessage();
  expect(mail.to).toEqual([receiver]);
  expect(mail.from).toBe('noreply@xuetang.test');
  expect(mail.subject).toBe('家长通知 <小红>');
  expect(mail.html).toContain('&lt;小红&gt;的家长您好');
  expect(mail.html).toContain('<b>98</b>');
  expect(mail.text).toContain('本周作品《接苹果》得分 98');

  // The mail server goes away: the send fails, is recorded with its reason, and 重发 delivers it later.
  await smtp.close();
  smtp = null;
  await row(code).getByRole('link', { name: '发送测试' }).click();
  await page.getByRole('dialog', { name: /^发送测试：/ }).getByLabel('接收邮箱').fill(`late-${receiver}`);
  await page.getByRole('dialog', { name: /^发送测试：/ }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /消息发送失败：邮件发送失败：.*自动重试/ })).toBeVisible();

  await page.goto('/modules/message/sysMessageList');
  for (const h of ['接收人', '发送状态', '发送次数', '失败原因']) await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  await expect(row(receiver).first()).toBeVisible();
  const sent = page.getByRole('row').filter({ has: page.getByRole('cell', { name: receiver, exact: true }) });
  await expect(sent).toContainText('发送成功');
  const failed = row(`late-${receiver}`);
  await expect(failed).toContainText('发送失败');
  await expect(failed).toContainText('邮件发送失败');
  await expect(failed).toContainText('自动重试');
  await expect(sent.getByRole('link', { name: '重发' })).toHaveCount(0);
  await snap(page, `${SHOTS}/messages-list.png`, { fullPage: true });

  smtp = await startTestSmtp({ port: PORT });
  await failed.getByRole('link', { name: '重发' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '重发成功' })).toBeVisible();
  expect(dialogs).toContain('确定立即重发该消息吗?');
  expect((await smtp.nextMessage()).to).toEqual([`late-${receiver}`]);
  await expect(row(`late-${receiver}`)).toContainText('发送成功');
  // 发送次数 read in its own column: the row number in the first cell may read 2 as well.
  const triesColumn = (await page.getByRole('columnheader').allTextContents()).findIndex((h) => h.includes('发送次数'));
  expect(triesColumn).toBeGreaterThan(0);
  await expect(row(`late-${receiver}`).getByRole('cell').nth(triesColumn)).toHaveText('2');

  // Delete the template: confirmed first.
  await page.goto('/modules/message/sysMessageTemplateList');
  await row(code).locator('details.xt-more > summary').click();
  await row(code).getByRole('link', { name: '删除' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '删除成功!' })).toBeVisible();
  expect(dialogs).toContain('确定删除该模板吗?');
  await expect(row(code)).toHaveCount(0);
  expect(errors).toEqual([]);
});

const badge = (page: Page) => page.locator('.xt-notice .ant-badge-count');
const badgeCount = async (page: Page) => ((await badge(page).count()) ? Number((await badge(page).getAttribute('title')) ?? '0') : 0);

test('a site message from a template reaches the receiver’s bell under 系统消息', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const student = await loginInNewContext(browser, 'student2', DEMO_PASSWORD);
  await expect(student.locator('.xt-notice[data-socket="open"]')).toBeVisible({ timeout: 15_000 });
  const before = await badgeCount(student);
  const content = `周六的课改到下午-${Date.now().toString(36)}`;

  await loginAs(page, ADMIN);
  await page.goto('/modules/message/sysMessageTemplateList');
  await page.getByRole('row').filter({ hasText: 'class_notice_site' }).getByRole('link', { name: '发送测试' }).click();
  const send = page.getByRole('dialog', { name: /^发送测试：/ });
  await send.getByLabel('接收用户').fill('student2');
  await send.getByLabel('测试数据').fill(JSON.stringify({ className: '三年级二班', content }));
  await send.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '消息发送成功' })).toBeVisible();

  // No reload: the push counts it in the badge; the popover lists it under 系统消息.
  await expect.poll(() => badgeCount(student)).toBe(before + 1);
  await student.locator('.xt-notice-trigger').click();
  const popover = student.locator('.xt-notice-popover');
  await popover.getByRole('tab', { name: /^系统消息/ }).click();
  const item = popover.locator('.xt-notice-item', { hasText: '班级通知（站内消息）' }).first();
  await expect(item).toBeVisible();
  await item.getByRole('link').first().click();
  const dialog = student.getByRole('dialog', { name: '通知消息' });
  await expect(dialog).toContainText(`三年级二班的同学们：${content}`);
  // Opening it marked it read.
  await expect.poll(() => badgeCount(student)).toBe(before);
  await expect(dialog).toBeVisible();
  // The element shot waits for the dialog's opening animation to settle.
  await snap(dialog, `${SHOTS}/messages-site-notice.png`);
  await student.context().close();
});
