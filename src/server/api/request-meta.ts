// Who is calling: client address and the session token (header for API clients, HttpOnly cookie for pages).
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

export const SESSION_COOKIE = 'xt_token';

/** Socket address of the caller. Forwarded headers are not trusted: they are whatever the client sends. */
export function clientIp(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

export function requestToken(c: Context): { token: string; source: 'header' | 'cookie' } | null {
  const header = c.req.header('X-Access-Token');
  if (header) return { token: header, source: 'header' };
  const cookie = getCookie(c, SESSION_COOKIE);
  if (cookie) return { token: cookie, source: 'cookie' };
  return null;
}
