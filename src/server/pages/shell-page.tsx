// Renders a page inside the logged-in shell. Every shell page goes through here, so the guard (session
// required), the chrome (menu, breadcrumbs, tabs, footer, the user's settings) and htmx requests are handled
// in one place:
//   - a plain request (first load, refresh, bookmark, htmx history restore) gets the complete page;
//   - an htmx request aimed at #content (menu, breadcrumb, tab, list navigation) gets the page's content
//     plus its title and the out-of-band shell updates (breadcrumb, page marker → menu selection and tabs);
//   - an htmx request aimed elsewhere (e.g. a list refreshing one part) gets the content alone;
//   - an htmx request without a valid session gets the API's expired-session answer (HTTP 500 JSON
//     `Token失效，请重新登录`), which makes shell.ts show the 登录已过期 dialog instead of swapping a login page
//     into the content area.
// A page is a route of the user's menu (SPEC §2): without it the user gets the 403 page (status 403) and
// never the screen's filters and buttons; a page whose menu item is not a route (flag "0") does not exist.
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { ExceptionContent } from '../../templates/exception.js';
import { ShellFragment, ShellLayout } from '../../templates/shell/layout.js';
import { inMenu, menuTrail, routedMenu, type MenuItem } from '../../templates/shell/side-menu.js';
import { loadSession, loginUrl, siteConfig, type PageEnv, type PageSession } from './context.js';
import { resolveMenuUrls } from './menu-urls.js';
import { readSettings } from './settings.js';

export interface ShellPageOptions {
  /** Route path of the page (menu highlight, breadcrumbs, tab key). */
  current: string;
  title: string;
  isHome?: boolean;
  /**
   * A static route of SPEC §2 (home, my notices, account centre and settings, the failure page): open to every
   * logged-in user. Any other page needs `current` among the routes of the user's menu.
   */
  open?: boolean;
  /**
   * When the user's menu lacks `current`, the page belongs to this route instead (its access, menu highlight and
   * tab): a report's screen opened from its designer before any menu entry names it.
   */
  fallback?: string;
}

/** The text the anchor's clients key their 登录已过期 dialog on (SPEC §8), as the API sends it. */
const TOKEN_INVALID = 'Token失效，请重新登录';

/** How the request wants the page: whole, as the #content fragment, or as bare content. */
export function htmxMode(c: Context): 'page' | 'content' | 'partial' {
  if (c.req.header('HX-Request') !== 'true' || c.req.header('HX-History-Restore-Request') === 'true') return 'page';
  return c.req.header('HX-Target') === 'content' ? 'content' : 'partial';
}

/** Answer for a request whose session is missing or gone: the expired-session JSON for htmx, else the login page. */
function sessionExpired(c: Context<PageEnv>): Response {
  if (htmxMode(c) !== 'page') {
    return c.json({ success: false, message: TOKEN_INVALID, code: 500, result: null, timestamp: Date.now() }, 500);
  }
  return c.redirect(loginUrl(c));
}

/** Where a user whose password was set by someone else must go before anything else. */
export const CHANGE_PASSWORD_PATH = '/account/settings/security';

/** Sends the browser elsewhere: a redirect, or for htmx an HX-Redirect (a fragment cannot be a whole page). */
function goTo(c: Context<PageEnv>, path: string): Response {
  if (c.req.header('HX-Request') === 'true') {
    c.header('HX-Redirect', path);
    return c.body(null, 204);
  }
  return c.redirect(path);
}

/** Loads the session or answers as sessionExpired does; a password set by someone else is changed first. */
export async function requireSession(c: Context<PageEnv>): Promise<PageSession | Response> {
  const session = await loadSession(c);
  if (!session) return sessionExpired(c);
  if (session.user.needChangePassword && c.req.path !== CHANGE_PASSWORD_PATH) return goTo(c, CHANGE_PASSWORD_PATH);
  return session;
}

/**
 * null when `current` is a route of the user's (routed) menu; else the answer: the 403 page, or — when the
 * page's item is in the menu but not as a route (flag "0") — the failure page, as for any unregistered path.
 */
function refusePage(c: Context<PageEnv>, session: PageSession, menu: MenuItem[], current: string): Promise<Response> | Response | null {
  if (menuTrail(menu, current).length) return null;
  if (inMenu(session.menu, current)) return c.redirect('/404');
  return shellPage(c, { current, title: '403', open: true }, () => <ExceptionContent code={403} />, 403);
}

/** The session, when the user's menu holds the page at `current` (or `fallback`, as shellPage) — for answers that skip shellPage, e.g. dialogs. */
export async function requirePage(c: Context<PageEnv>, current: string, fallback?: string): Promise<PageSession | Response> {
  const session = await requireSession(c);
  if (session instanceof Response) return session;
  const menu = routedMenu(session.menu);
  return (await refusePage(c, session, menu, fallback && !menuTrail(menu, current).length ? fallback : current)) ?? session;
}

/**
 * Starts the reads shellPage makes — the session (menu, profile) and, for a full page, the bell's notices — without
 * waiting for them, so that a screen's own reads run beside them: the upstream client makes each once per page
 * request, and shellPage then finds them made or under way. Nothing is decided here: shellPage still checks all.
 */
export function prefetchShell(c: Context<PageEnv>) {
  if (!c.get('token')) return;
  const up = c.get('upstream');
  // Whoever awaits them later sees a failure; here it is only not left unhandled.
  up.permissions().catch(() => null);
  up.me().catch(() => null);
  if (htmxMode(c) === 'page') up.noticeSummary().catch(() => null);
}

/** The browser's clock may differ from the server's; shell.ts corrects the greeting to the visitor's hour. */
const serverHour = () => new Date().getHours();

export async function shellPage(
  c: Context<PageEnv>,
  opts: ShellPageOptions,
  content: (session: PageSession) => Child | Promise<Child>,
  status: 200 | 400 | 403 | 404 | 500 = 200,
): Promise<Response> {
  const session = await requireSession(c);
  if (session instanceof Response) return session;
  const url = new URL(c.req.url);
  const menu = routedMenu(resolveMenuUrls(session.menu, url.origin));
  const current = opts.fallback && !menuTrail(menu, opts.current).length ? opts.fallback : opts.current;
  const refused = opts.open ? null : refusePage(c, session, menu, current);
  if (refused) return refused;
  const mode = htmxMode(c);
  // The bell's badge is part of the first paint (a failure only leaves it empty; the bell island reloads it).
  const noticesCall =
    mode === 'page'
      ? c
          .get('upstream')
          .noticeSummary()
          .then((r) => (r.success ? r.result : null))
          .catch(() => null)
      : null;
  const [cfg, body, notices] = await Promise.all([siteConfig(c), content({ ...session, menu }), noticesCall]);
  const page = { current, href: url.pathname + url.search, pageTitle: opts.title, isHome: opts.isHome };
  // The same URL answers with a page or a fragment: caches must keep them apart, and a user's page is private.
  c.header('Vary', 'HX-Request, HX-Target, Cookie');
  c.header('Cache-Control', 'private, no-store');
  if (mode === 'partial') return c.html(<>{body}</>, status);
  if (mode === 'content') {
    return c.html(
      <ShellFragment page={page} menu={menu} brandName={cfg.brandName}>
        {body}
      </ShellFragment>,
      status,
    );
  }
  return c.html(
    '<!doctype html>' +
      (
        <ShellLayout
          notices={notices}
          {...page}
          brandName={cfg.brandName}
          footerHtml={cfg.footer}
          user={session.user}
          menu={menu}
          settings={readSettings(c)}
          hour={serverHour()}
        >
          {body}
        </ShellLayout>
      ),
    status,
  );
}
