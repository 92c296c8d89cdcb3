// The Scratch editor's cost (/scratch3/index.html), a section of bench/scratch.ts's report: bytes on the wire
// with brotli and with gzip only, bytes after decoding, requests, and the time from navigation until the editor
// is ready (project loaded, buttons on: body[data-editor-ready]). A fresh browser context per run, so nothing
// comes from the cache. Run through `npm run bench` or `npx tsx bench/scratch.ts`.
import type { Browser } from 'playwright-core';
import type { FileSize, ScratchContext, ScratchSection } from './scratch.js';

export interface EditorRun {
  encoding: 'br' | 'gzip';
  /** Bytes transferred (response bodies as sent, encoded). */
  transferred: number;
  /** The same bodies decoded. */
  decoded: number;
  requests: number;
  /** The GUI bundle alone, as sent. */
  guiBundle: number;
  /** Navigation start → the editor is ready (ms). */
  readyMs: number;
  /** Requests to any other origin (must be none). */
  foreign: string[];
  files: { url: string; sent: number; decoded: number }[];
}

async function oneRun(browser: Browser, base: string, encoding: 'br' | 'gzip'): Promise<EditorRun> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    // Chromium offers br by default; the gzip run asks for what an older proxy or browser would.
    ...(encoding === 'gzip' ? { extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate' } } : {}),
  });
  const pending: Promise<{ url: string; sent: number; decoded: number }>[] = [];
  const foreign: string[] = [];
  // Context-wide, as the code editors are measured: its workers' requests count too.
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
  await page.goto(`${base}/scratch3/index.html`);
  await page.waitForSelector('body[data-editor-ready]', { timeout: 120_000, state: 'attached' });
  const readyMs = Date.now() - t0;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const files = await Promise.all(pending);
  await context.close();
  return {
    encoding,
    transferred: files.reduce((n, f) => n + f.sent, 0),
    decoded: files.reduce((n, f) => n + f.decoded, 0),
    requests: files.length,
    guiBundle: files.find((f) => f.url.includes('scratch-gui-standalone.js'))?.sent ?? 0,
    readyMs,
    foreign,
    files,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** The editor's section: per file raw (decoded) / gzip / brotli bytes, and the time to ready for each encoding. */
export async function editorSection({ base, browser, runs }: ScratchContext): Promise<ScratchSection[]> {
  const n = Math.max(1, Math.min(runs, 3)); // each run moves ~17 MB through swiftshader: a few are enough
  const br: EditorRun[] = [];
  const gz: EditorRun[] = [];
  for (let i = 0; i < n; i++) {
    br.push(await oneRun(browser, base, 'br'));
    gz.push(await oneRun(browser, base, 'gzip'));
  }
  const foreign = [...br, ...gz].flatMap((r) => r.foreign);
  const byUrl = new Map<string, FileSize>();
  for (const [run, key] of [[br[0], 'br'], [gz[0], 'gzip']] as const) {
    for (const f of run.files) {
      const row = byUrl.get(f.url) ?? { url: f.url.replace(base, ''), raw: f.decoded, gzip: 0, br: 0 };
      row[key] = f.sent;
      byUrl.set(f.url, row);
    }
  }
  return [
    {
      title: '编辑器 /scratch3/index.html（冷缓存）',
      id: 'scratch-editor',
      // Gzip only, as the code editors are measured.
      figures: { gzipBytes: median(gz.map((r) => r.transferred)), readyMs: median(gz.map((r) => r.readyMs)) },
      files: [...byUrl.values()].sort((a, b) => b.raw - a.raw),
      timings: [
        { label: `editor: navigation → ready, brotli (median of ${n})`, median: median(br.map((r) => r.readyMs)), runs: br.map((r) => r.readyMs) },
        { label: `editor: navigation → ready, gzip only (median of ${n})`, median: median(gz.map((r) => r.readyMs)), runs: gz.map((r) => r.readyMs) },
      ],
      notes: [`${br[0].requests} requests; requests to other origins: ${foreign.length ? foreign.join(', ') : 'none'}`],
    },
  ];
}
