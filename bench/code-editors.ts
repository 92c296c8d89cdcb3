// The code editors' cost (issue 23), beside the Scratch editor's in bench/scratch.ts's report. For 积木编程
// (/blockly/index.html) and 图形化Python (/python/index.html), cold browser contexts with gzip only: the bytes the
// page and its workers transfer (and decoded), requests, navigation → a ready workspace (body[data-editor-ready], the
// editor host's mark); for Python also the worker's runtime start (skulpt loaded) and 运行 → the first drawn frame of
// a turtle program. Then, for a public work of each type, the click on /work-detail's cover → the player's first
// drawn frame (the player posts `ready`, work-cover.js stamps data-ready-ms). Last, a comparison with the Scratch
// editor's and player's figures of the same run (their sections' `figures`). A page that answers 404 (an editor not
// built in this tree) is skipped with a note, so the bench stays runnable. Run through `npm run bench` or
// `npx tsx bench/scratch.ts`.
import type { Browser, Page } from 'playwright-core';
import type { FileSize, ScratchContext, ScratchSection, Timing } from './scratch.js';

interface CodeEditor {
  name: string;
  workType: string;
  editor: string;
  /** After the workspace is ready: timings of the editor's own (the Python runtime's start, 运行 → first frame). */
  afterReady?: (page: Page) => Promise<Record<string, number>>;
}

/** 图形化Python: the worker's runtime start (the page stamps it), then 运行 of a one-line turtle program → drawn pixels. */
async function pythonRuntime(page: Page): Promise<Record<string, number>> {
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
  return { 'worker created → runtime ready': workerMs, '运行 → first drawn frame': firstFrameMs };
}

const EDITORS: CodeEditor[] = [
  { name: '积木编程', workType: '10', editor: '/blockly/index.html?lang=zh-hans&scene=create' },
  { name: '图形化Python', workType: '4', editor: '/python/index.html?scene=create', afterReady: pythonRuntime },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`);

async function status(base: string, path: string): Promise<number> {
  return (await fetch(new URL(path, base), { redirect: 'manual' })).status;
}

interface Load {
  readyMs: number;
  files: { url: string; sent: number; decoded: number }[];
  foreign: string[];
  extra: Record<string, number>;
}

/** One cold load of the editor with gzip only: what went over the wire (page and workers), and navigation → ready. */
async function editorRun(browser: Browser, base: string, e: CodeEditor): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate' } });
  const pending: Promise<{ url: string; sent: number; decoded: number }>[] = [];
  const foreign: string[] = [];
  // Context-wide: a worker's importScripts (skulpt) are requests of the context, not of the page.
  context.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith('data:') && !u.startsWith('blob:') && u !== 'about:srcdoc') foreign.push(u);
  });
  context.on('requestfinished', (req) => {
    pending.push(
      req.sizes().then(async (s) => {
        const body = await (await req.response())?.body().catch(() => null);
        return { url: req.url(), sent: Math.max(0, s.responseBodySize), decoded: body?.length ?? Math.max(0, s.responseBodySize) };
      }),
    );
  });
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(new URL(e.editor, base).href);
  await page.waitForSelector('body[data-editor-ready]', { timeout: 120_000, state: 'attached' });
  const readyMs = Date.now() - t0;
  const extra = e.afterReady ? await e.afterReady(page) : {};
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // A file fetched again (a fresh worker for 运行 takes its scripts from the cache) counts once, at its first size.
  const byUrl = new Map<string, { url: string; sent: number; decoded: number }>();
  for (const f of await Promise.all(pending)) {
    const had = byUrl.get(f.url);
    if (!had || f.sent > had.sent) byUrl.set(f.url, f);
  }
  await context.close();
  return { readyMs, files: [...byUrl.values()], foreign, extra };
}

/** A public work of the type (the leaderboard lists them), or null. */
async function publicWork(base: string, workType: string): Promise<string | null> {
  const res = (await (await fetch(new URL('/api/teaching/teachingWork/leaderboard?pageSize=50&orderBy=view', base))).json()) as {
    result?: { records?: { id: string; workType: string }[] };
  };
  return res.result?.records?.find((r) => String(r.workType) === workType)?.id ?? null;
}

/** Click on /work-detail's cover → the player's first frame, cold (fresh context each run). */
async function firstFrame(browser: Browser, base: string, id: string, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(new URL(`/work-detail?id=${encodeURIComponent(id)}`, base).href, { waitUntil: 'load' });
    await page.locator('a.xt-play').click();
    const frame = page.locator('.xt-player-frame');
    await frame.and(page.locator('[data-ready-ms]')).waitFor({ timeout: 60_000 });
    out.push(Number(await frame.getAttribute('data-ready-ms')));
    await context.close();
  }
  return out;
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message.split('\n')[0] : String(err));

async function editorSections(ctx: ScratchContext, e: CodeEditor): Promise<ScratchSection[]> {
  const { base, browser, runs } = ctx;
  const title = `${e.name}编辑器 ${e.editor.split('?')[0]}（冷缓存，gzip）`;
  const code = await status(base, e.editor);
  if (code === 404) return [{ title, files: [], timings: [], notes: [`skipped: ${e.editor} answers 404 (the editor is not built in this tree)`] }];
  const n = Math.max(1, Math.min(runs, 3));
  const loads: Load[] = [];
  try {
    for (let i = 0; i < n; i++) loads.push(await editorRun(browser, base, e));
  } catch (err) {
    return [{ title, files: [], timings: [], notes: [`skipped: the editor did not get ready (${firstLine(err)})`] }];
  }
  const files: FileSize[] = loads[0].files.map((f) => ({ url: f.url.replace(base, ''), raw: f.decoded, gzip: f.sent, br: 0 })).sort((a, b) => b.raw - a.raw);
  const sent = median(loads.map((l) => l.files.reduce((s, f) => s + f.sent, 0)));
  const readyMs = median(loads.map((l) => l.readyMs));
  const foreign = loads.flatMap((l) => l.foreign);
  const timings: Timing[] = [{ label: `${e.name}: navigation → ready workspace, gzip only (median of ${n})`, median: readyMs, runs: loads.map((l) => l.readyMs) }];
  for (const label of Object.keys(loads[0].extra)) {
    const xs = loads.map((l) => l.extra[label]);
    timings.push({ label: `${e.name}: ${label} (median of ${n})`, median: median(xs), runs: xs });
  }
  const sections: ScratchSection[] = [
    {
      title,
      files,
      timings,
      figures: { gzipBytes: sent, readyMs },
      notes: [
        `${loads[0].files.length} files (page and workers), ${kb(sent)} transferred with gzip (median of ${n}); the brotli column is not measured here`,
        `requests to other origins: ${foreign.length ? foreign.join(', ') : 'none'}`,
      ],
    },
  ];
  const id = await publicWork(base, e.workType);
  const playerTitle = `${e.name}播放器（/work-detail 点击封面之后）`;
  if (!id) {
    sections.push({ title: playerTitle, files: [], timings: [], notes: [`skipped: no public work of type ${e.workType} (seed the demo content)`] });
    return sections;
  }
  try {
    const times = await firstFrame(browser, base, id, runs);
    sections.push({
      title: playerTitle,
      files: [],
      timings: [{ label: `${e.name}: click on the cover → first drawn frame, cold cache (median of ${runs})`, median: median(times), runs: times }],
      figures: { firstFrameMs: median(times) },
    });
  } catch (err) {
    sections.push({ title: playerTitle, files: [], timings: [], notes: [`skipped: the player did not report its first frame (${firstLine(err)})`] });
  }
  return sections;
}

/** "x (0.12× Scratch's y)", or just x when Scratch's figure is missing. */
function against(mine: number | undefined, scratch: number | undefined, show: (n: number) => string): string {
  if (mine === undefined) return 'not measured';
  return scratch ? `${show(mine)} (${(mine / scratch).toFixed(2)}× Scratch's ${show(scratch)})` : show(mine);
}

/** Both code editors' sections, then their figures against the Scratch editor's and player's of the same run. */
export async function codeEditorSections(ctx: ScratchContext): Promise<ScratchSection[]> {
  const out: ScratchSection[] = [];
  const mine: { name: string; editor?: ScratchSection; player?: ScratchSection }[] = [];
  for (const e of EDITORS) {
    const s = await editorSections(ctx, e);
    out.push(...s);
    mine.push({ name: e.name, editor: s[0]?.figures ? s[0] : undefined, player: s[1]?.figures ? s[1] : undefined });
  }
  const scratchEditor = ctx.earlier.find((s) => s.id === 'scratch-editor')?.figures;
  const scratchPlayer = ctx.earlier.find((s) => s.id === 'scratch-player')?.figures;
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  out.push({
    title: '代码编辑器与 Scratch（同一次运行）',
    files: [],
    timings: [],
    notes: mine.map(
      (m) =>
        `${m.name}: editor ${against(m.editor?.figures?.gzipBytes, scratchEditor?.gzipBytes, kb)} gzip, ready workspace ${against(m.editor?.figures?.readyMs, scratchEditor?.readyMs, ms)}; ` +
        `player's first frame after the click ${against(m.player?.figures?.firstFrameMs, scratchPlayer?.firstFrameMs, ms)}`,
    ),
  });
  return out;
}
