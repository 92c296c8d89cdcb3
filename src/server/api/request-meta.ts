// Who is calling: client address and the session token (header for API clients, HttpOnly cookie for pages).
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { clientAddress, type TrustProxy } from '../shared/trust-proxy.js';

export const SESSION_COOKIE = 'xt_token';

/**
 * Where the session cookie lives. With https (config.secureCookies) it is `__Host-xt_token`: the browser then
 * insists on Secure, Path=/ and no Domain, so neither a sibling subdomain nor a plain-http answer can plant or
 * overwrite it; only that name is read then. Plain http keeps `xt_token` (browsers refuse __Host- without Secure).
 */
export const sessionCookiePrefix = (secure: boolean): 'host' | undefined => (secure ? 'host' : undefined);

export const readSessionCookie = (c: Context, secure: boolean) => getCookie(c, SESSION_COOKIE, sessionCookiePrefix(secure));

/**
 * Address of the caller: the socket peer, or, with TRUST_PROXY (config.trustProxy), the client that trusted
 * proxies name in X-Forwarded-For. Every log line, login limit and session records this one value.
 */
export function clientIp(c: Context, trust: TrustProxy | undefined): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return clientAddress(incoming?.socket?.remoteAddress, c.req.header('X-Forwarded-For'), trust);
}

export function requestToken(c: Context, secureCookies: boolean): { token: string; source: 'header' | 'cookie' } | null {
  const header = c.req.header('X-Access-Token');
  if (header) return { token: header, source: 'header' };
  const cookie = readSessionCookie(c, secureCookies);
  if (cookie) return { token: cookie, source: 'cookie' };
  return null;
}
