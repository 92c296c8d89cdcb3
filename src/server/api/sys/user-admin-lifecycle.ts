// 用户管理's account lifecycle: freezing and unfreezing, the administrator's password reset, logical delete, and
// the recycle bin (list, restore, purge). Registered from user-admin.ts.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { userAdminApi } from '../../contracts/users.js';
import { clearBackpack } from '../../domain/backpack.js';
import { hashPassword } from '../../domain/password.js';
import { announceSessionsEnded } from '../../domain/session-watch.js';
import { revokeUserSessions } from '../../domain/sessions.js';
import { now } from '../../domain/time.js';
import { USER_COLUMNS } from '../../domain/users.js';
import { freezeAbilities, USER_FROZEN } from '../../domain/user-status.js';
import { passwordFields } from '../../resources/users.js';
import { PASSWORD_IS_USERNAME, passwordProblem } from '../../shared/password-policy.js';
import { perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { idList } from '../list-query.js';
import { idsField, statusField } from './user-admin-fields.js';
import { enrichUsers, manageable, scopedUsers, toRecord } from './user-admin-scope.js';

type Ctx = Context<ApiEnv>;

export function registerUserLifecycleRoutes(r: ApiRoutes) {
  r.at(userAdminApi.freeze, perm('user:status'), async (c) => {
    const body = await jsonBody(c, z.object({ ids: idsField('用户'), status: statusField }));
    if (!body.ok) return body.response;
    const me = c.get('user')!;
    if (body.data.status === 2 && body.data.ids.includes(me.id)) return fail(c, '不能冻结当前登录用户');
    const target = await manageable(c, body.data.ids);
    if (!target.ok) return target.response;
    const { db } = c.get('deps');
    // Only those the asked change applies to (domain/user-status.ts, the rows' canFreeze / canUnfreeze).
    const freezing = body.data.status === USER_FROZEN;
    const ids = target.targets.filter((t) => (freezing ? freezeAbilities(me, t).canFreeze : freezeAbilities(me, t).canUnfreeze)).map((t) => t.id);
    if (!ids.length) return fail(c, freezing ? '所选用户已冻结' : '所选用户未冻结');
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('sys_user').set({ status: body.data.status, update_by: me.username, update_time: now() }).where('id', 'in', ids).execute();
      // A frozen account is logged out everywhere at once.
      if (body.data.status === 2) await tx.deleteFrom('sys_session').where('user_id', 'in', ids).execute();
    });
    if (body.data.status === 2) announceSessionsEnded(db, { userIds: ids });
    return ok(c, null, '操作成功!', 200);
  });

  r.at(userAdminApi.changePassword, perm('user:password'), async (c) => {
    const body = await jsonBody(
      c,
      passwordFields
        .schema(['password', 'confirmpassword'])
        // The dialog always sends the confirmation; the anchor's clients may leave it out.
        .partial({ confirmpassword: true })
        .extend({
          id: z.string({ message: '用户不存在！' }).trim().max(64, '用户不存在！').optional(),
          username: z.string({ message: '用户不存在！' }).trim().max(64, '用户不存在！').optional(),
        })
        .refine((x) => x.confirmpassword === undefined || x.confirmpassword === x.password, { message: '两次输入的密码不一样！', path: ['confirmpassword'] }),
    );
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const { id, username: name } = body.data;
    if (!id && !name) return fail(c, '用户不存在！');
    const found = await db
      .selectFrom('sys_user')
      .select(['id', 'username'])
      .where(id ? 'id' : 'username', '=', (id || name)!)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!found) return fail(c, '用户不存在！');
    const target = await manageable(c, [found.id], { notFound: '用户不存在！' });
    if (!target.ok) return target.response;
    if (passwordProblem(body.data.password, found.username) === PASSWORD_IS_USERNAME) return fieldFail(c, 'password', PASSWORD_IS_USERNAME);
    const me = c.get('user')!;
    await db
      .updateTable('sys_user')
      // A password reset for someone else is theirs to replace at their next login.
      .set({ password: await hashPassword(body.data.password), legacy_password: null, salt: null, need_change_password: found.id === me.id ? 0 : 1, update_by: me.username, update_time: now() })
      .where('id', '=', found.id)
      .execute();
    await revokeUserSessions(db, found.id, found.id === me.id ? me.sessionId : undefined);
    return ok(c, null, '密码修改成功!', 200);
  });

  const deleteUsers = async (c: Ctx, ids: string[], batch: boolean) => {
    const me = c.get('user')!;
    if (!ids.length) return fail(c, '请选择用户');
    if (ids.includes(me.id)) return fail(c, '不能删除当前登录用户');
    const target = await manageable(c, ids);
    if (!target.ok) return target.response;
    const { db } = c.get('deps');
    const list = target.targets.map((t) => t.id);
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('sys_user').set({ del_flag: 1, update_by: me.username, update_time: now() }).where('id', 'in', list).execute();
      await tx.deleteFrom('sys_session').where('user_id', 'in', list).execute();
    });
    announceSessionsEnded(db, { userIds: list });
    return ok(c, null, batch ? '批量删除用户成功' : '删除用户成功', 200);
  };
  r.at(userAdminApi.delete, perm('user:del'), (c) => deleteUsers(c, idList(c.req.query('id'), 1), false));
  r.at(userAdminApi.deleteBatch, perm('user:del'), (c) => deleteUsers(c, idList(c.req.query('ids')), true));

  // The recycle bin: logically deleted users (most recently deleted first, at most 500), restore, purge.
  r.at(userAdminApi.recycleBin, perm('user:recycle'), async (c) => {
    const scoped = await scopedUsers(c, true);
    if (!scoped.ok) return fail(c, scoped.message);
    const { db } = c.get('deps');
    const rows = await scoped.qb.select([...USER_COLUMNS]).orderBy('u.update_time', 'desc').orderBy('u.id').limit(500).execute();
    return ok(c, await enrichUsers(db, rows.map(toRecord)), '操作成功！', 0);
  });

  r.at(userAdminApi.restore, perm('user:recycle'), async (c) => {
    const body = await jsonBody(c, z.object({ userIds: idsField('用户') }));
    if (!body.ok) return body.response;
    const target = await manageable(c, body.data.userIds, { deleted: true });
    if (!target.ok) return target.response;
    const me = c.get('user')!;
    await c
      .get('deps')
      .db.updateTable('sys_user')
      .set({ del_flag: 0, update_by: me.username, update_time: now() })
      .where('id', 'in', target.targets.map((t) => t.id))
      .execute();
    return ok(c, null, '还原成功', 200);
  });

  r.at(userAdminApi.purge, perm('user:recycle'), async (c) => {
    const ids = idList(c.req.query('userIds'));
    if (!ids.length) return fail(c, '请选择用户');
    const target = await manageable(c, ids, { deleted: true });
    if (!target.ok) return target.response;
    const list = target.targets.map((t) => t.id);
    await c
      .get('deps')
      .db.transaction()
      .execute(async (tx) => {
        for (const table of ['sys_user_role', 'sys_user_depart', 'sys_user_manage_depart', 'sys_depart_role_user', 'sys_session', 'sys_announcement_send'] as const) {
          await tx.deleteFrom(table).where('user_id', 'in', list).execute();
        }
        await tx.deleteFrom('sys_user').where('id', 'in', list).where('del_flag', '=', 1).execute();
      });
    // Their Scratch backpacks (rows and files) go with them; nobody else may read them.
    const { db, storage } = c.get('deps');
    for (const id of list) await clearBackpack(db, storage, id);
    return ok(c, null, '删除成功', 200);
  });
}
