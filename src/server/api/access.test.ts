// The authorisation matrix: every registered /api route, called anonymously, with a bad token, as a student
// and as the administrator. Routes come from the app's own registry, so a route added later is covered
// without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../domain/ids.js';
import { ADMIN_ONLY_CODES, isAdminOnlyCode } from '../domain/permissions.js';
import { createSession } from '../domain/sessions.js';
import { TOKEN_INVALID } from '../../../test/assertions.js';
import { startTestApp, type ApiAnswer, type TestApp } from '../../../test/harness.js';
import { menuPaths, type RouteInfo } from './access.js';

let t: TestApp;
let admin: string;
/** What the seed grants the student role, read straight from the grant tables (a button's status plays no part). */
let studentCodes: Set<string>;
let studentMenus: Set<string>;
const studentRoles = ['student'];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  const granted = await t.db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
    .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
    .select(['p.menu_type', 'p.perms', 'p.url', 'p.status'])
    .where('r.role_code', '=', 'student')
    .where('p.del_flag', '=', 0)
    .execute();
  studentCodes = new Set(granted.filter((g) => g.menu_type === 2 && g.perms).map((g) => g.perms!));
  studentMenus = new Set(granted.filter((g) => g.menu_type !== 2 && g.url).map((g) => g.url!));
});

afterAll(async () => {
  await t?.close();
});

/** A fresh session per call, so a route that ends sessions (logout) cannot spoil the next call. */
const sessionOf = async (username: string) => (await createSession(t.db, await t.userId(username))).token;

/** A concrete, harmless path for a route pattern: parameters and wildcards get placeholder values. */
const concrete = (route: RouteInfo) =>
  route.path
    .replace(/:dictCode\b/g, 'sex')
    .replace(/:[A-Za-z_]+(\{[^}]*\})?/g, '0123456789abcdef0123456789abcdef')
    .replace(/\*/g, 'no-such-file.png');

/** Calls a route; the answer may be a file (exports), so the body is JSON only when it says so. */
async function call(route: RouteInfo, opts: { token?: string; headers?: Record<string, string>; query?: string } = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['X-Access-Token'] = opts.token;
  const write = route.method !== 'GET';
  if (write) headers['Content-Type'] = 'application/json';
  const res = await t.request(`/api${concrete(route)}${opts.query ?? ''}`, { method: route.method, headers, body: write ? '{}' : undefined });
  const json = res.headers.get('content-type')?.includes('application/json');
  return { status: res.status, body: json ? await res.json() : { success: true, message: '', code: 0, result: null, timestamp: 0 } };
}

const label = (route: RouteInfo) => `${route.method} ${route.path} (${route.access.kind})`;
const isTokenRefusal = (res: ApiAnswer) => res.status === 500 && res.body?.message === TOKEN_INVALID;
const isNoPermission = (res: ApiAnswer) => res.status === 403 && res.body?.code === 510;

// Sweeps send a request per route and grow with the API: they get more time than one request needs, so a
// loaded machine (PostgreSQL, two workers) does not fail them for slowness alone.
const SWEEP_MS = 120_000;

describe('the route registry', () => {
  it('lists every route with an access rule, including the known public and protected ones', () => {
    const routes = t.apiRoutes.routes;
    expect(routes.length).toBeGreaterThan(15);
    // A new kind of rule needs a row in the matrix below before it can be judged.
    for (const r of routes) expect(['public', 'user', 'perm', 'admin', 'menu', 'role'], label(r)).toContain(r.access.kind);
    const find = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.access.kind;
    expect(find('POST', '/sys/login')).toBe('public');
    // Self-service accounts (anonymous by nature; each refuses on its own terms: allowReg, captcha, token).
    for (const [method, path] of [
      ['GET', '/sys/randomImage/:key'],
      ['POST', '/sys/checkCaptcha'],
      ['POST', '/sys/user/register'],
      ['GET', '/sys/user/recoveryOptions'],
      ['POST', '/sys/user/passwordRecovery'],
      ['GET', '/sys/user/checkResetToken'],
      ['POST', '/sys/user/resetPassword'],
      // The phone steps (api/sys/sms.ts): each refuses without SMS_URL, a code or a phone's ticket.
      ['POST', '/sys/sms'],
      ['POST', '/sys/user/phoneVerification'],
      ['GET', '/sys/user/querySysUser'],
      ['GET', '/sys/user/passwordChange'],
      ['POST', '/sys/user/passwordChange'],
    ]) {
      expect(find(method, path), `${method} ${path}`).toBe('public');
    }
    // The existence check stays for logged-in callers (an open one would undo the login's answer).
    expect(find('GET', '/sys/user/checkOnlyUser')).toBe('user');
    expect(find('GET', '/sys/config/getCurrentConfig')).toBe('public');
    expect(find('GET', '/teaching/teachingWork/leaderboard')).toBe('public');
    expect(find('GET', '/sys/permission/getUserPermissionByToken')).toBe('user');
    expect(find('PUT', '/sys/user/updatePassword')).toBe('user');
    expect(find('GET', '/sys/duplicate/check')).toBe('user');
    expect(find('POST', '/sys/config/saveTenantConfig')).toBe('admin');
    // 定时任务 runs server jobs (backups, purges): every route admin-only, reads included.
    const quartz = routes.filter((r) => r.path.startsWith('/sys/quartzJob/'));
    expect(quartz.length).toBeGreaterThanOrEqual(14);
    for (const r of quartz) {
      const a = r.access;
      expect(a.kind === 'admin' || (a.kind === 'role' && a.codes.every((c) => c === 'admin' || c === 'dev')), label(r)).toBe(true);
    }
    // 消息中心 sends mail to any address and messages to any user: admin-only too.
    const messages = routes.filter((r) => r.path.startsWith('/message/'));
    expect(messages.length).toBeGreaterThanOrEqual(15);
    for (const r of messages) {
      const a = r.access;
      expect(a.kind === 'admin' || (a.kind === 'role' && a.codes.every((c) => c === 'admin' || c === 'dev')), label(r)).toBe(true);
    }
    expect(find('POST', '/message/sysMessageTemplate/sendMsg')).toBe('admin');
  });

  it('gives the dictionary cache flush and the role list the permission of the screens that use them, not every user', () => {
    const access = (method: string, path: string) => t.apiRoutes.routes.find((r) => r.method === method && r.path === path)?.access;
    expect(access('GET', '/sys/dict/refleshCache')).toEqual({ kind: 'perm', code: 'dict:edit' });
    expect(access('GET', '/sys/role/queryall')).toEqual({ kind: 'menu', path: '/isystem/user', also: ['/isystem/role', '/isystem/permissionDataRule'] });
    // 分类字典 and 数据规则: reads need the screen, writes its codes (data rules admin-only).
    expect(access('GET', '/sys/category/list')).toEqual({ kind: 'menu', path: '/isys/category' });
    expect(access('POST', '/sys/category/add')).toEqual({ kind: 'perm', code: 'category:add' });
    expect(access('DELETE', '/sys/category/deleteBatch')).toEqual({ kind: 'perm', code: 'category:del' });
    expect(access('POST', '/sys/category/importExcel')).toEqual({ kind: 'perm', code: 'category:import' });
    expect(access('GET', '/sys/category/loadTreeRoot')).toEqual({ kind: 'user' });
    expect(access('GET', '/sys/permission/dataRuleList')).toEqual({ kind: 'menu', path: '/isystem/permissionDataRule' });
    expect(access('GET', '/sys/permission/previewDataRule')).toEqual({ kind: 'menu', path: '/isystem/permissionDataRule' });
    expect(access('POST', '/sys/permission/addDataRule')).toEqual({ kind: 'admin', code: 'datarule:add' });
    expect(access('PUT', '/sys/permission/editDataRule')).toEqual({ kind: 'admin', code: 'datarule:edit' });
    expect(access('DELETE', '/sys/permission/deleteDataRuleBatch')).toEqual({ kind: 'admin', code: 'datarule:del' });
  });

  it('gives 职务管理 its button codes for writes, its reads to the screens that show positions, and 通讯录 its menu', () => {
    const access = (method: string, path: string) => t.apiRoutes.routes.find((r) => r.method === method && r.path === path)?.access;
    const read = { kind: 'menu', path: '/isystem/position', also: ['/isystem/user', '/isystem/addressList'] };
    expect(access('GET', '/sys/position/list')).toEqual(read);
    expect(access('GET', '/sys/position/queryById')).toEqual(read);
    expect(access('POST', '/sys/position/add')).toEqual({ kind: 'perm', code: 'position:add' });
    expect(access('PUT', '/sys/position/edit')).toEqual({ kind: 'perm', code: 'position:edit' });
    expect(access('POST', '/sys/position/edit')).toEqual({ kind: 'perm', code: 'position:edit' });
    expect(access('DELETE', '/sys/position/delete')).toEqual({ kind: 'perm', code: 'position:del' });
    expect(access('DELETE', '/sys/position/deleteBatch')).toEqual({ kind: 'perm', code: 'position:del' });
    expect(access('GET', '/sys/position/exportXls')).toEqual({ kind: 'perm', code: 'position:export' });
    expect(access('POST', '/sys/position/importExcel')).toEqual({ kind: 'perm', code: 'position:import' });
    expect(access('GET', '/sys/user/queryByOrgCodeForAddressList')).toEqual({ kind: 'menu', path: '/isystem/addressList' });
    expect(access('GET', '/sys/sysDepart/queryTreeList')).toEqual({ kind: 'menu', path: '/isystem/departDetailList', also: ['/isystem/addressList'] });
  });

  it('keeps 文件管理, OSS文件, 数据日志 and 数据迁移 to administrators: reads by the admin role, changes by admin-only buttons', () => {
    const routes = t.apiRoutes.routes;
    const access = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.access;
    for (const p of ['/system/sysFile/list', '/system/sysFile/queryById', '/system/sysFile/exportXls', '/system/sysFile/unregistered', '/oss/file/list', '/oss/file/queryById', '/oss/file/folders']) {
      expect(access('GET', p), p).toEqual({ kind: 'role', codes: ['admin'] });
    }
    for (const p of ['/sys/dataLog/list', '/sys/dataLog/queryDataVerList', '/sys/dataLog/queryCompareList', '/sys/dataLog/tables']) expect(access('GET', p), p).toEqual({ kind: 'admin', code: 'datalog:view' });
    for (const p of ['/sys/importRun/list', '/sys/importRun/queryById']) expect(access('GET', p), p).toEqual({ kind: 'admin', code: 'importRun:view' });
    for (const p of ['/system/sysFile/delete', '/system/sysFile/deleteBatch', '/system/sysFile/deleteByPath', '/oss/file/delete']) expect(access('DELETE', p), p).toEqual({ kind: 'admin', code: 'file:del' });
    expect(access('POST', '/oss/file/upload')).toEqual({ kind: 'admin', code: 'file:upload' });
  });

  it('keeps 编码校验规则 and 填值规则 to administrators, except the checks and generation the forms call', () => {
    const routes = t.apiRoutes.routes;
    const access = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.access;
    const rules = routes.filter((r) => r.path.startsWith('/sys/checkRule/') || r.path.startsWith('/sys/fillRule/'));
    expect(rules.length).toBeGreaterThanOrEqual(20);
    for (const r of rules) {
      if (r.path === '/sys/checkRule/checkByCode' || r.path.startsWith('/sys/fillRule/executeRuleByCode')) continue;
      const a = r.access;
      expect(a.kind === 'admin' || (a.kind === 'role' && a.codes.every((c) => c === 'admin' || c === 'dev')), label(r)).toBe(true);
    }
    // Any form may check a value (the answer is pass or the rule's message); generating takes a number, so only
    // the screens whose forms generate values may.
    expect(access('GET', '/sys/checkRule/checkByCode')).toEqual({ kind: 'user' });
    expect(access('PUT', '/sys/fillRule/executeRuleByCode')).toEqual({ kind: 'menu', path: '/isystem/fillRule', also: ['/isystem/user', '/isys/category'] });
    expect(access('PUT', '/sys/fillRule/executeRuleByCode/:ruleCode')).toEqual(access('PUT', '/sys/fillRule/executeRuleByCode'));
    expect(access('POST', '/sys/checkRule/add')).toEqual({ kind: 'admin', code: 'checkRule:add' });
    expect(access('DELETE', '/sys/fillRule/deleteBatch')).toEqual({ kind: 'admin', code: 'fillRule:del' });
  });

  it('keeps 在线报表 design and 多数据源管理 to administrators, and opens a report’s data by its own menu entry', () => {
    const routes = t.apiRoutes.routes;
    const design = routes.filter((r) => r.path.startsWith('/online/cgreport/head/') || r.path.startsWith('/online/cgreport/item/') || r.path.startsWith('/online/cgreport/param/') || r.path.startsWith('/sys/dataSource/') || r.path === '/online/cgreport/api/testConnection');
    expect(design.length).toBeGreaterThanOrEqual(16);
    for (const r of design) expect(r.access, label(r)).toEqual({ kind: 'role', codes: ['admin', 'dev'] });
    const data = routes.filter((r) => r.path.startsWith('/online/cgreport/api/') && r.path !== '/online/cgreport/api/testConnection');
    expect(data.map((r) => r.path).sort()).toEqual(['getColumnsAndData', 'getData', 'getParamsInfo', 'getQueryInfo', 'getRpColumns', 'exportXls'].map((n) => `/online/cgreport/api/${n}/:code`).sort());
    for (const r of data) expect(r.access, label(r)).toEqual({ kind: 'menu', path: '/online/cgreport/:code' });
  });

  it('keeps 在线表单开发 design to administrators, and opens a form’s data by its own menu entry', () => {
    const routes = t.apiRoutes.routes.filter((r) => r.path.startsWith('/online/cgform/'));
    const data = routes.filter((r) => r.access.kind === 'menu');
    expect(data.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        'GET definition/:code', 'GET getColumns/:code', 'GET getData/:code', 'GET getQueryInfo/:code', 'GET getFormItem/:code', 'POST form/:code', 'PUT form/:code', 'GET form/:code/:id', 'DELETE form/:code/:ids',
        'GET exportXls/:code', 'POST importXls/:code', 'GET getTreeData/:code', 'GET getErpColumns/:code', 'GET getErpFormItem/:code', 'GET subform/:code/:mainId', 'GET subform/list/:code/:mainId',
        'GET getFormItemBytbname/:code',
      ]
        .map((s) => s.replace(' ', ' /online/cgform/api/'))
        .sort(),
    );
    // A sub table's data also opens through its main forms' screens (`related`: their ids and table names).
    for (const r of data) {
      expect(r.access, label(r)).toMatchObject({ kind: 'menu', path: '/online/cgformList/:code', also: ['/online/cgformTreeList/:code', '/online/cgformErpList/:code', '/online/cgformInnerTableList/:code'] });
      expect(typeof (r.access as { related?: unknown }).related, label(r)).toBe('function');
    }
    // 三级联动 options and custom buttons name their table or form in the query or body: checked by their handlers.
    const checked = routes.filter((r) => r.access.kind === 'user');
    expect(checked.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /online/cgform/api/querySelectOptions', 'POST /online/cgform/api/doButton']);
    const design = routes.filter((r) => r.access.kind !== 'menu' && r.access.kind !== 'user');
    expect(design.length).toBeGreaterThanOrEqual(39);
    for (const r of design) expect(r.access, label(r)).toEqual({ kind: 'role', codes: ['admin', 'dev'] });
  });

  it('guards every admin-only button code with an admin rule, never a plain permission', () => {
    const plain = t.apiRoutes.routes.filter((r) => r.access.kind === 'perm' && isAdminOnlyCode(r.access.code));
    expect(plain.map(label)).toEqual([]);
    expect(t.apiRoutes.routes.filter((r) => r.access.kind === 'admin').length).toBeGreaterThan(10);
  });

  it('answers an unregistered path with 404, not with data', async () => {
    for (const p of ['/sys/no/such/route', '/sys/user/listAll', '/sys/dict/deleteItemByTextX']) {
      const res = await t.api('GET', p, { token: admin });
      expect(res.status, p).toBe(404);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('anonymous callers', () => {
  it('reach every public route and are refused every other one with HTTP 500 Token失效，请重新登录', async () => {
    const wrong: string[] = [];
    for (const route of t.apiRoutes.routes) {
      const res = await call(route);
      if (route.access.kind === 'public') {
        if (isTokenRefusal(res) || isNoPermission(res)) wrong.push(`${label(route)} refused a visitor: ${res.status}`);
      } else if (!isTokenRefusal(res) || res.body.success !== false) {
        wrong.push(`${label(route)} answered a visitor ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, SWEEP_MS);

  it('are refused the same way when they send an unknown token', async () => {
    const wrong: string[] = [];
    for (const route of t.apiRoutes.routes) {
      if (route.access.kind === 'public') continue;
      const res = await call(route, { token: 'forged-token-0123456789abcdefghijklmnopqrstuv' });
      if (!isTokenRefusal(res)) wrong.push(`${label(route)} answered a forged token ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(wrong).toEqual([]);
  }, SWEEP_MS);
});

/** Calls every route as student1: refused (403, 510) exactly where the student lacks the code, menu or role. */
async function studentMatrix(): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of t.apiRoutes.routes) {
    const res = await call(route, { token: await sessionOf('student1') });
    const a = route.access;
    const lacks =
      (a.kind === 'perm' && !studentCodes.has(a.code)) ||
      a.kind === 'admin' ||
      (a.kind === 'menu' && !menuPaths(a).some((p) => studentMenus.has(p))) ||
      (a.kind === 'role' && !a.codes.some((c) => studentRoles.includes(c)));
    if (lacks) {
      if (!isNoPermission(res) || res.body.message !== '没有权限，请联系管理员授权') {
        wrong.push(`${label(route)} let a student through: ${res.status} ${JSON.stringify(res.body)}`);
      }
    } else if (isTokenRefusal(res) || isNoPermission(res)) {
      wrong.push(`${label(route)} refused a student it should let in: ${res.status} ${res.body?.message}`);
    }
  }
  return wrong;
}

describe('a student', () => {
  it('is refused (HTTP 403, code 510) every route needing a permission code or role they lack, and passes the others', async () => {
    expect(await studentMatrix()).toEqual([]);
  }, SWEEP_MS);

  it('gains nothing when every button is switched to 无效 (status 0): that changes what pages show, not what the API allows', async () => {
    await t.db.updateTable('sys_permission').set({ status: '0' }).where('menu_type', '=', 2).execute();
    try {
      expect(await studentMatrix()).toEqual([]);
    } finally {
      await t.db.updateTable('sys_permission').set({ status: '1' }).where('menu_type', '=', 2).execute();
    }
  });

  it('holds no button permission code in the seed, so every perm route is a refusal case above', () => {
    // If students ever get codes the matrix still holds; this pins the seed so the matrix keeps testing refusals.
    expect([...studentCodes]).toEqual([]);
    expect(t.apiRoutes.routes.some((r) => r.access.kind === 'perm')).toBe(true);
  });
});

describe('a teacher whose role the menu data grants every menu and button', () => {
  it('is still refused every admin-only route, 系统监控 included (HTTP 403, code 510)', async () => {
    const teacherRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow()).id;
    const held = t.db.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', teacherRole);
    const missing = await t.db.selectFrom('sys_permission').select('id').where('id', 'not in', held).execute();
    const added = missing.map((p) => ({ id: newId(), role_id: teacherRole, permission_id: p.id, data_rule_ids: null }));
    await t.db.insertInto('sys_role_permission').values(added).execute();
    try {
      const guarded = t.apiRoutes.routes.filter(
        (r) =>
          ((r.access.kind === 'perm' || r.access.kind === 'admin') && (ADMIN_ONLY_CODES as readonly string[]).includes(r.access.code)) ||
          (r.access.kind === 'role' && !r.access.codes.includes('teacher')),
      );
      expect(guarded.length).toBeGreaterThan(10);
      // 系统监控 (the /actuator/* readings, 在线用户 and 强制退出) is among them: admin-only whatever the menu data says.
      const monitoring = t.apiRoutes.routes.filter((r) => r.path.startsWith('/actuator/') || r.path.startsWith('/sys/online/'));
      expect(monitoring.length).toBeGreaterThan(10);
      for (const r of monitoring) expect(guarded, label(r)).toContain(r);
      const wrong: string[] = [];
      for (const route of guarded) {
        const res = await call(route, { token: await sessionOf('teacher') });
        if (!isNoPermission(res)) wrong.push(`${label(route)} let a teacher through: ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(wrong).toEqual([]);
      // The permission answer does not offer those buttons either, so pages do not show them.
      const answer = await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: await sessionOf('teacher') });
      const actions: string[] = answer.body.result.auth.map((a: { action: string }) => a.action);
      expect(actions).toContain('role:user');
      expect(actions.filter(isAdminOnlyCode)).toEqual([]);
    } finally {
      await t.db.deleteFrom('sys_role_permission').where('id', 'in', added.map((a) => a.id)).execute();
    }
  }, SWEEP_MS);
});

describe('the administrator', () => {
  it('is never refused by the access layer', async () => {
    const wrong: string[] = [];
    for (const route of t.apiRoutes.routes) {
      if (route.method !== 'GET') continue; // reads only: the writes would act on the seeded data
      const res = await call(route, { token: await sessionOf('admin') });
      if (isTokenRefusal(res) || isNoPermission(res)) wrong.push(`${label(route)} refused admin: ${res.status} ${res.body?.message}`);
    }
    expect(wrong).toEqual([]);
  }, SWEEP_MS);
});

describe('the _t cache-buster', () => {
  it('is accepted and ignored on every GET route', async () => {
    const wrong: string[] = [];
    for (const route of t.apiRoutes.routes) {
      if (route.method !== 'GET') continue;
      for (const user of [null, 'admin']) {
        const token = user ? await sessionOf(user) : undefined;
        const plain = await call(route, { token });
        const stamped = await call(route, { token: user ? await sessionOf(user) : undefined, query: `?_t=${Math.floor(Date.now() / 1000)}` });
        const sig = (r: ApiAnswer) => `${r.status} ${r.body?.success} ${r.body?.code} ${r.body?.message}`;
        if (sig(plain) !== sig(stamped)) wrong.push(`${label(route)} as ${user ?? 'visitor'}: ${sig(plain)} vs ${sig(stamped)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, SWEEP_MS);
});

describe('cookie sessions', () => {
  it('refuse every write authenticated by cookie without a same-origin request (403)', async () => {
    const wrong: string[] = [];
    for (const route of t.apiRoutes.routes) {
      if (route.method === 'GET') continue;
      const res = await call(route, { headers: { Cookie: `xt_token=${await sessionOf('student1')}` } });
      if (res.status !== 403 || res.body.success !== false) wrong.push(`${label(route)} took a cross-site cookie write: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  }, SWEEP_MS);
});
