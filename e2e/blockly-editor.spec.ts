// 积木编程 (/blockly/index.html) in real Chromium: a student drags a block from the toolbox and builds a drawing
// program, runs it (the stage is drawn), stops an endless loop (the page stays responsive), saves and submits it
// (work type 10, the project's JSON envelope and a cover); the teacher previews and grades it from the grading desk
// and a visitor plays it on /work-detail (e2e/code-works.ts); a tab closed before saving gives the project back;
// the program's worker can reach nothing. Nothing is requested from any origin but ours.
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { foreign, playOnWorkDetail, previewAndGrade, recordRequests } from './code-works';
import { STUDENT } from './fixtures';
import { loginInNewContext } from './login';
import { snap } from './shots';

const shot = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/${name}`;

const EDITOR = '/blockly/index.html?lang=zh-hans&scene=create';

async function editorReady(page: Page) {
  await expect(page.locator('body[data-editor-ready]')).toBeAttached({ timeout: 30_000 });
}

/** Blocks of the given type in the workspace. */
const count = (page: Page, type: string) => page.evaluate((t) => (window as any).xtWorkspace.getAllBlocks(false).filter((b: any) => b.type === t).length, type);

/** Loads blocks into the workspace through Blockly's own serializer (as a child's drags would leave them). */
const append = (page: Page, block: object) => page.evaluate((b) => (window as any).Blockly.serialization.blocks.append(b, (window as any).xtWorkspace), block);

/** Pixels of the stage that are not white (in the page or in a player's frame). */
const inked = (scope: Page | FrameLocator) =>
  scope.locator('#xt-bk-canvas').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
    return n;
  });

const num = (v: number) => ({ shadow: { type: 'math_number', fields: { NUM: v } } });
/** A red square: repeat 4 { forward 120; right 90 }, then 输出 “画好了”. */
const SQUARE = {
  type: 'turtle_colour',
  x: 40,
  y: 40,
  fields: { COLOUR: '#f5222d' },
  next: {
    block: {
      type: 'controls_repeat_ext',
      inputs: {
        TIMES: num(4),
        DO: { block: { type: 'turtle_forward', inputs: { DISTANCE: num(120) }, next: { block: { type: 'turtle_right', inputs: { ANGLE: num(90) } } } } },
      },
      next: { block: { type: 'text_print', inputs: { TEXT: { shadow: { type: 'text', fields: { TEXT: '画好了' } } } } } },
    },
  },
};
/** Endless: while true { forward 1; right 1 }. */
const SPIRAL_FOREVER = {
  type: 'controls_whileUntil',
  x: 40,
  y: 300,
  fields: { MODE: 'WHILE' },
  inputs: {
    BOOL: { block: { type: 'logic_boolean', fields: { BOOL: 'TRUE' } } },
    DO: { block: { type: 'turtle_forward', inputs: { DISTANCE: num(1) }, next: { block: { type: 'turtle_right', inputs: { ANGLE: num(1) } } } } },
  },
};

test('a student builds a drawing from blocks, runs it, stops an endless loop, saves and submits; the teacher previews and grades it; a visitor plays it', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await loginInNewContext(browser, STUDENT.username, STUDENT.password, { width: 1366, height: 860 });
  const urls = recordRequests(page.context());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A policy violation (an asset the CSP refuses) shows as a console error.
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(EDITOR);
  await editorReady(page);
  await expect(page.locator('.xt-ed-user')).toHaveText('小明');
  await expect(page.locator('#xt-ed-title')).toHaveValue('小明的积木作品');
  // Chinese toolbox.
  for (const name of ['画笔', '输出', '逻辑', '循环', '数学', '文本', '列表', '变量', '函数']) await expect(page.locator('.blocklyToolboxCategory').filter({ hasText: name }).first()).toBeVisible();

  // One block dragged from the toolbox by mouse: 画笔 → 前进 100 步.
  await page.locator('.blocklyToolboxCategory').filter({ hasText: '画笔' }).first().click();
  const flyoutBlock = page.locator('.blocklyFlyout .blocklyDraggable').first();
  await expect(flyoutBlock).toBeVisible();
  const from = (await flyoutBlock.boundingBox())!;
  const area = (await page.locator('#xt-bk-workspace').boundingBox())!;
  await page.mouse.move(from.x + 12, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => count(page, 'turtle_forward')).toBe(1);

  // The rest of the program through Blockly's API; 运行 draws a red square and prints.
  await append(page, SQUARE);
  await page.getByRole('button', { name: '运行' }).click();
  await expect(page.locator('#xt-bk-state')).toHaveText('运行完成', { timeout: 15_000 });
  expect(await inked(page)).toBeGreaterThan(300);
  await expect(page.locator('#xt-bk-output')).toContainText('画好了');
  await snap(page, shot('blockly-editor-run.png'));

  // An endless loop: 停止 ends it, and the page answers at once throughout.
  await append(page, SPIRAL_FOREVER);
  await page.getByRole('button', { name: '运行' }).click();
  await expect(page.locator('#xt-bk-state')).toHaveText('运行中……');
  const t0 = Date.now();
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect(Date.now() - t0).toBeLessThan(2000);
  await page.getByRole('button', { name: '停止' }).click();
  await expect(page.locator('#xt-bk-state')).toHaveText('已停止');
  await expect(page.getByRole('button', { name: '停止' })).toBeDisabled();
  // Without the loop the program runs to its end again.
  await page.evaluate(() => (window as any).xtWorkspace.getAllBlocks(false).find((b: any) => b.type === 'controls_whileUntil').dispose(false));

  // 保存, then 提交: the same work, type 10, the JSON envelope, a JPEG cover.
  await page.locator('#xt-ed-title').fill('红色正方形');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('红色正方形 保存成功', { timeout: 15_000 });
  const workId = new URL((await dialog.locator('a.xt-ed-share').getAttribute('href'))!).searchParams.get('id')!;
  await dialog.getByRole('button', { name: '继续创作' }).click();
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('红色正方形 提交成功', { timeout: 15_000 });
  expect(new URL((await page.getByRole('dialog').locator('a.xt-ed-share').getAttribute('href'))!).searchParams.get('id')).toBe(workId);
  const info = (await (await page.request.get(`/api/teaching/teachingWork/studentWorkInfo?workId=${workId}`)).json()).result;
  expect([String(info.workType), String(info.workStatus), info.workName]).toEqual(['10', '1', '红色正方形']);
  const saved = await (await page.request.get(info.workFileKey_url)).json();
  expect([saved.format, saved.version]).toEqual(['xuetang-blockly', 1]);
  expect(JSON.stringify(saved.workspace)).toContain('turtle_forward');
  const cover = await page.request.get(info.coverFileKey_url);
  expect(cover.headers()['content-type']).toContain('image/jpeg');
  expect(foreign(urls)).toEqual([]);
  expect(errors).toEqual([]);
  await page.context().close();

  // The teacher previews and grades it from the grading desk; then a visitor plays it. Another user's view is the
  // player: read-only (no toolbox), framed without the bar, run at once.
  const played = async (player: FrameLocator) => {
    await expect(player.locator('#xt-bk-state')).toHaveText('运行完成', { timeout: 15_000 });
    await expect(player.locator('body.xt-bk-play')).toBeAttached();
    await expect(player.locator('.xt-ed-bar')).toBeHidden();
    await expect(player.locator('.blocklyToolboxCategory')).toHaveCount(0);
    await expect.poll(() => inked(player)).toBeGreaterThan(300);
  };
  await previewAndGrade(browser, '红色正方形', workId, played);
  await playOnWorkDetail(browser, workId, played);
});

test('a tab closed before saving gives the project back', async ({ browser }) => {
  const page = await loginInNewContext(browser, STUDENT.username, STUDENT.password, { width: 1366, height: 860 });
  const url = `/blockly/index.html?lang=zh-hans&scene=create&workName=${encodeURIComponent('没保存的画')}`;
  await page.goto(url);
  await editorReady(page);
  await append(page, SQUARE);
  await expect(page.locator('#xt-ed-status')).toContainText('已暂存到本机');
  // The tab goes away without saving (as a crash would leave it).
  const context = page.context();
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  await again.goto(url);
  const offer = again.getByRole('dialog');
  await expect(offer).toContainText('恢复未保存的作品');
  await expect(offer).toContainText('没保存的画');
  await offer.getByRole('button', { name: '恢复' }).click();
  await editorReady(again);
  await expect(again.locator('#xt-ed-status')).toHaveText('已恢复未保存的作品');
  expect(await count(again, 'controls_repeat_ext')).toBe(1);
  await context.close();
});

test('the program runs where it can reach nothing, and only its worker may evaluate code', async ({ browser }) => {
  const page = await loginInNewContext(browser, STUDENT.username, STUDENT.password);
  // What the editor page transfers (gzip as served), from a cold cache.
  const bodies: Promise<number>[] = [];
  page.on('requestfinished', (r) => bodies.push(r.sizes().then((s) => s.responseBodySize)));
  await page.goto(EDITOR);
  await editorReady(page);
  const transferred = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
  test.info().annotations.push({ type: 'editor page transferred (gzip)', description: `${Math.round(transferred / 1024)} KB in ${bodies.length} requests` });
  expect(transferred).toBeLessThan(350 * 1024);
  const result = await page.evaluate(async () => {
    const worker = (JSON.parse(document.getElementById('xt-editor-boot')!.textContent!) as { worker: string }).worker;
    const attempt = (code: string, probe = false) =>
      new Promise<string>((resolve) => {
        const w = new Worker(worker);
        w.onmessage = (e) => {
          if (probe ? e.data.t === 'probe' : e.data.t === 'done' || e.data.t === 'error') {
            w.terminate();
            resolve(probe ? e.data.r : e.data.t === 'done' ? 'done' : e.data.message);
          }
        };
        w.postMessage({ code });
      });
    return {
      fetch: await attempt("fetch('/api/teaching/user/info');"),
      importScripts: await attempt("importScripts('/static/build/boot.js');"),
      // Even with fetch taken from its prototype, the worker's policy refuses the request.
      proto: await attempt("WorkerGlobalScope.prototype.fetch.call(self, '/api/teaching/user/info').then(() => self.postMessage({ t: 'probe', r: 'fetched' }), () => self.postMessage({ t: 'probe', r: 'refused' }));", true),
      print: await attempt("print(1 + 1);"),
    };
  });
  expect(result.fetch).toMatch(/不存在|用错/);
  expect(result.importScripts).toMatch(/不存在|用错/);
  expect(result.proto).toBe('refused');
  expect(result.print).toBe('done');
  // A program error is told in Chinese, and its block is highlighted.
  await append(page, {
    type: 'variables_set',
    x: 20,
    y: 20,
    fields: { VAR: { name: '距离' } },
    inputs: { VALUE: { block: { type: 'text', fields: { TEXT: '很远' } } } },
    next: { block: { type: 'turtle_forward', inputs: { DISTANCE: { block: { type: 'variables_get', fields: { VAR: { name: '距离' } } } } } } },
  });
  await page.getByRole('button', { name: '运行' }).click();
  await expect(page.locator('#xt-bk-state')).toHaveText('程序出错');
  await expect(page.locator('#xt-bk-output .xt-bk-error')).toHaveText('前进的步数必须是数字（现在是“很远”）');
  await expect(page.locator('.blocklyPath.blocklyPathSelected, .blocklySelected, .blocklyHighlighted').first()).toBeAttached();
  // Only the worker's own policy allows evaluating code; the page's does not.
  const pageCsp = (await page.request.get(EDITOR)).headers()['content-security-policy'];
  expect(pageCsp).toContain("script-src 'self'");
  expect(pageCsp).not.toContain('unsafe-eval');
  const workerUrl = await page.evaluate(() => JSON.parse(document.getElementById('xt-editor-boot')!.textContent!).worker as string);
  expect((await page.request.get(workerUrl)).headers()['content-security-policy']).toBe("default-src 'none'; script-src 'self' 'unsafe-eval'");
  await page.context().close();
});
