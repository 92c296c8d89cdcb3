// Department members (the anchor keeps most of these under /sys/user): the member list of a department and its
// subtree, adding users (from the candidate search), removing members and 清空班级. Registered from depart.ts.
// Scope as there: outside admins, only inside the caller's departments, and teachers move only students.
import type { Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { departMemberApi } from '../../contracts/departs.js';
import type { SysDepart } from '../../db/schema.js';
import { repairCurrentDeparts, subtreeByCodes } from '../../domain/departs.js';
import { decorate } from '../../domain/dicts.js';
import { newId } from '../../domain/ids.js';
import { camel } from '../../domain/serialize.js';
import { isSuperUser } from '../../domain/sessions.js';
import { escapeLike, like } from '../../domain/sql-like.js';
import { USER_COLUMNS } from '../../domain/users.js';
import { DEPART_ROUTE, departMembersList } from '../../resources/departs.js';
import { dictFields } from '../../resources/spec.js';
import { userFields } from '../../resources/users.js';
import { menu, perm, type ApiRoutes } from '../access.js';
import { fail, jsonBody, ok, page, paging, queryParams } from '../envelope.js';
import { applyFilters, applySort, idList } from '../list-query.js';
import { departScope, idsField, membershipsOf, NOT_FOUND, scopedDepart } from './depart-scope.js';
import { movableMembers, movesAll } from '../../domain/class-membership.js';

const membersBody = z.object({
  depId: z.string({ message: '请选择部门' }).trim().min(1, '请选择部门').max(64, NOT_FOUND),
  userIdList: idsField('用户', 500).refine((v) => v.length > 0, '请选择要添加的用户'),
});

const memberFields = userFields.fieldMap(['username', 'realname', 'sex', 'status', 'userIdentity', 'phone', 'createTime'], 'u.');

export function registerDepartMemberRoutes(r: ApiRoutes) {
  const screen = menu(DEPART_ROUTE);

  // 清空班级. The anchor did this on GET, so a link on any site could empty a class; only DELETE changes data.
  r.get('/sys/sysDepart/removeAll', perm('depart:member'), (c) => fail(c, '不支持GET请求方法，清空班级请使用DELETE请求', 405, 405));
  r.at(departMemberApi.removeAll, perm('depart:member'), async (c) => {
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
    const movable = await movableMembers(db, user, members);
    const removable = members.filter((m) => movable.has(m.id));
    await removeMembers(c, d, removable.map((m) => m.id));
    return ok(c, { removed: removable.length }, removable.length ? `已清空班级，移出${removable.length}名成员` : '班级中没有可移出的成员', 200);
  });

  // Candidates for "add member": users matching a keyword who are not members yet and whom the caller may add.
  r.at(departMemberApi.candidates, perm('depart:member'), async (c) => {
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
    const movable = await movableMembers(db, user, rows);
    for (const u of rows) {
      if (!isSuperUser(user)) {
        if (!movable.has(u.id)) continue;
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

  r.at(departMemberApi.list, screen, async (c) => {
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
    const movable = await movableMembers(db, c.get('user')!, rows);
    const records = rows.map((u) => ({
      ...camel(u),
      /** Row ability: whether the caller may take this member out (domain/class-membership.ts). */
      canRemove: movable.has(u.id),
      orgCodeTxt: links
        .filter((l) => l.user_id === u.id && subtreeIds.includes(l.dep_id))
        .map((l) => names.get(l.dep_id))
        .filter(Boolean)
        .join(','),
    }));
    const decorated = await decorate(db, records, dictFields(departMembersList));
    return ok(c, page(decorated, Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 0);
  });

  r.at(departMemberApi.add, perm('depart:member'), async (c) => {
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
    if (!(await movesAll(db, user, users))) return fail(c, '权限不足，只能添加学生');
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
    if (!(await movesAll(db, user, members))) return fail(c, '权限不足，只能移出学生');
    await removeMembers(c, d, userIds);
    return ok(c, null, '删除成功!', 200);
  };
  r.at(departMemberApi.remove, perm('depart:member'), (c) => removeFromDepart(c, c.req.query('depId'), idList(c.req.query('userId'), 1)));
  r.at(departMemberApi.removeBatch, perm('depart:member'), (c) => removeFromDepart(c, c.req.query('depId'), idList(c.req.query('userIds'), 500)));
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
