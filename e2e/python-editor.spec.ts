// 图形化Python (/python/index.html) in real Chromium: a student builds a small turtle drawing from blocks (the code
// appears beside them), runs it (the canvas is drawn, print shows), answers input(), stops an endless loop with
// 停止, sees an error in Chinese with its line, and saves and submits the work (the stored .py carries the code and
// its blocks); the player (/python/player.html) runs the saved file; the teacher previews and grades it from the
// grading desk and a visitor plays it on /work-detail (e2e/code-works.ts). Nothing is requested from another origin.
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { foreign, playOnWorkDetail, previewAndGrade, recordRequests } from './code-works';
import { STUDENT } from './fixtures';
import { loginInNewContext } from './login';

/** Drags the flyout block whose text starts with `text` from toolbox category `category` to (x, y) of the page. */
async function dragBlock(page: Page, category: string, text: RegExp, to: { x: number; y: number }) {
  await page.locator('.blocklyToolboxCategory, .blocklyTreeRow').filter({ hasText: category }).first().click();
  const block = page.locator('.blocklyFlyout .blocklyDraggable').filter({ hasText: text }).first();
  await expect(block).toBeVisible();
  const box = (await block.boundingBox())!;
  // Grab the block by its top-left corner, so its corner lands at `to`.
  await page.mouse.move(box.x + 6, box.y + 6);
  await page.mouse.down();
  await page.mouse.move(box.x + 40, box.y + 20, { steps: 4 });
  await page.mouse.move(to.x + 6, to.y + 6, { steps: 8 });
  await page.mouse.up();
}

/** The page rectangle of a workspace block (its path, not its label). */
const topBlock = (page: Page, text: RegExp): Locator => page.locator('.blocklySvg > .blocklyWorkspace > .blocklyBlockCanvas > .blocklyDraggable').filter({ hasText: text }).first();

/** How many pixels of the drawing canvas are not white (in the page or in a player's frame). */
const drawnPixels = (scope: Page | FrameLocator) =>
  scope.locator('#py-canvas').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i]! < 200 || d[i + 1]! < 200 || d[i + 2]! < 200) n++;
    return n;
  });

test('a student builds a turtle drawing from blocks, runs, stops, meets an error, saves and submits it; the teacher previews and grades it; a visitor plays it', async ({ browser }) => {
  test.setTimeout(120_000);
  const student = await loginInNewContext(browser, STUDENT.username, STUDENT.password, { width: 1440, height: 900 });
  const urls = recordRequests(student.context());
  const errors: string[] = [];
  student.on('pageerror', (e) => errors.push(e.message));
  await student.goto('/python/index.html?scene=create');
  await expect(student.locator('body[data-editor-ready]')).toBeAttached({ timeout: 30_000 });
  await expect(student.locator('body[data-py-worker="ready"]')).toBeAttached({ timeout: 30_000 });
  const workerMs = Number(await student.locator('body').getAttribute('data-py-worker-ms'));
  console.log(`[python] worker ready in ${workerMs} ms`);
  await expect(student.locator('.xt-ed-user')).toHaveText('小明');

  // Blocks: repeat 4 times { forward 100; turn left 90 }, then 输出 (print). The code follows beside them.
  const ws = (await student.locator('#py-blocks').boundingBox())!;
  await dragBlock(student, '循环', /重复/, { x: ws.x + 320, y: ws.y + 80 });
  const repeat = topBlock(student, /重复/);
  const rb = (await repeat.boundingBox())!;
  await dragBlock(student, '海龟绘图', /前进/, { x: rb.x + 16, y: rb.y + 40 });
  await expect(student.locator('#py-code')).toContainText('turtle.forward(100)');
  await expect(student.locator('#py-code')).toContainText(/for count in range\(4\):\n\s+turtle\.forward\(100\)/);
  const fwd = student.locator('.blocklySvg > .blocklyWorkspace > .blocklyBlockCanvas .blocklyDraggable').filter({ hasText: /前进/ }).last();
  const fb = (await fwd.boundingBox())!;
  await dragBlock(student, '海龟绘图', /向左/, { x: fb.x, y: fb.y + fb.height });
  await expect(student.locator('#py-code')).toContainText(/turtle\.forward\(100\)\n\s+turtle\.left\(90\)/);
  const rb2 = (await repeat.boundingBox())!;
  await dragBlock(student, '输入输出', /输出/, { x: rb2.x, y: rb2.y + rb2.height });
  await expect(student.locator('#py-code')).toContainText("print('你好，世界')");
  await expect(student.locator('#py-code')).toContainText('import turtle');

  // 运行: the square is drawn and the greeting printed.
  await student.getByRole('button', { name: '运行' }).click();
  await expect(student.locator('#py-state')).toHaveText('运行结束', { timeout: 20_000 });
  await expect(student.locator('#py-output')).toHaveText('你好，世界\n');
  expect(await drawnPixels(student)).toBeGreaterThan(300);

  // 文本模式: an endless loop stops at 停止.
  await student.getByRole('button', { name: '文本模式' }).click();
  const text = student.getByLabel('Python 代码（文本模式）');
  await expect(text).toHaveValue(/turtle\.forward\(100\)/);
  await expect(student.locator('#py-mode-note')).toContainText('不能再变回积木');
  await text.fill('n = 0\nwhile True:\n    n = n + 1\n');
  await student.getByRole('button', { name: '运行' }).click();
  await expect(student.locator('#py-state')).toHaveText('运行中……');
  await student.getByRole('button', { name: '停止' }).click();
  await expect(student.locator('#py-state')).toHaveText('已停止');
  await expect(student.getByRole('button', { name: '运行' })).toBeEnabled();

  // An error: in Chinese, with its line.
  await text.fill('a = 1\nprint(a)\nprint(x)\n');
  await student.getByRole('button', { name: '运行' }).click();
  await expect(student.locator('#py-output .py-out-error')).toHaveText("第 3 行：名称错误 NameError: name 'x' is not defined");
  await expect(student.locator('#py-state')).toHaveText('程序出错');

  // The program cannot reach the worker's JavaScript (and through it the network).
  await text.fill('jseval("fetch")\n');
  await student.getByRole('button', { name: '运行' }).click();
  await expect(student.locator('#py-output .py-out-error')).toContainText("第 1 行：名称错误 NameError: name 'jseval' is not defined");

  // input(): the page asks, the program waits for the answer.
  await text.fill('name = input("你叫什么名字？")\nprint("你好", name)\n');
  await student.getByRole('button', { name: '运行' }).click();
  await expect(student.locator('#py-ask-label')).toHaveText('你叫什么名字？');
  await student.locator('#py-ask-input').fill('小明');
  await student.getByRole('button', { name: '确定' }).click();
  await expect(student.locator('#py-output')).toContainText('你好 小明');
  await expect(student.locator('#py-state')).toHaveText('运行结束');

  // Back to the blocks (the text edits are given up), named, saved and submitted.
  student.once('dialog', (d) => void d.accept());
  await student.getByRole('button', { name: '积木模式' }).click();
  await expect(student.locator('#py-code')).toContainText('turtle.forward(100)');
  await student.getByLabel('作品名称').fill('我的正方形');
  await student.getByRole('button', { name: '保存', exact: true }).click();
  const done = student.getByRole('dialog');
  await expect(done).toContainText('我的正方形 保存成功');
  const workId = new URL((await done.locator('a.xt-ed-share').getAttribute('href'))!).searchParams.get('id')!;
  await done.getByRole('button', { name: '继续创作' }).click();
  await student.getByRole('button', { name: '提交', exact: true }).click();
  await expect(student.getByRole('dialog')).toContainText('我的正方形 提交成功');

  // The stored work: type 4, a .py file with the code and the blocks comment.
  const info = await (await student.request.get(`/api/teaching/teachingWork/studentWorkInfo?workId=${workId}`)).json();
  expect(info.result.workType).toBe('4');
  expect(String(info.result.workStatus)).toBe('1');
  const fileUrl: string = info.result.workFileKey_url;
  expect(fileUrl).toMatch(/\.py$/);
  const source = await (await student.request.get(fileUrl)).text();
  expect(source).toContain('for count in range(4):');
  expect(source).toMatch(/\n# xuetang-blocks: [A-Za-z0-9+/=]+\n$/);

  // The saved work opens again with its blocks.
  await student.goto(`/python/index.html?workId=${workId}`);
  await expect(student.locator('body[data-editor-ready]')).toBeAttached({ timeout: 30_000 });
  await expect(student.locator('#py-code')).toContainText('turtle.left(90)');
  await expect(student.getByRole('button', { name: '文本模式' })).toBeVisible();

  // The player runs the saved file read-only.
  await student.goto(`/python/player.html?lang=turtle&url=${encodeURIComponent(fileUrl)}`);
  await expect(student.locator('body[data-py-loaded]')).toBeAttached();
  await expect(student.locator('body[data-py-worker="ready"]')).toBeAttached({ timeout: 30_000 });
  await student.getByRole('button', { name: '运行' }).click();
  await expect(student.locator('#py-state')).toHaveText('运行结束', { timeout: 20_000 });
  await expect(student.locator('#py-output')).toHaveText('你好，世界\n');
  expect(await drawnPixels(student)).toBeGreaterThan(300);
  await expect(student.locator('#py-save, #xt-ed-save')).toHaveCount(0);

  expect(foreign(urls)).toEqual([]);
  expect(errors).toEqual([]);
  await student.context().close();

  // The teacher previews and grades it from the grading desk; then a visitor plays it on /work-detail.
  const played = async (player: FrameLocator) => {
    await expect(player.locator('#py-state')).toHaveText('运行结束', { timeout: 20_000 });
    await expect(player.locator('#py-output')).toHaveText('你好，世界\n');
    await expect.poll(() => drawnPixels(player)).toBeGreaterThan(300);
  };
  await previewAndGrade(browser, '我的正方形', workId, played);
  await playOnWorkDetail(browser, workId, played);
});

test('the player refuses a file from another site, and the worker alone may evaluate code', async ({ page }) => {
  const res = await page.goto('/python/player.html?lang=turtle&url=https://example.org/x.py');
  expect(res?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('只播放本站保存的作品文件');
  const editor = await page.request.get('/python/index.html');
  expect(editor.headers()['content-security-policy']).not.toContain('unsafe-eval');
  const worker = await page.request.get('/static/build/python/worker.js');
  expect(worker.headers()['content-security-policy']).toBe("default-src 'none'; script-src 'self' 'unsafe-eval'");
});
