// HTML routes. Every page reaches data through the upstream client, acting for the visitor's session cookie.
// The access guard of SPEC §2: public paths are open; any other path needs a session, else it goes to the
// login page with the full path as `redirect`.
import { Hono, type Context } from 'hono';
import { clientIp } from '../api/request-meta.js';
import { HTTPException } from 'hono/http-exception';
import type { Config } from '../config.js';
import { ExceptionContent, ExceptionPage, type ExceptionCode } from '../../templates/exception.js';
import type { Upstream } from '../upstream/client.js';
import { isSameOrigin, isWriteMethod } from '../shared/same-origin.js';
import { registerAccountPages } from './account.js';
import { registerMyAnnouncementPages } from './announcements.js';
import { registerAuthPages } from './auth.js';
import { clearSessionCookie, loginUrl, newSiteConfigCache, sessionToken, siteConfig, type PageEnv } from './context.js';
import { registerDashboardPages } from './dashboard/index.js';
import { iframePage } from './iframe-page.js';
import { htmxMode, shellPage } from './shell-page.js';
import { registerPublicPages } from './public.js';
import { registerWorkDetailPages } from './public-work.js';
import { registerRolePages } from './system/roles.js';
import { registerCategoryPages } from './system/categories.js';
import { registerDataRulePages } from './system/data-rules.js';
import { registerQuartzJobPages } from './system/quartz-jobs.js';
import { registerCodeRulePages } from './system/code-rules.js';
import { registerCodeFieldPages } from './code-field.js';
import { registerPositionPages } from './system/positions.js';
import { registerMessagePages } from './system/messages.js';
import { registerDepartPages } from './system/departs/index.js';
import { registerRoleGrantPages } from './system/role-grant/index.js';
import { registerPermissionPages } from './system/permissions.js';
import { registerUserPages } from './system/users/index.js';
import { registerAnnouncementAdminPages } from './system/announcements.js';
import { registerLogPages } from './system/logs.js';
import { registerFilePages } from './system/files.js';
import { registerDataLogPages } from './system/data-logs.js';
import { registerDataImportPages } from './system/data-import.js';
import { registerDictPages } from './system/dicts.js';
import { registerConfigPages } from './system/config.js';
import { registerCoursePages } from './teaching/courses.js';
import { registerWorkPages } from './teaching/works.js';
import { registerAdditionalWorkPages } from './teaching/additional-work.js';
import { registerMineCoursePages } from './teaching/mine-courses.js';
import { registerReportPages } from './teaching/report.js';
import { registerScratchAssetPages } from './teaching/scratch-assets.js';
import { registerFrontMenuPages } from './teaching/front-menu.js';
import { registerNewsPages } from './teaching/news.js';
import { registerPublicNewsPages } from './public-news.js';
import { registerPublicCoursePages } from './public-courses.js';
import { registerPublicDiscoverPages } from './public-discover.js';
import { registerBlocklyPage } from './blockly/index.js';
import { registerPythonPages } from './python/index.js';
import { registerScratchPages } from './scratch/index.js';
import { registerMonitorPages } from './system/monitor.js';
import { registerExceptionPages } from './exception.js';
import { registerGalleryPages } from './demo/index.js';
import { registerDataSourcePages } from './system/data-sources.js';
import { registerOnlineReportPages } from './online/index.js';
import { registerOnlineFormPages } from './online/forms.js';
import { invalidateOnChange, PageCache, pageCacheMiddleware } from './page-cache.js';

/** Paths that need no login (exact matches, as in the anchor's whitelist), plus the failure page. */
const PUBLIC_PATHS = new Set(['/user/login', '/user/register', '/user/register-result', '/user/alteration', '/home', '/work-detail', '/work-detail/like', '/work-detail/comments', '/work-detail/qr.svg', '/404', '/', '/user', '/scratch3/index.html', '/scratch3/player.html', '/blockly/index.html', '/python/index.html', '/python/player.html', '/newsList', '/news-detail', '/index', '/courseList', '/workList', '/friend-detail']);

export interface PagesDeps {
  upstream: Upstream;
  config: Config;
  pageCacheClock?: () => number;
  /**
   * Counts a view of a public work whose page the page cache served (see page-cache.ts). The composition root
   * (app.ts) gives the in-process counter that batches views; without one (an HTTP upstream), each such visit is
   * one call of the API's countView.
   */
  countWorkView?: (workId: string, visitor: { ip: string }) => void | Promise<void>;
  /** Receives the unsubscribe functions of the listeners createPages adds to process-wide signals (app.ts's close). */
  unsubscribe?: (() => void)[];
}

export function createPages(deps: PagesDeps) {
  const app = new Hono<PageEnv>();
  // Anonymous public pages are shared for a few seconds (page-cache.ts); the API's writes drop them.
  const cache = new PageCache({ ttlMs: deps.config.pageCacheTtlMs ?? 0, now: deps.pageCacheClock });
  deps.unsubscribe?.push(invalidateOnChange(cache));
  const siteConfigCache = newSiteConfigCache();
  // Every page form write (save, delete, import, logout …) must come from our own origin: the session cookie
  // alone must not let another site post a form at us (shared/same-origin.ts, the API's rule too).
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || !isWriteMethod(c.req.method) || isSameOrigin(c)) return next();
    return c.text('跨站请求被拒绝', 403);
  });
  app.use('*', async (c, next) => {
    // The API and static files share the root mount; they answer for themselves.
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/static/')) return next();
    // Set first: the session cookie's name depends on it (__Host- under https).
    c.set('config', deps.config);
    c.set('siteConfigCache', siteConfigCache);
    const token = sessionToken(c);
    c.set('token', token);
    // The session reaches the API as a token header, which the API's cookie rule does not see: the same rule
    // holds here. HEAD never changes data; nor does a request no page of ours made (a cross-site link, a typed
    // address): opening an announcement from another site must not even mark it read.
    const readOnly = c.req.method === 'HEAD' || !isSameOrigin(c);
    c.set('upstream', deps.upstream.as(token, clientIp(c, deps.config.trustProxy), { readOnly, signal: c.req.raw.signal, userAgent: c.req.header('User-Agent') }));
    if (!PUBLIC_PATHS.has(c.req.path) && !token) {
      // An htmx request cannot show the login page in place of the content: make the browser go there.
      if (c.req.header('HX-Request') === 'true') {
        c.header('HX-Redirect', loginUrl(c));
        return c.body(null, 204);
      }
      return c.redirect(loginUrl(c));
    }
    await next();
    // A page that found the session gone (expired, revoked) sends the visitor to log in again.
    if (c.res.status === 302 && token && c.res.headers.get('Location')?.startsWith('/user/login?')) clearSessionCookie(c);
  });
  app.use(
    '*',
    pageCacheMiddleware({
      cache,
      // A work page served from the cache still counts its visitor's view (the render's own studentWorkInfo counts
      // the visit that rendered it). Cross-site visits count too (a link shared in a chat), as they always did, so
      // this is not read-only like the page's other calls of such a visit.
      countView: async (c, workId) => {
        const ip = clientIp(c, deps.config.trustProxy);
        if (deps.countWorkView) await deps.countWorkView(workId, { ip });
        else await deps.upstream.as(c.get('token'), ip, { signal: c.req.raw.signal }).countWorkView(workId);
      },
    }),
  );

  // As teaching-open: the site's address opens 首页 (/index); 社区 (/home) is one menu entry away.
  app.get('/', (c) => c.redirect('/index'));
  registerAuthPages(app);
  registerScratchPages(app);
  registerBlocklyPage(app);
  registerPythonPages(app);
  registerDashboardPages(app);
  registerMyAnnouncementPages(app);
  registerAccountPages(app);
  registerPublicPages(app);
  registerWorkDetailPages(app);
  registerRolePages(app);
  registerQuartzJobPages(app);
  registerCodeRulePages(app);
  registerCodeFieldPages(app);
  registerPositionPages(app);
  registerMessagePages(app);
  registerDepartPages(app);
  registerRoleGrantPages(app);
  registerPermissionPages(app);
  registerUserPages(app);
  registerAnnouncementAdminPages(app);
  registerLogPages(app);
  registerFilePages(app);
  registerDataLogPages(app);
  registerDataImportPages(app);
  registerDictPages(app);
  registerCategoryPages(app);
  registerDataRulePages(app);
  registerConfigPages(app);
  registerCoursePages(app);
  registerWorkPages(app);
  registerAdditionalWorkPages(app);
  registerMineCoursePages(app);
  registerReportPages(app);
  registerScratchAssetPages(app);
  registerFrontMenuPages(app);
  registerPublicNewsPages(app);
  registerPublicCoursePages(app);
  registerPublicDiscoverPages(app);
  registerNewsPages(app);
  registerMonitorPages(app);
  registerExceptionPages(app);
  registerGalleryPages(app);
  registerDataSourcePages(app);
  registerOnlineReportPages(app);
  registerOnlineFormPages(app);
  app.get('/404', (c) => exceptionPage(c, 404));
  // A page that fails shows the 500 page (inside the shell for an htmx navigation), never a stack trace.
  app.onError((err, c) => {
    // Deliberate answers (the same-origin check's 403) pass as they are.
    if (err instanceof HTTPException) return err.getResponse();
    if (deps.config.logLevel !== 'silent') console.error(`[pages] ${c.req.method} ${c.req.path}:`, err);
    return exceptionPage(c as Context<PageEnv>, 500);
  });
  return app;
}

/** An exception page: inside the shell for an htmx navigation of a logged-in user, else a page of its own. */
async function exceptionPage(c: Context<PageEnv>, code: ExceptionCode): Promise<Response> {
  if (c.get('token') && htmxMode(c) !== 'page') {
    try {
      return await shellPage(c, { current: `/${code}`, title: String(code), open: true }, () => ExceptionContent({ code }), code);
    } catch {
      /* the shell itself failed: the plain page below */
    }
  }
  const cfg = await siteConfig(c);
  return c.html('<!doctype html>' + ExceptionPage({ code, brandName: cfg.brandName, loggedIn: !!c.get('token') }), code);
}

/** Unknown paths: visitors without a session log in first; everyone else lands on /404. */
export async function pageNotFound(c: Context) {
  if (!sessionToken(c)) return c.redirect(loginUrl(c));
  // A route of an iframe menu item is a shell page no module registers.
  const iframe = await iframePage(c as Context<PageEnv>);
  return iframe ?? c.redirect('/404');
}
