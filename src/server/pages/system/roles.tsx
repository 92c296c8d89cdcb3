// 角色管理 (/isystem/role): the declared list with its add/edit form.
import type { Hono } from 'hono';
import { roleForm, rolesList } from '../../resources/roles.js';
import type { PageEnv } from '../context.js';
import { registerListPage } from '../list-page.js';

export function registerRolePages(app: Hono<PageEnv>) {
  registerListPage(app, { spec: rolesList, form: roleForm });
}
