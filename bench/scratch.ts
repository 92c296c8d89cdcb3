// The Scratch pages' weight and speed (issue 8): what a browser transfers for each page — HTML, our CSS and JS,
// the vendor engine — with gzip and with brotli, and the time from a click to the first frame. One section per
// page; the player's is here, the editor's in bench/scratch-editor.ts, the code editors' (积木编程, 图形化Python) and
// their players' in bench/code-editors.ts, which compares them with the Scratch editor's and player's figures.
// Run from `npm run bench` (bench/run.ts), or alone:
//   npm run build && npx tsx bench/scratch.ts              (starts the built server on a temporary database)
//   BENCH_URL=http://127.0.0.1:3000 npx tsx bench/scratch.ts
// BENCH_PLAYER_RUNS (default 5): how many cold clicks the first-frame time is the median of.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { editorSection } from './scratch-editor.js';
import { codeEditorSections } from './code-editors.js';
import { startBuiltServer } from './built-server.js';

/** One file of a page, as the server sends it: bytes on the wire without compression, with gzip, with brotli. */
export interface FileSize {
  url: string;
  raw: number;
  gzip: number;
  br: number;
}

/** A timing: the median of `runs`, with every run kept. */
export interface Timing {
  label: string;
  median: number;
  runs: number[];
}

export interface ScratchSection {
  /** e.g. '播放器 /scratch3/player.html' */
  title: string;
  /** What the page loads before it is usable (HTML, CSS, JS, engine). */
  files: FileSize[];
  /** Loaded later or only for some projects; listed, not added to the total. */
  extra?: FileSize[];
  timings: Timing[];
  notes?: string[];
  /** Names the section for later ones ('scratch-editor', 'scratch-player': the code editors compare against them). */
  id?: string;
  /** The section's headline figures: gzip bytes to a ready page, navigation → ready, click → first frame (ms). */
  figures?: { gzipBytes?: number; readyMs?: number; firstFrameMs?: number };
}

export interface ScratchContext {
  base: string;
  browser: Browser;
  runs: number;
  /** The sections measured before in the same run. */
  earlier: ScratchSection[];
}

/** Sections of the report, in order. The editor's measurement adds itself here. */
export const SCRATCH_SECTIONS: { name: string; measure: (ctx: ScratchContext) => Promise<ScratchSection[]> }[] = [];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Bytes of the response body as sent (not decoded) for one Accept-Encoding. */
function wireBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => (res.statusCode && res.statusCode < 400 ? resolve(n) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export async function fileSize(base: string, pathOrUrl: string): Promise<FileSize> {
  const url = new URL(pathOrUrl, base).href;
  const [raw, gzip, br] = await Promise.all([wireBytes(url, 'identity'), wireBytes(url, 'gzip'), wireBytes(url, 'br')]);
  return { url: new URL(url).pathname, raw, gzip, br };
}

/** The same-origin scripts, stylesheets and preloads a page's HTML names. */
async function pageAssets(base: string, pagePath: string): Promise<string[]> {
  const html = await (await fetch(new URL(pagePath, base))).text();
  const out = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)) {
    const href = m[1].replace(/&amp;/g, '&');
    if (href.startsWith('/') && !href.startsWith('//') && !/\.(svg|png|ico)(\?|$)/.test(href)) out.add(href);
  }
  return [...out];
}

async function publicScratchWork(base: string): Promise<string> {
  const res = (await (await fetch(new URL('/api/teaching/teachingWork/leaderboard?pageSize=20&orderBy=view', base))).json()) as {
    result: { records: { id: string; workType: string }[] };
  };
  const w = res.result.records.find((r) => r.workType === '2' || r.workType === '1');
  if (!w) throw new Error('no public Scratch work to play (seed the demo content)');
  return w.id;
}

/** The player: /work-detail before the click, the player page with the engine, and click → first frame. */
export async function playerSection({ base, browser, runs }: ScratchContext): Promise<ScratchSection[]> {
  const id = await publicScratchWork(base);
  const detail = `/work-detail?id=${encodeURIComponent(id)}`;
  const playerPage = `/scratch3/player.html?workId=${encodeURIComponent(id)}&autoplay=1`;

  const detailFiles = [await fileSize(base, detail), ...(await Promise.all((await pageAssets(base, detail)).map((a) => fileSize(base, a))))];
  const playerAssets = await pageAssets(base, playerPage);
  const playerFiles = [await fileSize(base, playerPage), ...(await Promise.all(playerAssets.map((a) => fileSize(base, a))))];
  const engine = playerAssets.find((a) => /\/static\/vendor\/scaffolding@/.test(a)) ?? '';
  const withMusic = engine ? [await fileSize(base, engine.replace('scaffolding-min.js', 'scaffolding-with-music.js'))] : [];
  // The music extension's samples (scripts/build.mjs extracts them), fetched only by projects that use music.
  const musicDir = path.join('static', engine.replace(/^\/static\//, '').replace(/scaffolding-min\.js$/, ''), 'music');
  const mp3s = fs.existsSync(musicDir) ? (fs.readdirSync(musicDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.mp3')) : [];
  const musicBytes = mp3s.reduce((n, f) => n + fs.statSync(path.join(musicDir, f)).size, 0);

  // Click → first frame, each run in a fresh context (nothing cached), then once more with the cache warm.
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    for (const [n, into] of [
      [0, cold],
      [1, warm],
    ] as const) {
      await page.goto(new URL(detail, base).href, { waitUntil: 'load' });
      await page.locator('a.xt-play').click();
      const frame = page.locator('.xt-player-frame');
      await frame.and(page.locator('[data-ready-ms]')).waitFor({ timeout: 60_000 });
      into.push(Number(await frame.getAttribute('data-ready-ms')));
      void n;
    }
    await context.close();
  }

  const budget = detailFiles.filter((f) => /\.(css|js)(\?|$)/.test(f.url)).reduce((n, f) => n + f.gzip, 0);
  return [
    {
      title: `作品页 ${detail.split('?')[0]}（点击封面之前）`,
      files: detailFiles,
      timings: [],
      notes: [`CSS+JS gzip: ${kb(budget)} (${budget <= 30 * 1024 ? 'within' : 'OVER'} the 30 KB budget of public pages)`],
    },
    {
      title: '播放器 /scratch3/player.html（点击封面之后）',
      id: 'scratch-player',
      figures: { firstFrameMs: median(cold) },
      files: playerFiles,
      extra: [
        ...(mp3s.length ? [{ url: `music/*.mp3: ${mp3s.length} samples, fetched only by projects that use the music extension`, raw: musicBytes, gzip: musicBytes, br: musicBytes }] : []),
        ...withMusic.map((f) => ({ ...f, url: `${f.url}: the engine with the samples inlined, not used` })),
      ],
      notes: ['our pages and scripts are sent with gzip only (the brotli column repeats their raw size); the engine is precompressed with both'],
      timings: [
        { label: `click on the cover → first frame, cold cache (median of ${runs})`, median: median(cold), runs: cold },
        { label: `click on the cover → first frame, engine cached (median of ${runs})`, median: median(warm), runs: warm },
      ],
    },
  ];
}

SCRATCH_SECTIONS.push(
  { name: 'player', measure: playerSection },
  { name: 'editor', measure: editorSection },
  { name: 'code-editors', measure: codeEditorSections },
);

export async function measureScratch(base: string, runs = Number(process.env.BENCH_PLAYER_RUNS ?? 5)): Promise<ScratchSection[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    const out: ScratchSection[] = [];
    for (const s of SCRATCH_SECTIONS) out.push(...(await s.measure({ base, browser, runs, earlier: [...out] })));
    return out;
  } finally {
    await browser.close();
  }
}

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`);

export function printScratchReport(sections: ScratchSection[]) {
  console.log('\n| Scratch pages (bytes on the wire) | raw | gzip | brotli |');
  console.log('|---|---:|---:|---:|');
  // A section without files (a timing or a comparison only) has no row; a brotli size not measured shows as —.
  const br = (list: FileSize[], n: number) => (n === 0 && list.some((f) => f.raw > 0) ? '—' : kb(n));
  for (const s of sections.filter((x) => x.files.length)) {
    const sum = (k: 'raw' | 'gzip' | 'br') => s.files.reduce((n, f) => n + f[k], 0);
    console.log(`| **${s.title}** | **${kb(sum('raw'))}** | **${kb(sum('gzip'))}** | **${br(s.files, sum('br'))}** |`);
    for (const f of s.files) console.log(`| &nbsp;&nbsp;${f.url} | ${kb(f.raw)} | ${kb(f.gzip)} | ${br([f], f.br)} |`);
    for (const f of s.extra ?? []) console.log(`| &nbsp;&nbsp;(${f.url}) | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.br)} |`);
  }
  const timings = sections.flatMap((s) => s.timings.map((t) => ({ ...t, page: s.title })));
  if (timings.length) {
    console.log('\n| Scratch timing | median | runs |');
    console.log('|---|---:|---|');
    for (const t of timings) console.log(`| ${t.label} | ${t.median.toFixed(0)} ms | ${t.runs.map((r) => r.toFixed(0)).join(', ')} |`);
  }
  for (const s of sections) for (const n of s.notes ?? []) console.log(`\n${s.title}: ${n}`);
}

async function standalone() {
  let base = process.env.BENCH_URL;
  let stop = async () => {};
  if (!base) {
    const server = await startBuiltServer({
      port: Number(process.env.BENCH_SCRATCH_PORT ?? 8797),
      name: 'scratch-bench',
      env: { ADMIN_PASSWORD: 'Scratch-admin-2026', DEMO_PASSWORD: 'Scratch-demo-2026', DEMO_CONTENT: '1' },
    });
    base = server.base;
    stop = server.stop;
  }
  try {
    printScratchReport(await measureScratch(base));
  } finally {
    await stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  standalone().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
