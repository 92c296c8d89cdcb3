// Absolute addresses of this site (share links and their QR codes). The request's Host header is whatever the
// client wrote: an answer that other visitors may get (the anonymous page cache, a shared HTTP cache) takes the
// site's address from PUBLIC_URL only. Without PUBLIC_URL such answers carry relative links, and a QR code — which
// must encode an absolute address — is an image each visitor's own browser fetches from the address it used:
// that answer is private, so one client's forged Host reaches that client alone.
import type { Context } from 'hono';
import { qrSvg } from '../../templates/qr.js';
import type { PageEnv } from './context.js';

/** PUBLIC_URL (without a trailing slash), or null: the only source of absolute links in shared output. */
export const publicOrigin = (c: Context<PageEnv>): string | null => c.get('config')?.publicUrl || null;

/** For an answer private to this visitor (never stored for another): PUBLIC_URL, else the address their browser used. */
export const ownOrigin = (c: Context<PageEnv>): string => publicOrigin(c) ?? new URL(c.req.url).origin;

/** The share page of a work, relative to the site. */
export const workSharePath = (id: string) => `/work-detail?id=${encodeURIComponent(id)}`;

/** Where the QR image of a work's share link is drawn for the visitor (see qrImage). */
export const workQrPath = (id: string) => `/work-detail/qr.svg?id=${encodeURIComponent(id)}`;

/** QR codes of share links, drawn once per link (a few hundred entries at most). */
const qrCache = new Map<string, string>();
export async function cachedQrSvg(link: string): Promise<string> {
  let svg = qrCache.get(link);
  if (!svg) {
    svg = await qrSvg(link);
    if (qrCache.size >= 500) qrCache.delete(qrCache.keys().next().value!);
    qrCache.set(link, svg);
  }
  return svg;
}

/**
 * The QR code of a work's share link as an SVG image (`?id=`). With PUBLIC_URL it is the same for everyone and
 * may be cached anywhere; without, it encodes the address the asking browser used and is cached by that browser alone.
 */
export async function qrImage(c: Context<PageEnv>): Promise<Response> {
  const id = c.req.query('id') ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return c.text('作品id格式不正确', 400);
  c.header('Content-Type', 'image/svg+xml; charset=utf-8');
  c.header('Cache-Control', publicOrigin(c) ? 'public, max-age=86400' : 'private, max-age=3600');
  return c.body(await cachedQrSvg(`${ownOrigin(c)}${workSharePath(id)}`));
}
