// 通告管理 end to end: an admin writes an announcement to everyone (with a script in the content that must
// not survive), publishes it, a student sees it in the notice bell and opens it, the admin revokes it and it
// leaves another student's unread list; the log screen shows the admin's login and the write, with the
// admin's account and address.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';

const login = (browser: Browser, username: string, password: string) => loginInNewContext(browser, username, password, null);

type Unread = { anntMsgList: { id: string; titile: string }[]; sysMsgList: { id: string; titile: string }[] };
async function unreadTitles(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/sys/annountCement/listByUser');
  const body = (await res.json()) as { success: boolean; result: Unread };
  expect(body.success).toBe(true);
  return [...body.result.anntMsgList, ...body.result.sysMsgList].map((a) => a.titile);
}

test('an admin writes, publishes and revokes an announcement; students see it in the bell; the logs show it', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `期末考试通知-${Date.now().toString(36)}`;
  const admin = await login(browser, ADMIN.username, ADMIN.password);
  const student = await login(browser, 'student1', DEMO_PASSWORD);
  const other = await login(browser, 'student2', DEMO_PASSWORD);
  const errors: string[] = [];
  student.on('pageerror', (e) => errors.push(e.message));
  admin.on('pageerror', (e) => errors.push(e.message));

  // The list, then the add dialog. (Each page comes to the front before it is used: a page in the
  // background gets no animation frames, and clicks wait for them.)
  await admin.bringToFront();
  await admin.goto('/isystem/annountCement');
  await expect(admin.getByRole('columnheader', { name: '标题' })).toBeVisible();
  await admin.getByRole('link', { name: '新增' }).click();
  const dialog = admin.getByRole('dialog', { name: '新增' });
  await expect(dialog).toBeVisible();
  // Defaults of a new announcement: a notice to everyone, priority low.
  await expect(dialog.getByRole('radio', { name: '通知公告' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: '全体用户' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: '低' })).toBeChecked();

  await dialog.getByLabel('标题').fill(title);
  await dialog.getByRole('radio', { name: '高' }).check();
  await dialog
    .getByLabel('内容')
    .fill('<p>周五上午<b>期末考试</b>，请按时到场。</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned=3">详情</a>');
  // The live preview shows the content as it will be saved: no script, no handler, no foreign picture.
  const preview = dialog.locator('#xt-ann-preview');
  await expect(preview.locator('b')).toHaveText('期末考试');
  await expect(preview.locator('script')).toHaveCount(0);
  // The picture is not one of this site's files: it goes, handler and all.
  await expect(preview.locator('img')).toHaveCount(0);
  await expect(preview.locator('a', { hasText: '详情' })).not.toHaveAttribute('href', /javascript/);
  // The recipient search answers from the server (used for 指定用户).
  await dialog.getByRole('searchbox', { name: '筛选用户' }).fill('小刚');
  await expect(dialog.getByRole('group', { name: '指定用户' }).getByRole('checkbox')).toHaveCount(1);
  await dialog.getByLabel('标题').scrollIntoViewIfNeeded();
  await snap(admin, 'test-results/announcement-form.png');
  await preview.scrollIntoViewIfNeeded();
  await snap(admin, 'test-results/announcement-form-preview.png');
  await dialog.getByRole('button', { name: '确定' }).click();

  await expect(admin.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('未发布');
  await expect(row).toContainText('高');
  await expect(row.locator('.ant-tag-red')).toHaveText('高');
  expect(await unreadTitles(student)).not.toContain(title);

  // 发布, after the confirmation.
  admin.once('dialog', (d) => {
    expect(d.message()).toContain('确定发布该通告吗');
    void d.accept();
  });
  await row.getByRole('link', { name: '发布' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: '该系统通知发布成功' })).toBeVisible();
  await expect(row).toContainText('已发布');
  await expect(row.getByRole('link', { name: '编辑' })).toHaveCount(0);
  await snap(admin, 'test-results/announcement-list.png', { fullPage: true });

  // The student's bell: the notice is listed; opened, it shows the content without the script.
  await student.bringToFront();
  await student.reload();
  const bell = student.locator('.xt-notice-trigger');
  await expect(bell).toHaveAttribute('aria-label', /消息通知（[1-9]\d*条未读）/);
  // The bell is an island loaded when the browser is idle; open it once it is mounted.
  await expect(student.locator('[data-island="notice-bell"]')).toHaveAttribute('data-island-mounted', '');
  await bell.click();
  const item = student.locator('.xt-notice-title', { hasText: title });
  await expect(item).toBeVisible();
  await item.click();
  const modal = student.getByRole('dialog', { name: '通知消息' });
  await expect(modal).toBeVisible();
  await expect(modal.locator('.xt-rich-html b')).toHaveText('期末考试');
  await expect(modal.locator('.xt-rich-html script')).toHaveCount(0);
  await expect(modal.locator('.xt-rich-html img')).toHaveCount(0);
  expect(await student.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await snap(student, 'test-results/announcement-student-bell.png', { fullPage: true });

  // Another student has it unread until the admin revokes it.
  expect(await unreadTitles(other)).toContain(title);
  await admin.bringToFront();
  // The admin's own bell showed 消息提醒 for the publication; its (empty) toast holder still covers the right
  // edge of the page after the toast closes (reported to the bell's owner), so the list is opened afresh.
  await admin.reload();
  admin.once('dialog', (d) => void d.accept());
  await row.getByRole('link', { name: '撤销' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: '该系统通知撤销成功' })).toBeVisible();
  await expect(row).toContainText('已撤销');
  expect(await unreadTitles(other)).not.toContain(title);
  await other.bringToFront();
  await other.reload();
  await expect(other.locator('[data-island="notice-bell"]')).toHaveAttribute('data-island-mounted', '');
  await other.locator('.xt-notice-trigger').click();
  await expect(other.locator('.xt-notice-title', { hasText: '欢迎使用学堂' }).or(other.getByText('暂无数据'))).toBeVisible();
  await expect(other.locator('.xt-notice-title', { hasText: title })).toHaveCount(0);

  await admin.bringToFront();
  // 详情 shows the saved (sanitised) content and the state.
  await row.getByRole('link', { name: '详情' }).click();
  const detail = admin.getByRole('dialog', { name: '通告详情' });
  await expect(detail).toContainText('已撤销');
  await expect(detail.locator('.xt-ann-preview b')).toHaveText('期末考试');
  await expect(detail.locator('.xt-ann-preview script')).toHaveCount(0);
  await snap(admin, 'test-results/announcement-detail.png');
  await detail.getByRole('link', { name: '关闭' }).first().click();

  // The logs: the admin's login, and the write with the admin's account and address.
  await admin.goto('/isystem/log');
  await expect(admin.getByRole('tab', { name: '登录日志' })).toHaveAttribute('aria-selected', 'true');
  const loginRow = admin.getByRole('row').filter({ hasText: '管理员,登录成功！' }).first();
  await expect(loginRow).toContainText('admin');
  await expect(loginRow).toContainText('127.0.0.1');
  await snap(admin, 'test-results/logs-login.png', { fullPage: true });
  await admin.getByRole('tab', { name: '操作日志' }).click();
  await expect(admin).toHaveURL(/logType=2/);
  const writeRow = admin.getByRole('row').filter({ hasText: 'POST /api/sys/annountCement/add 成功' }).first();
  await expect(writeRow).toContainText('admin');
  await expect(writeRow).toContainText('127.0.0.1');
  await expect(writeRow).toContainText('添加');
  await expect(admin.getByRole('row').filter({ hasText: 'GET /api/sys/annountCement/doReleaseData 成功' }).first()).toContainText('admin');
  // The keyword filter keeps the tab.
  await admin.getByLabel('搜索日志').fill('doReovkeData');
  await admin.getByRole('button', { name: '查询' }).click();
  await expect(admin).toHaveURL(/logType=2/);
  await expect(admin.getByRole('row').filter({ hasText: 'doReovkeData' })).toHaveCount(1);
  await snap(admin, 'test-results/logs-operation.png', { fullPage: true });

  expect(errors).toEqual([]);
});
