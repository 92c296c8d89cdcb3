// /sys/role: roles, their levels, and the export/import of the role list.
// Level rule (teaching-open 2.7): nobody creates, edits or deletes a role above their own highest level.
import { roleApi, type RoleRecord } from '../../contracts/roles.js';
import type { RowOf } from '../../db/schema.js';
import { recordDataLog } from '../../domain/data-log.js';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import { newId } from '../../domain/ids.js';
import { isSuperUser, maxRoleLevel } from '../../domain/sessions.js';
import { now } from '../../domain/time.js';
import { roleFields, ROLE_FORM_KEYS, rolesList } from '../../resources/roles.js';
import { USERS_ROUTE } from '../../resources/users.js';
import { DATA_RULE_ROUTE } from '../../resources/data-rules.js';
import { camel } from '../../domain/serialize.js';
import { adminOnly, menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';
import type { ApiEnv } from '../../context.js';
import type { Context } from 'hono';

/** Roles the system relies on (registration default, seed grants); they can be edited but not deleted. */
const BUILT_IN_ROLES = ['admin', 'teacher', 'student'];
const CODE_TAKEN = '角色编码已存在';

const fields = roleFields.fieldMap(['roleName', 'roleCode', 'roleLevel', 'description', 'createTime']);

const roleBody = roleFields.schema(ROLE_FORM_KEYS);

const listOptions = (c: Context<ApiEnv>): PagedListOptions<RowOf<'sys_role'>, RoleRecord> => ({
  spec: rolesList,
  fields,
  base: c.get('deps').db.selectFrom('sys_role'),
  select: (qb) => qb.selectAll(),
  toRecord: (r) => camel(r),
  tieBreak: 'id',
});

export function registerRoleRoutes(r: ApiRoutes) {
  r.at(roleApi.list, menu(rolesList.route), (c) => pagedList(c, listOptions(c)));

  r.at(roleApi.queryById, menu(rolesList.route), async (c) => {
    const row = await c.get('deps').db.selectFrom('sys_role').selectAll().where('id', '=', c.req.query('id') ?? '').executeTakeFirst();
    return row ? ok(c, camel(row), '操作成功！', 0) : fail(c, '未找到对应实体');
  });

  // Role options for user forms: the roles the caller may assign (strictly below their own level, see outranks).
  // Only the screens that pick roles read it: 用户管理 (filter and form), 角色管理, 数据规则 (preview).
  r.at(roleApi.queryall, menu(USERS_ROUTE, rolesList.route, DATA_RULE_ROUTE), async (c) => {
    const user = c.get('user')!;
    let q = c.get('deps').db.selectFrom('sys_role').selectAll().orderBy('role_level', 'desc').orderBy('role_name');
    if (!isSuperUser(user)) q = q.where('role_level', '<', maxRoleLevel(user));
    const rows = await q.execute();
    return rows.length ? ok(c, rows.map(camel), '操作成功！', 0) : fail(c, '未找到角色信息');
  });

  r.at(roleApi.checkRoleCode, menu(rolesList.route), async (c) => {
    const code = c.req.query('roleCode') ?? '';
    const id = c.req.query('id');
    let q = c.get('deps').db.selectFrom('sys_role').select('id').where('role_code', '=', code);
    if (id) q = q.where('id', '!=', id);
    return (await q.executeTakeFirst()) ? fail(c, '角色编码已存在') : ok(c, null, '该值可用！', 200);
  });

  r.at(roleApi.add, adminOnly('role:add'), async (c) => {
    const body = await jsonBody(c, roleBody);
    if (!body.ok) return body.response;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    if (!isSuperUser(user) && body.data.roleLevel > maxRoleLevel(user)) return fieldFail(c, 'roleLevel', '权限不足，不能创建高于自己等级的角色');
    if (await db.selectFrom('sys_role').select('id').where('role_code', '=', body.data.roleCode).executeTakeFirst()) {
      return fieldFail(c, 'roleCode', CODE_TAKEN);
    }
    try {
      await db
        .insertInto('sys_role')
        .values({
          id: newId(),
          role_name: body.data.roleName,
          role_code: body.data.roleCode,
          role_level: body.data.roleLevel,
          description: body.data.description ?? null,
          create_by: user.username,
          create_time: now(),
        })
        .execute();
    } catch (err) {
      // A parallel add of the same code got there first (unique role_code).
      if (isUniqueViolation(err)) return fieldFail(c, 'roleCode', CODE_TAKEN);
      throw err;
    }
    return ok(c, null, '添加成功！', 200);
  });

  r.at(roleApi.edit, adminOnly('role:edit'), async (c) => {
    const body = await jsonBody(c, roleBody.extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64) }));
    if (!body.ok) return body.response;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const role = await db.selectFrom('sys_role').selectAll().where('id', '=', body.data.id).executeTakeFirst();
    if (!role) return fail(c, '未找到对应实体');
    if (!isSuperUser(user) && Math.max(role.role_level, body.data.roleLevel) > maxRoleLevel(user)) return fail(c, '权限不足');
    if (role.role_code !== body.data.roleCode) return fieldFail(c, 'roleCode', '角色编码保存后不可修改');
    await db
      .updateTable('sys_role')
      .set({ role_name: body.data.roleName, role_level: body.data.roleLevel, description: body.data.description ?? null, update_by: user.username, update_time: now() })
      .where('id', '=', role.id)
      .execute();
    await recordDataLog(db, 'sys_role', role.id, role, user.username);
    return ok(c, null, '修改成功!', 200);
  });

  const deleteRoles = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '未选中角色！');
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const roles = await db.selectFrom('sys_role').selectAll().where('id', 'in', ids).execute();
    if (roles.length !== ids.length) return fail(c, '未找到对应实体');
    const builtIn = roles.find((x) => BUILT_IN_ROLES.includes(x.role_code));
    if (builtIn) return fail(c, `系统内置角色“${builtIn.role_name}”不能删除`);
    if (!isSuperUser(user) && roles.some((x) => x.role_level > maxRoleLevel(user))) return fail(c, '权限不足');
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('sys_user_role').where('role_id', 'in', ids).execute();
      await tx.deleteFrom('sys_role_permission').where('role_id', 'in', ids).execute();
      await tx.deleteFrom('sys_role').where('id', 'in', ids).execute();
    });
    return ok(c, null, ids.length > 1 ? '删除角色成功!' : '删除角色成功', 200);
  };
  r.at(roleApi.delete, adminOnly('role:del'), (c) => deleteRoles(c, idList(c.req.query('id'), 1)));
  r.at(roleApi.deleteBatch, adminOnly('role:del'), (c) => deleteRoles(c, idList(c.req.query('ids'))));

  r.at(roleApi.exportXls, perm('role:export'), async (c) => exportResponse(c, rolesList, await filteredRows(c, listOptions(c), 'id')));

  r.at(roleApi.importExcel, adminOnly('role:import'), async (c) => {
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const titles = Object.fromEntries(rolesList.columns.filter((x) => x.key !== 'createTime').map((x) => [x.title, x.key]));
    return importWorkbook(c, rolesList, titles, roleBody, async (row) => {
      if (!isSuperUser(user) && row.roleLevel > maxRoleLevel(user)) return '权限不足，不能导入高于自己等级的角色';
      if (await db.selectFrom('sys_role').select('id').where('role_code', '=', row.roleCode).executeTakeFirst()) return `${CODE_TAKEN}：${row.roleCode}`;
      try {
        await db
          .insertInto('sys_role')
          .values({ id: newId(), role_name: row.roleName, role_code: row.roleCode, role_level: row.roleLevel, description: row.description ?? null, create_by: user.username, create_time: now() })
          .execute();
      } catch (err) {
        if (isUniqueViolation(err)) return `${CODE_TAKEN}：${row.roleCode}`;
        throw err;
      }
      return null;
    });
  });
}
