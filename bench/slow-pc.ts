// The public home on a slow school PC (issue 18 item 14): how long after navigation the first work card is painted,
// in Chromium with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate) and unthrottled, each load in a fresh
// context (nothing cached), medians of several loads. Part of `npm run bench:public`; on its own:
//   npm run build && tsx bench/slow-pc.ts            (starts the built server with demo content)
//   BENCH_SLOW_URL=http://127.0.0.1:3000 tsx bench/slow-pc.ts   (measures a running server)
// BENCH_SLOW_RUNS (default 9) loads per setting.
//
// "Painted" is the Element Timing API's renderTime of the first card's title (an <h3>) and of its cover image: an
// init script marks both with `elementtiming` as the parser inserts them (a MutationObserver callback runs before
// the next rendering step, so before their first paint), and a PerformanceObserver reports when each reached the
// screen. (Chromium reports text timing for a block such as the <h3>, not for the inline link inside it.)
import { chromium, type Browser } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { startBuiltServer } from './built-server.js';

const RUNS = Number(process.env.BENCH_SLOW_RUNS ?? 9);
export const SLOW_RATE = 4;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// A string, not a function: tsx would wrap named helpers in a __name() the page does not have.
const MARK_FIRST_CARD = `(() => {
  const seen = {};
  const done = {};
  const when = (id) => new Promise((resolve) => { done[id] = resolve; });
  window.__firstCard = when('first-card');
  window.__firstCover = when('first-cover');
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (done[e.identifier]) done[e.identifier](e.renderTime || e.loadTime);
  }).observe({ type: 'element', buffered: true });
  const mark = (sel, id) => {
    if (seen[id]) return true;
    const t = document.querySelector(sel);
    if (t) { t.setAttribute('elementtiming', id); seen[id] = true; }
    return !!t;
  };
  const mo = new MutationObserver(() => {
    const a = mark('.xt-card .xt-card-title', 'first-card');
    const b = mark('.xt-card .xt-cover img', 'first-cover');
    if (a && b) mo.disconnect();
  });
  mo.observe(document, { childList: true, subtree: true });
})()`;

export interface SlowLoad {
  /** The first card's title painted. */
  firstCard: number;
  /** The first card's cover image painted. */
  firstCover: number;
  fcp: number;
}

export async function slowLoad(browser: Browser, url: string, rate: number): Promise<SlowLoad> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(MARK_FIRST_CARD);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate<SlowLoad>(`(async () => {
      const within = (p) => Promise.race([p, new Promise((r) => setTimeout(() => r(NaN), 5000))]);
      const [firstCard, firstCover] = await Promise.all([within(window.__firstCard), within(window.__firstCover)]);
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { firstCard, firstCover, fcp: fcp ? fcp.startTime : NaN };
    })()`);
  } finally {
    await context.close();
  }
}

export interface SlowReport {
  url: string;
  htmlBytes: number;
  htmlGzip: number;
  images: number;
  lazyImages: number;
  inlineSvgs: number;
  spriteUses: number;
  throttled: SlowLoad[];
  normal: SlowLoad[];
}

/** Loads `path` RUNS times at 4× and at 1× (alternating), each in a fresh context. */
export async function measureSlowPc(base: string, path = '/home', runs = RUNS): Promise<SlowReport> {
  const html = await (await fetch(base + path)).text();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    await slowLoad(browser, base + path, 1); // warms Chromium's first renderer
    const throttled: SlowLoad[] = [];
    const normal: SlowLoad[] = [];
    for (let i = 0; i < runs; i++) {
      throttled.push(await slowLoad(browser, base + path, SLOW_RATE));
      normal.push(await slowLoad(browser, base + path, 1));
    }
    return {
      url: path,
      htmlBytes: Buffer.byteLength(html),
      htmlGzip: gzipSync(html).length,
      images: (html.match(/<img\b/g) ?? []).length,
      lazyImages: (html.match(/<img\b[^>]*\sloading="lazy"/g) ?? []).length,
      inlineSvgs: (html.match(/<svg\b/g) ?? []).length,
      spriteUses: (html.match(/<use\b/g) ?? []).length,
      throttled,
      normal,
    };
  } finally {
    await browser.close();
  }
}

export function printSlowReport(r: SlowReport) {
  const m = (xs: SlowLoad[], k: keyof SlowLoad) => median(xs.map((x) => x[k]).filter((x) => !Number.isNaN(x)));
  const ft = m(r.throttled, 'firstCard');
  const fn = m(r.normal, 'firstCard');
  console.log(
    `\n${r.url}: HTML ${(r.htmlBytes / 1024).toFixed(1)} KB (${(r.htmlGzip / 1024).toFixed(1)} KB gzip), ${r.images} images (${r.lazyImages} lazy), ${r.inlineSvgs} <svg> elements, ${r.spriteUses} sprite <use>`,
  );
  console.log(`\n| ${r.url} on a slow PC (Chromium, cold, 1366×768, median of ${r.throttled.length}) | first card painted | its cover painted | FCP |`);
  console.log('|---|---:|---:|---:|');
  console.log(`| CPU slowed ${SLOW_RATE}× | ${ft.toFixed(0)} ms | ${m(r.throttled, 'firstCover').toFixed(0)} ms | ${m(r.throttled, 'fcp').toFixed(0)} ms |`);
  console.log(`| unthrottled | ${fn.toFixed(0)} ms | ${m(r.normal, 'firstCover').toFixed(0)} ms | ${m(r.normal, 'fcp').toFixed(0)} ms |`);
  console.log(`| slowed / unthrottled | ${(ft / fn).toFixed(2)}× | | |`);
  console.log(`\nfirst-card runs (ms): ${SLOW_RATE}× ${r.throttled.map((x) => x.firstCard.toFixed(0)).join(',')}; 1× ${r.normal.map((x) => x.firstCard.toFixed(0)).join(',')}`);
}

// Run on its own: `tsx bench/slow-pc.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  (async () => {
    const given = process.env.BENCH_SLOW_URL;
    const server = given ? null : await startBuiltServer({ port: Number(process.env.BENCH_SLOW_PORT ?? 8806), name: 'slow-pc', env: { ADMIN_PASSWORD: 'Bench-admin-2026', DEMO_PASSWORD: 'Bench-demo-2026', DEMO_CONTENT: '1' } });
    try {
      printSlowReport(await measureSlowPc(given ?? server!.base));
    } finally {
      await server?.stop();
    }
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
