// /sys/sysDepart: the department tree (school → grade → class). Its members (/sys/user/departUserList …) live in
// depart-member.ts, department permissions (/sys/permission/queryDepartPermission, saveDepartPermission) in
// depart-permission.ts and department roles in depart-role.ts; all are registered from here.
//
// Scope: admins (role admin/dev) act on every department; anyone else holding the menu or a button code acts
// only inside the departments they manage and their sub-departments (the anchor's depart_ids, by org_code
// prefix). Teachers manage only students. Out-of-scope departments answer as if they did not exist.
import type { Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { departApi } from '../../contracts/departs.js';
import type { SysDepart } from '../../db/schema.js';
import {
  allDeparts,
  buildDepartTree,
  deleteDepartsCascade,
  departModel,
  isSiblingNameViolation,
  managedSubtree,
  SIBLING_NAME_TAKEN,
  subtreeByCodes,
  toIdTree,
} from '../../domain/departs.js';
import { decorate } from '../../domain/dicts.js';
import { camel } from '../../domain/serialize.js';
import { isSuperUser } from '../../domain/sessions.js';
import { escapeLike, like } from '../../domain/sql-like.js';
import { now } from '../../domain/time.js';
import { DEPART_ROUTE, departsList } from '../../resources/departs.js';
import { ADDRESS_LIST_ROUTE } from '../../resources/positions.js';
import { dictFields } from '../../resources/spec.js';
import { LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, queryParams } from '../envelope.js';
import { exportResponse } from '../excel.js';
import { idList } from '../list-query.js';
import { addBody, addDepart, cleared, departBody, registerDepartImportRoute, siblingNameTaken } from './depart-add.js';
import { registerDepartMemberRoutes } from './depart-member.js';
import { registerDepartPermissionRoutes } from './depart-permission.js';
import { registerDepartRoleRoutes } from './depart-role.js';
import { departScope, NOT_FOUND, scopedDepart, strictlyInside, type DepartScope } from './depart-scope.js';

// ---------------------------------------------------------------------------------------------------------
// Bodies

const editBody = departBody
  .extend({
    id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, NOT_FOUND),
    // Present only to be compared: moving a department is refused.
    parentId: z.string({ message: '上级部门必须是文本' }).max(64).nullish(),
  })
  .transform(cleared);

// ---------------------------------------------------------------------------------------------------------
// Shared pieces

/** Departments visible to the caller, as the anchor's tree. */
async function visibleTree(c: Context<ApiEnv>, scope: DepartScope) {
  const rows = scope.all ? await allDeparts(c.get('deps').db) : scope.departs;
  return buildDepartTree(rows);
}

// ---------------------------------------------------------------------------------------------------------

export function registerDepartRoutes(r: ApiRoutes) {
  const screen = menu(DEPART_ROUTE);

  // 通讯录 shows the same tree (the caller's scope) on its left.
  r.at(departApi.treeList, menu(DEPART_ROUTE, ADDRESS_LIST_ROUTE), async (c) => ok(c, await visibleTree(c, await departScope(c)), '操作成功！', 0));

  // Department pickers of other screens: admins see every department, others their managed subtrees.
  r.at(departApi.idTree, LOGGED_IN, async (c) => ok(c, toIdTree(await visibleTree(c, await departScope(c))), '操作成功！', 0));

  r.at(departApi.myTreeList, LOGGED_IN, async (c) => {
    const user = c.get('user')!;
    if (isSuperUser(user)) return ok(c, buildDepartTree(await allDeparts(c.get('deps').db)), '2', 0);
    if (user.userIdentity !== 2) return ok(c, null, '1', 0);
    return ok(c, buildDepartTree((await departScope(c)).departs), '2', 0);
  });

  r.at(departApi.searchBy, screen, async (c) => {
    const q = queryParams(
      c,
      z.object({
        keyWord: z.string({ message: '请输入查询关键字' }).trim().min(1, '请输入查询关键字').max(100, '查询关键字不能超过100个字符'),
        myDeptSearch: z.string().optional(),
      }),
    );
    if (!q.ok) return q.response;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    let scope = await departScope(c);
    if (scope.all && q.data.myDeptSearch === '1') {
      const departs = await managedSubtree(db, user.id);
      scope = { all: false, departs, ids: new Set(departs.map((d) => d.id)), managedCodes: [] };
    }
    const needle = q.data.keyWord.toLowerCase();
    const rows = scope.all
      ? await db
          .selectFrom('sys_depart')
          .selectAll()
          .where(like('depart_name', `%${escapeLike(q.data.keyWord)}%`))
          .orderBy('org_code')
          .limit(200)
          .execute()
      : scope.departs.filter((d) => d.depart_name.toLowerCase().includes(needle)).sort((a, b) => a.org_code.localeCompare(b.org_code)).slice(0, 200);
    if (!rows.length) return fail(c, '未查询匹配数据！');
    return ok(
      c,
      rows.map((d) => departModel(d)),
      '查询成功!',
      200,
    );
  });

  r.at(departApi.queryById, screen, async (c) => {
    const scope = await departScope(c);
    const d = await scopedDepart(c, scope, c.req.query('id'));
    if (!d) return fail(c, NOT_FOUND);
    const { db } = c.get('deps');
    const parent = d.parent_id ? await db.selectFrom('sys_depart').select('depart_name').where('id', '=', d.parent_id).executeTakeFirst() : undefined;
    const [below, members] = await Promise.all([
      subtreeByCodes(db, [d.org_code]),
      db.selectFrom('sys_user_depart as ud').innerJoin('sys_user as u', 'u.id', 'ud.user_id').select(sql<number>`count(*)`.as('n')).where('ud.dep_id', '=', d.id).where('u.del_flag', '=', 0).executeTakeFirst(),
    ]);
    const [decorated] = await decorate(db, [{ ...departModel(d), parentName: parent?.depart_name ?? '' }], { orgCategory: 'org_category', status: 'depart_status' });
    return ok(c, { ...decorated, descendantCount: below.length - 1, memberCount: Number(members?.n ?? 0) }, '操作成功！', 0);
  });

  r.get('/sys/sysDepart/listAll', screen, async (c) => {
    const scope = await departScope(c);
    const ids = idList(c.req.query('id'), 500);
    let rows = scope.all ? await allDeparts(c.get('deps').db) : scope.departs;
    if (ids.length) rows = rows.filter((d) => ids.includes(d.id));
    return ok(
      c,
      [...rows].sort((a, b) => a.org_code.localeCompare(b.org_code)).map((d) => camel(d)),
      '操作成功！',
      0,
    );
  });

  r.at(departApi.exportXls, screen, async (c) => {
    const scope = await departScope(c);
    const { db } = c.get('deps');
    let rows = scope.all ? await allDeparts(db) : scope.departs;
    const name = (c.req.query('departName') ?? '').replace(/\*/g, '').trim();
    if (name) rows = rows.filter((d) => d.depart_name.includes(name));
    const names = new Map((scope.all ? rows : await allDeparts(db)).map((d) => [d.id, d.depart_name]));
    const records = [...rows]
      .sort((a, b) => a.org_code.localeCompare(b.org_code))
      .map((d) => ({ ...camel(d), parentName: d.parent_id ? (names.get(d.parent_id) ?? '') : '' }));
    return exportResponse(c, departsList, await decorate(db, records, dictFields(departsList)));
  });

  r.at(departApi.add, perm('depart:add'), async (c) => {
    const body = await jsonBody(c, addBody);
    if (!body.ok) return body.response;
    const added = await addDepart(c, await departScope(c), body.data);
    if ('row' in added) return ok(c, departModel(added.row), '添加成功！', 200);
    return added.field ? fieldFail(c, added.field, added.message) : fail(c, added.message);
  });

  r.at(departApi.edit, perm('depart:edit'), async (c) => {
    const body = await jsonBody(c, editBody);
    if (!body.ok) return body.response;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const b = body.data;
    const d = await scopedDepart(c, await departScope(c), b.id);
    if (!d) return fail(c, NOT_FOUND);
    if (b.parentId !== undefined && (b.parentId ?? '').trim() !== (d.parent_id ?? '')) return fail(c, '暂不支持调整层级结构');
    const category = b.orgCategory ?? d.org_category;
    if (!d.parent_id && category !== '1') return fieldFail(c, 'orgCategory', '一级部门只能是机构');
    if (d.parent_id && category === '1') return fieldFail(c, 'orgCategory', '下级部门只能是部门或班级');
    if (category === '3' && d.org_category !== '3') {
      const child = await db.selectFrom('sys_depart').select('id').where('parent_id', '=', d.id).executeTakeFirst();
      if (child) return fieldFail(c, 'orgCategory', '该部门下有下级部门，不能设为班级');
    }
    if (await siblingNameTaken(c, d.parent_id ?? '', b.departName, d.id)) return fieldFail(c, 'departName', SIBLING_NAME_TAKEN);
    try {
      await db
        .updateTable('sys_depart')
        .set({
          depart_name: b.departName,
          depart_name_en: b.departNameEn,
          depart_name_abbr: b.departNameAbbr,
          depart_order: b.departOrder ?? d.depart_order,
          description: b.description,
          org_category: category,
          mobile: b.mobile,
          fax: b.fax,
          address: b.address,
          memo: b.memo,
          ...(b.status ? { status: b.status } : {}),
          update_by: user.username,
          update_time: now(),
        })
        .where('id', '=', d.id)
        .execute();
    } catch (err) {
      if (isSiblingNameViolation(err)) return fieldFail(c, 'departName', SIBLING_NAME_TAKEN);
      throw err;
    }
    return ok(c, null, '修改成功!', 200);
  });

  const deleteDeparts = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '未选中部门！');
    const scope = await departScope(c);
    const targets: SysDepart[] = [];
    for (const id of ids) {
      const d = await scopedDepart(c, scope, id);
      if (!d) return fail(c, NOT_FOUND);
      if (!strictlyInside(scope, d)) return fail(c, '权限不足，不能删除您负责的部门本身');
      targets.push(d);
    }
    const { db } = c.get('deps');
    await deleteDepartsCascade(
      db,
      await subtreeByCodes(
        db,
        targets.map((d) => d.org_code),
      ),
    );
    return ok(c, null, '删除成功!', 200);
  };
  r.at(departApi.delete, perm('depart:del'), (c) => deleteDeparts(c, idList(c.req.query('id'), 1)));
  r.at(departApi.deleteBatch, perm('depart:del'), (c) => deleteDeparts(c, idList(c.req.query('ids'), 200)));

  // In the order they were always registered: members, department permissions, department roles.
  registerDepartMemberRoutes(r);
  registerDepartPermissionRoutes(r);
  registerDepartRoleRoutes(r);
  registerDepartImportRoute(r);
}
