// Central authorisation. Every /api route is registered through ApiRoutes with an access rule, so a route
// without one cannot exist (deny by default), and the list of routes feeds the authorisation matrix test.
import { Hono, type Context, type Handler } from 'hono';
import type { ApiEnv } from '../context.js';
import type { Endpoint, Method } from '../contracts/endpoint.js';
import type { SysPermission } from '../db/schema.js';
import { grantsOf, isAdminOnlyCode, userPermissionRows, type AdminOnlyCode, type Grants } from '../domain/permissions.js';
import { isSuperUser } from '../domain/sessions.js';
import { fail, NO_PERMISSION, TOKEN_INVALID, type Answer } from './envelope.js';

export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  /** A button/permission code (sys_permission.perms) granted to one of the user's roles. */
  | { kind: 'perm'; code: string }
  /** An admin-only button code (ADMIN_ONLY_CODES): the admin role AND the code; menu data cannot open it to others. */
  | { kind: 'admin'; code: AdminOnlyCode }
  /** The menu of a screen (by route path) granted to the user: reading a screen's data. `also`: other screens
   *  that use the same data (e.g. the role picker of 用户管理 and 角色管理); any one of them suffices. A path with a
   *  route parameter (`/online/cgreport/:code`) is the screen of one record: the request's value fills it in, and
   *  administrators, who design those screens, open every one. `related`: other values of that parameter whose
   *  screens open it too (an online sub-table is read through its main forms' screens). */
  | { kind: 'menu'; path: string; also?: string[]; related?: (c: Context<ApiEnv>) => Promise<string[]> }
  /** One of these role codes. */
  | { kind: 'role'; codes: string[] };

export const PUBLIC: Access = { kind: 'public' };
export const LOGGED_IN: Access = { kind: 'user' };
export const perm = (code: string): Access => {
  // Registering an admin-only code as a plain permission would let a grant to another role open it.
  if (isAdminOnlyCode(code)) throw new Error(`${code} is admin-only: register its route with adminOnly()`);
  return { kind: 'perm', code };
};
export const adminOnly = (code: AdminOnlyCode): Access => ({ kind: 'admin', code });
export const role = (...codes: string[]): Access => ({ kind: 'role', codes });
export const menu = (path: string, ...also: string[]): Access => (also.length ? { kind: 'menu', path, also } : { kind: 'menu', path });
/** A menu rule whose route parameter may also be one of `related`'s values (see Access). */
export const menuOrRelated = (related: (c: Context<ApiEnv>) => Promise<string[]>, path: string, ...also: string[]): Access => ({ ...(menu(path, ...also) as { kind: 'menu'; path: string }), related });
/** The screens a menu rule opens. */
export const menuPaths = (a: { path: string; also?: string[] }) => [a.path, ...(a.also ?? [])];

export interface RouteInfo {
  method: string;
  path: string;
  access: Access;
}


/**
 * The caller's granted menus and buttons (domain/permissions.ts userPermissionRows), loaded once per request, and
 * once per page request for the reads a page makes in process (the memo of api/index.ts). Callers must not change them.
 */
export function permissionRows(c: Context<ApiEnv>): Promise<SysPermission[]> {
  let rows = c.get('permissionRows');
  if (!rows) {
    const user = c.get('user');
    const memo = c.get('memo');
    const load = () => (user ? userPermissionRows(c.get('deps').db, user.id) : Promise.resolve([]));
    rows = user && memo ? memo.get(`permissions ${user.id}`, load) : load();
    c.set('permissionRows', rows);
  }
  return rows;
}

/** The caller's grants, loaded once per request. */
export async function grants(c: Context<ApiEnv>): Promise<Grants> {
  let g = c.get('grants');
  if (!g) {
    g = grantsOf(await permissionRows(c));
    c.set('grants', g);
  }
  return g;
}

export const permissionCodes = async (c: Context<ApiEnv>) => (await grants(c)).codes;
export const hasPermission = async (c: Context<ApiEnv>, code: string) => (await grants(c)).codes.has(code);

/** Checks an access rule; returns a response to send when access is refused. */
async function refuse(c: Context<ApiEnv>, access: Access): Promise<Response | null> {
  if (access.kind === 'public') return null;
  const user = c.get('user');
  // The anchor's clients key their "login expired" dialog on HTTP 500 with exactly this message.
  if (!user) return fail(c, TOKEN_INVALID, 500, 500);
  if (access.kind === 'user') return null;
  if (access.kind === 'role') {
    return user.roles.some((r) => access.codes.includes(r.code)) ? null : fail(c, NO_PERMISSION, 510, 403);
  }
  if (access.kind === 'admin') {
    return isSuperUser(user) && (await grants(c)).codes.has(access.code) ? null : fail(c, NO_PERMISSION, 510, 403);
  }
  if (access.kind === 'menu') {
    const { menus } = await grants(c);
    const fill = (value?: string) => menuPaths(access).map((p) => p.replace(/:([A-Za-z_]+)/g, (_, name: string) => value ?? c.req.param(name) ?? ''));
    if (fill().some((p) => menus.has(p))) return null;
    if (access.related && !isSuperUser(user)) for (const value of await access.related(c)) if (fill(value).some((p) => menus.has(p))) return null;
    return menuPaths(access).some((p) => p.includes('/:')) && isSuperUser(user) ? null : fail(c, NO_PERMISSION, 510, 403);
  }
  return (await grants(c)).codes.has(access.code) ? null : fail(c, NO_PERMISSION, 510, 403);
}

export class ApiRoutes {
  readonly app = new Hono<ApiEnv>();
  readonly routes: RouteInfo[] = [];

  on(methods: Method[], path: string, access: Access, handler: Handler<ApiEnv>): this {
    for (const method of methods) this.routes.push({ method, path, access });
    this.app.on(methods, path, async (c, next) => (await refuse(c, access)) ?? handler(c, next));
    return this;
  }
  /** The route of a contract endpoint (contracts/), on each of its methods; the handler answers the endpoint's result type. */
  at<R>(endpoint: Endpoint<unknown, unknown, R>, access: Access, handler: (c: Context<ApiEnv>) => Answer<R> | Promise<Answer<R>>) {
    return this.on([...endpoint.methods], endpoint.path, access, handler);
  }
  get(path: string, access: Access, handler: Handler<ApiEnv>) {
    return this.on(['GET'], path, access, handler);
  }
  post(path: string, access: Access, handler: Handler<ApiEnv>) {
    return this.on(['POST'], path, access, handler);
  }
  put(path: string, access: Access, handler: Handler<ApiEnv>) {
    return this.on(['PUT'], path, access, handler);
  }
  delete(path: string, access: Access, handler: Handler<ApiEnv>) {
    return this.on(['DELETE'], path, access, handler);
  }
}
