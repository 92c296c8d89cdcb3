// The code editors' cost (issue 23), beside the Scratch editor's in bench/scratch.ts's report: for 积木编程
// (/blockly/index.html) and 图形化Python (/python/index.html) the bytes a cold browser transfers with gzip only
// (and decoded), requests, and navigation → a ready workspace (body[data-editor-ready], the editor host's mark);
// then for a public work of each type, the click on /work-detail's cover → the player's first drawn frame (the
// player posts `ready`, work-cover.js stamps data-ready-ms). A page that answers 404 (an editor not built in this
// tree) is skipped with a note, so the bench stays runnable. Run through `npm run bench` or `npx tsx bench/scratch.ts`.
import type { Browser } from 'playwright-core';
import type { FileSize, ScratchContext, ScratchSection } from './scratch.js';

interface CodeEditor {
  name: string;
  workType: string;
  editor: string;
}

const EDITORS: CodeEditor[] = [
  { name: '积木编程', workType: '10', editor: '/blockly/index.html?lang=zh-hans&scene=create' },
  { name: '图形化Python', workType: '4', editor: '/python/index.html?scene=create' },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function status(base: string, path: string): Promise<number> {
  return (await fetch(new URL(path, base), { redirect: 'manual' })).status;
}

/** One cold load of the editor with gzip only: what went over the wire, and navigation → ready. */
async function editorRun(browser: Browser, base: string, editorPath: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate' } });
  const page = await context.newPage();
  const pending: Promise<{ url: string; sent: number; decoded: number }>[] = [];
  const foreign: string[] = [];
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith('data:') && !u.startsWith('blob:') && u !== 'about:srcdoc') foreign.push(u);
  });
  page.on('requestfinished', (req) => {
    pending.push(
      req.sizes().then(async (s) => {
        const body = await (await req.response())?.body().catch(() => null);
        return { url: req.url(), sent: Math.max(0, s.responseBodySize), decoded: body?.length ?? Math.max(0, s.responseBodySize) };
      }),
    );
  });
  const t0 = Date.now();
  await page.goto(new URL(editorPath, base).href);
  await page.waitForSelector('body[data-editor-ready]', { timeout: 120_000, state: 'attached' });
  const readyMs = Date.now() - t0;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const files = await Promise.all(pending);
  await context.close();
  return { readyMs, files, foreign };
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

async function editorSections(ctx: ScratchContext, e: CodeEditor): Promise<ScratchSection[]> {
  const { base, browser, runs } = ctx;
  const title = `${e.name}编辑器 ${e.editor.split('?')[0]}（冷缓存，gzip）`;
  const code = await status(base, e.editor);
  if (code === 404) return [{ title, files: [], timings: [], notes: [`skipped: ${e.editor} answers 404 (the editor is not built in this tree)`] }];
  const n = Math.max(1, Math.min(runs, 3));
  const loads: Awaited<ReturnType<typeof editorRun>>[] = [];
  try {
    for (let i = 0; i < n; i++) loads.push(await editorRun(browser, base, e.editor));
  } catch (err) {
    return [{ title, files: [], timings: [], notes: [`skipped: the editor did not get ready (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`] }];
  }
  const files: FileSize[] = loads[0].files.map((f) => ({ url: f.url.replace(base, ''), raw: f.decoded, gzip: f.sent, br: 0 })).sort((a, b) => b.raw - a.raw);
  const sent = loads[0].files.reduce((s, f) => s + f.sent, 0);
  const foreign = loads.flatMap((l) => l.foreign);
  const sections: ScratchSection[] = [
    {
      title,
      files,
      timings: [{ label: `${e.name}: navigation → ready workspace, gzip only (median of ${n})`, median: median(loads.map((l) => l.readyMs)), runs: loads.map((l) => l.readyMs) }],
      notes: [
        `${loads[0].files.length} requests, ${(sent / 1024).toFixed(1)} KB transferred (gzip); the brotli column is not measured here`,
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
    sections.push({ title: playerTitle, files: [], timings: [{ label: `${e.name}: click on the cover → first drawn frame, cold cache (median of ${runs})`, median: median(times), runs: times }] });
  } catch (err) {
    sections.push({ title: playerTitle, files: [], timings: [], notes: [`skipped: the player did not report its first frame (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`] });
  }
  return sections;
}

/** Both code editors' sections, in order. */
export async function codeEditorSections(ctx: ScratchContext): Promise<ScratchSection[]> {
  const out: ScratchSection[] = [];
  for (const e of EDITORS) out.push(...(await editorSections(ctx, e)));
  return out;
}
