// Works end to end: a teacher grades a student's work on 作业管理 (4 stars, a remark, 首页展示); the
// student sees the score and remark in 我的作品列表; the work shows on the public home page.
import { expect, test, type Page } from '@playwright/test';
import { STUDENT, TEACHER } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';

const shot = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/${name}`;
const WORK = '打地鼠（未完成）';
const REMARK = '思路清楚，继续加油';

async function phoneShot(page: Page, path: string, name: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(path);
  await snap(page, shot(name), { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('a teacher grades a work; the student sees the grade and the work is on the home page', async ({ browser }) => {
  test.setTimeout(120_000);
  const teacher = await loginInNewContext(browser, TEACHER.username, TEACHER.password, { width: 1366, height: 900 });
  const errors: string[] = [];
  teacher.on('pageerror', (e) => errors.push(e.message));

  await teacher.goto('/teaching/workList');
  const row = teacher.getByRole('row').filter({ hasText: WORK });
  await expect(row).toBeVisible();
  await snap(teacher, shot('works-desk.png'), { fullPage: true });

  await row.getByRole('link', { name: '批改' }).click();
  const dialog = teacher.getByRole('dialog');
  await expect(dialog).toContainText('批改');
  // No star is chosen until the teacher chooses; choose 5 then 4 to use the widget.
  await expect(dialog.locator('#f-score-0')).toBeChecked();
  await dialog.locator('label[for="f-score-5"]').click();
  await dialog.locator('label[for="f-score-4"]').click();
  await expect(dialog.locator('#f-score-4')).toBeChecked();
  await dialog.getByRole('radio', { name: '首页展示' }).check();
  await dialog.getByLabel('评语').fill(REMARK);
  await snap(teacher, shot('works-grade.png'), { fullPage: true });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(teacher.getByText('编辑成功!')).toBeVisible();
  await expect(teacher.getByRole('row').filter({ hasText: WORK })).toContainText('首页展示');

  // The QR dialog of the work's share page.
  const graded = teacher.getByRole('row').filter({ hasText: WORK });
  await graded.locator('summary', { hasText: '更多' }).click();
  await expect(graded.getByRole('link', { name: '历史版本' })).toBeVisible();
  await snap(teacher, shot('works-more.png'));
  await graded.getByRole('link', { name: '二维码' }).click();
  await expect(teacher.getByRole('dialog').locator('svg')).toBeVisible();
  await snap(teacher, shot('works-qr.png'));
  // 创作来源 searches as soon as it changes.
  await teacher.goto('/teaching/workList');
  await teacher.getByLabel('创作来源').selectOption('course');
  await expect(teacher).toHaveURL(/workScene=course/);
  await expect(teacher.getByRole('row').filter({ hasText: WORK })).toHaveCount(0);
  await phoneShot(teacher, '/teaching/workList', 'works-desk-phone.png');
  expect(errors).toEqual([]);

  // The student: score and remark in 我的作品列表, the card grid on 个人中心.
  const student = await loginInNewContext(browser, STUDENT.username, STUDENT.password, { width: 1366, height: 900 });
  await student.goto('/account/mineWork');
  const mine = student.getByRole('row').filter({ hasText: WORK });
  await expect(mine.getByRole('img', { name: '4星' })).toBeVisible();
  await expect(mine).toContainText(REMARK);
  await expect(mine).toContainText('首页展示');
  await snap(student, shot('works-mine.png'), { fullPage: true });
  await phoneShot(student, '/account/mineWork', 'works-mine-phone.png');
  await student.goto('/account/center');
  await expect(student.locator('.xt-work-card').filter({ hasText: WORK })).toBeVisible();
  await snap(student, shot('works-center.png'), { fullPage: true });
  await phoneShot(student, '/account/center', 'works-center-phone.png');

  // The public home page lists it (status 首页展示).
  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  await home.goto('/home');
  await expect(home.getByText(WORK).first()).toBeVisible();
});
