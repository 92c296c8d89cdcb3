// /work-detail end to end: a visitor likes a work (the count goes up once; a second like says 已经点赞过了) and
// is invited to log in to comment; a student comments and deletes the comment (confirmed). At 1366 and 375 px
// with JavaScript (htmx swaps the changed part), and once without (plain forms and redirects).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD } from './fixtures';
import { snap } from './shots';

const SHOTS = process.env.WORK_DETAIL_SHOTS_DIR ?? 'test-results';

/** Public works, one per run: every browser here comes from 127.0.0.1, and a like counts once a day per address. */
let works: string[] = [];

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const token = (await login.json()).result.token as string;
  const saved = await request.post('/api/sys/config/saveTenantConfig', {
    headers: { 'X-Access-Token': token },
    data: { allowComment: '1', _workShareHtml: '<p>来学堂，和小伙伴一起学编程！</p>' },
  });
  expect((await saved.json()).success).toBe(true);
  const list = await (await request.get('/api/teaching/teachingWork/leaderboard?pageSize=20&orderBy=time')).json();
  works = (list.result.records as { id: string }[]).map((w) => w.id);
  expect(works.length).toBeGreaterThanOrEqual(3);
});

async function studentPage(browser: Browser, width: number, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByLabel('账户').fill('student2');
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
  return page;
}

const likeCount = async (page: Page) => Number(await page.locator('#xt-like [data-stat="star"]').innerText());

async function walk(browser: Browser, page: Page, workId: string, width: number, js: boolean, shot: string) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`/work-detail?id=${workId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const before = await likeCount(page);
  const like = page.locator('#xt-like').getByRole('button', { name: /点赞/ });
  await like.click();
  await expect(page.locator('#xt-like [role="status"]')).toHaveText('点赞成功');
  expect(await likeCount(page)).toBe(before + 1);
  // With JavaScript htmx swapped the box in place; without, the form's redirect carries the message.
  if (js) expect(page.url()).not.toContain('msg=');
  else await expect(page).toHaveURL(/msg=starred/);
  await page.locator('#xt-like').getByRole('button', { name: /点赞/ }).click();
  await expect(page.locator('#xt-like [role="status"]')).toHaveText('已经点赞过了');
  expect(await likeCount(page)).toBe(before + 1);
  // Visitors are asked to log in to comment; the share block and the site's share text are there.
  const comments = page.locator('#xt-comments');
  await expect(comments.getByRole('link', { name: '登录后评论' })).toHaveAttribute('href', `/user/login?redirect=${encodeURIComponent(`/work-detail?id=${workId}`)}`);
  await expect(page.getByText('来学堂，和小伙伴一起学编程！')).toBeVisible();
  await page.getByText('手机扫码分享').click();
  await expect(page.getByText('微信扫一扫手机体验和分享')).toBeVisible();
  // The server has no PUBLIC_URL: the QR is an image drawn for this browser's address, and the link under it is
  // written out in full by the page's script (relative without JavaScript).
  const qr = page.locator('.xt-share .xt-qr-code img');
  await expect(qr).toHaveJSProperty('complete', true);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('.xt-share .xt-qr-caption a')).toHaveText(js ? `${origin}/work-detail?id=${workId}` : `/work-detail?id=${workId}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await snap(page, `${SHOTS}/${shot}-visitor.png`, { fullPage: true });

  const student = await studentPage(browser, width, js);
  student.on('pageerror', (e) => errors.push(e.message));
  await student.goto(`/work-detail?id=${workId}`);
  const text = `真有创意！${shot}`;
  await student.getByPlaceholder('说说这个作品怎么样吧').fill(text);
  await student.getByRole('button', { name: '发表评论' }).click();
  const mine = student.locator('.xt-comment', { hasText: text });
  await expect(mine).toHaveCount(1);
  await expect(student.locator('#xt-comments [role="status"]').first()).toHaveText('评论成功');
  if (js) {
    await expect(student.getByPlaceholder('说说这个作品怎么样吧')).toHaveValue('');
    expect(student.url()).toMatch(/\/work-detail\?id=[^&]+$/);
  }
  await snap(student, `${SHOTS}/${shot}-comment.png`, { fullPage: true });
  if (js) {
    student.once('dialog', (d) => {
      expect(d.message()).toBe('确定删除这条评论吗？');
      void d.accept();
    });
    await mine.getByRole('button', { name: '删除' }).click();
  } else {
    await mine.getByRole('button', { name: '删除' }).click();
    await expect(student.getByRole('heading', { level: 1 })).toHaveText('确定删除这条评论吗？');
    await student.getByRole('button', { name: '确定删除' }).click();
  }
  await expect(student.locator('.xt-comment', { hasText: text })).toHaveCount(0);
  await expect(student.locator('#xt-comments [role="status"]').first()).toHaveText('评论已删除');
  // The visitor sees no delete button on others' comments.
  await page.reload();
  await expect(page.locator('#xt-comments').getByRole('button', { name: '删除' })).toHaveCount(0);
  await student.context().close();
  expect(errors).toEqual([]);
}

test('a visitor likes a work and a student comments and deletes, at 1366 px', async ({ browser, page }) => {
  await walk(browser, page, works[0], 1366, true, 'work-detail-1366');
});

test('the same on a 375 px phone', async ({ browser, page }) => {
  await walk(browser, page, works[1], 375, true, 'work-detail-375');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('like, comment and delete work through plain forms', async ({ browser, page }) => {
    await walk(browser, page, works[2], 1366, false, 'work-detail-nojs');
  });
});

test('a visitor who liked a work and then logs in does not like it again', async ({ page }) => {
  expect(works.length).toBeGreaterThanOrEqual(4);
  await page.goto(`/work-detail?id=${works[3]}`);
  const before = await likeCount(page);
  await page.locator('#xt-like').getByRole('button', { name: /点赞/ }).click();
  await expect(page.locator('#xt-like [role="status"]')).toHaveText('点赞成功');
  await page.goto(`/user/login?redirect=${encodeURIComponent(`/work-detail?id=${works[3]}`)}`);
  await page.getByLabel('账户').fill('student3');
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(new RegExp(`/work-detail\\?id=${works[3]}$`));
  await page.locator('#xt-like').getByRole('button', { name: /点赞/ }).click();
  await expect(page.locator('#xt-like [role="status"]')).toHaveText('已经点赞过了');
  expect(await likeCount(page)).toBe(before + 1);
});
