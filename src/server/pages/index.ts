// HTML routes. Every page reaches data through the upstream client, acting for the visitor's session cookie.
// The access guard of SPEC §2: public paths are open; any other path needs a session, else it goes to the
// login page with the full path as `redirect`.
import { Hono, type Context } from 'hono';
import type { Config } from '../config.js';
import { NotFoundPage } from '../../templates/not-found.js';
import type { Upstream } from '../upstream/client.js';
import { registerAuthPages } from './auth.js';
import { clearSessionCookie, loadSession, loginUrl, sessionToken, siteConfig, type PageEnv } from './context.js';
import { registerDashboardPages } from './dashboard.js';
import { registerPublicPages } from './public.js';
import { registerRolePages } from './system/roles.js';

/** Paths that need no login (exact matches, as in the anchor's whitelist), plus the failure page. */
export const PUBLIC_PATHS = new Set(['/user/login', '/user/register', '/user/register-result', '/user/alteration', '/home', '/work-detail', '/404', '/', '/user']);

export function createPages(deps: { upstream: Upstream; config: Config }) {
  const app = new Hono<PageEnv>();
  app.use('*', async (c, next) => {
    // The API and static files share the root mount; they answer for themselves.
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/static/')) return next();
    const token = sessionToken(c);
    c.set('token', token);
    c.set('config', deps.config);
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
    c.set('upstream', deps.upstream.as(token, incoming?.socket?.remoteAddress));
    if (!PUBLIC_PATHS.has(c.req.path) && !token) return c.redirect(loginUrl(c));
    await next();
    // A page that found the session gone (expired, revoked) sends the visitor to log in again.
    if (c.res.status === 302 && token && c.res.headers.get('Location')?.startsWith('/user/login?')) clearSessionCookie(c);
  });

  app.get('/', (c) => c.redirect('/home'));
  registerAuthPages(app);
  registerDashboardPages(app);
  registerPublicPages(app);
  registerRolePages(app);
  app.get('/404', async (c) => {
    const cfg = await siteConfig(c);
    return c.html('<!doctype html>' + NotFoundPage({ brandName: cfg.brandName, loggedIn: !!c.get('token') }), 404);
  });
  return app;
}

/** Unknown paths: visitors without a session log in first; everyone else lands on /404. */
export async function pageNotFound(c: Context) {
  if (!sessionToken(c)) return c.redirect(loginUrl(c));
  return c.redirect('/404');
}
export { loadSession };
