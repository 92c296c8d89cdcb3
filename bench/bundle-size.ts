// Bytes a logged-in user downloads for the admin shell (docs/ARCHITECTURE.md §13: ≤ 40 KB gzip of JavaScript before an
// island opens). Loads /dashboard/index in Chromium (playwright-core, the system chromium) and sums the
// transferred (gzip) bytes of every script and stylesheet: first on load, then — each on a fresh page — after
// opening each island the page carries. Run from `npm run bench` (bench/run.ts), or alone:
//   npm run build && npx tsx bench/bundle-size.ts            (starts the built server on a temporary database)
//   BENCH_URL=http://127.0.0.1:3000 BENCH_USER=admin BENCH_PASSWORD=… npx tsx bench/bundle-size.ts
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { startBuiltServer } from './built-server.js';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';

export const SHELL_JS_BUDGET_GZIP = 40 * 1024;

interface Transfer {
  js: number;
  css: number;
  files: { url: string; type: 'js' | 'css'; bytes: number }[];
}

export interface BundleReport {
  firstLoad: Transfer;
  islands: { name: string; how: string; total: Transfer; added: Transfer }[];
}

const kind = (res: Response): 'js' | 'css' | null => {
  const type = res.request().resourceType();
  const url = res.url();
  if (type === 'script' || /\.m?js(\?|$)/.test(url)) return 'js';
  if (type === 'stylesheet' || /\.css(\?|$)/.test(url)) return 'css';
  return null;
};

/** Records the transferred size of every script and stylesheet the page fetches. */
function record(page: Page): () => Promise<Transfer> {
  const pending: Promise<Transfer['files'][number] | null>[] = [];
  page.on('response', (res) => {
    const type = kind(res);
    if (!type) return;
    // responseBodySize is the encoded size on the wire (gzip here); 0 for a cache hit, which cannot happen
    // on a fresh context.
    pending.push(
      res
        .request()
        .sizes()
        .then((s) => ({ url: new URL(res.url()).pathname, type, bytes: s.responseBodySize }))
        .catch(() => null),
    );
  });
  return async () => {
    const files = (await Promise.all(pending)).filter((f): f is Transfer['files'][number] => !!f);
    return {
      js: files.filter((f) => f.type === 'js').reduce((n, f) => n + f.bytes, 0),
      css: files.filter((f) => f.type === 'css').reduce((n, f) => n + f.bytes, 0),
      files,
    };
  };
}

async function loggedInPage(browser: Browser, base: string, user: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Log in through the login form's POST without loading any page, so the cache is empty when measuring.
  const res = await context.request.post(`${base}/user/login`, { form: { username: user, password, redirect: '' }, headers: { Origin: base }, maxRedirects: 0 });
  if (res.status() !== 303) throw new Error(`login failed: HTTP ${res.status()}`);
  const page = await context.newPage();
  const totals = record(page);
  await page.goto(`${base}/dashboard/index`, { waitUntil: 'networkidle' });
  if (!page.url().endsWith('/dashboard/index')) throw new Error(`not logged in: ${page.url()}`);
  // Islands that load by themselves (data-island-load="idle" / "visible") belong to the first load.
  await sleep(1500);
  await page.waitForLoadState('networkidle');
  return { context, page, totals };
}

const subtract = (a: Transfer, b: Transfer): Transfer => {
  const seen = new Set(b.files.map((f) => f.url));
  const files = a.files.filter((f) => !seen.has(f.url));
  return { js: a.js - b.js, css: a.css - b.css, files };
};

/** How to open an island like a user would. */
async function openIsland(page: Page, name: string): Promise<string> {
  if (name === 'settings-drawer') {
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('xt:open-settings')));
    await page.locator('.xt-setting-drawer').waitFor({ state: 'visible', timeout: 15_000 });
    return '主题设置 (xt:open-settings)';
  }
  const el = page.locator(`[data-island="${name}"]`).first();
  const target = el.locator('button, summary, a, [tabindex]').first();
  if (await target.isVisible().catch(() => false)) await target.click();
  else await el.dispatchEvent('pointerdown');
  await page.waitForSelector(`[data-island="${name}"][data-island-mounted]`, { timeout: 15_000 }).catch(() => undefined);
  return 'click';
}

export async function measureBundles(base: string, user: string, password: string): Promise<BundleReport> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const first = await loggedInPage(browser, base, user, password);
    const firstLoad = await first.totals();
    const names = await first.page.$$eval('[data-island]', (els) => [...new Set(els.map((e) => e.getAttribute('data-island') || ''))].filter(Boolean));
    await first.context.close();
    const islands: BundleReport['islands'] = [];
    for (const name of names) {
      const { context, page, totals } = await loggedInPage(browser, base, user, password);
      const before = await totals();
      const how = await openIsland(page, name);
      await page.waitForLoadState('networkidle');
      await sleep(300);
      const total = await totals();
      islands.push({ name, how, total, added: subtract(total, before) });
      await context.close();
    }
    return { firstLoad, islands };
  } finally {
    await browser.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function printBundleReport(r: BundleReport) {
  const budget = r.firstLoad.js <= SHELL_JS_BUDGET_GZIP ? 'within' : 'OVER';
  console.log(`\n| admin shell /dashboard/index (gzip, transferred) | JS | CSS |`);
  console.log('|---|---:|---:|');
  console.log(`| first load, before any island opens | ${kb(r.firstLoad.js)} (${budget} the ${kb(SHELL_JS_BUDGET_GZIP)} budget) | ${kb(r.firstLoad.css)} |`);
  for (const i of r.islands) console.log(`| after opening ${i.name} | ${kb(i.total.js)} (+${kb(i.added.js)}) | ${kb(i.total.css)} (+${kb(i.added.css)}) |`);
  console.log('\nfirst-load files:');
  for (const f of r.firstLoad.files) console.log(`  ${f.type.padEnd(3)} ${kb(f.bytes).padStart(9)}  ${f.url}`);
}

async function standalone() {
  let base = process.env.BENCH_URL;
  let user = process.env.BENCH_USER ?? 'admin';
  let password = process.env.BENCH_PASSWORD ?? '';
  let stop = async () => {};
  if (!base) {
    password = 'Bundle-admin-2026';
    user = 'admin';
    const server = await startBuiltServer({ port: 8798, name: 'bundle', env: { ADMIN_PASSWORD: password, DEMO_PASSWORD: 'Bundle-demo-2026' } });
    base = server.base;
    stop = server.stop;
  }
  try {
    printBundleReport(await measureBundles(base, user, password));
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
