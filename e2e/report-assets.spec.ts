// 班级教学记录 and Scratch素材库 in Chromium: the report's presets and range with its SVG charts (desktop and
// 375 px), and an admin adding a backdrop and a sound through the dialog (files uploaded through htmx's
// multipart form), seeing the previews and the computed JSON.
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { ADMIN, TEACHER } from './fixtures';
import { loginInNewContext } from './login';
import { makeWav } from '../test/media';
import { snap } from './shots';

const shot = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/${name}`;
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const png = (w: number, h: number, rgb: [number, number, number]) => {
  const img = new PNG({ width: w, height: h });
  for (let i = 0; i < img.data.length; i += 4) img.data.set([...rgb, 255], i);
  return PNG.sync.write(img);
};

/**
 * Day-log rows for the demo classes over the last months, written straight into the SQLite file (the events
 * that raise them are other screens' flows). Under PostgreSQL the report shows its empty states instead.
 */
function seedDayLog(): boolean {
  if (process.env.TEST_DATABASE_URL) return false;
  const db = new Database(path.join(process.env.XUETANG_E2E_DATA_DIR!, 'xuetang.db'));
  try {
    const classes = db.prepare("select id, depart_name from sys_depart where org_category = '3' order by org_code").all() as { id: string; depart_name: string }[];
    const insert = db.prepare(
      `insert or ignore into teaching_depart_day_log (id, depart_id, depart_name, create_time, unit_open_count, course_work_assign_count,
        additional_work_assign_count, course_work_correct_count, additional_work_correct_count, course_work_submit_count, additional_work_submit_count)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    classes.forEach((c, ci) => {
      for (const back of [2, 9, 20, 33, 47, 58, 75]) {
        const d = new Date();
        d.setDate(d.getDate() - back - ci);
        const n = (back % 3) + ci + 1;
        insert.run(`e2e-${ci}-${back}`, c.id, c.depart_name, ymd(d), n, n % 2, n, n % 2, n - 1, n + 1, 2 * n);
      }
    });
    return classes.length > 0;
  } finally {
    db.close();
  }
}

test('班级教学记录: presets, a range, KPI tiles, SVG charts and the class table', async ({ browser }) => {
  const seeded = seedDayLog();
  const page = await loginInNewContext(browser, ADMIN.username, ADMIN.password, { width: 1366, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/dashboard/index');
  // From the menu: 统计报表 → 班级教学记录.
  await page.getByRole('link', { name: '班级教学记录' }).first().click();
  await expect(page).toHaveURL(/\/report\/depart$/);
  await expect(page.getByText('教学数据概览')).toBeVisible();
  await expect(page.getByRole('link', { name: '最新60天' })).toHaveAttribute('aria-current', 'true');
  if (seeded) {
    await expect(page.getByRole('img', { name: '布置作业类型分布' })).toBeVisible();
    await expect(page.getByRole('img', { name: /每月开课节数与作业布置次数/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: '一年级一班' })).toBeVisible();
  }
  await snap(page, shot('report-desktop.png'), { fullPage: true });

  await page.getByRole('link', { name: '最新30天' }).click();
  await expect(page).toHaveURL(/days=30/);
  await expect(page.getByRole('link', { name: '最新30天' })).toHaveAttribute('aria-current', 'true');

  // A range without records: the Chinese empty states.
  await page.getByLabel('开始日期').fill('2020-01-01');
  await page.getByLabel('结束日期').fill('2020-01-31');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/startTime=2020-01-01/);
  await expect(page.getByText('所选时间内没有布置作业')).toBeVisible();
  await expect(page.getByText('所选时间内您负责的班级没有教学记录')).toBeVisible();
  expect(errors).toEqual([]);

  // A teacher on a phone: their classes, the tiles two by two, the charts stacked.
  const phone = await loginInNewContext(browser, TEACHER.username, TEACHER.password, { width: 375, height: 812 });
  await phone.goto('/report/depart?days=90');
  await expect(phone.getByText('教学数据概览')).toBeVisible();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await snap(phone, shot('report-375.png'), { fullPage: true });
});

test('Scratch素材库: an admin adds a backdrop and a sound; previews and the computed JSON', async ({ browser }) => {
  const page = await loginInNewContext(browser, ADMIN.username, ADMIN.password, { width: 1366, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/scratch/assets');
  await expect(page.getByText('暂无数据')).toBeVisible();

  await page.getByRole('link', { name: '新增' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '背景' }).check();
  await dialog.getByLabel('素材名').fill('蓝色教室');
  await dialog.locator('input[name="md5Ext__file"]').setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: png(480, 360, [76, 151, 255]) });
  await dialog.getByRole('group', { name: '背景标签' }).getByLabel('室内').check();
  await expect(dialog.getByText('保存后由服务器根据上传的文件自动生成')).toBeVisible();
  await snap(page, shot('assets-form.png'), { fullPage: true });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '蓝色教室' });
  await expect(row).toContainText('背景');
  await expect(row).toContainText('室内');
  await expect(row.locator('img.xt-cell-image')).toBeVisible();

  // A sound: its preview is an audio player.
  await page.getByRole('link', { name: '新增' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '声音' }).check();
  await dialog.getByLabel('素材名').fill('叮');
  await dialog.locator('input[name="md5Ext__file"]').setInputFiles({ name: 'ding.wav', mimeType: 'audio/wav', buffer: makeWav(22050, 11025) });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '叮' }).locator('audio')).toBeAttached();
  await snap(page, shot('assets-desktop.png'), { fullPage: true });

  // The edit dialog shows the JSON the server computed.
  await row.getByRole('link', { name: '编辑' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.locator('pre.xt-asset-json')).toContainText('"rotationCenterX": 240');
  await expect(dialog.locator('pre.xt-asset-json')).toContainText('"bitmapResolution": 2');
  await snap(page, shot('assets-edit.png'), { fullPage: true });
  expect(errors).toEqual([]);

  const phone = await loginInNewContext(browser, ADMIN.username, ADMIN.password, { width: 375, height: 812 });
  await phone.goto('/scratch/assets');
  await expect(phone.getByRole('cell', { name: '蓝色教室' })).toBeVisible();
  await snap(phone, shot('assets-375.png'), { fullPage: true });
});
