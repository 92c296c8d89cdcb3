// Department permissions: the menus and buttons a department may hand to its roles
// (/sys/permission/queryDepartPermission, saveDepartPermission, the 部门权限 tree) and the data rules it holds on
// each menu (/sys/sysDepartPermission/datarule, the anchor's 数据规则 drawer of that tab: read and saved; the
// department's roles do not draw on them yet). Registered from depart.ts.
import { z } from 'zod';
import { departPermissionApi } from '../../contracts/departs.js';
import { buildPermissionTree, permissionRows } from '../../domain/departs.js';
import { newId } from '../../domain/ids.js';
import { adminOnly, type ApiRoutes } from '../access.js';
import { camel } from '../../domain/serialize.js';
import { fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { departPermissionIds, departScope, grantablePermissionIds, idsField, NOT_FOUND, permissionDiff, scopedDepart } from './depart-scope.js';

const departPermissionBody = z.object({
  departId: z.string({ message: '请选择部门' }).trim().min(1, '请选择部门').max(64, NOT_FOUND),
  permissionIds: idsField('权限', 5000),
  lastpermissionIds: idsField('权限', 5000),
});

const requiredId = (label: string) => z.string({ message: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(64, NOT_FOUND);
const dataRuleBody = z.object({ permissionId: requiredId('菜单ID'), departId: requiredId('部门ID'), dataRuleIds: idsField('数据规则ID', 200) });

export function registerDepartPermissionRoutes(r: ApiRoutes) {
  r.at(departPermissionApi.dataRules, adminOnly('depart:permission'), async (c) => {
    const d = await scopedDepart(c, await departScope(c), c.req.param('departId'));
    if (!d) return fail(c, NOT_FOUND);
    const permissionId = (c.req.param('permissionId') ?? '').slice(0, 64);
    const { db } = c.get('deps');
    const rules = await db.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', permissionId).orderBy('create_time').orderBy('id').execute();
    if (!rules.length) return fail(c, '未找到权限配置信息');
    const grant = await db.selectFrom('sys_depart_permission').select('data_rule_ids').where('depart_id', '=', d.id).where('permission_id', '=', permissionId).executeTakeFirst();
    const checked = (grant?.data_rule_ids ?? '').split(',').filter(Boolean);
    const datarule = rules.map((x) => camel(x));
    return ok(c, checked.length ? { datarule, drChecked: checked.join(',') } : { datarule }, '操作成功！', 200);
  });

  r.at(departPermissionApi.saveDataRules, adminOnly('depart:permission'), async (c) => {
    const body = await jsonBody(c, dataRuleBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const d = await scopedDepart(c, await departScope(c), body.data.departId);
    if (!d) return fail(c, NOT_FOUND);
    const { permissionId, dataRuleIds: ids } = body.data;
    const grant = await db.selectFrom('sys_depart_permission').select('id').where('depart_id', '=', d.id).where('permission_id', '=', permissionId).executeTakeFirst();
    if (!grant) return fail(c, '请先保存部门菜单权限!');
    if (ids.length) {
      const found = await db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', permissionId).where('id', 'in', ids).execute();
      if (found.length !== new Set(ids).size) return fieldFail(c, 'dataRuleIds', '包含不属于该菜单的数据规则');
    }
    await db.updateTable('sys_depart_permission').set({ data_rule_ids: ids.length ? [...new Set(ids)].join(',') : null }).where('id', '=', grant.id).execute();
    return ok(c, null, '保存成功!', 200);
  });

  r.at(departPermissionApi.granted, adminOnly('depart:permission'), async (c) => {
    const d = await scopedDepart(c, await departScope(c), c.req.query('departId'));
    if (!d) return fail(c, NOT_FOUND);
    return ok(c, await departPermissionIds(c, d.id), '操作成功！', 0);
  });

  // Every permission the caller may grant, as a tree (the 部门权限 tab's checkbox tree).
  r.at(departPermissionApi.tree, adminOnly('depart:permission'), async (c) => {
    const grantable = await grantablePermissionIds(c);
    const rows = await permissionRows(c.get('deps').db, grantable ? [...grantable] : undefined);
    return ok(c, { treeList: buildPermissionTree(rows), ids: rows.map((p) => p.id) }, '操作成功！', 0);
  });

  r.at(departPermissionApi.save, adminOnly('depart:permission'), async (c) => {
    const body = await jsonBody(c, departPermissionBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const d = await scopedDepart(c, await departScope(c), body.data.departId);
    if (!d) return fail(c, NOT_FOUND);
    const { add, remove } = permissionDiff(body.data.permissionIds, body.data.lastpermissionIds);
    const known = new Set((await permissionRows(db, add)).map((p) => p.id));
    if (add.some((p) => !known.has(p))) return fail(c, '未找到对应权限');
    const grantable = await grantablePermissionIds(c);
    if (grantable && add.some((p) => !grantable.has(p))) return fail(c, '权限不足，只能授予您自己拥有的权限');
    await db.transaction().execute(async (tx) => {
      if (remove.length) {
        await tx.deleteFrom('sys_depart_permission').where('depart_id', '=', d.id).where('permission_id', 'in', remove).execute();
        // The department's roles cannot keep what the department no longer has.
        await tx.deleteFrom('sys_depart_role_permission').where('depart_id', '=', d.id).where('permission_id', 'in', remove).execute();
      }
      if (add.length) {
        const have = new Set(
          (await tx.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', d.id).where('permission_id', 'in', add).execute()).map((x) => x.permission_id),
        );
        for (const p of add.filter((x) => !have.has(x))) {
          await tx
            .insertInto('sys_depart_permission')
            .values({ id: newId(), depart_id: d.id, permission_id: p, data_rule_ids: null })
            .onConflict((oc) => oc.columns(['depart_id', 'permission_id']).doNothing())
            .execute();
        }
      }
    });
    return ok(c, null, '保存成功！', 200);
  });

}
