// Department roles: /sys/sysDepartRole (roles of one department and who holds them) and
// /sys/sysDepartPermission (what each role grants, limited to the permissions of its department).
// A department role's grants reach its users' menus through permissions.ts (sys_depart_role_user).
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { departRoleApi } from '../../contracts/departs.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { RowOf, SysDepart } from '../../db/schema.js';
import { buildPermissionTree, permissionRows, subtreeByCodes } from '../../domain/departs.js';
import { newId } from '../../domain/ids.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { DEPART_ROLE_FORM_KEYS, departRoleFields, departRolesList } from '../../resources/departs.js';
import { adminOnly, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, queryParams } from '../envelope.js';
import { idList, pagedList } from '../list-query.js';
import {
  departPermissionIds,
  departScope,
  grantablePermissionIds,
  idsField,
  NOT_FOUND,
  permissionDiff,
  scopedDepart,
  type DepartScope,
} from './depart-scope.js';

const CODE_TAKEN = '部门角色编码已存在';

const fields = departRoleFields.fieldMap(['roleName', 'roleCode', 'description', 'createTime']);

const roleBody = departRoleFields.schema(DEPART_ROLE_FORM_KEYS);
/** A blank description is stored as NULL. */
const blankDescription = <B extends { description?: string | null }>(b: B) => ({ ...b, description: b.description || null });
const addBody = roleBody.extend({ departId: z.string({ message: '请选择部门' }).trim().min(1, '请选择部门').max(64, NOT_FOUND) }).transform(blankDescription);
const editBody = roleBody.extend({ id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, NOT_FOUND) }).transform(blankDescription);

const rolePermissionBody = z.object({
  roleId: z.string({ message: '请选择部门角色' }).trim().min(1, '请选择部门角色').max(64, NOT_FOUND),
  permissionIds: idsField('权限', 5000),
  lastpermissionIds: idsField('权限', 5000),
});

const roleUserBody = z.object({
  userId: z.string({ message: '请选择用户' }).trim().min(1, '请选择用户').max(64, '用户不存在'),
  newRoleId: idsField('部门角色', 200),
  oldRoleId: idsField('部门角色', 200),
});

/** A department role whose department lies in the caller's scope, with that department. */
async function scopedRole(c: Context<ApiEnv>, scope: DepartScope, id: string | undefined) {
  if (!id || id.length > 64) return undefined;
  const role = await c.get('deps').db.selectFrom('sys_depart_role').selectAll().where('id', '=', id).executeTakeFirst();
  if (!role) return undefined;
  const depart = await scopedDepart(c, scope, role.depart_id);
  return depart ? { role, depart } : undefined;
}

async function codeTaken(c: Context<ApiEnv>, departId: string, code: string, exceptId?: string) {
  let q = c.get('deps').db.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId).where('role_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Whether the user belongs to the department or one of its sub-departments. */
async function belongsUnder(c: Context<ApiEnv>, userId: string, depart: SysDepart) {
  const { db } = c.get('deps');
  const ids = (await subtreeByCodes(db, [depart.org_code])).map((d) => d.id);
  if (!ids.length) return false;
  return !!(await db.selectFrom('sys_user_depart').select('id').where('user_id', '=', userId).where('dep_id', 'in', ids).executeTakeFirst());
}

export function registerDepartRoleRoutes(r: ApiRoutes) {
  const code = adminOnly('depart:role');

  r.at(departRoleApi.list, code, async (c) => {
    const d = await scopedDepart(c, await departScope(c), c.req.query('deptId') ?? c.req.query('departId'));
    if (!d) return fail(c, NOT_FOUND);
    return pagedList(c, {
      spec: departRolesList,
      fields,
      base: c.get('deps').db.selectFrom('sys_depart_role').where('depart_id', '=', d.id),
      select: (qb) => qb.selectAll(),
      toRecord: (row: RowOf<'sys_depart_role'>) => camel(row),
      tieBreak: 'id',
    });
  });

  r.at(departRoleApi.queryById, code, async (c) => {
    const found = await scopedRole(c, await departScope(c), c.req.query('id'));
    return found ? ok(c, camel(found.role), '操作成功！', 0) : fail(c, NOT_FOUND);
  });

  // All roles of a department (the member's role picker).
  r.at(departRoleApi.all, code, async (c) => {
    const d = await scopedDepart(c, await departScope(c), c.req.query('departId') ?? c.req.query('deptId'));
    if (!d) return fail(c, NOT_FOUND);
    const rows = await c.get('deps').db.selectFrom('sys_depart_role').selectAll().where('depart_id', '=', d.id).orderBy('role_name').execute();
    return ok(c, rows.map(camel), '操作成功！', 0);
  });

  r.at(departRoleApi.add, code, async (c) => {
    const body = await jsonBody(c, addBody);
    if (!body.ok) return body.response;
    const d = await scopedDepart(c, await departScope(c), body.data.departId);
    if (!d) return fail(c, NOT_FOUND);
    if (await codeTaken(c, d.id, body.data.roleCode)) return fieldFail(c, 'roleCode', CODE_TAKEN);
    const id = newId();
    try {
      await c
        .get('deps')
        .db.insertInto('sys_depart_role')
        .values({
          id,
          depart_id: d.id,
          role_name: body.data.roleName,
          role_code: body.data.roleCode,
          description: body.data.description,
          create_by: c.get('user')!.username,
          create_time: now(),
        })
        .execute();
    } catch (err) {
      // A parallel add of the same code got there first (unique depart_id + role_code).
      if (isUniqueViolation(err)) return fieldFail(c, 'roleCode', CODE_TAKEN);
      throw err;
    }
    return ok(c, { id }, '添加成功！', 200);
  });

  r.at(departRoleApi.edit, code, async (c) => {
    const body = await jsonBody(c, editBody);
    if (!body.ok) return body.response;
    const found = await scopedRole(c, await departScope(c), body.data.id);
    if (!found) return fail(c, NOT_FOUND);
    if (await codeTaken(c, found.depart.id, body.data.roleCode, found.role.id)) return fieldFail(c, 'roleCode', CODE_TAKEN);
    try {
      await c
        .get('deps')
        .db.updateTable('sys_depart_role')
        .set({
          role_name: body.data.roleName,
          role_code: body.data.roleCode,
          description: body.data.description,
          update_by: c.get('user')!.username,
          update_time: now(),
        })
        .where('id', '=', found.role.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'roleCode', CODE_TAKEN);
      throw err;
    }
    return ok(c, null, '修改成功!', 200);
  });

  const deleteRoles = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '未选中部门角色！');
    const scope = await departScope(c);
    for (const id of ids) if (!(await scopedRole(c, scope, id))) return fail(c, NOT_FOUND);
    await c
      .get('deps')
      .db.transaction()
      .execute(async (tx) => {
        await tx.deleteFrom('sys_depart_role_user').where('drole_id', 'in', ids).execute();
        await tx.deleteFrom('sys_depart_role_permission').where('role_id', 'in', ids).execute();
        await tx.deleteFrom('sys_depart_role').where('id', 'in', ids).execute();
      });
    return ok(c, null, '删除成功!', 200);
  };
  r.at(departRoleApi.delete, code, (c) => deleteRoles(c, idList(c.req.query('id'), 1)));
  r.at(departRoleApi.deleteBatch, code, (c) => deleteRoles(c, idList(c.req.query('ids'), 200)));

  // Who holds which role: the department roles of one user (within one department when departId is given).
  r.at(departRoleApi.userRoles, code, async (c) => {
    const q = queryParams(c, z.object({ userId: z.string({ message: '请选择用户' }).min(1, '请选择用户').max(64, '用户不存在'), departId: z.string().max(64).optional() }));
    if (!q.ok) return q.response;
    const scope = await departScope(c);
    const { db } = c.get('deps');
    let qb = db
      .selectFrom('sys_depart_role_user as ru')
      .innerJoin('sys_depart_role as r', 'r.id', 'ru.drole_id')
      .select(['ru.id', 'ru.user_id', 'ru.drole_id', 'r.depart_id'])
      .where('ru.user_id', '=', q.data.userId);
    if (q.data.departId) {
      const d = await scopedDepart(c, scope, q.data.departId);
      if (!d) return fail(c, NOT_FOUND);
      qb = qb.where('r.depart_id', '=', d.id);
    }
    const rows = (await qb.execute()).filter((x) => scope.all || scope.ids.has(x.depart_id));
    return ok(
      c,
      rows.map((x) => ({ id: x.id, userId: x.user_id, droleId: x.drole_id })),
      '操作成功！',
      0,
    );
  });

  // The anchor's diff save for one user: add the roles in newRoleId − oldRoleId, remove oldRoleId − newRoleId.
  r.at(departRoleApi.saveUserRoles, code, async (c) => {
    const body = await jsonBody(c, roleUserBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const scope = await departScope(c);
    const user = await db.selectFrom('sys_user').select('id').where('id', '=', body.data.userId).where('del_flag', '=', 0).executeTakeFirst();
    if (!user) return fail(c, '用户不存在');
    const { add, remove } = permissionDiff(body.data.newRoleId, body.data.oldRoleId);
    for (const id of [...add, ...remove]) {
      const found = await scopedRole(c, scope, id);
      if (!found) return fail(c, NOT_FOUND);
      if (add.includes(id) && !(await belongsUnder(c, user.id, found.depart))) return fail(c, '该用户不属于此部门，不能分配部门角色');
    }
    await db.transaction().execute(async (tx) => {
      if (remove.length) await tx.deleteFrom('sys_depart_role_user').where('user_id', '=', user.id).where('drole_id', 'in', remove).execute();
      if (add.length) {
        const have = new Set(
          (await tx.selectFrom('sys_depart_role_user').select('drole_id').where('user_id', '=', user.id).where('drole_id', 'in', add).execute()).map((x) => x.drole_id),
        );
        for (const id of add.filter((x) => !have.has(x))) {
          await tx
            .insertInto('sys_depart_role_user')
            .values({ id: newId(), user_id: user.id, drole_id: id })
            .onConflict((oc) => oc.columns(['user_id', 'drole_id']).doNothing())
            .execute();
        }
      }
    });
    return ok(c, null, '添加成功!', 200);
  });

  // ------------------------------------------------------------------------------------------------------
  // What a department role grants

  r.at(departRoleApi.permissionTree, code, async (c) => {
    const d = await scopedDepart(c, await departScope(c), c.req.query('departId'));
    if (!d) return fail(c, NOT_FOUND);
    const rows = await permissionRows(c.get('deps').db, await departPermissionIds(c, d.id));
    return ok(c, { treeList: buildPermissionTree(rows), ids: rows.map((p) => p.id) }, '操作成功！', 0);
  });

  r.at(departRoleApi.permissions, code, async (c) => {
    const found = await scopedRole(c, await departScope(c), c.req.query('roleId'));
    if (!found) return fail(c, NOT_FOUND);
    const rows = await c
      .get('deps')
      .db.selectFrom('sys_depart_role_permission as rp')
      .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
      .select('rp.permission_id')
      .where('rp.role_id', '=', found.role.id)
      .where('p.del_flag', '=', 0)
      .orderBy('p.sort_no')
      .execute();
    return ok(
      c,
      rows.map((x) => x.permission_id),
      '操作成功！',
      0,
    );
  });

  r.at(departRoleApi.savePermissions, code, async (c) => {
    const body = await jsonBody(c, rolePermissionBody);
    if (!body.ok) return body.response;
    const found = await scopedRole(c, await departScope(c), body.data.roleId);
    if (!found) return fail(c, NOT_FOUND);
    const { add, remove } = permissionDiff(body.data.permissionIds, body.data.lastpermissionIds);
    const departPerms = new Set(await departPermissionIds(c, found.depart.id));
    if (add.some((p) => !departPerms.has(p))) return fail(c, '只能授予本部门已拥有的权限');
    const grantable = await grantablePermissionIds(c);
    if (grantable && add.some((p) => !grantable.has(p))) return fail(c, '权限不足，只能授予您自己拥有的权限');
    const { db } = c.get('deps');
    await db.transaction().execute(async (tx) => {
      if (remove.length) await tx.deleteFrom('sys_depart_role_permission').where('role_id', '=', found.role.id).where('permission_id', 'in', remove).execute();
      if (add.length) {
        const have = new Set(
          (await tx.selectFrom('sys_depart_role_permission').select('permission_id').where('role_id', '=', found.role.id).where('permission_id', 'in', add).execute()).map(
            (x) => x.permission_id,
          ),
        );
        for (const p of add.filter((x) => !have.has(x))) {
          await tx
            .insertInto('sys_depart_role_permission')
            .values({ id: newId(), depart_id: found.depart.id, role_id: found.role.id, permission_id: p, data_rule_ids: null })
            .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
            .execute();
        }
      }
    });
    return ok(c, null, '保存成功！', 200);
  });
}
