// 仪表盘 in Chromium: the admin's 分析页 with its SVG charts (1366 and 375 px), a teacher's 工作台 listing an
// ungraded work whose 批改 link opens the grading form, and a student's home (their works, homework, 开始创作).
import { expect, test } from '@playwright/test';
import { ADMIN, STUDENT, TEACHER } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';

const shot = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/${name}`;

test('分析页: the admin reaches it from the 仪表盘 menu and sees the charts', async ({ browser }) => {
  const page = await loginInNewContext(browser, ADMIN.username, ADMIN.password, { width: 1366, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await expect(page.getByText('关键数据')).toBeVisible();
  await page.locator('#xt-menu').getByText('仪表盘', { exact: true }).click();
  await page.locator('#xt-menu').getByRole('link', { name: '分析页' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByRole('img', { name: /近30天每天新建作品数与提交作业数/ })).toBeVisible();
  await expect(page.getByRole('img', { name: '用户角色分布' })).toBeVisible();
  await expect(page.locator('.xt-rank-label', { hasText: '一年级一班' })).toBeVisible();
  await snap(page, shot('dashboard-analysis-1366.png'), { fullPage: true });
  // A phone loads the page afresh (the side menu is a closed drawer there).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/analysis');
  await expect(page.getByRole('img', { name: '用户角色分布' })).toBeVisible();
  await snap(page, shot('dashboard-analysis-375.png'), { fullPage: true });
  await page.goto('/dashboard/monitor');
  await expect(page.getByText('各项状态')).toBeVisible();
  await snap(page, shot('dashboard-monitor-375.png'), { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/dashboard/index');
  await snap(page, shot('dashboard-home-admin-1366.png'), { fullPage: true });
  expect(errors).toEqual([]);
  await page.context().close();
});

test('工作台: a teacher sees an ungraded work and its 批改 link opens grading', async ({ browser }) => {
  const page = await loginInNewContext(browser, TEACHER.username, TEACHER.password, { width: 1366, height: 900 });
  await expect(page.getByRole('link', { name: '进入工作台' })).toBeVisible();
  await snap(page, shot('dashboard-home-teacher-1366.png'), { fullPage: true });
  await page.getByRole('link', { name: '进入工作台' }).click();
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  const row = page.locator('#xt-ungraded tr', { hasText: '校园一角' });
  await expect(row).toBeVisible();
  await snap(page, shot('dashboard-workplace-1366.png'), { fullPage: true });
  await row.getByRole('link', { name: '批改“校园一角”' }).click();
  await expect(page).toHaveURL(/\/teaching\/workList\/form\?id=/);
  await expect(page.getByRole('heading', { name: '批改' })).toBeVisible();
  await expect(page.locator('input[name="workName"]')).toHaveValue('校园一角');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/workplace');
  await expect(row).toBeVisible();
  await snap(page, shot('dashboard-workplace-375.png'), { fullPage: true });
  await page.context().close();
});

test('首页 of a student: their works, homework to do and 开始创作', async ({ browser }) => {
  const page = await loginInNewContext(browser, STUDENT.username, STUDENT.password, { width: 375, height: 800 });
  await expect(page.getByText('我最近的作品')).toBeVisible();
  await expect(page.getByRole('link', { name: '开始创作' })).toHaveAttribute('href', '/scratch3/index.html?scene=create');
  await expect(page.locator('[data-kpi="我的作品"] .xt-kpi-value')).not.toHaveText('0');
  await snap(page, shot('dashboard-home-student-375.png'), { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await snap(page, shot('dashboard-home-student-1366.png'), { fullPage: true });
  await page.context().close();
});
