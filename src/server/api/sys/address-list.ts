// 通讯录: GET /sys/user/queryByOrgCodeForAddressList (the anchor's path and parameters: orgCode, realname,
// workNo, pageNo, pageSize) — the people of a department and its sub-departments, with their positions.
//
// Scoped like 用户管理 (domain/user-scope): admins see everyone, anyone else the members of the departments they
// manage; an orgCode outside that scope is refused, and department names outside it are not shown. Data rules
// granted on the 通讯录 menu narrow it further. Records carry contact fields only, never password or salt.
import type { Context } from 'hono';
import { sql } from 'kysely';
import type { ApiEnv } from '../../context.js';
import { dataRuleFilter } from '../../domain/data-rules.js';
import { positionNames, postText } from '../../domain/positions.js';
import { camel, fileUrl } from '../../domain/serialize.js';
import { contains, escapeLike } from '../../domain/sql-like.js';
import { hasScope, NO_MANAGED_DEPARTS, orgCodeInScope, scopeMemberIds, userScope } from '../../domain/user-scope.js';
import { ADDRESS_LIST_ROUTE, addressList } from '../../lists/positions.js';
import { menu, type ApiRoutes } from '../access.js';
import { fail } from '../envelope.js';
import { pagedList, type FieldMap } from '../list-query.js';
import { ruleColumns } from './user-admin.js';

type Ctx = Context<ApiEnv>;

/** Sort keys only: realname and workNo are matched as "contains" below, as the anchor does. */
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

  return pagedList(c, {
    spec: addressList,
    fields,
    base: qb,
    select: (x) => x.select([...COLUMNS]),
    toRecord: (row) => ({ ...camel(row as Record<string, unknown>), avatar_url: fileUrl((row as { avatar: string | null }).avatar) }),
    tieBreak: 'u.id',
    enrich: async (records) => {
      const ids = records.map((r) => String(r.id));
      const [names, departs] = await Promise.all([
        positionNames(db),
        ids.length
          ? db.selectFrom('sys_user_depart as ud').innerJoin('sys_depart as d', 'd.id', 'ud.dep_id').select(['ud.user_id', 'd.depart_name', 'd.org_code']).where('ud.user_id', 'in', ids).execute()
          : Promise.resolve([]),
      ]);
      const byUser = new Map<string, string[]>();
      for (const d of departs.sort((a, b) => a.org_code.localeCompare(b.org_code))) {
        // Only the departments the caller may see: a class elsewhere is not theirs to learn about.
        if (!orgCodeInScope(scope, d.org_code)) continue;
        byUser.set(d.user_id, [...(byUser.get(d.user_id) ?? []), d.depart_name]);
      }
      return records.map((r) => ({
        ...r,
        post_dictText: postText(names, r.post),
        departName: (byUser.get(String(r.id)) ?? []).join(','),
      }));
    },
  });
}

export function registerAddressListRoutes(r: ApiRoutes) {
  r.get('/sys/user/queryByOrgCodeForAddressList', menu(ADDRESS_LIST_ROUTE), addressBook);
}
