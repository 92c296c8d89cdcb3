// The notice bell end to end: an admin publishes through the API (another browser context) and the student's
// open shell shows it without a reload — the websocket push, the 消息提醒 notification, the badge, the
// popover tabs, the detail dialog with 去处理; and /isps/userAnnouncement with its filters, mark-read and
// 全部已读 (confirmed).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, BASE_URL, DEMO_PASSWORD } from './fixtures';
import { loginInNewContext as login } from './login';
import { snap } from './shots';

/** An API client logged in as admin (X-Access-Token), as another program would publish. */
async function adminApi(playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } }) {
  const api = await playwright.request.newContext({ baseURL: BASE_URL });
  const res = await api.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const token = ((await res.json()) as { result: { token: string } }).result.token;
  const headers = { 'X-Access-Token': token };
  return {
    api,
    async publish(body: Record<string, unknown>): Promise<string> {
      const added = (await (await api.post('/api/sys/annountCement/add', { data: body, headers })).json()) as { success: boolean; message: string; result: { id: string } };
      expect(added.success, added.message).toBe(true);
      const rel = (await (await api.get(`/api/sys/annountCement/doReleaseData?id=${added.result.id}`, { headers })).json()) as { success: boolean; message: string };
      expect(rel).toMatchObject({ success: true, message: '该系统通知发布成功' });
      return added.result.id;
    },
    async userId(username: string): Promise<string> {
      const r = await api.post('/api/sys/login', { data: { username, password: DEMO_PASSWORD } });
      return ((await r.json()) as { result: { userInfo: { id: string } } }).result.userInfo.id;
    },
  };
}

const badge = (page: Page) => page.locator('.xt-notice .ant-badge-count');
async function badgeCount(page: Page): Promise<number> {
  return (await badge(page).count()) ? Number((await badge(page).getAttribute('title')) ?? '0') : 0;
}

test('a published announcement reaches an open shell over the websocket; the bell lists it and opens it', async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const student = await login(browser, 'student3', DEMO_PASSWORD);
  const errors: string[] = [];
  student.on('pageerror', (e) => errors.push(e.message));
  // The bell island loads when the browser is idle and connects without a click.
  await expect(student.locator('.xt-notice[data-socket="open"]')).toBeVisible({ timeout: 15_000 });
  const before = await badgeCount(student);

  const admin = await adminApi(playwright);
  const title = `运动会通知-${Date.now().toString(36)}`;
  await admin.publish({
    titile: title,
    msgContent: '<p>本周五举行运动会，请穿运动鞋。</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
    priority: 'H',
    msgCategory: '1',
    msgType: 'ALL',
    openType: 'url',
    openPage: '/isps/userAnnouncement',
  });

  // No reload: the push shows 消息提醒 with the title and the badge counts it.
  const toast = student.locator('.xt-toast-holder .ant-notification-notice');
  await expect(toast).toContainText('消息提醒');
  await expect(toast).toContainText(title);
  await expect.poll(() => badgeCount(student)).toBe(before + 1);
  await snap(student, 'test-results/notice-toast.png');

  // A message for this student only, in the 系统消息 tab.
  const sysTitle = `请补交作业-${Date.now().toString(36)}`;
  await admin.publish({ titile: sysTitle, msgType: 'USER', userIds: `${await admin.userId('student3')},`, msgCategory: '2', priority: 'L' });
  await expect.poll(() => badgeCount(student)).toBe(before + 2);

  // The popover: 300 px, two tabs with counts, the item with `{createTime} 发布` and its priority tag.
  await student.locator('.xt-notice-trigger').click();
  const popover = student.locator('.xt-notice-popover');
  await expect(popover).toBeVisible();
  await expect.poll(async () => Math.round((await popover.boundingBox())!.width)).toBe(300);
  await expect(popover.getByRole('tab', { name: /^通知\(\d+\)$/ })).toBeVisible();
  await expect(popover.getByRole('tab', { name: /^系统消息\(1\)$/ })).toBeVisible();
  const item = popover.locator('.xt-notice-item', { hasText: title });
  await expect(item).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 发布/);
  await expect(item.locator('.ant-tag')).toHaveText('紧急消息');
  await expect(item.locator('.ant-tag')).toHaveClass(/ant-tag-red/);
  await snap(student, 'test-results/notice-popover.png');
  await popover.getByRole('tab', { name: /^系统消息/ }).click();
  await expect(popover.locator('.xt-notice-item', { hasText: sysTitle }).locator('.ant-tag')).toHaveText('一般消息');
  await popover.getByRole('tab', { name: /^通知/ }).click();

  // Opening it marks it read and shows the detail dialog with sanitised content.
  await item.getByRole('link', { name: title }).click();
  const dialog = student.getByRole('dialog', { name: '通知消息' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  await expect(dialog).toContainText(/发布人：admin 发布时间： \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(dialog).toContainText('本周五举行运动会，请穿运动鞋。');
  expect(await dialog.locator('.xt-rich-html').innerHTML()).not.toMatch(/onerror|script/i);
  await expect.poll(() => badgeCount(student)).toBe(before + 1);
  await snap(student, 'test-results/notice-detail.png');

  // 去处理 goes to the announcement's page inside the shell.
  await dialog.getByRole('button', { name: '去处理' }).click();
  await expect(student).toHaveURL(/\/isps\/userAnnouncement$/);
  await expect(student.getByRole('cell', { name: title })).toBeVisible();
  expect(errors).toEqual([]);
});

test('/isps/userAnnouncement: filters in the URL, mark one read, then 全部已读 after confirming', async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const admin = await adminApi(playwright);
  const tag = Date.now().toString(36);
  for (const t of [`数学竞赛-${tag}`, `英语角-${tag}`, `数学作业-${tag}`]) await admin.publish({ titile: t, msgType: 'ALL' });
  const page = await login(browser, 'student2', DEMO_PASSWORD);

  await page.goto('/isps/userAnnouncement');
  await expect(page.getByRole('heading', { name: '我的消息' }).or(page.getByText('我的消息').first())).toBeVisible();
  await page.getByLabel('标题').fill(`数学`);
  await page.getByLabel('状态').selectOption('0');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/titile=%E6%95%B0%E5%AD%A6/);
  await expect(page).toHaveURL(/readFlag=0/);
  await expect(page.getByRole('link', { name: `数学竞赛-${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `英语角-${tag}` })).toHaveCount(0);

  // The filtered list survives a reload (it lives in the URL).
  await page.reload();
  await expect(page.getByRole('link', { name: `数学作业-${tag}` })).toBeVisible();
  await expect(page.getByLabel('标题')).toHaveValue('数学');

  // Mark one read: it leaves the unread filter.
  const row = page.getByRole('row', { name: new RegExp(`数学竞赛-${tag}`) });
  await row.getByRole('button', { name: '标为已读' }).click();
  await expect(page.getByRole('link', { name: `数学竞赛-${tag}` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `数学作业-${tag}` })).toBeVisible();
  await snap(page, 'test-results/user-announcements.png', { fullPage: true });

  // 全部已读 asks first; dismissing changes nothing.
  page.once('dialog', (d) => {
    expect(d.message()).toBe('确定要将全部消息标记为已读吗？');
    void d.dismiss();
  });
  await page.getByRole('button', { name: '全部已读' }).click();
  await expect(page.getByRole('link', { name: `数学作业-${tag}` })).toBeVisible();

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: '全部已读' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '全部已读' })).toBeVisible();
  await page.goto('/isps/userAnnouncement?readFlag=0');
  await expect(page.getByText('暂无消息')).toBeVisible();
  // The bell agrees after the next page load.
  await expect(page.locator('.xt-notice .ant-badge-count')).toHaveCount(0);
});

test('without JavaScript the list, the detail and 全部已读 (with its confirmation page) still work', async ({ browser, playwright }) => {
  const admin = await adminApi(playwright);
  const title = `无脚本通知-${Date.now().toString(36)}`;
  await admin.publish({ titile: title, msgType: 'ALL', msgContent: '<p>纯 HTML 也能看</p>' });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByLabel('账户').fill('student1');
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  // The bell is a link to the list.
  await page.getByRole('link', { name: /消息通知/ }).click();
  await expect(page).toHaveURL(/\/isps\/userAnnouncement$/);
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByText('纯 HTML 也能看')).toBeVisible();
  await page.getByRole('link', { name: '关闭' }).click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await expect(page.getByText('确定要将全部消息标记为已读吗？')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '全部已读' })).toBeVisible();
  await context.close();
});
