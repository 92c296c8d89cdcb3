// The row-action dialogs of 角色管理 (/isystem/role): 授权 (the menu/button tree of a role, saved through
// saveRolePermission, with the data rules a role carries per menu) and 用户 (the role's users: search, add,
// remove). Each is an antd dialog in #xt-modal when opened with htmx, and a page of its own without JavaScript;
// every form works as a plain form. Data goes through the upstream client; the API enforces the codes.
// This folder: shared.ts, and one file per dialog (auth, data-rule, users) registering its own routes.
import type { Hono } from 'hono';
import type { PageEnv } from '../../context.js';
import { registerRoleAuthPages } from './auth.js';
import { registerRoleDataRulePages } from './data-rule.js';
import { registerRoleUserPages } from './users.js';

export function registerRoleGrantPages(app: Hono<PageEnv>) {
  registerRoleAuthPages(app);
  registerRoleDataRulePages(app);
  registerRoleUserPages(app);
}
