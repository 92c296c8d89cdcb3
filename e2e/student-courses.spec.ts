// The student's courses end to end: an admin builds a map course with a map image, adds two units and places
// them with the 地图编辑器, assigns the course to the demo class with an open time in the past (班级管理 → 课程);
// the class's student opens 我的课程, the course map, and a unit from its flag — on a desktop and a phone.
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { ADMIN, STUDENT } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';

const shot = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/${name}`;

const mapPng = () => {
  const img = new PNG({ width: 800, height: 500 });
  for (let y = 0; y < 500; y++)
    for (let x = 0; x < 800; x++) img.data.set(x + y < 700 ? [170, 215, 150, 255] : [120, 170, 220, 255], (y * 800 + x) * 4);
  return PNG.sync.write(img);
};

async function addUnit(page: Page, name: string) {
  await page.getByRole('link', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('所属课程包').locator('option:checked')).toHaveText('银河探险');
  await dialog.getByLabel('单元名称').fill(name);
  await dialog.getByLabel('单元简介').fill(`${name}的说明\n第二行`);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
}

async function drag(page: Page, unit: string, dx: number, dy: number) {
  const flag = page.locator('.xt-map-flag').filter({ hasText: unit });
  const box = (await flag.boundingBox())!;
  await page.mouse.move(box.x + 25, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 25 + dx, box.y + 20 + dy, { steps: 6 });
  await page.mouse.up();
}

test('a student opens a map course and a unit from its flag (desktop and phone)', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await loginInNewContext(browser, ADMIN.username, ADMIN.password, { width: 1366, height: 900 });
  const errors: string[] = [];
  admin.on('pageerror', (e) => errors.push(e.message));

  await admin.goto('/course/course');
  await admin.getByRole('link', { name: '新增' }).click();
  const form = admin.getByRole('dialog');
  await form.getByLabel('课程名').fill('银河探险');
  await form.getByRole('radio', { name: '地图' }).check();
  await form.locator('input[name="courseMap__file"]').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: mapPng() });
  await form.getByRole('button', { name: '确定' }).click();
  await expect(admin.getByText('添加成功！')).toBeVisible();
  await admin.getByRole('row').filter({ hasText: '银河探险' }).getByRole('link', { name: '单元' }).click();
  await expect(admin).toHaveURL(/\/course\/courseUnit\?courseId=/);
  await addUnit(admin, '第1站 月球');
  await addUnit(admin, '第2站 火星');

  // 地图编辑器: both flags start in the top-left row; drag them apart and save.
  await admin.getByRole('link', { name: '地图编辑器' }).click();
  await expect(admin.locator('.xt-map-editor[data-map-ready="1"]')).toBeVisible();
  await drag(admin, '第1站 月球', 120, 300);
  await drag(admin, '第2站 火星', 450, 150);
  await snap(admin, shot('student-courses-map-editor.png'), { fullPage: true });
  await admin.getByRole('button', { name: '保存' }).click();
  await expect(admin.getByText('地图已保存')).toBeVisible();
  const moonX = Number(await admin.getByLabel('第1站 月球 地图坐标X').inputValue());
  const marsX = Number(await admin.getByLabel('第2站 火星 地图坐标X').inputValue());
  expect(marsX - moonX).toBeGreaterThan(200);

  // 班级管理 → 一年级一班 → 课程: add the course and open it in the past.
  await admin.goto('/isystem/departDetailList');
  await admin.getByRole('tree', { name: '部门' }).getByRole('link', { name: /一年级一班/ }).click();
  await admin.locator('.xt-depart-tabs').getByRole('tab', { name: '课程', exact: true }).click();
  await admin.getByRole('link', { name: '添加已有课程' }).click();
  await admin.getByRole('checkbox', { name: /银河探险/ }).check();
  await admin.getByRole('button', { name: '添加', exact: true }).click();
  await expect(admin.getByText('课程已添加，请设置开课时间')).toBeVisible();
  const courseRow = admin.getByRole('row').filter({ hasText: '银河探险' });
  await courseRow.getByLabel('银河探险 的课程开课时间').fill('2024-09-01T08:00');
  await courseRow.getByRole('button', { name: '设置开课时间' }).click();
  await expect(admin.getByText('开课时间已保存')).toBeVisible();
  await snap(admin, shot('student-courses-depart.png'), { fullPage: true });
  expect(errors).toEqual([]);

  for (const [label, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 375, height: 740 }],
  ] as const) {
    const student = await loginInNewContext(browser, 'student1', STUDENT.password, viewport);
    const studentErrors: string[] = [];
    student.on('pageerror', (e) => studentErrors.push(e.message));
    student.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/.test(m.text())) studentErrors.push(m.text());
    });
    await student.goto('/teaching/mineCourse/cardList');
    const card = student.locator('.xt-course-card').filter({ hasText: '银河探险' });
    await expect(card).toBeVisible();
    await expect(student.locator('.xt-course-card').filter({ hasText: 'Scratch入门' })).toBeVisible();
    await snap(student, shot(`student-courses-mine-${label}.png`), { fullPage: true });

    // ⓘ shows the course description in a dialog.
    await card.getByRole('link', { name: /课程介绍/ }).click();
    await expect(student.getByRole('dialog')).toContainText('银河探险');
    await snap(student, shot(`student-courses-info-${label}.png`));
    await student.getByRole('dialog').getByRole('link', { name: '关闭' }).last().click();
    await expect(student.getByRole('dialog')).toHaveCount(0);

    await student.locator('.xt-course-card').filter({ hasText: '银河探险' }).getByRole('link', { name: '银河探险', exact: true }).click();
    await expect(student).toHaveURL(/\/teaching\/mineCourse\/courseUnitMap\?id=/);
    const map = student.locator('.xt-unit-map-canvas');
    await expect(map.locator('img')).toBeVisible();
    const mapBox = (await map.boundingBox())!;
    expect(mapBox.width).toBeLessThanOrEqual(viewport.width);
    // Flags keep their places in proportion to the map: the gap between them scales with the map's width.
    const moon = (await student.locator('.xt-unit-flag').filter({ hasText: '第1站 月球' }).boundingBox())!;
    const mars = (await student.locator('.xt-unit-flag').filter({ hasText: '第2站 火星' }).boundingBox())!;
    expect(Math.abs(mars.x - moon.x - ((marsX - moonX) * mapBox.width) / 800)).toBeLessThan(3);
    await snap(student, shot(`student-courses-map-${label}.png`), { fullPage: true });

    await student.locator('.xt-unit-flag').filter({ hasText: '第2站 火星' }).click();
    const unit = student.getByRole('dialog');
    await expect(unit).toContainText('第2站 火星');
    await expect(unit).toContainText('课程说明');
    await expect(unit).toContainText('第2站 火星的说明');
    await expect(unit.getByRole('link', { name: '去做作业' })).toHaveAttribute('href', /\/scratch3\/index\.html\?scene=course&unitId=/);
    await snap(student, shot(`student-courses-unit-${label}.png`));
    await unit.getByRole('link', { name: '关闭' }).last().click();
    await expect(student.getByRole('dialog')).toHaveCount(0);

    // A card course: its units as cards; one opens in the same dialog.
    await student.goto('/teaching/mineCourse/cardList');
    await student.locator('.xt-course-card').filter({ hasText: 'Scratch入门' }).getByRole('link', { name: 'Scratch入门', exact: true }).click();
    await expect(student).toHaveURL(/\/teaching\/mineCourse\/courseUnitCard\?id=/);
    const unitCards = student.locator('.xt-unit-card');
    await expect(unitCards.first()).toBeVisible();
    await snap(student, shot(`student-courses-cards-${label}.png`), { fullPage: true });
    await unitCards.first().click();
    await expect(student.getByRole('dialog')).toContainText('本节课资料');
    await snap(student, shot(`student-courses-card-unit-${label}.png`));
    expect(studentErrors).toEqual([]);
    await student.context().close();
  }
});
