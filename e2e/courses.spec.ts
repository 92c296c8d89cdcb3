// Courses end to end: an admin creates a map course with a map image, adds a unit, places it with the
// 地图编辑器 (dragging the flag; leaving with unsaved moves asks first), assigns the course to a class with
// an open time in the 课程 tab of 班级管理, and the class's student then finds it in 我的课程. A teacher creates
// a course and a unit of their own, and is offered no 编辑/删除 on the admin's courses.
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { ADMIN, STUDENT, TEACHER } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';
import { openMenuGroup } from './shell-helpers';

const shot = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/${name}`;

const mapPng = () => {
  const img = new PNG({ width: 800, height: 500 });
  for (let i = 0; i < img.data.length; i += 4) img.data.set([180, 220, 160, 255], i);
  return PNG.sync.write(img);
};

test('an admin builds a map course, places a unit with the map editor and opens it to a class', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await loginInNewContext(browser, ADMIN.username, ADMIN.password, { width: 1366, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The island loader reports props it cannot parse (the map editor's once were HTML-escaped).
  page.on('console', (m) => m.text().startsWith('[islands]') && errors.push(m.text()));

  // 课程包管理: the seeded courses, then a new map course.
  await page.goto('/course/course');
  await expect(page.getByRole('cell', { name: 'Scratch游戏闯关' })).toBeVisible();
  await snap(page, shot('courses-list.png'), { fullPage: true });
  await page.getByRole('link', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('课程名').fill('星际闯关');
  await dialog.getByRole('radio', { name: '地图' }).check();
  await dialog.locator('input[name="courseMap__file"]').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: mapPng() });
  await snap(page, shot('courses-form.png'), { fullPage: true });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '星际闯关' });
  await expect(row).toContainText('地图');

  // 单元 opens the course's units; add one.
  await row.getByRole('link', { name: '单元' }).click();
  await expect(page).toHaveURL(/\/course\/courseUnit\?courseId=/);
  await page.getByRole('link', { name: '新增' }).click();
  const unitDialog = page.getByRole('dialog');
  // A new unit of a course's list starts in that course.
  await expect(unitDialog.getByLabel('所属课程包').locator('option:checked')).toHaveText('星际闯关');
  await unitDialog.getByLabel('单元名称').fill('第1站 月球');
  await snap(page, shot('units-form.png'), { fullPage: true });
  await unitDialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(page.getByRole('cell', { name: '第1站 月球' })).toBeVisible();
  await snap(page, shot('units-list.png'), { fullPage: true });

  // 地图编辑器: drag the flag, leave → asked, stay; save.
  await page.getByRole('link', { name: '地图编辑器' }).click();
  const editor = page.locator('.xt-map-editor[data-map-ready="1"]');
  await expect(editor).toBeVisible();
  const flag = page.locator('.xt-map-flag').first();
  const box = (await flag.boundingBox())!;
  await page.mouse.move(box.x + 25, box.y + 25);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 150, { steps: 5 });
  await page.mouse.up();
  const x = page.getByLabel('第1站 月球 地图坐标X');
  await expect(x).not.toHaveValue('0');
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('link', { name: '关闭' }).click();
  expect(asked).toEqual(['地图已修改，确定要关闭吗 ?']);
  await expect(editor).toBeVisible();
  const placedX = await x.inputValue();
  await snap(page, shot('map-editor.png'), { fullPage: true });
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('地图已保存')).toBeVisible();
  await expect(page.getByLabel('第1站 月球 地图坐标X')).toHaveValue(placedX);

  // 班级管理 → 一年级二班 → 课程: add the course, set its open time.
  await page.goto('/isystem/departDetailList');
  await page.getByRole('tree', { name: '部门' }).getByRole('link', { name: /一年级二班/ }).click();
  await page.locator('.xt-depart-tabs').getByRole('tab', { name: '课程', exact: true }).click();
  await page.getByRole('link', { name: '添加已有课程' }).click();
  await page.getByRole('checkbox', { name: /星际闯关/ }).check();
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await expect(page.getByText('课程已添加，请设置开课时间')).toBeVisible();
  const courseRow = page.getByRole('row').filter({ hasText: '星际闯关' });
  await expect(courseRow).toContainText('未设置');
  await courseRow.getByLabel('星际闯关 的课程开课时间').fill('2024-09-01T08:00');
  await courseRow.getByRole('button', { name: '设置开课时间' }).click();
  await expect(page.getByText('开课时间已保存')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '星际闯关' })).toContainText('2024-09-01 08:00:00');
  await snap(page, shot('depart-courses.png'), { fullPage: true });
  expect(errors).toEqual([]);

  // A student of 一年级二班 now has the course.
  const student = await loginInNewContext(browser, 'student3', STUDENT.password);
  const mine = await student.request.get('/api/teaching/teachingCourse/mineCourse');
  expect(((await mine.json()).result as { courseName: string }[]).map((c) => c.courseName)).toContain('星际闯关');
});

test('a teacher creates a course and a unit, and may change only their own', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await loginInNewContext(browser, TEACHER.username, TEACHER.password, { width: 1366, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // 课程管理 is in the teacher's menu.
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await openMenuGroup(page, '课程管理');
  await menu.getByRole('link', { name: '课程包管理' }).click();
  await expect(page).toHaveURL(/\/course\/course$/);
  const adminRow = page.getByRole('row').filter({ hasText: 'Python初探' });
  await expect(adminRow).toBeVisible();
  await expect(adminRow.getByRole('link', { name: '单元' })).toBeVisible();
  await expect(adminRow.getByRole('link', { name: '编辑' })).toHaveCount(0);
  await expect(adminRow.getByText('删除')).toHaveCount(0);

  await page.getByRole('link', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('课程名').fill('王老师的动画课');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  const own = page.getByRole('row').filter({ hasText: '王老师的动画课' });
  await expect(own.getByRole('link', { name: '编辑' })).toBeVisible();

  await own.getByRole('link', { name: '单元' }).click();
  await expect(page).toHaveURL(/\/course\/courseUnit\?courseId=/);
  await page.getByRole('link', { name: '新增' }).click();
  const unitDialog = page.getByRole('dialog');
  await expect(unitDialog.getByLabel('所属课程包').locator('option:checked')).toHaveText('王老师的动画课');
  await unitDialog.getByLabel('单元名称').fill('第1课 会动的小猫');
  await unitDialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  const unitRow = page.getByRole('row').filter({ hasText: '第1课 会动的小猫' });
  await expect(unitRow.getByRole('link', { name: '编辑' })).toBeVisible();

  // Editing their own course works; the admin's course still offers nothing to change.
  await page.goto('/course/course');
  await page.getByRole('row').filter({ hasText: '王老师的动画课' }).getByRole('link', { name: '编辑' }).click();
  await page.getByRole('dialog').getByLabel('课程名').fill('王老师的动画课（二）');
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('cell', { name: '王老师的动画课（二）' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Scratch入门' }).getByRole('link', { name: '编辑' })).toHaveCount(0);
  await snap(page, shot('courses-teacher.png'), { fullPage: true });

  // The API refuses the admin's course whatever the page offers.
  const python = ((await (await page.request.get('/api/teaching/teachingCourse/list?pageSize=100')).json()).result.records as { id: string; courseName: string }[]).find((r) => r.courseName === 'Python初探')!;
  const refused = await page.request.put('/api/teaching/teachingCourse/edit', { data: { id: python.id, courseName: '改名' }, headers: { Origin: new URL(page.url()).origin } });
  expect((await refused.json()).message).toBe('只能编辑自己创建的课程');
  expect(errors).toEqual([]);
});
