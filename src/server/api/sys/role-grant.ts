// Role grants (角色管理 → 授权, 用户): the permission tree of a role with diff-semantics saving, the data rules
// a role carries on a menu, the roles a caller may assign, and the users of a role.
// Level rules (teaching-open §6.20, made strict): outside admin/dev nobody touches a role above their own
// level, grants or revokes a menu or button they do not hold, assigns a role at or above their own level, or
// adds/removes users at or above their level or outside the classes they manage.
import { roleGrantApi } from '../../contracts/roles.js';
import type { ResultOf } from '../../contracts/endpoint.js';
import type { RowOf } from '../../db/schema.js';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { newId } from '../../domain/ids.js';
import { applyRoleGrants, allPermissions, rolePermissionIds, splitIds, treeModels, withAncestors } from '../../domain/permission-tree.js';
import { userPermissionRows } from '../../domain/permissions.js';
import { camel } from '../../domain/serialize.js';
import { isSuperUser, maxRoleLevel, outranks, type SessionUser } from '../../domain/sessions.js';
import { escapeLike, like } from '../../domain/sql-like.js';
import { roleLevels } from '../../domain/user-scope.js';
import { managedDepartIds } from '../../domain/users.js';
import { ROLE_ROUTE, roleUsersList } from '../../resources/permissions.js';
import { adminOnly, LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, page, paging, queryParams, type Answer } from '../envelope.js';
import { idList, pagedList, type FieldMap } from '../list-query.js';

const ID_MAX = 64;
const requiredId = (label: string) => z.string({ message: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(ID_MAX, '未找到对应实体');

/** The anchor's comma lists ('a,b,'), or arrays from newer clients. */
const idsField = (label: string, max = 5000) =>
  z
    .union([z.string({ message: `${label}必须是逗号分隔的文本` }).max(max * 40, `${label}过多`), z.array(z.string().max(ID_MAX, `${label}包含无效的ID`)).max(max, `${label}过多`)], {
      message: `${label}必须是逗号分隔的文本`,
    })
    .nullish()
    .transform((v, ctx) => {
      const ids = Array.isArray(v) ? v.map((s) => s.trim()).filter(Boolean) : idList(v ?? '', max + 1);
      if (ids.length > max) {
        ctx.addIssue({ code: 'custom', message: `${label}过多` });
        return z.NEVER;
      }
      if (ids.some((id) => id.length > ID_MAX)) {
        ctx.addIssue({ code: 'custom', message: `${label}包含无效的ID` });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });

const saveBody = z.object({
  roleId: requiredId('角色ID'),
  permissionIds: idsField('权限ID'),
  lastpermissionIds: idsField('原权限ID'),
});

const userRoleBody = z.object({
  roleId: requiredId('角色ID'),
  userIdList: z
    .array(z.string({ message: '用户ID必须是文本' }).trim().min(1, '请选择用户').max(ID_MAX, '未找到对应实体'), { message: '请选择用户' })
    .min(1, '请选择用户')
    .max(500, '一次最多添加500个用户'),
});

const dataRuleBody = z.object({
  permissionId: requiredId('菜单ID'),
  roleId: requiredId('角色ID'),
  dataRuleIds: idsField('数据规则ID', 200),
});

const userFields: FieldMap = {
  username: { column: 'u.username' },
  realname: { column: 'u.realname' },
  sex: { column: 'u.sex', type: 'number' },
  status: { column: 'u.status', type: 'number' },
  createTime: { column: 'u.create_time', type: 'date' },
};

/** A user as the role's user lists answer: never the password hash or its salt. */
const userRecord = (row: RowOf<'sys_user'>) => {
  const { password: _p, salt: _s, legacy_password: _l, ...rest } = row;
  return camel(rest);
};

/**
 * For callers outside admin/dev: a condition on `u.id` limiting users to members of the departments the caller
 * manages (and their sub-departments, by org_code prefix); null when they manage none.
 */
async function managedScope(c: Context<ApiEnv>, user: SessionUser) {
  const { db } = c.get('deps');
  const managed = await managedDepartIds(db, user.id);
  if (!managed.length) return null;
  const codes = (await db.selectFrom('sys_depart').select('org_code').where('id', 'in', managed).execute()).map((d) => d.org_code);
  if (!codes.length) return null;
  return db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select('ud.user_id')
    .where((eb) => eb.or(codes.map((code) => like('d.org_code', `${escapeLike(code)}%`))));
}

type RoleRow = { id: string; role_code: string; role_name: string; role_level: number };

async function findRole(c: Context<ApiEnv>, id: string): Promise<RoleRow | undefined> {
  return c.get('deps').db.selectFrom('sys_role').select(['id', 'role_code', 'role_name', 'role_level']).where('id', '=', id).executeTakeFirst();
}

/** Checks that a non-super caller may change the members of `role` and touch these users. */
async function refuseMembershipChange(c: Context<ApiEnv>, role: RoleRow, userIds: string[]): Promise<Answer<never> | null> {
  const user = c.get('user')!;
  if (isSuperUser(user)) return null;
  if (!outranks(user, role.role_level)) return fail(c, '权限不足，无法分配所选角色');
  const levels = await roleLevels(c.get('deps').db, userIds);
  if ([...levels.values()].some((l) => !outranks(user, l))) return fail(c, '权限不足');
  const scope = await managedScope(c, user);
  if (!scope) return fail(c, '您没有负责的班级');
  const inScope = await c.get('deps').db.selectFrom('sys_user as u').select('u.id').where('u.id', 'in', userIds).where('u.id', 'in', scope).execute();
  if (inScope.length !== userIds.length) return fail(c, '权限不足，只能管理您负责班级的用户');
  return null;
}

export function registerRoleGrantRoutes(r: ApiRoutes) {
  const read = menu(ROLE_ROUTE);

  // ---- the grant tree and a role's grants ---------------------------------------------------------------

  r.at(roleGrantApi.treeList, read, async (c) => {
    const rows = await allPermissions(c.get('deps').db);
    return ok(c, { treeList: treeModels(rows, { ruleSlot: true }), ids: rows.map((p) => p.id) }, '操作成功！', 0);
  });

  r.at(roleGrantApi.rolePermissions, read, async (c) => {
    const q = queryParams(c, z.object({ roleId: requiredId('角色ID') }));
    if (!q.ok) return q.response;
    const role = await findRole(c, q.data.roleId);
    if (!role) return fail(c, '未找到对应实体');
    return ok(c, await rolePermissionIds(c.get('deps').db, role.id), '操作成功！', 0);
  });

  r.at(roleGrantApi.saveRolePermissions, adminOnly('role:auth'), async (c) => {
    const body = await jsonBody(c, saveBody);
    if (!body.ok) return body.response;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const role = await findRole(c, body.data.roleId);
    if (!role) return fail(c, '未找到对应实体');
    const rows = await allPermissions(db);
    const known = new Set(rows.map((p) => p.id));
    if (body.data.permissionIds.some((id) => !known.has(id))) return fail(c, '授权失败！包含不存在的菜单或按钮');
    // A granted item is useless without its parents (the menu tree drops orphans), so parents come along.
    const wanted = withAncestors(rows, body.data.permissionIds);
    const last = new Set(body.data.lastpermissionIds);
    const current = new Set(await rolePermissionIds(db, role.id));
    const add = [...wanted].filter((id) => !last.has(id) && !current.has(id));
    const remove = [...last].filter((id) => !wanted.has(id) && current.has(id));

    if (!isSuperUser(user)) {
      if (role.role_level > maxRoleLevel(user)) return fail(c, '权限不足');
      const held = new Set((await userPermissionRows(db, user.id)).map((p) => p.id));
      if ([...add, ...remove].some((id) => !held.has(id))) return fail(c, '权限不足，不能授予或收回自己没有的权限');
    }
    if (role.role_code === 'admin') {
      const keep = withAncestors(rows, rows.filter((p) => p.url === ROLE_ROUTE || p.perms === 'role:auth').map((p) => p.id));
      if (remove.some((id) => keep.has(id))) return fail(c, '不能收回管理员角色的角色管理或授权权限');
    }
    await db.transaction().execute((tx) => applyRoleGrants(tx, role.id, add, remove));
    return ok(c, null, '保存成功！', 200);
  });

  // ---- data rules carried by a role's grant of a menu ---------------------------------------------------

  r.at(roleGrantApi.dataRules, read, async (c) => {
    const permissionId = (c.req.param('permissionId') ?? '').slice(0, ID_MAX);
    const role = await findRole(c, (c.req.param('roleId') ?? '').slice(0, ID_MAX));
    if (!role) return fail(c, '未找到对应实体');
    const { db } = c.get('deps');
    const rules = await db
      .selectFrom('sys_permission_data_rule')
      .selectAll()
      .where('permission_id', '=', permissionId)
      .orderBy('create_time', 'asc')
      .orderBy('id', 'asc')
      .execute();
    if (!rules.length) return fail(c, '未找到权限配置信息');
    const grant = await db
      .selectFrom('sys_role_permission')
      .select('data_rule_ids')
      .where('role_id', '=', role.id)
      .where('permission_id', '=', permissionId)
      .executeTakeFirst();
    const result: ResultOf<typeof roleGrantApi.dataRules> = { datarule: rules.map((x) => camel(x)) };
    const checked = splitIds(grant?.data_rule_ids);
    if (checked.length) result.drChecked = checked.join(',');
    return ok(c, result, '成功', 200);
  });

  r.at(roleGrantApi.saveDataRules, adminOnly('role:auth'), async (c) => {
    const body = await jsonBody(c, dataRuleBody);
    if (!body.ok) return body.response;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const role = await findRole(c, body.data.roleId);
    if (!role) return fail(c, '未找到对应实体');
    if (!isSuperUser(user)) {
      // Removing a rule widens what the role sees: only for roles strictly below the caller.
      if (role.role_level >= maxRoleLevel(user)) return fail(c, '权限不足');
      const held = new Set((await userPermissionRows(db, user.id)).map((p) => p.id));
      if (!held.has(body.data.permissionId)) return fail(c, '权限不足');
    }
    const grant = await db
      .selectFrom('sys_role_permission')
      .select('id')
      .where('role_id', '=', role.id)
      .where('permission_id', '=', body.data.permissionId)
      .executeTakeFirst();
    if (!grant) return fail(c, '请先保存角色菜单权限!');
    const ids = body.data.dataRuleIds;
    if (ids.length) {
      const rules = await db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', body.data.permissionId).where('id', 'in', ids).execute();
      if (rules.length !== ids.length) return fieldFail(c, 'dataRuleIds', '包含不属于该菜单的数据规则');
    }
    await db.updateTable('sys_role_permission').set({ data_rule_ids: ids.length ? ids.join(',') : null }).where('id', '=', grant.id).execute();
    return ok(c, null, '保存成功!', 200);
  });

  // ---- roles the caller may assign ----------------------------------------------------------------------

  r.get('/sys/role/queryMySubRole', LOGGED_IN, async (c) => {
    const user = c.get('user')!;
    let q = c.get('deps').db.selectFrom('sys_role').selectAll().orderBy('role_level', 'desc').orderBy('role_name').orderBy('id');
    // Roles strictly below the caller's own level (see outranks).
    if (!isSuperUser(user)) q = q.where('role_level', '<', maxRoleLevel(user));
    const rows = await q.execute();
    return rows.length ? ok(c, rows.map((x) => camel(x)), '操作成功！', 0) : fail(c, '未找到角色信息');
  });

  // ---- users of a role ----------------------------------------------------------------------------------

  r.at(roleGrantApi.users, read, async (c) => {
    const q = queryParams(c, z.object({ roleId: requiredId('角色ID') }).passthrough());
    if (!q.ok) return q.response;
    const role = await findRole(c, q.data.roleId);
    if (!role) return fail(c, '未找到对应实体');
    const user = c.get('user')!;
    if (!isSuperUser(user) && role.role_level > maxRoleLevel(user)) return fail(c, '权限不足');
    const { db } = c.get('deps');
    return pagedList(c, {
      spec: roleUsersList,
      fields: userFields,
      base: db
        .selectFrom('sys_user as u')
        .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
        .where('ur.role_id', '=', role.id)
        .where('u.del_flag', '=', 0),
      select: (qb) => qb.selectAll('u'),
      toRecord: userRecord,
      tieBreak: 'u.id',
    });
  });

  // Users who may be added to a role: not in it yet, matching a keyword on account or name; outside admin/dev
  // only users below the caller's level in the classes they manage.
  r.at(roleGrantApi.userCandidates, perm('role:user'), async (c) => {
    const q = queryParams(c, z.object({ roleId: requiredId('角色ID'), keyword: z.string().max(100, '关键字不能超过100个字符').optional() }).passthrough());
    if (!q.ok) return q.response;
    const role = await findRole(c, q.data.roleId);
    if (!role) return fail(c, '未找到对应实体');
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const members = db.selectFrom('sys_user_role').select('user_id').where('role_id', '=', role.id);
    let base = db.selectFrom('sys_user as u').where('u.del_flag', '=', 0).where('u.id', 'not in', members);
    const keyword = (q.data.keyword ?? '').trim();
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      base = base.where((eb) => eb.or([like('u.username', pattern), like('u.realname', pattern)]));
    }
    if (!isSuperUser(user)) {
      if (!outranks(user, role.role_level)) return fail(c, '权限不足，无法分配所选角色');
      const scope = await managedScope(c, user);
      if (!scope) return fail(c, '您没有负责的班级');
      const above = db
        .selectFrom('sys_user_role as ur')
        .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
        .select('ur.user_id')
        .where('r.role_level', '>=', maxRoleLevel(user));
      base = base.where('u.id', 'in', scope).where('u.id', 'not in', above);
    }
    const { pageNo, pageSize, offset } = paging(c, 10, 100);
    const [rows, count] = await Promise.all([
      base.selectAll('u').orderBy('u.username').limit(pageSize).offset(offset).execute(),
      base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return ok(c, page(rows.map((x) => userRecord(x)), Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 0);
  });

  r.at(roleGrantApi.addUsers, perm('role:user'), async (c) => {
    const body = await jsonBody(c, userRoleBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const role = await findRole(c, body.data.roleId);
    if (!role) return fail(c, '未找到对应实体');
    const ids = [...new Set(body.data.userIdList)];
    const users = await db.selectFrom('sys_user').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
    if (users.length !== ids.length) return fail(c, '未找到对应的用户');
    const refused = await refuseMembershipChange(c, role, ids);
    if (refused) return refused;
    await db.transaction().execute(async (tx) => {
      const existing = new Set((await tx.selectFrom('sys_user_role').select('user_id').where('role_id', '=', role.id).where('user_id', 'in', ids).execute()).map((x) => x.user_id));
      const rows = ids.filter((id) => !existing.has(id)).map((id) => ({ id: newId(), user_id: id, role_id: role.id }));
      // A parallel add of the same user may have made the link meanwhile: adding is idempotent.
      if (rows.length) await tx.insertInto('sys_user_role').values(rows).onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing()).execute();
    });
    return ok(c, null, '添加成功!', 200);
  });

  const removeUsers = async (c: Context<ApiEnv>, roleId: string, userIds: string[]) => {
    if (!roleId) return fail(c, '角色ID不能为空');
    if (!userIds.length) return fail(c, '请选择用户');
    const { db } = c.get('deps');
    const role = await findRole(c, roleId.slice(0, ID_MAX));
    if (!role) return fail(c, '未找到对应实体');
    const links = await db.selectFrom('sys_user_role').select('user_id').where('role_id', '=', role.id).where('user_id', 'in', userIds).execute();
    if (links.length !== userIds.length) return fail(c, '未找到对应实体');
    const refused = await refuseMembershipChange(c, role, userIds);
    if (refused) return refused;
    if (role.role_code === 'admin') {
      const admins = await db
        .selectFrom('sys_user_role as ur')
        .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
        .select('ur.user_id')
        .where('ur.role_id', '=', role.id)
        .where('u.del_flag', '=', 0)
        .where('u.status', '=', 1)
        .execute();
      if (admins.every((a) => userIds.includes(a.user_id))) return fail(c, '不能移除最后一个管理员');
    }
    await db.deleteFrom('sys_user_role').where('role_id', '=', role.id).where('user_id', 'in', userIds).execute();
    return ok(c, null, '删除成功!', 200);
  };
  r.at(roleGrantApi.removeUser, perm('role:user'), (c) => removeUsers(c, (c.req.query('roleId') ?? '').trim(), idList(c.req.query('userId'), 1)));
  r.at(roleGrantApi.removeUsers, perm('role:user'), (c) => removeUsers(c, (c.req.query('roleId') ?? '').trim(), idList(c.req.query('userIds'), 500)));
}
