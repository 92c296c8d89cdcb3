// The two server services the Scratch editor uses, driven from a real browser on our own pages, the way the
// editor calls them: the session cookie (no token in script), same-origin fetch, the page's CSP.
// - Backpack: put a costume in (an SVG and a JPEG thumbnail the browser draws), list it, load its body and show
//   its thumbnail; another student's browser cannot read it; delete it.
// - Cloud variables: the author's project open on two devices; a value set on one appears on the other.
import { expect, test, type Page } from '@playwright/test';
import { loginInNewContext as login } from './login';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="#ffab19"/></svg>';

test('backpack: a student puts a costume in, sees it listed with its thumbnail, and nobody else can read it', async ({ browser }) => {
  const student = await login(browser, 'student1');
  const saved = await student.evaluate(async (svg) => {
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 32;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#ffab19';
    g.fillRect(0, 0, 32, 32);
    const thumbnail = canvas.toDataURL('image/jpeg').replace('data:image/jpeg;base64,', '');
    const res = await fetch('/api/teaching/scratch/backpack/save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'costume', mime: 'image/svg+xml', name: '橙色圆', body: btoa(svg), thumbnail }),
    });
    return res.json();
  }, SVG);
  expect(saved.success, saved.message).toBe(true);
  const item = saved.result as { id: string; body: string; thumbnail: string; md5ext: string };

  const listed = await student.evaluate(async () => (await fetch('/api/teaching/scratch/backpack/content?limit=20&offset=0')).json());
  expect(listed.result.map((i: { name: string }) => i.name)).toContain('橙色圆');
  expect(await student.evaluate(async (url) => (await fetch(url)).text(), item.body)).toBe(SVG);
  // The thumbnail shows on our page (img-src 'self', served as image/jpeg).
  const width = await student.evaluate(async (url) => {
    const img = document.createElement('img');
    img.src = url;
    document.body.append(img);
    await img.decode();
    return img.naturalWidth;
  }, item.thumbnail);
  expect(width).toBe(32);

  const other = await login(browser, 'student2');
  expect(await other.evaluate(async (url) => (await fetch(url)).status, item.body)).toBe(404);
  const theirs = await other.evaluate(async () => (await fetch('/api/teaching/scratch/backpack/content')).json());
  expect(theirs.result.map((i: { id: string }) => i.id)).not.toContain(item.id);

  const deleted = await student.evaluate(async (id) => (await fetch(`/api/teaching/scratch/backpack/delete?id=${id}`, { method: 'DELETE' })).json(), item.id);
  expect(deleted.success).toBe(true);
  expect(await student.evaluate(async (url) => (await fetch(url)).status, item.body)).toBe(404);
  await student.context().close();
  await other.context().close();
});

/** Opens the cloud socket from the page (cookie auth), handshakes, and keeps every line it receives. */
async function openCloud(page: Page, workId: string) {
  await page.evaluate(async (id) => {
    const w = window as unknown as { cloudLines: unknown[]; cloud: WebSocket };
    w.cloudLines = [];
    const ws = new WebSocket(`${location.protocol === 'http:' ? 'ws://' : 'wss://'}${location.host}/api/websocket/scratch/cloudData`);
    w.cloud = ws;
    ws.onmessage = (e) => {
      for (const line of String(e.data).split('\n')) if (line) w.cloudLines.push(JSON.parse(line));
    };
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onclose = reject;
    });
    ws.send(`${JSON.stringify({ method: 'handshake', user: 'student1', project_id: id })}\n`);
  }, workId);
}
const send = (page: Page, m: Record<string, unknown>) =>
  page.evaluate((msg) => (window as unknown as { cloud: WebSocket }).cloud.send(`${JSON.stringify(msg)}\n`), m);
const lines = (page: Page) => page.evaluate(() => (window as unknown as { cloudLines: unknown[] }).cloudLines);

test('cloud variables: a value set on one device appears on the other', async ({ browser }) => {
  const laptop = await login(browser, 'student1');
  const tablet = await login(browser, 'student1');
  const mine = await laptop.evaluate(async () => (await fetch('/api/teaching/teachingWork/mine?pageSize=50')).json());
  const work = (mine.result.records as { id: string; workName: string }[]).find((w) => w.workName === '迷宫探险')!.id;

  await openCloud(laptop, work);
  await send(laptop, { method: 'create', project_id: work, name: '☁ 最高分', value: 0 });
  await expect.poll(() => lines(laptop)).toContainEqual({ method: 'ack', name: '☁ 最高分', reply: 'OK' });
  await openCloud(tablet, work);
  await expect.poll(() => lines(tablet)).toContainEqual({ method: 'set', name: '☁ 最高分', value: '0' });
  await send(laptop, { method: 'set', project_id: work, name: '☁ 最高分', value: 128 });
  await expect.poll(() => lines(tablet)).toContainEqual({ method: 'set', name: '☁ 最高分', value: '128' });
  await laptop.context().close();
  await tablet.context().close();
});
