// The Scratch player (/scratch3/player.html) as visitors and authors meet it: /work-detail shows the cover, a
// click puts the player in its place, the green flag runs the seed's demo project (a round sprite with a dark
// outline and eyes, which says a message and moves), and nothing is requested from any other origin.
import { expect, test, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { zipArchive } from '../src/server/shared/zip';
import { BASE_URL } from './fixtures';
import { loginInNewContext } from './login';
import { sqlOnServerDb } from './server-db';
import { snap } from './shots';

const SHOTS = '/tmp/shots-player';

/** What the player page exposes for tests (src/islands/scratch/player.ts). */
interface PlayerWindow {
  xtPlayer: {
    vm: {
      runtime: {
        ioDevices: {
          keyboard: { getKeyIsDown(key: string): boolean };
          mouse: { getScratchX(): number; getScratchY(): number };
        };
      };
    };
  };
}
const ORIGIN = new URL(BASE_URL).origin;

/** Every URL the context requests (pages, frames, scripts, fetches, websockets). */
function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  const sockets = (p: Page) => p.on('websocket', (ws) => urls.push(ws.url()));
  context.pages().forEach(sockets);
  context.on('page', sockets);
  return urls;
}

function expectOnlyOurOrigin(urls: string[]) {
  const ours = [ORIGIN, ORIGIN.replace(/^http/, 'ws')];
  const foreign = urls.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && !ours.includes(new URL(u).origin));
  expect(foreign, 'requests to other origins').toEqual([]);
}

/** Pixels of the stage that are dark (the sprite's outline and eyes; the demo backdrops are light). */
async function stagePixels(stage: ReturnType<FrameLocator['locator']>) {
  const png = PNG.sync.read(await stage.screenshot());
  let dark = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]];
    if (r < 90 && g < 90 && b < 90) dark++;
  }
  return { dark, png };
}

async function openFeaturedWork(page: Page, withScript = true): Promise<string> {
  await page.goto('/home');
  const link = page.locator('section', { has: page.getByRole('heading', { level: 2, name: '精选作品' }) }).getByRole('listitem').first().getByRole('link').first();
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/work-detail\?id=/);
  // With JavaScript, wait until work-cover.js has taken the cover over (before that, a click opens a new tab).
  if (withScript) await expect(page.locator('a.xt-play')).toHaveAttribute('data-player-ready', '1');
  return name;
}

/** One statement against the database of the server under test (SQLite in DATA_DIR, or the run's PostgreSQL schema). */
/** A one-sprite project: a stage and a sprite sharing one SVG costume, the sprite running `blocks`. */
function oneSpriteSb3(o: { svg: string; size: number; sprite: string; blocks: Record<string, unknown>; stageVariables?: Record<string, unknown>; extensions?: string[] }): Buffer {
  const svg = Buffer.from(o.svg);
  const md5 = createHash('md5').update(svg).digest('hex');
  const costume = { name: 'c', dataFormat: 'svg', assetId: md5, md5ext: `${md5}.svg`, rotationCenterX: o.size / 2, rotationCenterY: o.size / 2 };
  const base = { lists: {}, broadcasts: {}, comments: {}, currentCostume: 0, costumes: [costume], sounds: [], volume: 100 };
  const project = {
    targets: [
      { ...base, isStage: true, name: 'Stage', variables: o.stageVariables ?? {}, blocks: {}, layerOrder: 0, tempo: 60 },
      { ...base, isStage: false, name: o.sprite, variables: {}, layerOrder: 1, visible: true, x: 0, y: 0, size: 100, direction: 90, draggable: false, rotationStyle: 'all around', blocks: o.blocks },
    ],
    monitors: [],
    extensions: o.extensions ?? [],
    meta: { semver: '3.0.0', vm: '0.2.0', agent: 'xuetang-e2e' },
  };
  return zipArchive([
    { name: 'project.json', data: Buffer.from(JSON.stringify(project)) },
    { name: `${md5}.svg`, data: svg },
  ]);
}

/** A project with a cloud variable: the green flag sets ☁ 分数 to 7. */
const cloudSb3 = () =>
  oneSpriteSb3({
    svg: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#4c97ff"/></svg>',
    size: 40,
    sprite: '角色1',
    stageVariables: { cv1: ['☁ 分数', 0, true] },
    blocks: {
      flag: { opcode: 'event_whenflagclicked', next: 'set', parent: null, inputs: {}, fields: {}, shadow: false, topLevel: true, x: 0, y: 0 },
      set: { opcode: 'data_setvariableto', next: null, parent: 'flag', inputs: { VALUE: [1, [10, '7']] }, fields: { VARIABLE: ['☁ 分数', 'cv1'] }, shadow: false, topLevel: false },
    },
  });

/** A project that uses the music extension: the green flag plays a snare drum. */
const musicSb3 = () =>
  oneSpriteSb3({
    svg: '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60"><circle cx="30" cy="30" r="26" fill="#ffab19" stroke="#333" stroke-width="3"/></svg>',
    size: 60,
    sprite: '鼓手',
    extensions: ['music'],
    blocks: {
      flag: { opcode: 'event_whenflagclicked', next: 'drum', parent: null, inputs: {}, fields: {}, shadow: false, topLevel: true, x: 0, y: 0 },
      drum: { opcode: 'music_playDrumForBeats', next: null, parent: 'flag', inputs: { DRUM: [1, 'menu'], BEATS: [1, [4, '0.25']] }, fields: {}, shadow: false, topLevel: false },
      menu: { opcode: 'music_menu_DRUM', next: null, parent: 'drum', inputs: {}, fields: { DRUM: ['1', null] }, shadow: true, topLevel: false },
    },
  });

test.describe('Scratch player', () => {
  test('a visitor clicks the cover on /work-detail, the player loads and the green flag runs the work', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const urls = recordRequests(context);
    // Every Content-Security-Policy violation of the page and the player frame (the engine makes workers,
    // blob: and data: images and fonts; the policy for /scratch3/ must allow exactly those).
    const violations: string[] = [];
    await context.exposeBinding('__cspViolation', (_src, v: string) => violations.push(v));
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI}`)),
    );
    const page = await context.newPage();
    page.on('console', (m) => {
      if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text());
    });
    const name = await openFeaturedWork(page);

    // Cover first: a link to the player page; no engine, no frame yet.
    const play = page.getByRole('link', { name: `播放作品：${name}` });
    await expect(play).toBeVisible();
    await expect(play).toHaveAttribute('href', /^\/scratch3\/player\.html\?workId=[^&]+$/);
    await expect(page.locator('iframe')).toHaveCount(0);
    await snap(page, `${SHOTS}/work-detail-before.png`);
    expect(urls.filter((u) => u.includes('/static/vendor/')), 'engine before the click').toEqual([]);

    await play.click();
    const iframe = page.locator('.xt-player-frame iframe');
    await expect(iframe).toBeVisible();
    const player = page.frameLocator('.xt-player-frame iframe');
    // Loaded and started (autoplay after the click).
    await expect(player.locator('#xt-player')).toHaveAttribute('data-state', /ready|running/, { timeout: 20_000 });
    await expect(page.locator('.xt-player-frame')).toHaveAttribute('data-ready-ms', /^\d+$/);
    await expect(player.getByRole('button', { name: '绿旗开始' })).toBeEnabled();
    expect(urls.some((u) => u.includes('/static/vendor/scaffolding@') && u.endsWith('scaffolding-min.js')), 'engine loaded on click').toBe(true);

    // The green flag: the sprite is drawn (dark outline and eyes on a light backdrop) and moves.
    await player.getByRole('button', { name: '停止' }).click();
    await player.getByRole('button', { name: '绿旗开始' }).click();
    await expect(player.locator('#xt-player')).toHaveAttribute('data-state', 'running');
    const stage = player.locator('.sc-canvas');
    await expect(stage).toBeVisible();
    const box = await stage.boundingBox();
    expect(box && Math.abs(box.width / box.height - 4 / 3)).toBeLessThan(0.02); // 480×360 scaled, ratio kept
    await expect.poll(async () => (await stagePixels(stage)).dark, { timeout: 10_000 }).toBeGreaterThan(150);
    const first = (await stagePixels(stage)).png.data;
    await expect.poll(async () => Buffer.compare((await stagePixels(stage)).png.data, first) !== 0, { timeout: 5_000 }).toBe(true);
    await snap(page, `${SHOTS}/work-detail-after.png`);

    // The keyboard reaches the project once the stage has been clicked.
    await stage.click({ position: { x: 10, y: 10 } });
    const playerFrame = page.frames().find((f) => f.url().includes('/scratch3/player.html'))!;
    const keyDown = (key: string) => playerFrame.evaluate((k) => (window as unknown as PlayerWindow).xtPlayer.vm.runtime.ioDevices.keyboard.getKeyIsDown(k), key);
    await page.keyboard.down('ArrowLeft');
    await expect.poll(() => keyDown('left arrow')).toBe(true);
    await page.keyboard.up('ArrowLeft');
    await expect.poll(() => keyDown('left arrow')).toBe(false);

    // 全屏 makes the player (the frame's document) full screen, and leaves it again.
    const full = player.getByRole('button', { name: '全屏' });
    await full.click();
    await expect(full).toHaveAttribute('aria-pressed', 'true');
    expect(await playerFrame.evaluate(() => document.fullscreenElement?.id)).toBe('xt-player');
    await full.click();
    await expect(full).toHaveAttribute('aria-pressed', 'false');

    // 停止 stops the project.
    await player.getByRole('button', { name: '停止' }).click();
    await expect(player.locator('#xt-player')).toHaveAttribute('data-state', 'ready');

    expectOnlyOurOrigin(urls);
    expect(violations, 'CSP violations').toEqual([]);
    await context.close();
  });

  test('without JavaScript the cover is a plain link to the player page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const name = await openFeaturedWork(page, false);
    const href = await page.getByRole('link', { name: `播放作品：${name}` }).getAttribute('href');
    const res = await page.goto(href!);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('button', { name: '绿旗开始' }).first()).toBeVisible();
    // (Playwright's text search skips <noscript>, so the message is found by its class.)
    await expect(page.locator('.xt-player-noscript')).toBeVisible();
    await expect(page.locator('.xt-player-noscript')).toHaveText('播放作品需要启用浏览器的 JavaScript。');
    await context.close();
  });

  test('a draft is not played for a visitor but is for its author; other origins are refused', async ({ browser }) => {
    const author = await loginInNewContext(browser, 'student1');
    const mine = await author.request.get('/api/teaching/teachingWork/mine?pageNo=1&pageSize=50');
    const works = ((await mine.json()) as { result: { records: { id: string; workName: string; workStatus: string }[] } }).result.records;
    const draft = works.find((w) => w.workStatus === '0');
    expect(draft, 'student1 has a draft in the demo content').toBeTruthy();

    // The author plays their own draft.
    const authorUrls = recordRequests(author.context());
    await author.goto(`/scratch3/player.html?workId=${draft!.id}`);
    await expect(author.locator('#xt-player')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await expect(author.getByRole('button', { name: '点击绿旗开始' })).toBeVisible();
    await author.getByRole('button', { name: '点击绿旗开始' }).click();
    await expect(author.locator('#xt-player')).toHaveAttribute('data-state', 'running');
    expectOnlyOurOrigin(authorUrls);
    await author.context().close();

    // A visitor gets the message, and no engine.
    const context = await browser.newContext();
    const urls = recordRequests(context);
    const page = await context.newPage();
    const res = await page.goto(`/scratch3/player.html?workId=${draft!.id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('作品不存在或未公开');
    await snap(page, `${SHOTS}/player-not-public.png`);
    for (const bad of ['http://example.com/x.sb3', '//example.com/x.sb3', '/api/sys/common/static/../../etc/passwd', '/api/sys/user/list']) {
      const r = await page.goto(`/scratch3/player.html?workUrl=${encodeURIComponent(bad)}`);
      expect(r?.status(), bad).toBe(400);
      await expect(page.getByRole('alert')).toContainText('无法播放这个地址的作品');
    }
    expect(urls.filter((u) => u.includes('/static/vendor/'))).toEqual([]);
    expectOnlyOurOrigin(urls);
    await context.close();
  });

  test('the teacher previews a submitted homework from the grading desk: the player runs it in the dialog', async ({ browser }) => {
    const page = await loginInNewContext(browser, 'teacher');
    const urls = recordRequests(page.context());
    await page.goto('/teaching/workList?workScene=course');
    const preview = page.getByRole('link', { name: '预览“认识Scratch”' }).first();
    await preview.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('预览：认识Scratch');
    const player = page.frameLocator('[role="dialog"] iframe');
    await expect(player.locator('#xt-player')).toHaveAttribute('data-state', 'running', { timeout: 20_000 });
    await expect.poll(async () => (await stagePixels(player.locator('.sc-canvas'))).dark, { timeout: 10_000 }).toBeGreaterThan(150);
    await snap(page, `${SHOTS}/grading-preview.png`);
    // Closing the dialog takes the player (and its sounds) away.
    await dialog.getByRole('link', { name: '关闭' }).first().click();
    await expect(page.locator('iframe')).toHaveCount(0);
    expectOnlyOurOrigin(urls);
    await page.context().close();
  });

  test('a project that uses music gets its samples from our server, never from the engine maker\'s host', async ({ browser }) => {
    // A stored file, put where the server keeps its files (the run's DATA_DIR, playwright.config.ts).
    const dataDir = process.env.XUETANG_E2E_DATA_DIR!;
    const key = `e2e/music-${Date.now()}.sb3`;
    fs.mkdirSync(path.join(dataDir, 'files', 'e2e'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', key), musicSb3());
    const context = await browser.newContext();
    const urls = recordRequests(context);
    const page = await context.newPage();
    await page.goto(`/scratch3/player.html?workUrl=${encodeURIComponent(`/api/sys/common/static/${key}`)}&workName=${encodeURIComponent('打鼓')}`);
    await expect(page.locator('#xt-player')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await page.getByRole('button', { name: '点击绿旗开始' }).click();
    // The extension loads all of its samples when the project is loaded; the snare is the first.
    await expect.poll(() => urls.filter((u) => /\/static\/vendor\/scaffolding@[^/]+\/music\/.+\.mp3$/.test(u)).length).toBeGreaterThanOrEqual(61);
    const snare = await page.request.get(urls.find((u) => u.endsWith('/music/drums/1-snare.mp3'))!);
    expect(snare.status()).toBe(200);
    expect(snare.headers()['content-type']).toContain('audio/mpeg');
    expectOnlyOurOrigin(urls);
    await context.close();
  });

  test('a work with cloud variables talks the cloud protocol on our websocket, keyed by the work id', async ({ browser }) => {
    // student3's draft becomes a project with a cloud variable (its stored file rewritten, the flag set).
    const [w] = await sqlOnServerDb<{ id: string; file: string }>(
      "SELECT w.id AS id, f.file_path AS file FROM teaching_work w JOIN sys_file f ON f.id = w.work_file WHERE w.work_name = ? AND w.work_status = 0",
      "SELECT w.id AS id, f.file_path AS file FROM teaching_work w JOIN sys_file f ON f.id = w.work_file WHERE w.work_name = $1 AND w.work_status = 0",
      ['我的第一个作品'],
    );
    fs.writeFileSync(path.join(process.env.XUETANG_E2E_DATA_DIR!, 'files', w.file), cloudSb3());
    await sqlOnServerDb('UPDATE teaching_work SET has_cloud_data = 1 WHERE id = ?', 'UPDATE teaching_work SET has_cloud_data = 1 WHERE id = $1', [w.id]);

    const page = await loginInNewContext(browser, 'student3');
    const urls = recordRequests(page.context());
    // The cloud server's side, played by the test (the scratch cloud protocol: JSON lines).
    const received: Record<string, unknown>[] = [];
    let socketUrl = '';
    await page.context().routeWebSocket(/\/api\/websocket\/scratch\/cloudData$/, (ws) => {
      socketUrl = ws.url();
      ws.onMessage((m) => {
        const msg = JSON.parse(String(m)) as Record<string, unknown>;
        received.push(msg);
        if (msg.method === 'handshake') ws.send(JSON.stringify({ method: 'set', name: '☁ 分数', value: '42' }));
      });
    });
    await page.goto(`/scratch3/player.html?workId=${w.id}`);
    await expect(page.locator('#xt-player')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await expect.poll(() => received.find((m) => m.method === 'handshake')).toMatchObject({ project_id: w.id, user: 'student3' });
    expect(new URL(socketUrl).origin).toBe(ORIGIN.replace(/^http/, 'ws'));
    const cloudValue = () =>
      page.evaluate(() => (window as unknown as { xtPlayer: { vm: { runtime: { getTargetForStage(): { variables: Record<string, { value: unknown }> } } } } }).xtPlayer.vm.runtime.getTargetForStage().variables.cv1.value);
    await expect.poll(cloudValue).toBe('42');
    await page.getByRole('button', { name: '点击绿旗开始' }).click();
    await expect.poll(() => received.find((m) => m.method === 'set')).toMatchObject({ method: 'set', name: '☁ 分数', value: 7, project_id: w.id });
    expectOnlyOurOrigin(urls);
    await page.context().close();
  });

  test('on a phone (375 px) the stage fits the width and on-screen keys reach the project', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const urls = recordRequests(context);
    const page = await context.newPage();
    const name = await openFeaturedWork(page);
    await page.getByRole('link', { name: `播放作品：${name}` }).tap();
    const player = page.frameLocator('.xt-player-frame iframe');
    await expect(player.locator('#xt-player')).toHaveAttribute('data-state', /ready|running/, { timeout: 20_000 });
    const frameBox = await page.locator('.xt-player-frame').boundingBox();
    expect(frameBox!.width).toBeLessThanOrEqual(375);
    const keys = player.getByRole('group', { name: '屏幕按键' });
    await expect(keys).toBeVisible();
    const stage = await player.locator('.sc-canvas').boundingBox();
    expect(stage!.width).toBeGreaterThan(frameBox!.width - 4);
    // A held on-screen key is a held key for the project.
    const right = keys.getByRole('button', { name: '右键' });
    const rb = (await right.boundingBox())!;
    const playerFrame = () => page.frames().find((f) => f.url().includes('/scratch3/player.html'))!;
    const held = async () => playerFrame().evaluate(() => (window as unknown as PlayerWindow).xtPlayer.vm.runtime.ioDevices.keyboard.getKeyIsDown('right arrow'));
    await page.mouse.move(rb.x + rb.width / 2, rb.y + rb.height / 2);
    await page.mouse.down();
    await expect.poll(held).toBe(true);
    await page.mouse.up();
    await expect.poll(held).toBe(false);
    // A tap on the stage is the mouse for the project: a tap near the top right corner is at x > 0, y > 0.
    await player.locator('.sc-canvas').tap({ position: { x: stage!.width - 20, y: 20 } });
    const mouseAt = () =>
      playerFrame().evaluate(() => {
        const m = (window as unknown as PlayerWindow).xtPlayer.vm.runtime.ioDevices.mouse;
        return { x: m.getScratchX(), y: m.getScratchY() };
      });
    await expect.poll(async () => { const m = await mouseAt(); return m.x > 180 && m.y > 120; }).toBe(true);
    // Where the browser has no element full screen (iPhone Safari), 全屏 asks the page to enlarge the frame.
    await playerFrame().evaluate(() => {
      for (const k of ['fullscreenEnabled', 'webkitFullscreenEnabled']) Object.defineProperty(document, k, { get: () => false });
    });
    await player.getByRole('button', { name: '全屏' }).tap();
    await expect(page.locator('.xt-player-frame')).toHaveClass(/xt-player-frame-max/);
    const max = await page.locator('.xt-player-frame').boundingBox();
    expect(max).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
    await snap(page, `${SHOTS}/player-phone-full.png`);
    await player.getByRole('button', { name: '全屏' }).tap();
    await expect(page.locator('.xt-player-frame')).not.toHaveClass(/xt-player-frame-max/);
    await snap(page, `${SHOTS}/player-phone.png`);
    // The player page on its own (the link without JavaScript, 在新窗口打开) fills the phone's width too.
    const src = await page.locator('.xt-player-frame iframe').getAttribute('src');
    await page.goto(src!);
    await expect(page.locator('#xt-player')).toHaveAttribute('data-state', /ready|running/, { timeout: 20_000 });
    const own = await page.locator('.sc-canvas').boundingBox();
    expect(own!.width).toBeGreaterThan(370);
    await expect(page.getByRole('group', { name: '屏幕按键' })).toBeVisible();
    await snap(page, `${SHOTS}/player-phone-direct.png`);
    expectOnlyOurOrigin(urls);
    await context.close();
  });
});
