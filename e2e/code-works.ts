// Where a code editor's work goes after 提交, shared by the 积木编程 and 图形化Python specs: the teacher previews it
// (预览) and grades it (批改) from the grading desk, the player running in each dialog; then a visitor plays the
// now public work on /work-detail (the cover first, the program runs on the click). Each step records every
// request of its browser context: nothing may come from another origin.
import { expect, type Browser, type BrowserContext, type FrameLocator } from '@playwright/test';
import { BASE_URL, TEACHER } from './fixtures';
import { loginInNewContext } from './login';

/** Every URL any page or worker of the context asks for. */
export function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  return urls;
}
export const foreign = (urls: string[]) => urls.filter((u) => !u.startsWith(`${BASE_URL}/`) && !u.startsWith('data:') && !u.startsWith('blob:') && u !== 'about:srcdoc');

/** What a player frame must show once its program ran to the end (and drew). */
type Played = (player: FrameLocator) => Promise<void>;

/**
 * The teacher finds the work on 作业管理 by name: 预览 plays it in a dialog (closing it takes the player away);
 * 批改 plays it beside the form, and 5 stars with 首页展示 publish it.
 */
export async function previewAndGrade(browser: Browser, workName: string, workId: string, played: Played) {
  const teacher = await loginInNewContext(browser, TEACHER.username, TEACHER.password, { width: 1366, height: 860 });
  const urls = recordRequests(teacher.context());
  await teacher.goto(`/teaching/workList?workName=${encodeURIComponent(workName)}`);
  const row = () => teacher.getByRole('row').filter({ hasText: workName }).filter({ hasText: '小明' }).first();
  await row().getByRole('link', { name: `预览“${workName}”` }).click();
  const preview = teacher.getByRole('dialog');
  await expect(preview).toContainText(`预览：${workName}`);
  await played(teacher.frameLocator('[role="dialog"] iframe'));
  await preview.getByRole('link', { name: '关闭' }).first().click();
  await expect(teacher.locator('iframe')).toHaveCount(0);

  await row().getByRole('link', { name: '批改' }).click();
  const grade = teacher.getByRole('dialog');
  await expect(grade).toContainText('批改');
  await played(teacher.frameLocator('.xt-graded-work iframe'));
  await grade.locator('label[for="f-score-5"]').click();
  await grade.getByRole('radio', { name: '首页展示' }).check();
  await grade.getByLabel('评语').fill('画得真好');
  await grade.getByRole('button', { name: '确定' }).click();
  await expect(teacher.getByText('编辑成功!')).toBeVisible();
  const list = await (await teacher.request.get('/api/teaching/teachingWork/list', { params: { workName, pageSize: 50 } })).json();
  expect(String(list.result.records.find((r: { id: string }) => r.id === workId)?.workStatus)).toBe('3');
  expect(foreign(urls)).toEqual([]);
  await teacher.context().close();
}

/** A visitor opens /work-detail: the cover, no player until the click; then the program runs in its frame. */
export async function playOnWorkDetail(browser: Browser, workId: string, played: Played) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const urls = recordRequests(context);
  const page = await context.newPage();
  await page.goto(`/work-detail?id=${workId}`);
  const cover = page.locator('.xt-play-box a.xt-play');
  await expect(cover.locator('img')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await cover.click();
  await played(page.frameLocator('.xt-player-frame iframe'));
  await expect(page.locator('.xt-player-frame')).toHaveAttribute('data-ready-ms', /^\d+$/);
  expect(foreign(urls)).toEqual([]);
  await context.close();
}
