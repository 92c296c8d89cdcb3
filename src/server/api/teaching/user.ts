// GET /teaching/user/info: the caller's own account (SysUser JSON), used by the shell and the settings pages.
import { findUserById, userInfo } from '../../domain/users.js';
import { LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, ok } from '../envelope.js';

export function registerTeachingUserRoutes(r: ApiRoutes) {
  r.get('/teaching/user/info', LOGGED_IN, async (c) => {
    const { db } = c.get('deps');
    const user = await findUserById(db, c.get('user')!.id);
    if (!user) return fail(c, '用户不存在！');
    return ok(c, { ...(await userInfo(db, user)), roles: c.get('user')!.roles.map((r) => r.code) }, '操作成功！', 200);
  });
}
