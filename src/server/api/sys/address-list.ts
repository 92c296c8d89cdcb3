// 通讯录: GET /sys/user/queryByOrgCodeForAddressList (the anchor's path and parameters: orgCode, realname,
// workNo, pageNo, pageSize) — the people of a department and its sub-departments, with their positions.
//
// Scoped like 用户管理 (domain/user-scope): admins see everyone, anyone else the members of the departments they
// manage; an orgCode outside that scope is refused, and department names outside it are not shown. Data rules
// granted on the 通讯录 menu narrow it further. Records carry contact fields only, never password or salt.
import type { Context } from 'hono';
import { sql } from 'kysely';
import type { ApiEnv } from '../../context.js';
import { addressListApi } from '../../contracts/positions.js';
import { dataRuleFilter } from '../../domain/data-rules.js';
import { positionNames, postText } from '../../domain/positions.js';
import { camel, fileUrl } from '../../domain/serialize.js';
import { contains, escapeLike } from '../../domain/sql-like.js';
import { hasScope, NO_MANAGED_DEPARTS, orgCodeInScope, scopeMemberIds, userScope } from '../../domain/user-scope.js';
import { ADDRESS_LIST_ROUTE, addressList } from '../../resources/positions.js';
import { menu, type ApiRoutes } from '../access.js';
import { fail, ok, page, paging } from '../envelope.js';
import { applySort, type FieldMap } from '../list-query.js';
import { ruleColumns } from './user-admin-scope.js';

type Ctx = Context<ApiEnv>;

/** Sort keys (filters are applied below: the anchor matches realname and workNo as "contains"). */
const fields: FieldMap = {
  realname: { column: 'u.realname' },
  workNo: { column: 'u.work_no' },
};

const COLUMNS = ['u.id', 'u.username', 'u.realname', 'u.avatar', 'u.sex', 'u.work_no', 'u.post', 'u.telephone', 'u.phone', 'u.email', 'u.org_code', 'u.status'] as const;

/** The anchor's filters are plain text matched anywhere; the list page sends `*text*`: both mean "contains". */
const searchText = (v: string | undefined) => (v ?? '').replace(/\*/g, '').trim().slice(0, 50);

async function addressBook(c: Ctx) {
  const user = c.get('user')!;
  const { db } = c.get('deps');
  const scope = await userScope(db, user);
  if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
  let qb = db.selectFrom('sys_user as u').where('u.del_flag', '=', 0);
  if (!scope.all) qb = qb.where('u.id', 'in', scopeMemberIds(db, scope));

  const orgCode = (c.req.query('orgCode') ?? '').trim();
  if (orgCode) {
    if (orgCode.length > 64) return fail(c, '部门编码格式不正确');
    const depart = await db.selectFrom('sys_depart').select('org_code').where('org_code', '=', orgCode).executeTakeFirst();
    if (!depart) return fail(c, '未找到对应部门');
    if (!orgCodeInScope(scope, depart.org_code)) return fail(c, '权限不足，只能查看您负责的班级');
    qb = qb.where(
      'u.id',
      'in',
      db
        .selectFrom('sys_user_depart as aud')
        .innerJoin('sys_depart as ad', 'ad.id', 'aud.dep_id')
        .select('aud.user_id')
        .where(sql<boolean>`${sql.ref('ad.org_code')} like ${`${escapeLike(depart.org_code)}%`} escape ${'\\'}`),
    );
  }
  const realname = searchText(c.req.query('realname'));
  if (realname) qb = qb.where(contains('u.realname', realname));
  const workNo = searchText(c.req.query('workNo'));
  if (workNo) qb = qb.where(contains('u.work_no', workNo));
  const rule = await dataRuleFilter(db, { userId: user.id, username: user.username, realname: user.realname, orgCode: user.orgCode }, ADDRESS_LIST_ROUTE, ruleColumns);
  if (rule) qb = qb.where(rule);

  // Paged here rather than by pagedList: its filters would read realname/workNo as exact values.
  const { pageNo, pageSize, offset } = paging(c, 10, 500);
  const [rows, count] = await Promise.all([
    applySort(qb.select([...COLUMNS]), c.req.query(), addressList, fields, 'u.id').limit(pageSize).offset(offset).execute(),
    qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const ids = rows.map((r) => r.id);
  const [names, departs] = await Promise.all([
    positionNames(db),
    ids.length
      ? db.selectFrom('sys_user_depart as ud').innerJoin('sys_depart as d', 'd.id', 'ud.dep_id').select(['ud.user_id', 'd.depart_name', 'd.org_code']).where('ud.user_id', 'in', ids).execute()
      : Promise.resolve([]),
  ]);
  const byUser = new Map<string, string[]>();
  for (const d of departs.sort((x, y) => x.org_code.localeCompare(y.org_code))) {
    // Only the departments the caller may see: a class elsewhere is not theirs to learn about.
    if (!orgCodeInScope(scope, d.org_code)) continue;
    byUser.set(d.user_id, [...(byUser.get(d.user_id) ?? []), d.depart_name]);
  }
  const records = rows.map((row) => ({
    ...camel(row),
    avatar_url: fileUrl(row.avatar),
    post_dictText: postText(names, row.post),
    departName: (byUser.get(row.id) ?? []).join(','),
  }));
  return ok(c, page(records, Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 0);
}

export function registerAddressListRoutes(r: ApiRoutes) {
  r.at(addressListApi.list, menu(ADDRESS_LIST_ROUTE), addressBook);
}
