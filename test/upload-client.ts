// POST /api/sys/common/upload as a client does: a multipart form with the file and its folder (biz).
import type { TestApp } from './harness.js';

export async function uploadAs(t: TestApp, token: string | undefined, data: Uint8Array, name: string, biz: string) {
  const form = new FormData();
  form.set('file', new Blob([data as BlobPart], { type: 'application/octet-stream' }), name);
  form.set('biz', biz);
  const r = await t.request('/api/sys/common/upload', { method: 'POST', body: form, headers: token ? { 'X-Access-Token': token } : {} });
  return { status: r.status, body: await r.json() };
}
