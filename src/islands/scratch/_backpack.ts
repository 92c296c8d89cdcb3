// The GUI's backpack (书包) against our /api/teaching/scratch/backpack (the anchor's shapes: content, save,
// delete; items {id, name, type, mime, thumbnail URL, body URL}). Costumes and sounds in a backpack are loaded
// by the VM through storage under an md5ext: each item's body URL is registered under one, so the editor's web
// store fetches it from our server.

const API = '/api/teaching/scratch/backpack';
type ItemType = 'costume' | 'sound' | 'script' | 'sprite';

export interface GuiBackpackItem {
  id: string;
  name: string;
  type: ItemType;
  thumbnail: string;
  thumbnailUrl: string;
  body: string;
  bodyUrl: string;
}

interface ServerItem {
  id: string | number;
  name?: string;
  type?: string;
  mime?: string;
  thumbnail?: string;
  body?: string;
}

const EXT: Record<string, string> = { 'image/svg+xml': 'svg', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3' };

/** 32 hex characters standing for an item id (the VM and the .sb3 format name assets by md5). */
function hexId(id: string): string {
  let hex = '';
  for (const ch of id) hex += ch.charCodeAt(0).toString(16);
  return (hex + '0'.repeat(32)).slice(0, 32);
}

/** md5ext → the URL of a backpack body, consulted by the editor's asset web store. */
export const backpackAssetUrls = new Map<string, string>();

function toGui(x: ServerItem): GuiBackpackItem | null {
  const type = x.type as ItemType;
  if (!x || !x.body || !['costume', 'sound', 'script', 'sprite'].includes(type)) return null;
  const id = String(x.id);
  const thumb = x.thumbnail ?? '';
  let body = x.body;
  if (type === 'costume' || type === 'sound') {
    const base = x.body.split('?')[0].split('/').pop() ?? '';
    const md5ext = /^[0-9a-f]{32}\.[a-z0-9]+$/i.test(base) ? base.toLowerCase() : `${hexId(id)}.${EXT[(x.mime ?? '').toLowerCase()] ?? (type === 'sound' ? 'wav' : 'png')}`;
    backpackAssetUrls.set(md5ext, x.body);
    body = md5ext;
  }
  return { id, name: x.name ?? '', type, thumbnail: thumb, thumbnailUrl: thumb, body, bodyUrl: x.body };
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...(init.headers || {}) } });
  const body = await res.json().catch(() => null);
  if (Array.isArray(body)) return body as T;
  if (!res.ok || !body || body.success === false) throw new Error((body && body.message) || `书包请求失败（${res.status}）`);
  return body.result as T;
}

export const backpackStorage = {
  async list({ limit, offset }: { limit: number; offset: number }): Promise<GuiBackpackItem[]> {
    const r = await call<ServerItem[] | { records?: ServerItem[] }>(`${API}/content?limit=${limit}&offset=${offset}`);
    const items = Array.isArray(r) ? r : (r?.records ?? []);
    return items.map(toGui).filter((x): x is GuiBackpackItem => !!x);
  },
  async save(item: { type: ItemType; name: string }, data: { mimeType(): string; dataAsBase64(): Promise<string>; thumbnailAsBase64(): Promise<string> }): Promise<GuiBackpackItem> {
    const [body, thumbnail] = await Promise.all([data.dataAsBase64(), data.thumbnailAsBase64()]);
    const saved = await call<ServerItem>(`${API}/save`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ body, thumbnail, type: item.type, mime: data.mimeType(), name: item.name }),
    });
    const gui = toGui(saved);
    if (!gui) throw new Error('书包保存失败');
    return gui;
  },
  async delete(id: string): Promise<void> {
    await call(`${API}/delete?id=${encodeURIComponent(id)}`, { method: 'DELETE' });
  },
};
