// The Scratch editor (/scratch3/index.html) in real Chromium: a student does a class homework from its starter
// project, adds a sprite from the school's 素材库, saves and submits, and the teacher finds the work on the grading
// desk and opens it; a session that expires mid-edit is renewed in the editor's own dialog and the same project
// is saved; a tab closed before saving gives the project back. Each test asserts that the browser requested
// nothing from any origin but ours.
import { expect, request as apiRequest, test, type BrowserContext, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import yauzl from 'yauzl';
import { ADMIN, BASE_URL, STUDENT, TEACHER, TEST_CAPTCHA } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';

const SHOTS = process.env.E2E_SHOTS ?? 'test-results';
const shot = (name: string) => `${SHOTS}/${name}`;

// WebGL (the Scratch stage) through SwiftShader: the shared config switches the GPU off.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
});

/** Every URL any page of the context asks for (the editor must never reach another origin). */
function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  return urls;
}
const foreign = (urls: string[]) => urls.filter((u) => !u.startsWith(`${BASE_URL}/`) && !u.startsWith('data:') && !u.startsWith('blob:') && u !== 'about:srcdoc');

async function editorReady(page: Page) {
  await expect(page.locator('body[data-editor-ready]')).toBeAttached({ timeout: 60_000 });
}

/** The names of the project's sprites, from the editor's VM (the page exposes it as the anchor's did). */
const spriteNames = (page: Page) => page.evaluate(() => (window as any).vm.runtime.targets.filter((t: any) => !t.isStage && t.isOriginal).map((t: any) => t.sprite.name as string));

/** project.json of an .sb3. */
function projectJson(buf: Buffer): Promise<any> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'project.json') return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (d: Buffer) => parts.push(d));
          stream.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString('utf8'))));
        });
      });
      zip.on('end', () => reject(new Error('no project.json')));
      zip.readEntry();
    });
  });
}

/** The sprite names stored in a work's .sb3, fetched as `page`'s user. */
async function storedSprites(page: Page, workId: string): Promise<string[]> {
  const info = await (await page.request.get(`/api/teaching/teachingWork/studentWorkInfo?workId=${workId}`)).json();
  expect(info.success).toBe(true);
  const file = await page.request.get(info.result.workFileKey_url);
  expect(file.ok()).toBe(true);
  const json = await projectJson(await file.body());
  return json.targets.filter((t: any) => !t.isStage).map((t: any) => t.name);
}

/** Pixels of the star's yellow fill (#fadb14) in a PNG screenshot. */
function starPixels(png: Buffer): number {
  const img = PNG.sync.read(png);
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const [r, g, b] = [img.data[i], img.data[i + 1], img.data[i + 2]];
    if (r > 225 && g > 190 && g < 240 && b < 90) n++;
  }
  return n;
}

const STAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><polygon points="48,4 60,36 94,36 66,56 76,90 48,70 20,90 30,56 2,36 36,36" fill="#fadb14" stroke="#d48806" stroke-width="3"/></svg>';

test('a student does the homework in the editor with a sprite from the school library; the teacher plays it from the grading desk', async ({ browser }) => {
  test.setTimeout(180_000);
  // The school's library gets a sprite (素材库, through the API as the admin).
  const admin = await loginInNewContext(browser, ADMIN.username, ADMIN.password);
  const added = await admin.evaluate(async (svg) => {
    const form = new FormData();
    form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'star.svg');
    const up = await (await fetch('/api/teaching/teachingScratchAssets/upload', { method: 'POST', body: form })).json();
    const add = await fetch('/api/teaching/teachingScratchAssets/add', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ assetType: 4, assetName: '校园星星', md5Ext: [up.result.md5ext], tags: [] }),
    });
    return add.json();
  }, STAR_SVG);
  expect(added.success).toBe(true);
  await admin.context().close();

  const student = await loginInNewContext(browser, STUDENT.username, STUDENT.password, { width: 1366, height: 860 });
  const urls = recordRequests(student.context());
  await student.goto('/center/myAdditionalWork');
  const item = student.locator('.xt-hw-item').filter({ hasText: '画一只小动物' });
  const [editor] = await Promise.all([student.context().waitForEvent('page'), item.getByRole('link', { name: '去做作业' }).click()]);
  const errors: string[] = [];
  editor.on('pageerror', (e) => errors.push(e.message));
  await editorReady(editor);
  // Our bar: the student's name, 保存 and 提交, the editor's source and licence.
  await expect(editor.locator('.xt-ed-user')).toHaveText('小明');
  await expect(editor.getByRole('link', { name: '源代码 / 许可证 (AGPL-3.0)' })).toHaveAttribute('href', 'https://github.com/scratchfoundation/scratch-editor');
  // The teacher's starter project is open, under the homework's name.
  const starter = await spriteNames(editor);
  expect(starter.length).toBeGreaterThan(0);
  expect(await editor.evaluate(() => (document.querySelector('input[class*="title-field"]') as HTMLInputElement | null)?.value)).toBe('画一只小动物');

  // 选择一个角色 → the school's sprite, with its thumbnail from our server.
  await editor.getByRole('button', { name: '选择一个角色' }).first().click();
  const libraryItem = editor.getByRole('button', { name: '校园星星' });
  await editor.getByPlaceholder('搜索').fill('校园');
  await expect(libraryItem).toBeVisible();
  await expect(libraryItem.locator('img')).toHaveJSProperty('complete', true);
  expect(await libraryItem.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap(editor, shot('scratch-editor-library.png'));
  await libraryItem.click();
  await expect.poll(() => spriteNames(editor)).toContain('校园星星');

  // 保存 (draft), then 提交: the same work both times.
  await editor.getByRole('button', { name: '保存', exact: true }).click();
  const done = editor.getByRole('dialog');
  await expect(done).toContainText('画一只小动物 保存成功');
  const link = await done.locator('a.xt-ed-share').getAttribute('href');
  const workId = new URL(link!).searchParams.get('id')!;
  await expect(done.locator('img.xt-ed-qr')).toHaveJSProperty('complete', true);
  expect(await done.locator('img.xt-ed-qr').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap(editor, shot('scratch-editor-saved.png'));
  await done.getByRole('button', { name: '继续创作' }).click();
  await editor.getByRole('button', { name: '提交', exact: true }).click();
  await expect(editor.getByRole('dialog')).toContainText('画一只小动物 提交成功');
  expect(new URL((await editor.getByRole('dialog').locator('a.xt-ed-share').getAttribute('href'))!).searchParams.get('id')).toBe(workId);
  expect(await storedSprites(editor, workId)).toEqual(expect.arrayContaining([...starter, '校园星星']));
  // The homework shows as handed in.
  await student.reload();
  await student.getByRole('link', { name: '已提交' }).click();
  await expect(student.locator('.xt-hw-item').filter({ hasText: '画一只小动物' })).toContainText('已提交');
  expect(foreign(urls)).toEqual([]);
  expect(errors).toEqual([]);

  // The teacher: the work on the grading desk (作业管理), and opened from there with the sprite in it.
  const teacher = await loginInNewContext(browser, TEACHER.username, TEACHER.password, { width: 1366, height: 860 });
  const teacherUrls = recordRequests(teacher.context());
  await teacher.goto('/teaching/workList');
  const row = teacher.getByRole('row').filter({ hasText: '画一只小动物' }).filter({ hasText: '小明' });
  await expect(row.first()).toBeVisible();
  await snap(teacher, shot('scratch-editor-grading-desk.png'));
  // The grading desk's record carries the work's file; the .sb3 holds the starter's sprites and the library's.
  const list = await (await teacher.request.get('/api/teaching/teachingWork/list', { params: { workName: '画一只小动物', pageSize: 50 } })).json();
  const record = list.result.records.find((r: any) => r.id === workId);
  expect(record).toBeTruthy();
  expect(String(record.workStatus)).toBe('1');
  const file = await teacher.request.get(record.workFileKey_url);
  expect(file.ok()).toBe(true);
  const stored = (await projectJson(await file.body())).targets.filter((t: any) => !t.isStage).map((t: any) => t.name);
  expect(stored).toEqual(expect.arrayContaining([...starter, '校园星星']));
  const cover = await teacher.request.get(record.coverFileKey_url);
  expect(cover.headers()['content-type']).toContain('image/jpeg');
  // 预览 from the grading desk: the player runs the work (green flag pressed) and the stage shows the library's
  // star (its yellow fill; the starter's sprite is green on light blue).
  await row.first().getByRole('link', { name: '预览“画一只小动物”' }).click();
  const player = teacher.frameLocator('[role="dialog"] iframe');
  await expect(player.locator('#xt-player')).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
  await expect.poll(async () => starPixels(await player.locator('.sc-canvas').screenshot()), { timeout: 15_000 }).toBeGreaterThan(100);
  await snap(teacher, shot('scratch-editor-teacher-player.png'));
  expect(foreign(teacherUrls)).toEqual([]);
});

test('a session that expires mid-edit: 保存 asks to log in again, then saves the same project', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await loginInNewContext(browser, STUDENT.username, STUDENT.password, { width: 1366, height: 860 });
  const urls = recordRequests(page.context());
  await page.goto('/scratch3/index.html?scene=create');
  await editorReady(page);
  await expect(page.locator('input[class*="title-field"]')).toHaveValue('小明作品');
  await page.locator('input[class*="title-field"]').fill('过期也不丢');
  await page.locator('input[class*="title-field"]').press('Enter');
  await page.evaluate(() => {
    const vm = (window as any).vm;
    vm.renameSprite(vm.editingTarget.id, '勇敢的小猫');
  });

  // The network fails during the upload: the project stays, and the child is told so.
  await page.route('**/api/sys/common/upload', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('网络连接失败，作品没有上传。作品没有丢失');
  await snap(page, shot('scratch-editor-upload-failed.png'));
  await page.getByRole('dialog').getByRole('button', { name: '知道了' }).click();
  await page.unroute('**/api/sys/common/upload');
  expect(await spriteNames(page)).toContain('勇敢的小猫');

  // The session ends on the server (as a logout elsewhere, a password change or its 7 days would end it).
  const token = (await page.context().cookies()).find((c) => c.name.endsWith('xt_token'))!.value;
  const api = await apiRequest.newContext({ baseURL: BASE_URL });
  expect((await (await api.post('/api/sys/logout', { headers: { 'X-Access-Token': token } })).json()).success).toBe(true);
  await api.dispose();

  await page.getByRole('button', { name: '保存', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('登录已过期');
  await expect(dialog.getByLabel('账户')).toHaveValue(STUDENT.username);
  await dialog.getByLabel('密码').fill('wrong-password');
  await dialog.getByRole('button', { name: '登录并保存' }).click();
  await expect(page.getByRole('dialog')).toContainText('用户名或密码错误');
  await page.getByRole('dialog').getByLabel('密码').fill(STUDENT.password);
  await snap(page, shot('scratch-editor-relogin.png'));
  await page.getByRole('dialog').getByRole('button', { name: '登录并保存' }).click();
  await expect(page.getByRole('dialog')).toContainText('过期也不丢 保存成功');
  const workId = new URL((await page.getByRole('dialog').locator('a.xt-ed-share').getAttribute('href'))!).searchParams.get('id')!;
  expect(await storedSprites(page, workId)).toContain('勇敢的小猫');
  expect(foreign(urls)).toEqual([]);
});

test('logging in again after 3 failures in the editor asks for the image captcha in the dialog', async ({ browser }) => {
  test.setTimeout(120_000);
  // An account of its own: its failed logins must not make another test's logins need a captcha.
  const username = `relogin${Date.now().toString(36)}`;
  const password = 'Relogin-e2e-2026';
  const api = await apiRequest.newContext({ baseURL: BASE_URL });
  const admin = { 'X-Access-Token': (await (await api.post('/api/sys/login', { data: ADMIN })).json()).result.token as string };
  // In no class, so no class list of another test grows.
  const added = await (await api.post('/api/sys/user/add', { headers: admin, data: { username, realname: '小回', password: 'Given-e2e-2026' } })).json();
  expect(added.success, added.message).toBe(true);
  // Added with a password an admin chose: the account sets its own first.
  const own = { 'X-Access-Token': (await (await api.post('/api/sys/login', { data: { username, password: 'Given-e2e-2026' } })).json()).result.token as string };
  const changed = await (await api.put('/api/sys/user/updatePassword', { headers: own, data: { oldpassword: 'Given-e2e-2026', password, confirmpassword: password } })).json();
  expect(changed.success, changed.message).toBe(true);

  const page = await loginInNewContext(browser, username, password, { width: 1366, height: 860 });
  await page.goto('/scratch3/index.html?scene=create');
  await editorReady(page);
  await page.evaluate(() => {
    const vm = (window as any).vm;
    vm.renameSprite(vm.editingTarget.id, '坚持的小猫');
  });
  // The session ends on the server.
  const token = (await page.context().cookies()).find((c) => c.name.endsWith('xt_token'))!.value;
  expect((await (await api.post('/api/sys/logout', { headers: { 'X-Access-Token': token } })).json()).success).toBe(true);
  await api.dispose();

  await page.getByRole('button', { name: '保存', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('登录已过期');
  const captcha = dialog.getByLabel('验证码', { exact: true });
  for (let i = 1; i <= 3; i++) {
    await expect(captcha).toBeHidden();
    await dialog.getByLabel('密码').fill(`wrong-${i}`);
    await dialog.getByRole('button', { name: '登录并保存' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('用户名或密码错误');
  }
  // The 3rd failure: the server wants a captcha next time, and the dialog shows one.
  await expect(captcha).toBeVisible();
  const picture = dialog.locator('img.xt-dlg-captcha-img');
  await expect(picture).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const first = await picture.getAttribute('src');
  await dialog.getByLabel('密码').fill(password);
  await captcha.fill('1111');
  await dialog.getByRole('button', { name: '登录并保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('验证码错误');
  // A used picture does not answer twice: a new one is drawn.
  await expect(picture).not.toHaveAttribute('src', first!);
  await expect(captcha).toHaveValue('');
  await captcha.fill(TEST_CAPTCHA);
  await snap(page, shot('scratch-editor-relogin-captcha.png'));
  await dialog.getByRole('button', { name: '登录并保存' }).click();
  await expect(page.getByRole('dialog')).toContainText('保存成功');
  const workId = new URL((await page.getByRole('dialog').locator('a.xt-ed-share').getAttribute('href'))!).searchParams.get('id')!;
  expect(await storedSprites(page, workId)).toContain('坚持的小猫');
});

test('a tab closed before saving: reopening the editor offers the unsaved project back', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await loginInNewContext(browser, STUDENT.username, STUDENT.password, { width: 1366, height: 860 });
  const context = page.context();
  const urls = recordRequests(context);
  await page.goto('/scratch3/index.html?scene=create');
  await editorReady(page);
  await page.evaluate(() => {
    const vm = (window as any).vm;
    vm.renameSprite(vm.editingTarget.id, '别丢下我');
  });
  // The draft is written shortly after the change; then the tab goes without a save.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const req = indexedDB.open('xt-scratch');
            req.onsuccess = () => {
              const r = req.result.transaction('drafts').objectStore('drafts').count();
              r.onsuccess = () => resolve(r.result);
              r.onerror = () => resolve(0);
            };
            req.onerror = () => resolve(0);
          }),
      ),
    )
    .toBe(1);
  await page.close();

  const again = await context.newPage();
  await again.goto('/scratch3/index.html?scene=create');
  const offer = again.getByRole('dialog');
  await expect(offer).toContainText('恢复未保存的作品');
  await snap(again, shot('scratch-editor-restore.png'));
  await offer.getByRole('button', { name: '恢复' }).click();
  await editorReady(again);
  expect(await spriteNames(again)).toContain('别丢下我');

  // Saved: the draft goes, and the next visit opens a fresh project with no offer.
  await again.getByRole('button', { name: '保存', exact: true }).click();
  await expect(again.getByRole('dialog')).toContainText('保存成功');
  const third = await context.newPage();
  await third.goto('/scratch3/index.html?scene=create');
  await editorReady(third);
  await expect(third.getByRole('dialog')).toHaveCount(0);
  expect(await spriteNames(third)).not.toContain('别丢下我');
  expect(foreign(urls)).toEqual([]);
});

test('a visitor can create and download, is told to log in to save, and keeps the project through the login', async ({ page }) => {
  test.setTimeout(90_000);
  const urls = recordRequests(page.context());
  await page.goto('/scratch3/index.html');
  await editorReady(page);
  await expect(page.locator('.xt-ed-user')).toHaveText('未登录');
  await expect(page.getByRole('link', { name: '登录后可保存' })).toBeVisible();
  await expect(page.getByRole('button', { name: '保存', exact: true })).toHaveCount(0);
  // File → 保存到电脑 downloads the .sb3.
  await page.locator('[class*="menu-bar_menu-bar-item"]').filter({ hasText: '文件' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('保存到电脑').click()]);
  expect(download.suggestedFilename()).toMatch(/\.sb3$/);
  await snap(page, shot('scratch-editor-visitor.png'));

  // What the visitor made is still there after 登录后可保存 (kept in the browser, offered under the account).
  await page.evaluate(() => {
    const vm = (window as any).vm;
    vm.renameSprite(vm.editingTarget.id, '访客的小猫');
  });
  await expect.poll(() => page.evaluate(() => new Promise<number>((resolve) => {
    const req = indexedDB.open('xt-scratch');
    req.onsuccess = () => {
      const r = req.result.transaction('drafts').objectStore('drafts').count();
      r.onsuccess = () => resolve(r.result);
    };
  }))).toBe(1);
  page.on('dialog', (d) => void d.accept()); // the browser's "leave this page?" while unsaved
  await page.getByRole('link', { name: '登录后可保存' }).click();
  await page.getByLabel('账户').fill(STUDENT.username);
  await page.getByLabel('密码').fill(STUDENT.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/scratch3\/index\.html$/);
  await page.getByRole('dialog').getByRole('button', { name: '恢复' }).click();
  await editorReady(page);
  expect(await spriteNames(page)).toContain('访客的小猫');
  await expect(page.getByRole('button', { name: '保存', exact: true })).toBeEnabled();
  expect(foreign(urls)).toEqual([]);
});
