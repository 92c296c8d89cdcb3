// GET /sys/permission/getUserPermissionByToken: the caller's menu tree, auth and allAuth.
// The anchor reads the user from a `token` query parameter; we use the authenticated session only.
import { userPermissions } from '../../domain/permissions.js';
import { LOGGED_IN, permissionRows, type ApiRoutes } from '../access.js';
import { ok } from '../envelope.js';

export function registerPermissionRoutes(r: ApiRoutes) {
  r.get('/sys/permission/getUserPermissionByToken', LOGGED_IN, async (c) => {
    const user = c.get('user')!;
    return ok(c, await userPermissions(c.get('deps').db, user.id, await permissionRows(c)), '查询成功', 200);
  });
}
