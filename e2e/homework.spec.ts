// Class homework end to end: a teacher assigns a homework of type 文件 to a class (布置班级作业); the class's
// student finds it in 我的作业 (未提交), hands in a file through 提交作业, and finds it under 已提交; the teacher
// then sees the submission, 待批改, in 提交情况, grades it from there on 作业管理 (stars, a remark, 首页展示); the
// student sees the score, and the work is on the public home page.
import { expect, test } from '@playwright/test';
import { STUDENT, TEACHER } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';

const shot = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/${name}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a teacher assigns file homework, the student hands it in, the teacher grades it, the student sees the score', async ({ browser }) => {
  test.setTimeout(120_000);
  const teacher = await loginInNewContext(browser, TEACHER.username, TEACHER.password, { width: 1366, height: 900 });
  const errors: string[] = [];
  teacher.on('pageerror', (e) => errors.push(e.message));

  // 布置班级作业: the seeded homework, then a new one for 一年级一班.
  await teacher.goto('/work/additionalWork');
  await expect(teacher.getByRole('cell', { name: '画一只小动物' })).toBeVisible();
  await snap(teacher, shot('homework-list.png'), { fullPage: true });
  await teacher.getByRole('link', { name: '布置作业' }).click();
  const dialog = teacher.getByRole('dialog');
  await dialog.getByRole('radio', { name: '已发布' }).check();
  await expect(dialog.getByLabel('作业类型').locator('option:checked')).toHaveText('文件');
  await dialog.getByLabel('作业名').fill('寒假读书笔记');
  await dialog.getByLabel('作业描述').fill('读一本书，\n写下你最喜欢的一段。');
  await dialog.getByRole('checkbox', { name: /一年级一班/ }).check();
  await snap(teacher, shot('homework-form.png'), { fullPage: true });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(teacher.getByText('添加成功！')).toBeVisible();
  const row = teacher.getByRole('row').filter({ hasText: '寒假读书笔记' });
  await expect(row).toContainText('一年级一班');
  await expect(row).toContainText('已发布');

  // 我的作业: open homework by default; hand in a file.
  const student = await loginInNewContext(browser, STUDENT.username, STUDENT.password, { width: 1366, height: 900 });
  student.on('pageerror', (e) => errors.push(e.message));
  await student.goto('/center/myAdditionalWork');
  const item = student.locator('.xt-hw-item').filter({ hasText: '寒假读书笔记' });
  await expect(item).toContainText('班级：一年级一班');
  await expect(item).toContainText('老师：王老师');
  await snap(student, shot('my-homework.png'), { fullPage: true });
  await student.setViewportSize({ width: 375, height: 800 });
  await student.reload();
  await expect(item).toBeVisible();
  await snap(student, shot('my-homework-375.png'), { fullPage: true });
  await student.setViewportSize({ width: 1366, height: 900 });
  await item.getByRole('link', { name: '去做作业' }).click();
  const submit = student.getByRole('dialog');
  await expect(submit.getByLabel('作业名')).toHaveValue('寒假读书笔记');
  // Without a file: refused.
  await submit.getByRole('button', { name: '提交' }).click();
  await expect(student.getByRole('dialog').getByText('请上传作业文件')).toBeVisible();
  await student.getByRole('dialog').getByLabel('作业名').fill('小明的读书笔记');
  await student.getByRole('dialog').getByLabel('作业文件').setInputFiles({ name: '读书笔记.pdf', mimeType: 'application/pdf', buffer: PDF });
  await snap(student, shot('my-homework-submit.png'), { fullPage: true });
  await student.getByRole('dialog').getByRole('button', { name: '提交' }).click();
  await expect(student.getByText('上传成功')).toBeVisible();
  await expect(student.locator('.xt-hw-item').filter({ hasText: '寒假读书笔记' })).toHaveCount(0);
  await student.getByRole('link', { name: '已提交' }).click();
  await expect(student.locator('.xt-hw-item').filter({ hasText: '寒假读书笔记' })).toContainText('已提交');

  // 提交情况: the teacher sees who handed it in (待批改) and who did not.
  await teacher.goto('/work/additionalWork');
  await teacher.getByRole('row').filter({ hasText: '寒假读书笔记' }).getByRole('link', { name: '提交情况' }).click();
  await expect(teacher).toHaveURL(/\/work\/additionalWork\/submissions\?id=/);
  const handedIn = teacher.getByRole('row').filter({ hasText: '小明的读书笔记' });
  await expect(handedIn).toContainText('待批改');
  await expect(handedIn.getByRole('link', { name: '批改' })).toHaveAttribute('href', /\/teaching\/workList\?additionalId=/);
  await expect(teacher.getByText(/小红（student2/)).toBeVisible();
  await snap(teacher, shot('homework-submissions.png'), { fullPage: true });
  await teacher.setViewportSize({ width: 375, height: 800 });
  await teacher.reload();
  await expect(handedIn).toBeVisible();
  await snap(teacher, shot('homework-submissions-375.png'), { fullPage: true });
  await teacher.goto('/work/additionalWork');
  await expect(teacher.getByText('寒假读书笔记').first()).toBeVisible();
  await snap(teacher, shot('homework-list-375.png'), { fullPage: true });
  await teacher.setViewportSize({ width: 1366, height: 900 });

  // 批改 from 提交情况 opens 作业管理 on this homework's works: 5 stars, a remark, 首页展示.
  await teacher.goto('/work/additionalWork');
  await teacher.getByRole('row').filter({ hasText: '寒假读书笔记' }).getByRole('link', { name: '提交情况' }).click();
  await teacher.getByRole('row').filter({ hasText: '小明的读书笔记' }).getByRole('link', { name: '批改' }).click();
  await expect(teacher).toHaveURL(/\/teaching\/workList\?additionalId=/);
  const desk = teacher.getByRole('row').filter({ hasText: '小明的读书笔记' });
  await desk.getByRole('link', { name: '批改' }).click();
  const grade = teacher.getByRole('dialog');
  await grade.locator('label[for="f-score-5"]').click();
  await grade.getByRole('radio', { name: '首页展示' }).check();
  await grade.getByLabel('评语').fill('笔记写得很认真');
  await grade.getByRole('button', { name: '确定' }).click();
  await expect(teacher.getByText('编辑成功!')).toBeVisible();

  // The student sees the grade in 我的作业 (已提交); the work is public now.
  await student.goto('/center/myAdditionalWork?submit=true');
  const graded = student.locator('.xt-hw-item').filter({ hasText: '寒假读书笔记' });
  await expect(graded.getByRole('img', { name: '5星' })).toBeVisible();
  await expect(graded).toContainText('笔记写得很认真');
  await expect(graded.getByRole('button', { name: '修改作业' })).toBeDisabled();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/home');
  await expect(visitor.getByText('小明的读书笔记').first()).toBeVisible();
  expect(errors).toEqual([]);
});
