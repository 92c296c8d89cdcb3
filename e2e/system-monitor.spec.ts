// 系统监控 end to end: the admin walks the monitoring screens (the numbers refresh by themselves), then
// force-logs-out a student who is on a page in another browser: the student's notice socket closes at once and
// their next click ends on the login page (after the 登录已过期 dialog).
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD } from './fixtures';
import { loginInNewContext } from './login';
import { mainMenu, openMenuGroup } from './shell-helpers';
import { snap } from './shots';

const SHOTS = process.env.SYSMONITOR_SHOTS ?? 'test-results';

async function walk(admin: Page, path: string, title: string, text: string, shot: string) {
  await admin.goto(path);
  await expect(admin.locator('#content')).toContainText(text);
  await expect(admin).toHaveTitle(new RegExp(title));
  await snap(admin, `${SHOTS}/sysmonitor-${shot}.png`, { fullPage: true });
}

test('the admin watches the server and force-logs-out a student who is on a page', async ({ browser }) => {
  test.setTimeout(120_000);
  // The student, with the notice socket watched from the first page on.
  const studentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const student = await studentContext.newPage();
  let socketClosed = false;
  let socketOpened = false;
  student.on('websocket', (ws) => {
    if (!/\/websocket\//.test(ws.url())) return;
    socketOpened = true;
    ws.on('close', () => {
      socketClosed = true;
    });
  });
  await student.goto('/user/login');
  await student.getByLabel('账户').fill('student3');
  await student.getByLabel('密码').fill(DEMO_PASSWORD);
  await student.getByRole('button', { name: '登录' }).click();
  await expect(student).toHaveURL(/\/dashboard\/index$/);
  await expect(student.locator('.xt-notice[data-socket="open"]')).toBeVisible({ timeout: 15_000 });
  expect(socketOpened).toBe(true);
  // The student is on a page: 我的作品.
  await mainMenu(student).getByRole('link', { name: '我的作品', exact: true }).click();
  await expect(student).toHaveURL(/\/account\/center/);

  const admin = await loginInNewContext(browser, ADMIN.username, ADMIN.password);
  // The menu offers the group; its first screen opens in the shell.
  await openMenuGroup(admin, '系统监控');
  await mainMenu(admin).getByRole('link', { name: '服务器信息' }).click();
  await expect(admin.locator('#xt-system-info')).toBeVisible();
  // The panel refreshes itself (its 更新于 time changes without a reload).
  const readAt = await admin.locator('[data-field="readAt"]').textContent();
  await expect(admin.locator('[data-field="readAt"]')).not.toHaveText(readAt ?? '', { timeout: 12_000 });
  await snap(admin, `${SHOTS}/sysmonitor-system.png`, { fullPage: true });

  await walk(admin, '/monitor/JvmInfo', 'Node.js信息', '事件循环', 'runtime');
  await walk(admin, '/monitor/TomcatInfo', 'HTTP服务', '响应时间分布', 'http');
  await walk(admin, '/monitor/redis', 'Redis监控', '未配置 Redis', 'redis');
  await walk(admin, '/monitor/Disk', '磁盘监控', '数据目录（DATA_DIR）', 'disk');
  await walk(admin, '/monitor/HttpTrace', '请求追踪', '/monitor/Disk', 'trace');
  await walk(admin, '/exception/500', '500', '抱歉，服务器出错了', 'exception-500');

  // 在线用户: the student's session, 强制退出 after the confirmation.
  // Earlier specs may have left other sessions of student3: the newest login is this student's.
  await admin.goto('/monitor/online?username=student3&column=loginTime&order=desc');
  const rows = admin.locator('.ant-table-row', { hasText: 'student3' });
  const row = rows.first();
  await expect(row).toContainText('127.0.0.1');
  await expect(row).toContainText(/Chrome \d+ \/ Linux/);
  await snap(admin, `${SHOTS}/sysmonitor-online.png`, { fullPage: true });
  admin.once('dialog', (d) => {
    expect(d.message()).toContain('确定强制该用户退出吗');
    void d.accept();
  });
  const sessions = await rows.count();
  await row.getByRole('link', { name: '强制退出' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: '已强制退出 student3' })).toBeVisible();
  await expect(rows).toHaveCount(sessions - 1);

  // The student's socket closed at once; their next click ends on the login page.
  await expect.poll(() => socketClosed, { timeout: 10_000 }).toBe(true);
  await mainMenu(student).getByRole('link', { name: '我的课程', exact: true }).click();
  await expect(student.getByText('很抱歉，登录已过期，请重新登录')).toBeVisible();
  await snap(student, `${SHOTS}/sysmonitor-student-expired.png`);
  await student.getByRole('button', { name: '重新登录' }).click();
  await expect(student).toHaveURL(/\/user\/login/);
  await expect(student.getByRole('button', { name: '登录' })).toBeVisible();

  await studentContext.close();
  await admin.context().close();
});
