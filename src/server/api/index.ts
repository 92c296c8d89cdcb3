// The JSON API under /api: session resolution, CSRF check, operation log, then the resource modules.
import { Hono } from 'hono';
import type { ApiEnv, AppDeps } from '../context.js';
import { writeLog } from '../domain/logs.js';
import { resolveSession } from '../domain/sessions.js';
import { ApiRoutes } from './access.js';
import { PASSWORD_CHANGE_REQUIRED } from '../shared/password-policy.js';
import { fail } from './envelope.js';
import { oneImportPerUser } from './excel.js';
import { publicContentOfWrite } from './public-writes.js';
import { publicContentChanged } from '../shared/public-content.js';
import { refuseIllegalInput } from './illegal-input.js';
import { isSameOrigin, isWriteMethod } from '../shared/same-origin.js';
import { requestMemoOf } from '../shared/request-memo.js';
import { clientIp, requestToken } from './request-meta.js';
import { registerAnnouncementRoutes } from './sys/announcement.js';
import { registerAnnouncementAdminRoutes } from './sys/announcement-admin.js';
import { registerLogRoutes } from './sys/log.js';
import { registerQuartzJobRoutes } from './sys/quartz-job.js';
import { registerCodeRuleRoutes } from './sys/code-rules.js';
import { registerPositionRoutes } from './sys/position.js';
import { registerAddressListRoutes } from './sys/address-list.js';
import { registerMessageRoutes } from './sys/message.js';
import { registerConfigRoutes } from './sys/config.js';
import { registerConfigAdminRoutes } from './sys/config-admin.js';
import { registerDepartRoutes } from './sys/depart.js';
import { registerDictRoutes } from './sys/dict.js';
import { registerDictAdminRoutes } from './sys/dict-admin.js';
import { registerCategoryRoutes } from './sys/category.js';
import { registerDuplicateRoutes } from './sys/duplicate.js';
import { registerFileRoutes } from './sys/files.js';
import { registerUploadRoutes } from './sys/upload.js';
import { registerFileAdminRoutes } from './sys/file-admin.js';
import { registerDataLogRoutes } from './sys/data-log.js';
import { registerImportRunRoutes } from './sys/import-run.js';
import { registerLoginRoutes } from './sys/login.js';
import { registerAccountRoutes } from './sys/account.js';
import { registerSmsRoutes } from './sys/sms.js';
import { registerPermissionRoutes } from './sys/permission.js';
import { registerPermissionAdminRoutes } from './sys/permission-admin.js';
import { registerRoleGrantRoutes } from './sys/role-grant.js';
import { registerRoleRoutes } from './sys/role.js';
import { registerUserRoutes } from './sys/user.js';
import { registerUserAdminRoutes } from './sys/user-admin.js';
import { registerCourseRoutes } from './teaching/course.js';
import { registerCourseUnitRoutes } from './teaching/course-unit.js';
import { registerCourseDeptRoutes } from './teaching/course-dept.js';
import { registerUnitViewLogRoutes } from './teaching/unit-view-log.js';
import { registerTeachingMenuRoutes } from './teaching/menu.js';
import { registerTeachingUserRoutes } from './teaching/user.js';
import { registerWorkRoutes } from './teaching/work.js';
import { registerAdditionalWorkRoutes } from './teaching/additional-work.js';
import { registerDepartDayLogRoutes } from './teaching/depart-day-log.js';
import { registerScratchAssetRoutes } from './teaching/scratch-assets.js';
import { registerScratchBackpackRoutes } from './teaching/scratch-backpack.js';
import { registerNewsRoutes } from './teaching/news.js';
import { registerMonitorRoutes } from './sys/monitor.js';
import { registerDemoRoutes } from './demo/gallery.js';
import { registerDashboardRoutes } from './sys/dashboard.js';
import { registerDataSourceRoutes } from './sys/data-source.js';
import { registerReportDesignRoutes } from './online/cgreport.js';
import { registerReportDataRoutes } from './online/cgreport-data.js';
import { registerCgformDesignRoutes } from './online/cgform.js';
import { registerCgformButtonRoutes } from './online/cgform-buttons.js';
import { registerCgformDataAndLinkRoutes } from './online/cgform-links.js';
import { isStorageUnavailable } from '../storage/store.js';
import { STORAGE_UNAVAILABLE } from '../storage/index.js';

const OPERATE_TYPE: Record<string, number> = { POST: 2, PUT: 3, DELETE: 4, GET: 3 };
/** The only writes while the user's password was set by someone else: change it, log in, log out. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['/sys/user/updatePassword', '/sys/login', '/sys/logout']);
/**
 * GET endpoints of the anchor's contract that change data (its clients call them with the X-Access-Token
 * header). They write only for that header: never for the session cookie (a cross-site link or image would
 * do), never on HEAD. They are logged as writes.
 */
export const WRITING_GETS = new Set([
  '/sys/annountCement/doReleaseData',
  '/sys/annountCement/doReovkeData',
  '/sys/logout',
  '/teaching/teachingWork/setWorkTag',
  '/teaching/teachingDepartDayLog/unitViewLog',
  '/sys/quartzJob/pause',
  '/sys/quartzJob/resume',
  '/sys/quartzJob/execute',
  // Anonymous (its proof is the phone's ticket), but a GET in the anchor: never for a cookie, never on HEAD.
  '/sys/user/passwordChange',
]);
/**
 * Writes anyone may make without a session (a like): POST only (the anchor's GET answers 405, so an <img> on
 * another site likes nothing), and from a page of this site unless sent with the token header, which another
 * site cannot send: a form posted from elsewhere must not like for each visitor who lands there.
 */
const SAME_ORIGIN_POSTS = new Set(['/teaching/teachingWork/starWork']);
/** Login and logout write their own login log. */
const SELF_LOGGED = new Set(['/sys/login', '/sys/logout']);

export function createApi(deps: AppDeps): { app: Hono<ApiEnv>; routes: ApiRoutes } {
  const routes = new ApiRoutes();
  registerLoginRoutes(routes);
  registerAccountRoutes(routes);
  registerSmsRoutes(routes);
  registerPermissionRoutes(routes);
  registerRoleRoutes(routes);
  registerPermissionAdminRoutes(routes);
  registerRoleGrantRoutes(routes);
  registerConfigRoutes(routes);
  registerConfigAdminRoutes(routes);
  registerDictRoutes(routes);
  registerDictAdminRoutes(routes);
  registerCategoryRoutes(routes);
  registerDepartRoutes(routes);
  registerUserRoutes(routes);
  registerUserAdminRoutes(routes);
  registerAnnouncementRoutes(routes);
  registerAnnouncementAdminRoutes(routes);
  registerLogRoutes(routes);
  registerQuartzJobRoutes(routes);
  registerCodeRuleRoutes(routes);
  registerPositionRoutes(routes);
  registerAddressListRoutes(routes);
  registerMessageRoutes(routes);
  registerDuplicateRoutes(routes);
  registerFileRoutes(routes);
  registerUploadRoutes(routes);
  registerFileAdminRoutes(routes);
  registerDataLogRoutes(routes);
  registerImportRunRoutes(routes);
  registerTeachingMenuRoutes(routes);
  registerWorkRoutes(routes);
  registerAdditionalWorkRoutes(routes);
  registerTeachingUserRoutes(routes);
  registerCourseRoutes(routes);
  registerCourseUnitRoutes(routes);
  registerCourseDeptRoutes(routes);
  registerUnitViewLogRoutes(routes);
  registerDepartDayLogRoutes(routes);
  registerScratchAssetRoutes(routes);
  registerScratchBackpackRoutes(routes);
  registerNewsRoutes(routes);
  registerMonitorRoutes(routes);
  registerDemoRoutes(routes);
  registerDashboardRoutes(routes);
  registerDataSourceRoutes(routes);
  registerReportDesignRoutes(routes);
  registerReportDataRoutes(routes);
  registerCgformDesignRoutes(routes);
  registerCgformButtonRoutes(routes);
  registerCgformDataAndLinkRoutes(routes);

  const app = new Hono<ApiEnv>();
  app.use('*', refuseIllegalInput);
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const found = requestToken(c, deps.config.secureCookies);
    const write = isWriteMethod(c.req.method);
    const apiPath = c.req.path.replace(/^\/api/, '');
    const writingGet = !write && WRITING_GETS.has(apiPath);
    // A page's in-process reads share one resolution of the session (and of the grants, access.ts) through the page
    // request's memo; a write (a writing GET too) resolves its own and clears the memo for the reads after it.
    const memo = requestMemoOf(c.env);
    if (memo && (write || writingGet)) memo.clear();
    const shared = memo && !write && !writingGet && found?.source === 'header' ? memo : undefined;
    if (shared) c.set('memo', shared);
    const user = found ? await (shared ? shared.get(`session ${found.token}`, () => resolveSession(deps.db, found.token)) : resolveSession(deps.db, found.token)) : null;
    c.set('user', user);
    c.set('tokenSource', user ? found!.source : null);
    if (writingGet && (c.req.method !== 'GET' || found?.source === 'cookie')) return fail(c, `不支持通过${c.req.method}请求修改数据`, 405, 405);
    if (!write && SAME_ORIGIN_POSTS.has(apiPath)) return fail(c, `不支持通过${c.req.method}请求修改数据`, 405, 405);
    if (write && found?.source !== 'header' && (found?.source === 'cookie' || SAME_ORIGIN_POSTS.has(apiPath)) && !isSameOrigin(c)) return fail(c, '跨站请求被拒绝', 403, 403);
    const unsafe = write || writingGet;
    if (unsafe && user?.needChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(c.req.path.replace(/^\/api/, ''))) {
      return fail(c, PASSWORD_CHANGE_REQUIRED, 403, 403);
    }
    const started = Date.now();
    await next();
    if (unsafe) memo?.clear();
    const path = c.req.path.replace(/^\/api/, '');
    if (unsafe && user && !SELF_LOGGED.has(path)) {
      let success = c.res.ok;
      if (success && c.res.headers.get('content-type')?.includes('application/json')) {
        try {
          success = ((await c.res.clone().json()) as { success?: boolean }).success !== false;
        } catch {
          /* not an envelope */
        }
      }
      // Anonymous pages that show what this write changed are dropped from the page cache (public-writes.ts).
      const changed = success ? publicContentOfWrite(path) : null;
      if (changed) publicContentChanged(changed);
      await writeLog(deps.db, {
        logType: 2,
        operateType: OPERATE_TYPE[c.req.method] ?? null,
        content: `${c.req.method} ${c.req.path} ${success ? '成功' : '失败'}`,
        userId: user.id,
        username: user.username,
        ip: clientIp(c, deps.config.trustProxy),
        method: c.req.method,
        url: c.req.path,
        costMs: Date.now() - started,
      });
    }
  });
  app.use('*', oneImportPerUser);
  app.route('/', routes.app);
  app.notFound((c) => fail(c, '路径不存在，请检查路径是否正确', 404, 404));
  app.onError((err, c) => {
    if (deps.config.logLevel !== 'silent') console.error(`[api] ${c.req.method} ${c.req.path}:`, err);
    // The file store did not answer (a bucket down): nothing was stored, and the client may try again.
    if (isStorageUnavailable(err)) return fail(c, STORAGE_UNAVAILABLE, 503, 503);
    return fail(c, '操作失败，服务器内部错误', 500, 500);
  });
  return { app, routes };
}
