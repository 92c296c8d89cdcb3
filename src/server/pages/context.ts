// What page handlers share: the upstream client acting for the visitor, and the visitor's session when logged in.
import type { UserAbilities } from '../contracts/permissions.js';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { readSessionCookie, SESSION_COOKIE, sessionCookiePrefix } from '../api/request-meta.js';
import type { Config } from '../config.js';
import type { MenuItem, PermissionResult, SiteConfig, Upstream, UserInfo } from '../upstream/client.js';
import { isLocalPath } from './safe-path.js';
import { onPublicContentChange } from '../shared/public-content.js';

const SESSION_MAX_AGE_S = 7 * 24 * 60 * 60;
/** Where a logged-in user lands (the home dashboard tab). */
export const DEFAULT_PATH = '/dashboard/index';

export interface PageEnv {
  Variables: {
    upstream: Upstream;
    token?: string;
    config: Config;
    /** This pages app's cached site config (createPages makes one per app). */
    siteConfigCache: SiteConfigCache;
  };
}

export interface PageSession {
  user: UserInfo & { roles: string[]; abilities: UserAbilities };
  permissions: PermissionResult;
  menu: MenuItem[];
}

const secureCookies = (c: Context) => (c as Context<PageEnv>).get('config')?.secureCookies ?? false;

/** The session cookie (`__Host-xt_token` with https, `xt_token` on plain http). */
export const sessionToken = (c: Context) => readSessionCookie(c, secureCookies(c));

export function setSessionCookie(c: Context<PageEnv>, token: string) {
  const secure = secureCookies(c);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: SESSION_MAX_AGE_S,
    prefix: sessionCookiePrefix(secure),
  });
}

export const clearSessionCookie = (c: Context) => {
  const secure = secureCookies(c);
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure, prefix: sessionCookiePrefix(secure) });
};

/** Only local absolute paths are followed after login (no open redirect to another site). */
export function safeRedirect(target: string | undefined | null): string {
  if (!target || !isLocalPath(target)) return DEFAULT_PATH;
  if (target.startsWith('/user/login') || target.startsWith('/api/')) return DEFAULT_PATH;
  return target;
}

export const loginUrl = (c: Context) => {
  const url = new URL(c.req.url);
  return `/user/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
};

/** The visitor's session (user and menu), or null when there is no valid one. */
export async function loadSession(c: Context<PageEnv>): Promise<PageSession | null> {
  if (!c.get('token')) return null;
  const up = c.get('upstream');
  const [perm, me] = await Promise.all([up.permissions(), up.me()]);
  if (!perm.body.success || !me.body.success) return null;
  return { user: me.body.result, permissions: perm.body.result, menu: perm.body.result.menu };
}

/** SPEC §9: the site config is cached for 10 minutes (per process; another process may lag by as long). */
const SITE_CONFIG_TTL_MS = 10 * 60 * 1000;

type PageSiteConfig = SiteConfig & { brandName: string; footer: string };
/**
 * Each pages app keeps its own (createPages), so two apps in one process (the test suite runs many, one after the
 * other, on different databases) never show each other's config.
 */
export interface SiteConfigCache {
  entry: { value: PageSiteConfig; expires: number; generation: number } | null;
}
export const newSiteConfigCache = (): SiteConfigCache => ({ entry: null });
/** Bumped by every invalidation: an entry cached before the last one is stale, in every app of this process. */
let generation = 0;

/** Drops the cached site config, e.g. after the config page saved a change (this process sees it at once). */
export function invalidateSiteConfig() {
  generation++;
}
// A save through the API (from any page or client, in this process or, through the hub, another) drops it too.
onPublicContentChange((what) => {
  if (what === 'config' || what === 'all') invalidateSiteConfig();
});

/** Site configuration for page chrome, with safe fallbacks when the upstream cannot answer (not cached). */
export async function siteConfig(c: Context<PageEnv>): Promise<PageSiteConfig> {
  const now = Date.now();
  // Absent only outside createPages' middleware (an answer for a path it does not serve): then nothing is cached.
  const cache = c.get('siteConfigCache') as SiteConfigCache | undefined;
  if (cache?.entry && cache.entry.expires > now && cache.entry.generation === generation) return cache.entry.value;
  const seen = generation;
  try {
    const res = await c.get('upstream').siteConfig();
    if (res.success) {
      const value = { ...res.result, brandName: res.result.brandName || '学堂', footer: res.result.footer ?? '' };
      if (cache) cache.entry = { value, expires: now + SITE_CONFIG_TTL_MS, generation: seen };
      return value;
    }
  } catch {
    /* fall through to defaults */
  }
  return { brandName: '学堂', footer: '' };
}
