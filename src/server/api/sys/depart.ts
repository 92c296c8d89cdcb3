// /sys/sysDepart: the department tree (school → grade → class), its members (/sys/user/departUserList …),
// and department permissions (/sys/permission/queryDepartPermission, saveDepartPermission).
// Department roles live in depart-role.ts and are registered from here.
//
// Scope: admins (role admin/dev) act on every department; anyone else holding the menu or a button code acts
// only inside the departments they manage and their sub-departments (the anchor's depart_ids, by org_code
// prefix). Teachers manage only students. Out-of-scope departments answer as if they did not exist.
import type { Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { SysDepart } from '../../db/schema.js';
import {
  allDeparts,
  buildDepartTree,
  buildPermissionTree,
  childOrgType,
  defaultChildCategory,
  deleteDepartsCascade,
  departModel,
  isSiblingNameViolation,
  managedSubtree,
  nextOrgCode,
  permissionRows,
  repairCurrentDeparts,
  SIBLING_NAME_TAKEN,
  subtreeByCodes,
  toIdTree,
} from '../../domain/departs.js';
import { decorate } from '../../domain/dicts.js';
import { newId } from '../../domain/ids.js';
import { camel } from '../../domain/serialize.js';
import { isSuperUser, maxRoleLevel } from '../../domain/sessions.js';
import { escapeLike, like } from '../../domain/sql-like.js';
import { now } from '../../domain/time.js';
import { USER_COLUMNS } from '../../domain/users.js';
import { DEPART_ROUTE, departMembersList, departsList } from '../../lists/departs.js';
import { ADDRESS_LIST_ROUTE } from '../../lists/positions.js';
import { dictFields } from '../../lists/spec.js';
import { adminOnly, LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, page, paging, queryParams } from '../envelope.js';
import { exportResponse } from '../excel.js';
import { applyFilters, applySort, idList, type FieldMap } from '../list-query.js';
import { registerDepartRoleRoutes } from './depart-role.js';
import {
  departPermissionIds,
  departScope,
  grantablePermissionIds,
  idsField,
  managesOnlyStudents,
  membershipsOf,
  NOT_FOUND,
  permissionDiff,
  scopedDepart,
  strictlyInside,
  userLevels,
  type DepartScope,
} from './depart-scope.js';
import { requiredName } from '../names.js';

// ---------------------------------------------------------------------------------------------------------
// Bodies

const optionalText = (max: number, label: string) =>
  z
    .string({ message: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v ? v : null));

const phoneText = (label: string) =>
  optionalText(32, label).refine((v) => v === null || /^[0-9+\-\s()]+$/.test(v), `${label}只能包含数字、空格和 + - ( )`);

const departFields = {
  departName: requiredName('部门名称', 100),
  orgCategory: z
    .union([z.string(), z.number()], { message: '机构类型只能是机构、部门或班级' })
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : (String(v) as '1' | '2' | '3')))
    .refine((v) => v === null || ['1', '2', '3'].includes(v), '机构类型只能是机构、部门或班级'),
  departOrder: z
    .union([z.number(), z.string()], { message: '排序必须是数字' })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 99999) {
        ctx.addIssue({ code: 'custom', message: '排序必须是0到99999之间的整数' });
        return z.NEVER;
      }
      return n;
    }),
  mobile: phoneText('手机号'),
  fax: phoneText('传真'),
  address: optionalText(100, '地址'),
  memo: optionalText(500, '备注'),
  description: optionalText(500, '描述'),
  departNameEn: optionalText(500, '英文名'),
  departNameAbbr: optionalText(500, '缩写'),
  status: z.enum(['0', '1'], { message: '状态只能是启用或不启用' }).nullish(),
};

const addBody = z.object({
  ...departFields,
  parentId: z.string({ message: '上级部门必须是文本' }).trim().max(64, '上级部门不存在').nullish(),
});

const editBody = z.object({
  ...departFields,
  id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, NOT_FOUND),
  // Present only to be compared: moving a department is refused.
  parentId: z.string({ message: '上级部门必须是文本' }).max(64).nullish(),
});

const membersBody = z.object({
  depId: z.string({ message: '请选择部门' }).trim().min(1, '请选择部门').max(64, NOT_FOUND),
  userIdList: idsField('用户', 500).refine((v) => v.length > 0, '请选择要添加的用户'),
});

const departPermissionBody = z.object({
  departId: z.string({ message: '请选择部门' }).trim().min(1, '请选择部门').max(64, NOT_FOUND),
  permissionIds: idsField('权限', 5000),
  lastpermissionIds: idsField('权限', 5000),
});

// ---------------------------------------------------------------------------------------------------------
// Shared pieces

/** Departments visible to the caller, as the anchor's tree. */
async function visibleTree(c: Context<ApiEnv>, scope: DepartScope) {
  const rows = scope.all ? await allDeparts(c.get('deps').db) : scope.departs;
  return buildDepartTree(rows);
}

async function siblingNameTaken(c: Context<ApiEnv>, parentId: string, name: string, exceptId?: string) {
  let q = c.get('deps').db.selectFrom('sys_depart').select('id').where('parent_id', '=', parentId).where('depart_name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

const memberFields: FieldMap = {
  username: { column: 'u.username' },
  realname: { column: 'u.realname' },
  sex: { column: 'u.sex', type: 'number' },
  status: { column: 'u.status', type: 'number' },
  userIdentity: { column: 'u.user_identity', type: 'number' },
  phone: { column: 'u.phone' },
  createTime: { column: 'u.create_time', type: 'date' },
};

// ---------------------------------------------------------------------------------------------------------

export function registerDepartRoutes(r: ApiRoutes) {
  const screen = menu(DEPART_ROUTE);

  // 通讯录 shows the same tree (the caller's scope) on its left.
  r.get('/sys/sysDepart/queryTreeList', menu(DEPART_ROUTE, ADDRESS_LIST_ROUTE), async (c) => ok(c, await visibleTree(c, await departScope(c)), '操作成功！', 0));

  // Department pickers of other screens: admins see every department, others their managed subtrees.
  r.get('/sys/sysDepart/queryIdTree', LOGGED_IN, async (c) => ok(c, toIdTree(await visibleTree(c, await departScope(c))), '操作成功！', 0));

  r.get('/sys/sysDepart/queryMyDeptTreeList', LOGGED_IN, async (c) => {
    const user = c.get('user')!;
    if (isSuperUser(user)) return ok(c, buildDepartTree(await allDeparts(c.get('deps').db)), '2', 0);
    if (user.userIdentity !== 2) return ok(c, null, '1', 0);
    return ok(c, buildDepartTree((await departScope(c)).departs), '2', 0);
  });

  r.get('/sys/sysDepart/searchBy', screen, async (c) => {
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

  r.get('/sys/sysDepart/queryById', screen, async (c) => {
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

  r.get('/sys/sysDepart/exportXls', screen, async (c) => {
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

  r.post('/sys/sysDepart/add', perm('depart:add'), async (c) => {
    const body = await jsonBody(c, addBody);
    if (!body.ok) return body.response;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const scope = await departScope(c);
    const b = body.data;
    let parent: SysDepart | undefined;
    if (b.parentId) {
      parent = await scopedDepart(c, scope, b.parentId);
      if (!parent) return fieldFail(c, 'parentId', '上级部门不存在');
      if (parent.org_category === '3') return fieldFail(c, 'parentId', '班级下不能再添加下级部门');
    } else if (!scope.all) {
      return fail(c, '权限不足，只能在您负责的部门下添加');
    }
    const category = b.orgCategory ?? defaultChildCategory(parent ?? null);
    if (!parent && category !== '1') return fieldFail(c, 'orgCategory', '一级部门只能是机构');
    if (parent && category === '1') return fieldFail(c, 'orgCategory', '下级部门只能是部门或班级');
    if (await siblingNameTaken(c, parent?.id ?? '', b.departName)) return fieldFail(c, 'departName', SIBLING_NAME_TAKEN);

    // org_code is unique: two adds under one parent at the same moment compute the same code, one of them
    // fails on the index and tries again with the codes as they are now. The name is unique among siblings
    // too: of parallel adds of one name, one is made and the others hear the name is taken.
    const id = newId();
    // Without an order the new department goes after its siblings.
    const order =
      b.departOrder ??
      Number(
        (await db.selectFrom('sys_depart').select((eb) => eb.fn.max('depart_order').as('m')).where('parent_id', '=', parent?.id ?? '').executeTakeFirst())?.m ?? 0,
      ) + 1;
    for (let attempt = 0; attempt < 25; attempt++) {
      const code = await nextOrgCode(db, parent?.org_code ?? '');
      if (!code) return fail(c, '该部门下的下级部门数量已达上限');
      try {
        await db
          .insertInto('sys_depart')
          .values({
            id,
            parent_id: parent?.id ?? '',
            depart_name: b.departName,
            depart_name_en: b.departNameEn,
            depart_name_abbr: b.departNameAbbr,
            depart_order: Math.min(order, 99999),
            description: b.description,
            org_category: category,
            org_type: childOrgType(parent ?? null),
            org_code: code,
            mobile: b.mobile,
            fax: b.fax,
            address: b.address,
            memo: b.memo,
            status: b.status ?? '1',
            del_flag: '0',
            create_by: user.username,
            create_time: now(),
          })
          .execute();
        const row = await db.selectFrom('sys_depart').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        return ok(c, departModel(row), '添加成功！', 200);
      } catch (err) {
        if (isSiblingNameViolation(err)) return fieldFail(c, 'departName', SIBLING_NAME_TAKEN);
        if (!isUniqueViolation(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8 * (attempt + 1)));
      }
    }
    return fail(c, '操作失败，请稍后重试');
  });

  r.on(['PUT', 'POST'], '/sys/sysDepart/edit', perm('depart:edit'), async (c) => {
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
  r.delete('/sys/sysDepart/delete', perm('depart:del'), (c) => deleteDeparts(c, idList(c.req.query('id'), 1)));
  r.delete('/sys/sysDepart/deleteBatch', perm('depart:del'), (c) => deleteDeparts(c, idList(c.req.query('ids'), 200)));

  // 清空班级. The anchor did this on GET, so a link on any site could empty a class; only DELETE changes data.
  r.get('/sys/sysDepart/removeAll', perm('depart:member'), (c) => fail(c, '不支持GET请求方法，清空班级请使用DELETE请求', 405, 405));
  r.delete('/sys/sysDepart/removeAll', perm('depart:member'), async (c) => {
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const d = await scopedDepart(c, await departScope(c), c.req.query('id'));
    if (!d) return fail(c, NOT_FOUND);
    const members = await db
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_user as u', 'u.id', 'ud.user_id')
      .select(['u.id', 'u.user_identity'])
      .where('ud.dep_id', '=', d.id)
      .execute();
    // A teacher empties the class of its students; the teachers in it stay.
    let removable = members;
    if (!isSuperUser(user)) {
      const levels = await userLevels(
        c,
        members.map((m) => m.id),
      );
      removable = members.filter((m) => m.user_identity === 1 && (levels.get(m.id) ?? 0) < maxRoleLevel(user));
    }
    await removeMembers(c, d, removable.map((m) => m.id));
    return ok(c, { removed: removable.length }, removable.length ? `已清空班级，移出${removable.length}名成员` : '班级中没有可移出的成员', 200);
  });

  // Candidates for "add member": users matching a keyword who are not members yet and whom the caller may add.
  r.get('/sys/sysDepart/queryMemberCandidates', perm('depart:member'), async (c) => {
    const q = queryParams(
      c,
      z.object({
        depId: z.string({ message: '请选择部门' }).min(1, '请选择部门').max(64, NOT_FOUND),
        keyWord: z.string({ message: '请输入账号或姓名' }).trim().min(1, '请输入账号或姓名').max(50, '关键字不能超过50个字符'),
      }),
    );
    if (!q.ok) return q.response;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const scope = await departScope(c);
    const d = await scopedDepart(c, scope, q.data.depId);
    if (!d) return fail(c, NOT_FOUND);
    const pattern = `%${escapeLike(q.data.keyWord)}%`;
    const rows = await db
      .selectFrom('sys_user as u')
      .select(['u.id', 'u.username', 'u.realname', 'u.user_identity'])
      .where('u.del_flag', '=', 0)
      .where((eb) => eb.or([like('u.username', pattern), like('u.realname', pattern)]))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('sys_user_depart as ud').select('ud.id').whereRef('ud.user_id', '=', 'u.id').where('ud.dep_id', '=', d.id))),
      )
      .orderBy('u.username')
      .limit(60)
      .execute();
    const memberships = await membershipsOf(
      c,
      rows.map((u) => u.id),
    );
    const allowed: typeof rows = [];
    for (const u of rows) {
      if (!isSuperUser(user)) {
        if (!(await managesOnlyStudents(c, user, [u]))) continue;
        if ((memberships.get(u.id) ?? []).some((m) => !scope.ids.has(m.id))) continue;
      }
      allowed.push(u);
      if (allowed.length >= 20) break;
    }
    return ok(
      c,
      allowed.map((u) => ({
        id: u.id,
        username: u.username,
        realname: u.realname,
        userIdentity: u.user_identity,
        departNames: (memberships.get(u.id) ?? []).map((m) => m.depart_name).join(','),
      })),
      '操作成功！',
      0,
    );
  });

  // ------------------------------------------------------------------------------------------------------
  // Members (the anchor keeps these under /sys/user)

  r.get('/sys/user/departUserList', screen, async (c) => {
    const depId = c.req.query('depId') ?? c.req.query('departId');
    if (!depId) return fail(c, '请选择部门');
    const scope = await departScope(c);
    const d = await scopedDepart(c, scope, depId);
    if (!d) return fail(c, NOT_FOUND);
    const { db } = c.get('deps');
    const subtree = await subtreeByCodes(db, [d.org_code]);
    const subtreeIds = subtree.map((x) => x.id);
    const base = db
      .selectFrom('sys_user as u')
      .where('u.del_flag', '=', 0)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('sys_user_depart as ud')
            .innerJoin('sys_depart as sd', 'sd.id', 'ud.dep_id')
            .select('ud.id')
            .whereRef('ud.user_id', '=', 'u.id')
            .where(like('sd.org_code', `${escapeLike(d.org_code)}%`)),
        ),
      );
    const query = c.req.query();
    const { pageNo, pageSize, offset } = paging(c, 10, 500);
    const filtered = applyFilters(base, query, memberFields);
    const [rows, count] = await Promise.all([
      applySort(filtered.select([...USER_COLUMNS]), query, departMembersList, memberFields, 'u.id').limit(pageSize).offset(offset).execute(),
      filtered.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    const names = new Map(subtree.map((x) => [x.id, x.depart_name]));
    const links = rows.length
      ? await db
          .selectFrom('sys_user_depart')
          .select(['user_id', 'dep_id'])
          .where(
            'user_id',
            'in',
            rows.map((u) => u.id),
          )
          .execute()
      : [];
    const records = rows.map((u) => ({
      ...camel(u),
      orgCodeTxt: links
        .filter((l) => l.user_id === u.id && subtreeIds.includes(l.dep_id))
        .map((l) => names.get(l.dep_id))
        .filter(Boolean)
        .join(','),
    }));
    const decorated = await decorate(db, records, dictFields(departMembersList));
    return ok(c, page(decorated, Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 0);
  });

  r.post('/sys/user/editSysDepartWithUser', perm('depart:member'), async (c) => {
    const body = await jsonBody(c, membersBody);
    if (!body.ok) return body.response;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const scope = await departScope(c);
    const d = await scopedDepart(c, scope, body.data.depId);
    if (!d) return fail(c, NOT_FOUND);
    const ids = body.data.userIdList;
    const users = await db.selectFrom('sys_user').select(['id', 'username', 'user_identity', 'org_code']).where('id', 'in', ids).where('del_flag', '=', 0).execute();
    if (users.length !== ids.length) return fail(c, '用户不存在');
    if (!(await managesOnlyStudents(c, user, users))) return fail(c, '权限不足，只能添加学生');
    if (!scope.all) {
      // A teacher takes in students without a class or moves them within the classes they manage; a student of
      // someone else's class is not theirs to take.
      const memberships = await membershipsOf(c, ids);
      const foreign = users.find((u) => (memberships.get(u.id) ?? []).some((m) => !scope.ids.has(m.id)));
      if (foreign) return fail(c, `用户“${foreign.username}”属于您未负责的班级，请联系管理员调整`);
    }
    const existing = new Set(
      (await db.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', d.id).where('user_id', 'in', ids).execute()).map((x) => x.user_id),
    );
    const fresh = ids.filter((id) => !existing.has(id));
    await db.transaction().execute(async (tx) => {
      // A parallel add of the same member may have made the link meanwhile: adding is idempotent.
      for (const userId of fresh) {
        await tx
          .insertInto('sys_user_depart')
          .values({ id: newId(), user_id: userId, dep_id: d.id })
          .onConflict((oc) => oc.columns(['user_id', 'dep_id']).doNothing())
          .execute();
      }
      // Someone without a current department gets this one.
      const noCurrent = users.filter((u) => fresh.includes(u.id) && !u.org_code).map((u) => u.id);
      if (noCurrent.length) await tx.updateTable('sys_user').set({ org_code: d.org_code }).where('id', 'in', noCurrent).execute();
    });
    return ok(c, { added: fresh.length }, '添加成功!', 200);
  });

  const removeFromDepart = async (c: Context<ApiEnv>, depId: string | undefined, userIds: string[]) => {
    if (!userIds.length) return fail(c, '请选择要移出的用户');
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const d = await scopedDepart(c, await departScope(c), depId);
    if (!d) return fail(c, NOT_FOUND);
    const members = await db
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_user as u', 'u.id', 'ud.user_id')
      .select(['u.id', 'u.user_identity'])
      .where('ud.dep_id', '=', d.id)
      .where('ud.user_id', 'in', userIds)
      .execute();
    if (members.length !== userIds.length) return fail(c, '所选用户不在该部门中');
    if (!(await managesOnlyStudents(c, user, members))) return fail(c, '权限不足，只能移出学生');
    await removeMembers(c, d, userIds);
    return ok(c, null, '删除成功!', 200);
  };
  r.delete('/sys/user/deleteUserInDepart', perm('depart:member'), (c) => removeFromDepart(c, c.req.query('depId'), idList(c.req.query('userId'), 1)));
  r.delete('/sys/user/deleteUserInDepartBatch', perm('depart:member'), (c) => removeFromDepart(c, c.req.query('depId'), idList(c.req.query('userIds'), 500)));

  // ------------------------------------------------------------------------------------------------------
  // Department permissions: the menus and buttons a department may hand to its roles.

  r.get('/sys/permission/queryDepartPermission', adminOnly('depart:permission'), async (c) => {
    const d = await scopedDepart(c, await departScope(c), c.req.query('departId'));
    if (!d) return fail(c, NOT_FOUND);
    return ok(c, await departPermissionIds(c, d.id), '操作成功！', 0);
  });

  // Every permission the caller may grant, as a tree (the 部门权限 tab's checkbox tree).
  r.get('/sys/sysDepart/queryPermissionTree', adminOnly('depart:permission'), async (c) => {
    const grantable = await grantablePermissionIds(c);
    const rows = await permissionRows(c.get('deps').db, grantable ? [...grantable] : undefined);
    return ok(c, { treeList: buildPermissionTree(rows), ids: rows.map((p) => p.id) }, '操作成功！', 0);
  });

  r.post('/sys/permission/saveDepartPermission', adminOnly('depart:permission'), async (c) => {
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

  registerDepartRoleRoutes(r);
}

/** Removes users from one department: membership, the department's roles, and a current department that pointed there. */
async function removeMembers(c: Context<ApiEnv>, d: SysDepart, userIds: string[]) {
  if (!userIds.length) return;
  const { db } = c.get('deps');
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < userIds.length; i += 500) {
      const part = userIds.slice(i, i + 500);
      await tx.deleteFrom('sys_user_depart').where('dep_id', '=', d.id).where('user_id', 'in', part).execute();
      await tx
        .deleteFrom('sys_depart_role_user')
        .where('user_id', 'in', part)
        .where('drole_id', 'in', tx.selectFrom('sys_depart_role').select('id').where('depart_id', '=', d.id))
        .execute();
    }
    await repairCurrentDeparts(tx, userIds);
  });
}
