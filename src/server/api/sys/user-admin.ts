// 用户管理 (/sys/user): the scoped user list, add/edit with roles and departments, freeze/unfreeze, the
// administrator's password reset, logical delete with its recycle bin, Excel export and class-roster import,
// and the reads the user form needs (queryById, queryUserRole, userDepartList, departOptions, checkOnlyUser,
// queryUserByDepId). The reach and user records are in user-admin-scope.ts, the bodies in user-admin-fields.ts,
// role and class assignment in user-admin-assign.ts; freezing, password reset, delete and the recycle bin in
// user-admin-lifecycle.ts, export and roster import in user-admin-roster.ts, registered from here.
//
// Who sees whom: admins and developers everyone; anyone else the members of the subtrees of the departments
// they manage (domain/user-scope), narrowed by the data rules granted on the 用户管理 menu (the teacher's
// 仅显示学生). Outside admin/dev nobody assigns a role at or above their own level, or touches a user at or
// above it (`权限不足`); only admins set the classes a user manages (负责班级).
import { recordDataLog } from '../../domain/data-log.js';
import { sql } from 'kysely';
import { limitOf } from '../../domain/limits.js';
import { storedRuleChecker } from '../../domain/code-rules.js';
import { newId } from '../../domain/ids.js';
import { hashPassword } from '../../domain/password.js';
import { contains } from '../../domain/sql-like.js';
import { now } from '../../domain/time.js';
import { duplicateOf, USER_COLUMNS, WORK_NO_RULE } from '../../domain/users.js';
import { isUniqueViolation } from '../../db/errors.js';
import { departsInScope, hasScope, NO_MANAGED_DEPARTS, orgCodeInScope, userScope } from '../../domain/user-scope.js';
import { userAdminApi } from '../../contracts/users.js';
import { USERS_ROUTE } from '../../resources/users.js';
import { LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { fail, failWith, fieldFail, jsonBody, ok } from '../envelope.js';
import { idList, pagedList } from '../list-query.js';
import { checkAssignment, keepOutsideScope, orgCodeOf, postValue, replaceLinks } from './user-admin-assign.js';
import { addBody, editBody } from './user-admin-fields.js';
import { registerUserLifecycleRoutes } from './user-admin-lifecycle.js';
import { registerUserRosterRoutes } from './user-admin-roster.js';
import { DENIED, enrichUsers, listOptions, manageable, NOT_FOUND, scopedUsers, toRecord } from './user-admin-scope.js';

export function registerUserAdminRoutes(r: ApiRoutes) {
  r.at(userAdminApi.list, menu(USERS_ROUTE), async (c) => {
    const scoped = await scopedUsers(c);
    if (!scoped.ok) return fail(c, scoped.message);
    return pagedList(c, listOptions(c, scoped));
  });

  r.at(userAdminApi.queryById, menu(USERS_ROUTE), async (c) => {
    const id = c.req.query('id') ?? '';
    const target = await manageable(c, [id], {});
    if (!target.ok) return id ? target.response : fail(c, NOT_FOUND);
    const { db } = c.get('deps');
    const row = await db.selectFrom('sys_user as u').select([...USER_COLUMNS]).where('u.id', '=', id).executeTakeFirstOrThrow();
    const [rec] = await enrichUsers(db, [toRecord(row)]);
    return ok(c, rec, '操作成功！', 0);
  });

  r.at(userAdminApi.roleIds, menu(USERS_ROUTE), async (c) => {
    const id = c.req.query('userid') ?? '';
    const target = await manageable(c, [id]);
    if (!target.ok) return id ? target.response : fail(c, NOT_FOUND);
    const rows = await c.get('deps').db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', id).execute();
    return rows.length ? ok(c, rows.map((x) => x.role_id), '操作成功！', 0) : fail(c, '未找到用户相关角色信息');
  });

  r.at(userAdminApi.departs, menu(USERS_ROUTE), async (c) => {
    const id = c.req.query('userId') ?? '';
    const target = await manageable(c, [id]);
    if (!target.ok) return id ? target.response : fail(c, '查找失败');
    const rows = await c
      .get('deps')
      .db.selectFrom('sys_user_depart as ud')
      .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
      .select(['d.id', 'd.depart_name'])
      .where('ud.user_id', '=', id)
      .orderBy('d.org_code')
      .execute();
    return ok(c, rows.map((d) => ({ key: d.id, value: d.id, title: d.depart_name })), '操作成功！', 0);
  });

  // The departments the caller may assign (their scope; everything for admins), in tree order, for forms and
  // pickers: `keyword` (name, path or org code contains), `ids` (just these), `pageSize` (at most that many).
  r.at(userAdminApi.departOptions, LOGGED_IN, async (c) => {
    const { db } = c.get('deps');
    let list = await departsInScope(db, await userScope(db, c.get('user')!));
    const wanted = idList(c.req.query('ids'), 500);
    if (wanted.length) list = list.filter((d) => wanted.includes(d.id));
    const keyword = (c.req.query('keyword') ?? '').trim().toLowerCase().slice(0, 50);
    if (keyword) list = list.filter((d) => d.title.toLowerCase().includes(keyword) || d.orgCode.toLowerCase().includes(keyword));
    const limit = Number.parseInt(c.req.query('pageSize') ?? '', 10);
    return ok(c, Number.isFinite(limit) && limit > 0 ? list.slice(0, Math.min(limit, 5000)) : list.slice(0, 5000), '操作成功！', 0);
  });

  // Public in teaching-open; here it needs a session and is rate-limited per user: the login answers
  // unknown accounts like wrong passwords, and an open existence check would undo that.
  r.get('/sys/user/checkOnlyUser', LOGGED_IN, async (c) => {
    if (!(await limitOf(c.get('deps'), 'check-only-user', 60, 60).take(c.get('user')!.id))) return fail(c, '请求过于频繁，请稍后再试', 429);
    const q = c.req.query();
    const checks = (['username', 'phone', 'email'] as const).map((k) => [k, (q[k] ?? '').trim()] as const).filter(([, v]) => v !== '');
    if (!checks.length) return fail(c, '请提供用户账号、手机号或邮箱');
    if (checks.some(([, v]) => v.length > 100)) return fail(c, '参数过长');
    const { db } = c.get('deps');
    let query = db.selectFrom('sys_user').select('id');
    for (const [k, v] of checks) query = query.where(k, '=', v);
    const hit = await query.executeTakeFirst();
    const label = { username: '用户账号', phone: '手机号', email: '邮箱' }[checks[0][0]];
    return hit ? failWith(c, `${label}已存在`, 500, true) : ok(c, true, '该值可用！', 0);
  });

  // Members of a department and all its descendants (org_code prefix), optionally filtered by name.
  r.get('/sys/user/queryUserByDepId', menu(USERS_ROUTE), async (c) => {
    const { db } = c.get('deps');
    const depart = await db.selectFrom('sys_depart').select(['id', 'org_code']).where('id', '=', c.req.query('id') ?? '').executeTakeFirst();
    if (!depart) return fail(c, NOT_FOUND);
    const scoped = await scopedUsers(c);
    if (!scoped.ok) return fail(c, scoped.message);
    if (!orgCodeInScope(scoped.scope, depart.org_code)) return fail(c, DENIED);
    let qb = scoped.qb.where(
      'u.id',
      'in',
      db
        .selectFrom('sys_user_depart as qd')
        .innerJoin('sys_depart as qdd', 'qdd.id', 'qd.dep_id')
        .select('qd.user_id')
        .where(sql<boolean>`${sql.ref('qdd.org_code')} like ${`${depart.org_code.replace(/[\\%_]/g, '\\$&')}%`} escape ${'\\'}`),
    );
    const realname = (c.req.query('realname') ?? '').trim().slice(0, 50);
    if (realname) qb = qb.where(contains('u.realname', realname));
    const rows = await qb.select([...USER_COLUMNS]).orderBy('u.realname').orderBy('u.id').limit(1000).execute();
    const records = await enrichUsers(db, rows.map(toRecord));
    return ok(
      c,
      records.map((rec) => ({ ...rec, orgCode: rec.orgCodeTxt })),
      '操作成功！',
      0,
    );
  });

  // The pickers' read of the users already chosen: only those the caller may see (scope and data rules).
  r.at(userAdminApi.queryByIds, menu(USERS_ROUTE), async (c) => {
    const wanted = idList(c.req.query('userIds'), 500);
    if (!wanted.length) return fail(c, '请选择用户');
    const scoped = await scopedUsers(c);
    if (!scoped.ok) return fail(c, scoped.message);
    const { db } = c.get('deps');
    const rows = await scoped.qb.select([...USER_COLUMNS]).where('u.id', 'in', wanted).execute();
    const records = await enrichUsers(db, rows.map(toRecord));
    const order = new Map(wanted.map((id, i) => [id, i]));
    return ok(c, records.sort((a, b) => order.get(a.id)! - order.get(b.id)!), '操作成功！', 0);
  });

  r.at(userAdminApi.generateUserId, perm('user:add'), (c) => ok(c, newId(), '操作成功！', 200));

  r.at(userAdminApi.add, perm('user:add'), async (c) => {
    const body = await jsonBody(c, addBody);
    if (!body.ok) return body.response;
    const b = body.data;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const scope = await userScope(db, user);
    if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
    if (!scope.all && (b.userIdentity ?? 1) !== 1) return fieldFail(c, 'userIdentity', '您只能添加学生');
    const assigned = await checkAssignment(c, scope, b);
    if (!assigned.ok) return assigned.response;
    const post = await postValue(db, b.post);
    if (!post.ok) return fieldFail(c, 'post', post.message);
    const workNoProblem = b.workNo ? (await storedRuleChecker(db, WORK_NO_RULE))(b.workNo) : null;
    if (workNoProblem) return fieldFail(c, 'workNo', workNoProblem);
    const dup = await duplicateOf(db, b);
    if (dup) return fieldFail(c, dup.field, dup.message);
    const id = newId();
    const memberIds = assigned.memberIds ?? [];
    const managedIds = assigned.managedIds ?? [];
    const [hash, orgCode] = await Promise.all([hashPassword(b.password), orgCodeOf(db, memberIds)]);
    try {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('sys_user')
          .values({
            id,
            username: b.username,
            realname: b.realname,
            password: hash,
            birthday: b.birthday ?? null,
            sex: b.sex ?? null,
            email: b.email ?? null,
            phone: b.phone ?? null,
            work_no: b.workNo ?? null,
            post: post.post ?? null,
            user_identity: b.userIdentity ?? 1,
            org_code: orgCode,
            status: 1,
            del_flag: 0,
            // Chosen by whoever added the account: its owner sets their own at first login.
            need_change_password: 1,
            create_by: user.username,
            create_time: now(),
          })
          .execute();
        await replaceLinks(tx, 'sys_user_role', id, assigned.roleIds ?? []);
        await replaceLinks(tx, 'sys_user_depart', id, memberIds);
        await replaceLinks(tx, 'sys_user_manage_depart', id, managedIds);
      });
    } catch (err) {
      if (isUniqueViolation(err)) return fail(c, '用户账号、手机号、邮箱或工号已存在');
      throw err;
    }
    return ok(c, { id }, '添加成功！', 200);
  });

  r.at(userAdminApi.edit, perm('user:edit'), async (c) => {
    const body = await jsonBody(c, editBody);
    if (!body.ok) return body.response;
    const b = body.data;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const target = await manageable(c, [b.id]);
    if (!target.ok) return target.response;
    const current = target.targets[0];
    if (b.username !== undefined && b.username !== current.username) return fieldFail(c, 'username', '用户账号不可修改');
    const scope = target.scope;
    if (!scope.all && b.userIdentity != null && b.userIdentity !== 1) return fieldFail(c, 'userIdentity', '您只能管理学生');
    const assigned = await checkAssignment(c, scope, b, b.id);
    if (!assigned.ok) return assigned.response;
    const post = await postValue(db, b.post);
    if (!post.ok) return fieldFail(c, 'post', post.message);
    const before = await db.selectFrom('sys_user').selectAll().where('id', '=', b.id).executeTakeFirst();
    // Only a changed 工号 is checked: one saved before the rule was tightened does not block other edits.
    const workNoProblem = b.workNo && b.workNo !== before?.work_no ? (await storedRuleChecker(db, WORK_NO_RULE))(b.workNo) : null;
    if (workNoProblem) return fieldFail(c, 'workNo', workNoProblem);
    const dup = await duplicateOf(db, b, b.id);
    if (dup) return fieldFail(c, dup.field, dup.message);
    const memberIds = assigned.memberIds && (await keepOutsideScope(db, 'sys_user_depart', b.id, scope, assigned.memberIds));
    const managedIds = assigned.managedIds && (await keepOutsideScope(db, 'sys_user_manage_depart', b.id, scope, assigned.managedIds));
    const set: Record<string, unknown> = { update_by: user.username, update_time: now() };
    if (b.realname !== undefined) set.realname = b.realname;
    if (b.sex !== undefined) set.sex = b.sex;
    if (b.birthday !== undefined) set.birthday = b.birthday;
    // Cleared email and phone become NULL (the unique indexes allow any number of NULLs).
    if (b.email !== undefined) set.email = b.email;
    if (b.phone !== undefined) set.phone = b.phone;
    if (b.workNo !== undefined) set.work_no = b.workNo;
    if (post.post !== undefined) set.post = post.post;
    if (b.userIdentity != null) set.user_identity = b.userIdentity;
    if (memberIds) {
      const codes = await db.selectFrom('sys_depart').select('org_code').where('id', 'in', memberIds.length ? memberIds : ['']).execute();
      if (!codes.some((x) => x.org_code === current.org_code)) set.org_code = await orgCodeOf(db, memberIds);
    }
    try {
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('sys_user').set(set).where('id', '=', b.id).execute();
        if (assigned.roleIds) await replaceLinks(tx, 'sys_user_role', b.id, assigned.roleIds);
        if (memberIds) await replaceLinks(tx, 'sys_user_depart', b.id, memberIds);
        if (managedIds) await replaceLinks(tx, 'sys_user_manage_depart', b.id, managedIds);
      });
    } catch (err) {
      if (isUniqueViolation(err)) return fail(c, '手机号、邮箱或工号已存在');
      throw err;
    }
    await recordDataLog(db, 'sys_user', b.id, before, user.username);
    return ok(c, null, '修改成功!', 200);
  });

  // In the order they were always registered: freezing, password reset, delete and recycle bin; export, import.
  registerUserLifecycleRoutes(r);
  registerUserRosterRoutes(r);
}
