// 图形化Python's cost (/python/index.html), a section of bench/scratch.ts's report beside the Scratch pages: bytes on
// the wire (page, Blockly bundle, the runtime's worker and skulpt, which the worker loads), the time from navigation
// to a ready workspace, the worker's own start (runtime loaded), and from 运行 to the first drawn frame of a turtle
// program. A fresh browser context per run (cold cache), as a visitor (the editor is open to visitors).
import type { Browser, Page } from 'playwright-core';
import { fileSize, type FileSize, type ScratchContext, type ScratchSection } from './scratch.js';

interface Run {
  urls: string[];
  readyMs: number;
  workerMs: number;
  firstFrameMs: number;
  foreign: string[];
}

/** Navigation → workspace ready; then 运行 of a one-line turtle program → the canvas has drawn pixels. */
async function oneRun(browser: Browser, base: string, encoding: 'br' | 'gzip'): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...(encoding === 'gzip' ? { extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate' } } : {}),
  });
  const urls = new Set<string>();
  const foreign: string[] = [];
  // Context-wide: the worker's importScripts of skulpt are requests of the context, not of the page.
  context.on('request', (r) => {
    const u = r.url();
    if (u.startsWith(base)) urls.add(u);
    else if (!u.startsWith('data:') && !u.startsWith('blob:')) foreign.push(u);
  });
  const page: Page = await context.newPage();
  const t0 = Date.now();
  await page.goto(`${base}/python/index.html?scene=create`);
  await page.waitForSelector('body[data-editor-ready]', { timeout: 60_000, state: 'attached' });
  const readyMs = Date.now() - t0;
  await page.waitForSelector('body[data-py-worker="ready"]', { timeout: 60_000, state: 'attached' });
  const workerMs = Number(await page.locator('body').getAttribute('data-py-worker-ms'));
  await page.getByRole('button', { name: '文本模式' }).click();
  await page.locator('#py-text').fill('import turtle\nturtle.forward(100)\n');
  // A string, not a function: tsx's name helpers would not exist in the page.
  const firstFrameMs = (await page.evaluate(`new Promise((resolve) => {
    const c = document.getElementById('py-canvas');
    const g = c.getContext('2d');
    const start = performance.now();
    function tick() {
      const d = g.getImageData(0, 0, c.width, c.height).data;
      for (let i = 0; i < d.length; i += 16) if (d[i] < 250) return resolve(performance.now() - start);
      requestAnimationFrame(tick);
    }
    document.getElementById('py-run').click();
    requestAnimationFrame(tick);
  })`)) as number;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await context.close();
  return { urls: [...urls], readyMs, workerMs, firstFrameMs, foreign };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

export async function pythonEditorSection({ base, browser, runs }: ScratchContext): Promise<ScratchSection[]> {
  const n = Math.max(1, Math.min(runs, 3));
  const br: Run[] = [];
  const gz: Run[] = [];
  for (let i = 0; i < n; i++) {
    br.push(await oneRun(browser, base, 'br'));
    gz.push(await oneRun(browser, base, 'gzip'));
  }
  // Each file the page and its worker fetched, measured as the server sends it (raw, gzip, brotli).
  const files: FileSize[] = await Promise.all(br[0].urls.map((u) => fileSize(base, u)));
  const foreign = [...br, ...gz].flatMap((r) => r.foreign);
  return [
    {
      title: '图形化Python /python/index.html（冷缓存）',
      files: files.sort((a, b) => b.raw - a.raw),
      timings: [
        { label: `python editor: navigation → ready workspace, gzip (median of ${n})`, median: median(gz.map((r) => r.readyMs)), runs: gz.map((r) => r.readyMs) },
        { label: `python editor: worker created → runtime ready, gzip (median of ${n})`, median: median(gz.map((r) => r.workerMs)), runs: gz.map((r) => r.workerMs) },
        { label: `python editor: 运行 → first drawn frame (median of ${2 * n})`, median: median([...br, ...gz].map((r) => r.firstFrameMs)), runs: [...br, ...gz].map((r) => r.firstFrameMs) },
      ],
      notes: [`${files.length} requests; requests to other origins: ${foreign.length ? foreign.join(', ') : 'none'}`],
    },
  ];
}
