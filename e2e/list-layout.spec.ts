// What a new school tripped over in the staff lists and the 批改 dialog (issue 18, items 6, 8, 10, 13):
// at 1366×768 headings read on one line, 状态 is not hidden under the fixed 操作 column and no raw id is a
// column; at 375 px every row is a card with its key columns and its actions; the 批改 dialog plays the work
// beside the form and rates with stars (1→5, none chosen first, keyboard and 44 px targets); the class-course
// open time reads in one format.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, TEACHER } from './fixtures';
import { loginInNewContext } from './login';
import { copyWork } from './server-db';
import { snap } from './shots';

const shot = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/${name}`;
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 800 };

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
};

/** How many lines each header cell's text takes (distinct line boxes of its text). */
const headerLines = (page: Page) =>
  page.locator('.xt-list .ant-table-thead th:not(.ant-table-selection-column)').evaluateAll((ths) =>
    ths.map((th) => {
      const range = document.createRange();
      range.selectNodeContents(th.querySelector('.ant-table-column-title') ?? th);
      const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return { text: (th.textContent ?? '').trim(), lines: tops.size, height: Math.round(th.getBoundingClientRect().height) };
    }),
  );

test('at 1366×768: headings on one line, 状态 clear of the fixed 操作 column, no id column', async ({ browser }) => {
  const admin = await loginInNewContext(browser, ADMIN.username, ADMIN.password, DESKTOP);

  // 课程包管理: every heading on one line (they wrapped one character a line).
  await admin.goto('/course/course');
  await expect(admin.getByRole('row').filter({ hasText: 'Scratch入门' })).toBeVisible();
  const heads = await headerLines(admin);
  expect(heads.length).toBeGreaterThan(8);
  for (const h of heads.filter((x) => x.text)) expect(h, `heading ${h.text}`).toMatchObject({ lines: 1 });
  expect(Math.max(...heads.map((h) => h.height))).toBeLessThan(64);
  await snap(admin, shot('list-courses-1366.png'));

  // 作业管理: the table scrolls sideways under 操作, but 状态 is fully in view, heading and cells.
  await admin.goto('/teaching/workList');
  const table = admin.locator('.xt-list table');
  await expect(admin.getByRole('row').filter({ hasText: '小猫跳舞' })).toBeVisible();
  const status = admin.locator('.xt-list thead th', { hasText: '状态' });
  const actions = admin.locator('.xt-list thead th', { hasText: '操作' });
  expect((await box(status)).x + (await box(status)).width).toBeLessThanOrEqual((await box(actions)).x);
  const row = admin.getByRole('row').filter({ hasText: '小猫跳舞' });
  const statusCell = row.locator('td').filter({ hasText: '精选作品' });
  expect((await box(statusCell)).x + (await box(statusCell)).width).toBeLessThanOrEqual((await box(row.locator('td.xt-actions-col'))).x);
  await expect(row.locator('td.xt-actions-col').getByRole('link', { name: '批改' })).toBeVisible();
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth), 'the desk is wider than the card and scrolls').toBe(true);
  await snap(admin, shot('list-works-1366.png'));
  await admin.context().close();

  // 布置班级作业 (a teacher): no 32-character id anywhere in the table.
  const teacher = await loginInNewContext(browser, TEACHER.username, TEACHER.password, DESKTOP);
  await teacher.goto('/work/additionalWork');
  await expect(teacher.getByRole('row').filter({ hasText: '小猫接苹果' })).toBeVisible();
  const cells = await teacher.locator('.xt-list table th, .xt-list table td').allInnerTexts();
  expect(cells.filter((t) => /[0-9a-f]{32}/i.test(t) || t.trim() === 'ID')).toEqual([]);
  for (const h of (await headerLines(teacher)).filter((x) => x.text)) expect(h, `heading ${h.text}`).toMatchObject({ lines: 1 });
  await snap(teacher, shot('list-homework-1366.png'));
  await teacher.context().close();
});

/** At phone width each row is a card: inside the screen, its key columns labelled, its action links. */
async function expectCards(page: Page, o: { rows: number; labels: string[]; hidden: string[]; actions: string[] }) {
  await expect(page.locator('.xt-list .ant-table-thead')).toBeHidden();
  const cards = page.locator('.xt-list tr.ant-table-row');
  await expect(cards).toHaveCount(o.rows);
  for (let i = 0; i < o.rows; i++) {
    const card = cards.nth(i);
    const b = await box(card);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
    const shown = await card.locator('td[data-label]:visible').evaluateAll((tds) => tds.map((td) => td.getAttribute('data-label')));
    expect(shown).toEqual(o.labels);
    for (const l of o.hidden) await expect(card.locator(`td[data-label="${l}"]`)).toBeHidden();
    for (const a of o.actions) {
      const link = card.getByRole('link', { name: a, exact: true });
      await expect(link).toBeVisible();
      const lb = await box(link);
      expect(lb.y).toBeGreaterThanOrEqual(b.y);
      expect(lb.y + lb.height).toBeLessThanOrEqual(b.y + b.height);
    }
  }
}

test('at 375 px every staff list row is a card with its key columns and actions', async ({ browser }) => {
  const teacher = await loginInNewContext(browser, TEACHER.username, TEACHER.password, PHONE);
  await teacher.goto('/teaching/workList');
  const rows = await teacher.locator('.xt-list tr.ant-table-row').count();
  expect(rows).toBeGreaterThan(3);
  // Its declared key columns, in the table's order.
  await expectCards(teacher, { rows, labels: ['姓名', '名称', '状态', '提交时间'], hidden: ['封面', '来源', '所属课程'], actions: ['批改'] });
  const first = teacher.locator('.xt-list tr.ant-table-row').first();
  await snap(teacher, shot('list-works-375.png'), { fullPage: true });

  // 更多 still opens inside the card.
  await first.locator('summary', { hasText: '更多' }).click();
  await expect(first.getByRole('link', { name: '历史版本' })).toBeVisible();
  await first.locator('summary', { hasText: '更多' }).click();

  // Another list through the same template: 布置班级作业 (default key columns: the first three).
  await teacher.goto('/work/additionalWork');
  const hw = await teacher.locator('.xt-list tr.ant-table-row').count();
  expect(hw).toBeGreaterThan(0);
  await expectCards(teacher, { rows: hw, labels: ['代码类型', '作业名', '作业描述'], hidden: ['作业封面', '分配班级'], actions: ['编辑', '提交情况'] });
  await snap(teacher, shot('list-homework-375.png'), { fullPage: true });
  await teacher.context().close();
});

test('批改: the work plays beside the form; stars 1→5, none chosen, keyboard and touch; a missing score is refused', async ({ browser }) => {
  test.setTimeout(90_000);
  const teacher = await loginInNewContext(browser, TEACHER.username, TEACHER.password, DESKTOP);
  const errors: string[] = [];
  teacher.on('pageerror', (e) => errors.push(e.message));
  // This spec's own copy of 我的第一个作品 (student3, Scratch, not graded yet): grading it changes no seeded work.
  const work = await copyWork('我的第一个作品', 'grade');
  await teacher.goto('/teaching/workList?workName=' + encodeURIComponent(work));
  const row = teacher.getByRole('row').filter({ hasText: work });
  await expect(teacher.locator('iframe')).toHaveCount(0);
  await row.getByRole('link', { name: '批改' }).click();
  const dialog = teacher.getByRole('dialog');
  await expect(dialog).toContainText('批改');

  // The player is in the dialog (loaded now that it opened), left of the form.
  const frame = dialog.locator('iframe[src^="/scratch3/player.html?workId="]');
  await expect(frame).toBeVisible();
  await expect(teacher.frameLocator('.xt-graded-work iframe').locator('.sc-canvas')).toBeVisible({ timeout: 30_000 });
  const form = dialog.locator('form.xt-form');
  expect((await box(frame)).x + (await box(frame)).width).toBeLessThanOrEqual((await box(form)).x);

  // Stars: 1→5 left to right, none chosen, each a 44 px target.
  const stars = dialog.locator('label.xt-rate-star');
  await expect(stars).toHaveCount(5);
  const boxes = await Promise.all([0, 1, 2, 3, 4].map((i) => box(stars.nth(i))));
  for (let i = 0; i < 5; i++) {
    expect(boxes[i].width).toBeGreaterThanOrEqual(44);
    expect(boxes[i].height).toBeGreaterThanOrEqual(44);
    if (i) expect(boxes[i].x).toBeGreaterThan(boxes[i - 1].x);
    await expect(stars.nth(i)).toHaveAttribute('title', `${i + 1}星`);
  }
  for (const n of [1, 2, 3, 4, 5]) await expect(dialog.getByRole('radio', { name: `${n}星` })).not.toBeChecked();
  await expect(dialog.getByText('未评分')).toBeVisible();
  const lit = () => stars.evaluateAll((ls) => ls.map((l) => getComputedStyle(l).color === 'rgb(250, 219, 20)'));
  await teacher.mouse.move(0, 0);
  await expect.poll(lit).toEqual([false, false, false, false, false]);

  // Without a score the server refuses, saying so beside 评分; what was typed stays.
  await dialog.getByRole('radio', { name: '已批改' }).check();
  await dialog.getByLabel('评语').fill('小猫动起来了');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.locator('#f-score-error')).toHaveText('请选择评分');
  await expect(dialog.getByLabel('评语')).toHaveValue('小猫动起来了');
  await expect(dialog.getByRole('radio', { name: '已批改' })).toBeChecked();

  // Touch/click the third star, then the keyboard moves right to the fourth.
  await dialog.locator('label[for="f-score-3"]').click();
  await expect(dialog.getByRole('radio', { name: '3星' })).toBeChecked();
  await teacher.mouse.move(0, 0);
  await expect.poll(lit).toEqual([true, true, true, false, false]);
  await dialog.getByRole('radio', { name: '3星' }).focus();
  await teacher.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '4星' })).toBeChecked();
  await expect.poll(lit).toEqual([true, true, true, true, false]);
  await snap(teacher, shot('grade-dialog-1366.png'));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(teacher.getByText('编辑成功!')).toBeVisible();
  await expect(teacher.getByRole('dialog')).toHaveCount(0);

  // Opened again: the saved 4 stars. On a phone the player sits above the form.
  await teacher.setViewportSize(PHONE);
  await teacher.getByRole('row').filter({ hasText: work }).getByRole('link', { name: '批改' }).click();
  const again = teacher.getByRole('dialog');
  await expect(again.getByRole('radio', { name: '4星' })).toBeChecked();
  const f2 = again.locator('iframe');
  await expect(f2).toBeVisible();
  const fb = await box(f2);
  expect(fb.x + fb.width).toBeLessThanOrEqual(PHONE.width);
  expect(fb.y + fb.height).toBeLessThanOrEqual((await box(again.locator('form.xt-form'))).y);
  await snap(teacher, shot('grade-dialog-375.png'));
  await again.locator('.xt-rate').scrollIntoViewIfNeeded();
  await snap(teacher, shot('grade-dialog-375-stars.png'));
  expect(errors).toEqual([]);
  await teacher.context().close();
});

test('批改 without JavaScript: the form page draws the stars', async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByLabel('账户').fill(TEACHER.username);
  await page.getByLabel('密码').fill(TEACHER.password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.goto('/teaching/workList?workName=' + encodeURIComponent('弹跳小球'));
  await page.getByRole('row').filter({ hasText: '弹跳小球' }).getByRole('link', { name: '批改' }).click();
  await expect(page.getByRole('heading', { name: '批改' })).toBeVisible();
  const star = page.locator('label.xt-rate-star').first();
  await expect(star).toBeVisible();
  expect(await star.evaluate((l) => getComputedStyle(l).fontSize)).toBe('32px');
  // The radios themselves are not drawn; the stars are.
  await expect(page.getByRole('radio', { name: '1星' })).toHaveCSS('opacity', '0');
  await page.locator('label[for="f-score-5"]').click();
  await expect(page.getByRole('radio', { name: '5星' })).toBeChecked();
  await snap(page, shot('grade-page-nojs.png'), { fullPage: true });
  await context.close();
});

test('班级管理 → 课程: the open time reads in one format, in the table and in its input', async ({ browser }) => {
  const admin = await loginInNewContext(browser, ADMIN.username, ADMIN.password, DESKTOP);
  await admin.goto('/isystem/departDetailList');
  await admin.getByRole('tree', { name: '部门' }).getByRole('link', { name: /一年级一班/ }).click();
  await admin.locator('.xt-depart-tabs').getByRole('tab', { name: '课程', exact: true }).click();
  const inputs = admin.getByLabel(/的课程开课时间$/);
  await expect(inputs.first()).toBeVisible();
  const n = await inputs.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const value = await inputs.nth(i).inputValue();
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/);
    const name = (await inputs.nth(i).getAttribute('aria-label'))!;
    await expect(admin.getByRole('row').filter({ has: admin.getByLabel(name, { exact: true }) })).toContainText(value);
  }
  // Typed in the same format, saved and shown back in it.
  const label = (await inputs.first().getAttribute('aria-label'))!;
  await inputs.first().fill('2024-09-01 08:30');
  await admin.getByRole('row').filter({ has: admin.getByLabel(label, { exact: true }) }).getByRole('button', { name: '设置开课时间' }).click();
  await expect(admin.getByText('开课时间已保存')).toBeVisible();
  const saved = admin.getByLabel(label, { exact: true });
  await expect(saved).toHaveValue('2024-09-01 08:30:00');
  await expect(admin.getByRole('row').filter({ has: saved })).toContainText('2024-09-01 08:30:00');
  await snap(admin, shot('depart-course-times.png'), { fullPage: true });
  await admin.context().close();
});
