// 资讯 end to end: an admin writes a published news item in 资讯管理 (a script in the content must not survive)
// and a draft; a visitor finds the published one through the front menu's 资讯, opens it, and never sees the
// draft (list or direct link); the pages work on a 375 px phone and without JavaScript.
import { expect, test } from '@playwright/test';
import { ADMIN } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';

const SHOTS = process.env.NEWS_SHOTS_DIR ?? 'test-results';

test('an admin publishes a news item and saves a draft; a visitor reads the published one only', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `春季运动会通知-${stamp}`;
  const draftTitle = `未定稿的资讯-${stamp}`;
  const admin = await loginInNewContext(browser, ADMIN.username, ADMIN.password);
  const errors: string[] = [];
  admin.on('pageerror', (e) => errors.push(e.message));

  await admin.goto('/news/list');
  await expect(admin.getByRole('columnheader', { name: '标题' })).toBeVisible();
  for (const h of ['状态', '创建人', '创建日期', '更新人', '更新日期', '操作']) await expect(admin.getByRole('columnheader', { name: h })).toBeVisible();
  // The seeded draft shows here (and only here).
  await expect(admin.getByRole('row').filter({ hasText: '编程创作比赛通知（草稿）' })).toContainText('草稿');

  // A published item, with a script in its content.
  await admin.getByRole('link', { name: '新增' }).click();
  let dialog = admin.getByRole('dialog', { name: '新增' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '草稿' })).toBeChecked();
  await dialog.getByRole('radio', { name: '已发布' }).check();
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByLabel('内容').fill('<p>本周五下午举行<b>春季运动会</b>，请同学们穿运动服。</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">');
  const preview = dialog.locator('#xt-news-preview');
  await expect(preview.locator('b')).toHaveText('春季运动会');
  await expect(preview.locator('script, img')).toHaveCount(0);
  await snap(admin, `${SHOTS}/news-admin-form.png`);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: title })).toContainText('已发布');

  // A draft.
  await admin.getByRole('link', { name: '新增' }).click();
  dialog = admin.getByRole('dialog', { name: '新增' });
  await dialog.getByLabel('标题').fill(draftTitle);
  await dialog.getByLabel('内容').fill('<p>还没写完</p>');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(admin.getByRole('row').filter({ hasText: draftTitle })).toContainText('草稿');
  await snap(admin, `${SHOTS}/news-admin-list.png`, { fullPage: true });
  const draftHref = await admin.getByRole('row').filter({ hasText: draftTitle }).getByRole('link', { name: '编辑' }).getAttribute('href');
  const draftId = new URL(draftHref!, 'http://x').searchParams.get('id');
  expect(draftId).toBeTruthy();
  expect(errors).toEqual([]);

  // A visitor: front menu 资讯 → the list → the item.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await visitor.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto('/home');
  await page.getByRole('navigation', { name: '网站导航' }).getByRole('link', { name: '资讯' }).click();
  await expect(page).toHaveURL(/\/newsList$/);
  await expect(page.getByRole('heading', { level: 1, name: '资讯' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByText(draftTitle)).toHaveCount(0);
  await expect(page.getByText('编程创作比赛通知')).toHaveCount(0);
  await expect(page.getByText(/共\d+篇/)).toHaveText('共2篇');
  await snap(page, `${SHOTS}/news-list.png`, { fullPage: true });

  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/news-detail\?id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} · 学堂`);
  await expect(page.getByText(/^本文发布于：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByRole('article').locator('b')).toHaveText('春季运动会');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await snap(page, `${SHOTS}/news-detail.png`, { fullPage: true });

  // The draft's direct link is a 404 page.
  const res = await page.goto(`/news-detail?id=${draftId}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('资讯不存在或未发布');
  await expect(page.getByText('还没写完')).toHaveCount(0);
  expect(pageErrors).toEqual([]);

  // After deletion (with confirmation) the item leaves the public list: at once for the admin (a logged-in
  // view is never cached) and for a new visitor (this visitor's browser may keep its copy up to 30 s).
  admin.once('dialog', (d) => {
    expect(d.message()).toContain('确定删除吗?');
    void d.accept();
  });
  await admin.getByRole('row').filter({ hasText: title }).getByRole('link', { name: '删除' }).click();
  await expect(admin.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await admin.goto('/newsList');
  await expect(admin.getByRole('link', { name: '学堂教学平台正式上线' })).toBeVisible();
  await expect(admin.getByRole('link', { name: title })).toHaveCount(0);
  const next = await browser.newPage();
  await next.goto('/newsList');
  await expect(next.getByRole('link', { name: '学堂教学平台正式上线' })).toBeVisible();
  await expect(next.getByRole('link', { name: title })).toHaveCount(0);
  await next.context().close();
  await visitor.close();
  await admin.context().close();
});

test('on a 375 px phone the list and an item fit the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/newsList');
  const link = page.getByRole('link', { name: '学堂教学平台正式上线' });
  await expect(link).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await snap(page, `${SHOTS}/news-list-375.png`, { fullPage: true });
  await link.tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('学堂教学平台正式上线');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await snap(page, `${SHOTS}/news-detail-375.png`, { fullPage: true });
  await context.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the menu, the list and an item work as plain links', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('navigation', { name: '网站导航' }).getByRole('link', { name: '资讯' }).click();
    await expect(page).toHaveURL(/\/newsList$/);
    await expect(page.getByText('编程创作比赛通知')).toHaveCount(0);
    await page.getByRole('link', { name: '学堂教学平台正式上线' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('学堂教学平台正式上线');
    await expect(page.getByRole('article')).toContainText('祝大家创作愉快！');
    await page.getByRole('link', { name: '← 返回资讯' }).click();
    await expect(page).toHaveURL(/\/newsList$/);
  });
});
