// 数据日志, 文件管理 and OSS文件 end to end: an admin edits a course twice and compares two of its versions in
// 数据日志 (the changed field highlighted); tries to delete a file a record uses and is told where it is used;
// uploads a picture in OSS文件, finds it among the orphans of 文件管理 and deletes it.
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { ADMIN } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';

const shot = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/${name}`;

const png = () => {
  const img = new PNG({ width: 40, height: 30 });
  for (let i = 0; i < img.data.length; i += 4) img.data.set([90, 160, 220, 255], i);
  return PNG.sync.write(img);
};

test('an admin compares two versions of an edited course and is told where a file is used', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await loginInNewContext(browser, ADMIN.username, ADMIN.password, { width: 1366, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => void d.accept());

  // Two edits of one course.
  await page.goto('/course/course');
  for (const name of ['游戏闯关·第二版', '游戏闯关·第三版']) {
    const current = name === '游戏闯关·第二版' ? 'Scratch游戏闯关' : '游戏闯关·第二版';
    await page.getByRole('row').filter({ hasText: current }).getByRole('link', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('课程名').fill(name);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('编辑成功!')).toBeVisible();
    await expect(page.getByRole('cell', { name })).toBeVisible();
  }

  // 数据日志, reached from the course's 更多 → 修改记录: its three versions; tick the first and the last, compare.
  const edited = page.getByRole('row').filter({ hasText: '游戏闯关·第三版' });
  await edited.getByText('更多').click();
  await edited.getByRole('link', { name: '修改记录' }).click();
  await expect(page).toHaveURL(/\/sys\/dataLog-list\?dataId=/);
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await page.getByRole('link', { name: '版本号' }).click();
  await expect(page).toHaveURL(/column=dataVersion&order=asc/);
  await expect(rows.first()).toContainText('课程');
  await snap(page, shot('system-files-datalog.png'), { fullPage: true });
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  await page.getByText('批量操作', { exact: true }).click();
  await page.getByRole('button', { name: '对比选中的两个版本' }).click();
  await expect(page).toHaveURL(/\/sys\/dataLog-list\/compare\?/);
  const changed = page.locator('tr[data-field="courseName"]');
  await expect(changed).toHaveClass(/xt-changed/);
  await expect(changed).toContainText('Scratch游戏闯关');
  await expect(changed).toContainText('游戏闯关·第三版');
  await expect(changed).toContainText('已修改');
  await expect(page.locator('tr[data-field="courseCover"]')).not.toHaveClass(/xt-changed/);
  await expect(page.getByText('1 个字段不同')).toBeVisible();
  await snap(page, shot('system-files-compare.png'), { fullPage: true });

  // 文件管理: a used file cannot be deleted; the refusal says where it is used.
  await page.goto('/isystem/file');
  const used = page.locator('tbody tr.ant-table-row').filter({ hasNot: page.getByText('未使用') }).first();
  const usedBy = (await used.locator('.xt-usage-name').first().innerText()).trim();
  expect(usedBy.length).toBeGreaterThan(0);
  await snap(page, shot('system-files-list.png'), { fullPage: true });
  await used.getByRole('link', { name: '删除' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: '文件正在使用中，不能删除' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(`「${usedBy}」的`);
  await snap(page, shot('system-files-refused.png'), { fullPage: true });

  // OSS文件: upload a picture; it is an orphan in 文件管理 and may go.
  await page.goto('/oss/file');
  await page.locator('input[type="file"][name="file"]').setInputFiles({ name: '横幅图.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByText('上传成功！')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '横幅图.png' })).toContainText('本地');
  await snap(page, shot('system-files-oss.png'), { fullPage: true });
  await page.goto('/isystem/file');
  await page.getByRole('tab', { name: '仅显示孤立文件' }).click();
  const orphan = page.getByRole('row').filter({ hasText: '横幅图.png' });
  await expect(orphan).toContainText('未使用');
  await orphan.getByRole('link', { name: '删除' }).click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '横幅图.png' })).toHaveCount(0);

  expect(errors).toEqual([]);
});
