// The result of an action, shown once on the next page: a one-minute cookie (httpOnly, this site only) that the
// page reading it deletes. Every screen sets it after a change and the list or dialog it returns to shows it.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

const FLASH_COOKIE = 'xt_flash';

export type Flash = { type: 'success' | 'error' | 'warning'; text: string };

export function setFlash(c: Context, flash: Flash) {
  setCookie(c, FLASH_COOKIE, encodeURIComponent(JSON.stringify(flash)), { path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 60 });
}

export function takeFlash(c: Context): Flash | undefined {
  const raw = getCookie(c, FLASH_COOKIE);
  if (!raw) return undefined;
  deleteCookie(c, FLASH_COOKIE, { path: '/' });
  try {
    const f = JSON.parse(decodeURIComponent(raw)) as Flash;
    return ['success', 'error', 'warning'].includes(f.type) && typeof f.text === 'string' ? { type: f.type, text: f.text.slice(0, 500) } : undefined;
  } catch {
    return undefined;
  }
}

