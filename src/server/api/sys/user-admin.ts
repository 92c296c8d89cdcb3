// 用户管理 (/sys/user): the scoped user list, add/edit with roles and departments, freeze/unfreeze, the
// administrator's password reset, logical delete with its recycle bin, Excel export and class-roster import,
// and the reads the user form needs (queryById, queryUserRole, userDepartList, departOptions, checkOnlyUser,
// queryUserByDepId).
//
// Who sees whom: admins and developers everyone; anyone else the members of the subtrees of the departments
// they manage (domain/user-scope), narrowed by the data rules granted on the 用户管理 menu (the teacher's
// 仅显示学生). Outside admin/dev nobody assigns a role at or above their own level, or touches a user at or
// above it (`权限不足`); only admins set the classes a user manages (负责班级).
import { recordDataLog } from '../../domain/data-log.js';
import type { Context } from 'hono';
import { sql, type Kysely } from 'kysely';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { clearBackpack } from '../../domain/backpack.js';
import { storedRuleChecker } from '../../domain/code-rules.js';
import { dataRuleFilter, type RuleColumns } from '../../domain/data-rules.js';
import { newId } from '../../domain/ids.js';
import { generatedPasswordCost, generatePassword, hashPassword } from '../../domain/password.js';
import { camel, fileUrl } from '../../domain/serialize.js';
import { announceSessionsEnded } from '../../domain/session-watch.js';
import { isSuperUser, outranks, revokeUserSessions } from '../../domain/sessions.js';
import { contains } from '../../domain/sql-like.js';
import { now } from '../../domain/time.js';
import { managedDepartIds, USER_COLUMNS } from '../../domain/users.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  departsInScope,
  departsOutsideScope,
  hasScope,
  NO_MANAGED_DEPARTS,
  orgCodeInScope,
  roleLevels,
  scopeMemberIds,
  userScope,
  type UserScope,
} from '../../domain/user-scope.js';
import { ROSTER_COLUMNS, USERS_ROUTE, usersList } from '../../lists/users.js';
import { PASSWORD_IS_USERNAME, passwordProblem } from '../../shared/password-policy.js';
import { LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { exportResponse, importAnswer, readImportRows } from '../excel.js';
import { applyFilters, filteredRows, idList, pagedList, type FieldMap, type PagedListOptions } from '../list-query.js';
import { requiredName } from '../names.js';

type Ctx = Context<ApiEnv>;
type Db = Kysely<Database>;

/** The 编码校验规则 the user API enforces on 工号 (seeded; a school may edit or delete it). */
const WORK_NO_RULE = 'work_no';
const DENIED = '权限不足';
const IMPORT_ABANDONED = '导入未完成（连接已断开或超时），未导入任何数据，请重新导入或分批导入';
const ROLE_DENIED = '权限不足，无法分配所选角色';
const MANAGED_DENIED = '只有管理员可以设置负责班级';
const NOT_FOUND = '未找到对应实体';

/** Filters and sort keys of the list (the anchor's query syntax applies to each). */
const fields: FieldMap = {
  username: { column: 'u.username' },
  realname: { column: 'u.realname' },
  sex: { column: 'u.sex', type: 'number' },
  status: { column: 'u.status', type: 'number' },
  phone: { column: 'u.phone' },
  email: { column: 'u.email' },
  workNo: { column: 'u.work_no' },
  userIdentity: { column: 'u.user_identity', type: 'number' },
  createTime: { column: 'u.create_time', type: 'date' },
};

/** Columns a data rule on 用户管理 may name (rule_column in snake_case or camelCase). */
export const ruleColumns: RuleColumns = {
  id: { column: 'u.id' },
  username: { column: 'u.username' },
  realname: { column: 'u.realname' },
  sex: { column: 'u.sex', type: 'number' },
  status: { column: 'u.status', type: 'number' },
  userIdentity: { column: 'u.user_identity', type: 'number' },
  orgCode: { column: 'u.org_code' },
  email: { column: 'u.email' },
  phone: { column: 'u.phone' },
  workNo: { column: 'u.work_no' },
  school: { column: 'u.school' },
  post: { column: 'u.post' },
  createBy: { column: 'u.create_by' },
  createTime: { column: 'u.create_time', type: 'date' },
};

// ---------------------------------------------------------------------------------------------------------
// Scope

/** The users the caller may see (deleted ones for the recycle bin), or the refusal when they manage nothing. */
async function scopedUsers(c: Ctx, deleted = false) {
  const user = c.get('user')!;
  const { db } = c.get('deps');
  const scope = await userScope(db, user);
  if (!hasScope(scope)) return { ok: false as const, message: NO_MANAGED_DEPARTS };
  let qb = db.selectFrom('sys_user as u').where('u.del_flag', '=', deleted ? 1 : 0);
  if (!scope.all) qb = qb.where('u.id', 'in', scopeMemberIds(db, scope));
  const rule = await dataRuleFilter(db, { userId: user.id, username: user.username, realname: user.realname, orgCode: user.orgCode }, USERS_ROUTE, ruleColumns);
  if (rule) qb = qb.where(rule);
  return { ok: true as const, qb, scope };
}

interface Target {
  id: string;
  username: string;
  realname: string;
  org_code: string | null;
  user_identity: number;
}

/**
 * The users `ids` names, when the caller may act on every one of them: they exist (deleted or not, as
 * asked), lie inside the caller's scope and data rules, and the caller outranks every one (admins: anyone).
 */
export async function manageable(c: Ctx, ids: string[], opts: { deleted?: boolean; notFound?: string } = {}): Promise<{ ok: true; targets: Target[]; scope: UserScope } | { ok: false; response: Response }> {
  const unique = [...new Set(ids)];
  if (!unique.length) return { ok: false, response: fail(c, '请选择用户') };
  const { db } = c.get('deps');
  const rows = await db
    .selectFrom('sys_user')
    .select(['id', 'username', 'realname', 'org_code', 'user_identity'])
    .where('id', 'in', unique)
    .where('del_flag', '=', opts.deleted ? 1 : 0)
    .execute();
  if (rows.length !== unique.length) return { ok: false, response: fail(c, opts.notFound ?? NOT_FOUND) };
  const scoped = await scopedUsers(c, opts.deleted);
  if (!scoped.ok) return { ok: false, response: fail(c, scoped.message) };
  const visible = await scoped.qb.select('u.id').where('u.id', 'in', unique).execute();
  if (visible.length !== unique.length) return { ok: false, response: fail(c, DENIED) };
  const levels = await roleLevels(db, unique);
  const me = c.get('user')!;
  if ([...levels.values()].some((l) => !outranks(me, l))) return { ok: false, response: fail(c, DENIED) };
  return { ok: true, targets: rows, scope: scoped.scope };
}

// ---------------------------------------------------------------------------------------------------------
// Records

const chunks = <T>(xs: T[], size: number) => Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, i * size + size));

/** Adds orgCodeTxt (member departments), roleTxt, departIds (managed) and their names: three queries per 1000 records. */
async function enrichUsers(db: Db, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const ids = records.map((r) => String(r.id));
  const member = new Map<string, string[]>();
  const roles = new Map<string, string[]>();
  const managed = new Map<string, { id: string; name: string }[]>();
  const push = <V>(m: Map<string, V[]>, k: string, v: V) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  // Sorted here, not in SQL: an ORDER BY on the joined table lets the planner drive the join from it and
  // probe the links for every department (measured: 130 ms per 1000 users instead of 1 ms).
  const byCode = (a: { org_code: string }, b: { org_code: string }) => a.org_code.localeCompare(b.org_code);
  for (const part of chunks(ids, 1000)) {
    const [d, r, m] = await Promise.all([
      db.selectFrom('sys_user_depart as ud').innerJoin('sys_depart as d', 'd.id', 'ud.dep_id').select(['ud.user_id', 'd.depart_name', 'd.org_code']).where('ud.user_id', 'in', part).execute(),
      db.selectFrom('sys_user_role as ur').innerJoin('sys_role as r', 'r.id', 'ur.role_id').select(['ur.user_id', 'r.role_name', 'r.role_level']).where('ur.user_id', 'in', part).execute(),
      db
        .selectFrom('sys_user_manage_depart as md')
        .innerJoin('sys_depart as d', 'd.id', 'md.dep_id')
        .select(['md.user_id', 'd.id', 'd.depart_name', 'd.org_code'])
        .where('md.user_id', 'in', part)
        .execute(),
    ]);
    for (const x of d.sort(byCode)) push(member, x.user_id, x.depart_name);
    for (const x of r.sort((a, b) => b.role_level - a.role_level || a.role_name.localeCompare(b.role_name))) push(roles, x.user_id, x.role_name);
    for (const x of m.sort(byCode)) push(managed, x.user_id, { id: x.id, name: x.depart_name });
  }
  return records.map((rec) => {
    const id = String(rec.id);
    const own = managed.get(id) ?? [];
    return {
      ...rec,
      orgCodeTxt: (member.get(id) ?? []).join(','),
      roleTxt: (roles.get(id) ?? []).join(','),
      departIds: own.map((x) => x.id).join(','),
      departIds_dictText: own.map((x) => x.name).join(','),
    };
  });
}

const toRecord = (row: Record<string, unknown>) => ({ ...camel(row), avatar_url: fileUrl(row.avatar as string | null) });

/** The list's query: scope, data rules, and the anchor's extra filters departId, roleId, roleCode. */
function listOptions(c: Ctx, base: Awaited<ReturnType<typeof scopedUsers>> & { ok: true }): PagedListOptions<Record<string, unknown>> {
  const { db } = c.get('deps');
  const q = c.req.query();
  let qb = base.qb;
  const departIds = idList(q.departId, 200);
  if (departIds.length) qb = qb.where('u.id', 'in', db.selectFrom('sys_user_depart as fd').select('fd.user_id').where('fd.dep_id', 'in', departIds));
  // departName (an extension of the contract): members of departments whose name matches, in the query syntax.
  if ((q.departName ?? '').trim()) {
    const named = applyFilters(db.selectFrom('sys_depart as fdn').select('fdn.id'), { departName: q.departName.slice(0, 100) }, { departName: { column: 'fdn.depart_name' } });
    qb = qb.where('u.id', 'in', db.selectFrom('sys_user_depart as fdm').select('fdm.user_id').where('fdm.dep_id', 'in', named));
  }
  const roleIds = idList(q.roleId, 50);
  if (roleIds.length) qb = qb.where('u.id', 'in', db.selectFrom('sys_user_role as fr').select('fr.user_id').where('fr.role_id', 'in', roleIds));
  const roleCodes = idList(q.roleCode, 50);
  if (roleCodes.length) {
    qb = qb.where(
      'u.id',
      'in',
      db.selectFrom('sys_user_role as fr').innerJoin('sys_role as frr', 'frr.id', 'fr.role_id').select('fr.user_id').where('frr.role_code', 'in', roleCodes),
    );
  }
  return {
    spec: usersList,
    fields,
    base: qb,
    select: (x) => x.select([...USER_COLUMNS]),
    toRecord,
    tieBreak: 'u.id',
    // (del_flag, create_time, id) then serves the default sort and its tie-break in one index walk.
    tieBreakFollows: true,
    enrich: (records) => enrichUsers(db, records),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Validation

const trimmed = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v);
/** Numbers may arrive as numbers or numeric strings (forms); anything else stays as it is and fails. */
const numeric = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return null;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  return v;
};
const optionalText = (max: number, label: string) =>
  z.preprocess(trimmed, z.string({ message: `${label}必须是文本` }).max(max, `${label}不能超过${max}个字符`).nullish());

/** A comma list (the anchor's `a,b,`) or an array of ids. */
const idListField = (label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '') : typeof v === 'string' ? idList(v, 501) : v),
    z.array(z.string({ message: `${label}格式不正确` }).max(64, `${label}格式不正确`), { message: `${label}格式不正确` }).max(500, `${label}最多500个`).optional(),
  );

const userFields = {
  realname: requiredName('真实姓名', 50),
  sex: z.preprocess(numeric, z.number({ message: '性别只能是男或女' }).refine((n) => [0, 1, 2].includes(n), '性别只能是男或女').nullish()),
  birthday: z.preprocess(
    trimmed,
    z
      .string({ message: '生日格式应为yyyy-MM-dd' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, '生日格式应为yyyy-MM-dd')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), '生日不是有效的日期')
      .refine((d) => d <= now().slice(0, 10) && d >= '1900-01-01', '生日不在有效范围内')
      .nullish(),
  ),
  email: z.preprocess(trimmed, z.string({ message: '邮箱必须是文本' }).max(100, '邮箱不能超过100个字符').pipe(z.email('请输入正确的邮箱地址')).nullish()),
  phone: z.preprocess(trimmed, z.string({ message: '手机号必须是文本' }).regex(/^1\d{10}$/, '请输入正确的11位手机号码').nullish()),
  workNo: optionalText(32, '工号'),
  userIdentity: z.preprocess(numeric, z.number({ message: '身份只能是学生或教师' }).refine((n) => n === 1 || n === 2, '身份只能是学生或教师').nullish()),
  selectedroles: idListField('角色'),
  selecteddeparts: idListField('所属班级'),
  departIds: idListField('负责班级'),
  // 职务: position codes, stored as the anchor's comma list in sys_user.post.
  post: z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '') : typeof v === 'string' ? idList(v, 51) : v === null ? [] : v),
    z.array(z.string({ message: '职务格式不正确' }).max(100, '职务格式不正确'), { message: '职务格式不正确' }).max(50, '职务最多50个').optional(),
  ),
};

/** The rule for account names (3–32 of letters, digits and _ . @ -), shared with self-registration. */
export const username = z
  .string({ message: '请输入用户账号' })
  .trim()
  .min(1, '请输入用户账号')
  .min(3, '用户账号长度应为3到32个字符')
  .max(32, '用户账号长度应为3到32个字符')
  .regex(/^[A-Za-z0-9_.@-]+$/, '用户账号只能包含字母、数字和 _ . @ -');

/** A password someone sets for a user: the policy of shared/password-policy.ts. */
const password = z
  .string({ message: '请输入密码' })
  .min(1, '请输入密码')
  .max(64, '密码不能超过64个字符')
  .superRefine((v, ctx) => {
    const problem = v ? passwordProblem(v) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const addBody = z
  .object({ username, password, confirmpassword: z.string({ message: '请确认密码' }).optional(), ...userFields })
  .refine((b) => b.confirmpassword === undefined || b.confirmpassword === b.password, { message: '两次输入的密码不一样！', path: ['confirmpassword'] })
  .refine((b) => passwordProblem(b.password, b.username) !== PASSWORD_IS_USERNAME, { message: PASSWORD_IS_USERNAME, path: ['password'] });

const editBody = z.object({
  id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, 'id格式不正确'),
  username: username.optional(),
  ...userFields,
  realname: userFields.realname.optional(),
});

type UserFields = z.infer<typeof editBody>;

const UNIQUE_FIELDS = [
  { key: 'username', column: 'username', label: '用户账号' },
  { key: 'email', column: 'email', label: '邮箱' },
  { key: 'phone', column: 'phone', label: '手机号' },
  { key: 'workNo', column: 'work_no', label: '工号' },
] as const;

/** The first unique field whose value another account (deleted ones too: the index covers them) holds. */
export async function duplicateOf(db: Db, values: Partial<Record<'username' | 'email' | 'phone' | 'workNo', string | null | undefined>>, exceptId?: string) {
  for (const f of UNIQUE_FIELDS) {
    const v = values[f.key];
    if (!v) continue;
    let q = db.selectFrom('sys_user').select(['id', 'del_flag']).where(f.column, '=', v);
    if (exceptId) q = q.where('id', '!=', exceptId);
    const hit = await q.executeTakeFirst();
    if (hit) return { field: f.key, message: `${f.label}已存在${hit.del_flag === 1 ? '（该用户在回收站中）' : ''}` };
  }
  return null;
}

/**
 * Checks what the body assigns: roles exist and are below the caller's level (any for admins; student by
 * default), departments exist and, for callers without the admin role, lie inside their scope; managed
 * departments are set by admins only (others may send the current ones back unchanged). `targetId` is the user
 * being edited (absent when adding). Returns the refusal response, or the lists to write (undefined = leave
 * unchanged on edit).
 */
async function checkAssignment(
  c: Ctx,
  scope: UserScope,
  b: Pick<UserFields, 'selectedroles' | 'selecteddeparts' | 'departIds'>,
  targetId?: string,
): Promise<{ ok: false; response: Response } | { ok: true; roleIds?: string[]; memberIds?: string[]; managedIds?: string[] }> {
  const { db } = c.get('deps');
  const user = c.get('user')!;
  const adding = targetId === undefined;
  let roleIds = b.selectedroles;
  if (roleIds !== undefined || adding) {
    roleIds = [...new Set(roleIds ?? [])];
    if (!roleIds.length) {
      const student = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'student').executeTakeFirst();
      roleIds = student ? [student.id] : [];
    } else {
      const roles = await db.selectFrom('sys_role').select(['id', 'role_level']).where('id', 'in', roleIds).execute();
      if (roles.length !== roleIds.length) return { ok: false, response: fieldFail(c, 'selectedroles', '所选角色不存在') };
      if (roles.some((r) => !outranks(user, r.role_level))) return { ok: false, response: fieldFail(c, 'selectedroles', ROLE_DENIED) };
    }
  }
  const checkDeparts = async (key: 'selecteddeparts' | 'departIds', ids: string[] | undefined) => {
    if (ids === undefined) return null;
    const { unknown, outside } = await departsOutsideScope(db, scope, [...new Set(ids)]);
    if (unknown.length) return fieldFail(c, key, '所选班级不存在');
    if (outside.length) return fieldFail(c, key, '只能选择您负责范围内的班级');
    return null;
  };
  const memberIds = b.selecteddeparts === undefined ? undefined : [...new Set(b.selecteddeparts)];
  const managedIds = b.departIds === undefined ? undefined : [...new Set(b.departIds)];
  // Managed classes are what a teacher's reach is made of: only an administrator hands them out.
  if (managedIds !== undefined && !isSuperUser(user)) {
    const current = new Set(targetId ? await managedDepartIds(db, targetId) : []);
    if (managedIds.length !== current.size || managedIds.some((id) => !current.has(id))) return { ok: false, response: fieldFail(c, 'departIds', MANAGED_DENIED) };
  }
  const bad = (await checkDeparts('selecteddeparts', memberIds)) ?? (await checkDeparts('departIds', managedIds));
  if (bad) return { ok: false, response: bad };
  // Someone without the admin role manages users through their classes: a user they create or keep must
  // belong to at least one of them, or it would vanish from their own list.
  if (!scope.all && (adding || memberIds !== undefined) && !(memberIds ?? []).length) {
    return { ok: false, response: fieldFail(c, 'selecteddeparts', '请选择所属班级') };
  }
  return { ok: true, roleIds, memberIds, managedIds };
}

/** The post column for the chosen position codes (in the order given), or the refusal when one does not exist. */
async function postValue(db: Db, codes: string[] | undefined): Promise<{ ok: true; post?: string | null } | { ok: false; message: string }> {
  if (codes === undefined) return { ok: true };
  const unique = [...new Set(codes)];
  if (!unique.length) return { ok: true, post: null };
  const found = await db.selectFrom('sys_position').select('code').where('code', 'in', unique).execute();
  if (found.length !== unique.length) return { ok: false, message: '所选职务不存在' };
  return { ok: true, post: unique.join(',') };
}

/** Keeps the links of a department list the caller cannot see (outside their scope) when replacing it. */
async function keepOutsideScope(db: Db, table: 'sys_user_depart' | 'sys_user_manage_depart', userId: string, scope: UserScope, chosen: string[]) {
  if (scope.all) return chosen;
  const linked = db.selectFrom(table).select('dep_id').where('user_id', '=', userId);
  const current = await db.selectFrom('sys_depart as d').select(['d.id', 'd.org_code']).where('d.id', 'in', linked).execute();
  const hidden = current.filter((d) => !orgCodeInScope(scope, d.org_code)).map((d) => d.id);
  return [...new Set([...chosen, ...hidden])];
}

async function orgCodeOf(db: Db, departIds: string[]): Promise<string | null> {
  if (!departIds.length) return null;
  const rows = await db.selectFrom('sys_depart').select(['id', 'org_code']).where('id', 'in', departIds).execute();
  const byId = new Map(rows.map((r) => [r.id, r.org_code]));
  return byId.get(departIds[0]) ?? rows[0]?.org_code ?? null;
}

type Tx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

async function replaceLinks(tx: Tx, table: 'sys_user_role' | 'sys_user_depart' | 'sys_user_manage_depart', userId: string, ids: string[]) {
  await tx.deleteFrom(table).where('user_id', '=', userId).execute();
  if (!ids.length) return;
  if (table === 'sys_user_role') {
    await tx.insertInto('sys_user_role').values(ids.map((role_id) => ({ id: newId(), user_id: userId, role_id }))).execute();
  } else {
    await tx.insertInto(table).values(ids.map((dep_id) => ({ id: newId(), user_id: userId, dep_id }))).execute();
  }
}

/** Accepts '1'/'2' as numbers or strings. */
const statusField = z.preprocess(numeric, z.number({ message: '状态只能是1（正常）或2（冻结）' }).refine((n) => n === 1 || n === 2, '状态只能是1（正常）或2（冻结）'));
const idsField = (label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    z.string({ message: `请选择${label}` }).max(100_000, `${label}过多`).transform((s) => idList(s, 1000)).refine((l) => l.length > 0, `请选择${label}`),
  );

// ---------------------------------------------------------------------------------------------------------
// Import

const SEX_TEXT: Record<string, number> = { 男: 1, 女: 2, 未知: 0, '1': 1, '2': 2, '0': 0 };
const IDENTITY_TEXT: Record<string, number> = { 学生: 1, 教师: 2, 老师: 2, '1': 1, '2': 2 };

const rosterRow = z.object({
  username,
  realname: userFields.realname,
  sex: z
    .string()
    .optional()
    .transform((s) => (s === undefined ? null : (SEX_TEXT[s.trim()] ?? -1)))
    .refine((n) => n !== -1, '性别只能是男或女'),
  userIdentity: z
    .string()
    .optional()
    .transform((s) => (s === undefined ? 1 : (IDENTITY_TEXT[s.trim()] ?? -1)))
    .refine((n) => n !== -1, '身份只能是学生或教师'),
  phone: userFields.phone,
  email: userFields.email,
  workNo: userFields.workNo,
  classes: z
    .string()
    .optional()
    .transform((s) => (s ?? '').split(/[,，、;；\s]+/).map((x) => x.trim()).filter(Boolean)),
  password: password.optional(),
}).refine((r) => !r.password || passwordProblem(r.password, r.username) !== PASSWORD_IS_USERNAME, { message: PASSWORD_IS_USERNAME, path: ['password'] });

// ---------------------------------------------------------------------------------------------------------

export function registerUserAdminRoutes(r: ApiRoutes) {
  r.get('/sys/user/list', menu(USERS_ROUTE), async (c) => {
    const scoped = await scopedUsers(c);
    if (!scoped.ok) return fail(c, scoped.message);
    return pagedList(c, listOptions(c, scoped));
  });

  r.get('/sys/user/queryById', menu(USERS_ROUTE), async (c) => {
    const id = c.req.query('id') ?? '';
    const target = await manageable(c, [id], {});
    if (!target.ok) return id ? target.response : fail(c, NOT_FOUND);
    const { db } = c.get('deps');
    const row = await db.selectFrom('sys_user as u').select([...USER_COLUMNS]).where('u.id', '=', id).executeTakeFirstOrThrow();
    const [rec] = await enrichUsers(db, [toRecord(row)]);
    return ok(c, rec, '操作成功！', 0);
  });

  r.get('/sys/user/queryUserRole', menu(USERS_ROUTE), async (c) => {
    const id = c.req.query('userid') ?? '';
    const target = await manageable(c, [id]);
    if (!target.ok) return id ? target.response : fail(c, NOT_FOUND);
    const rows = await c.get('deps').db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', id).execute();
    return rows.length ? ok(c, rows.map((x) => x.role_id), '操作成功！', 0) : fail(c, '未找到用户相关角色信息');
  });

  r.get('/sys/user/userDepartList', menu(USERS_ROUTE), async (c) => {
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
  r.get('/sys/user/departOptions', LOGGED_IN, async (c) => {
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
  const checkLimiter = new RateLimiterMemory({ points: 60, duration: 60 });
  r.get('/sys/user/checkOnlyUser', LOGGED_IN, async (c) => {
    try {
      await checkLimiter.consume(c.get('user')!.id);
    } catch {
      return fail(c, '请求过于频繁，请稍后再试', 429);
    }
    const q = c.req.query();
    const checks = (['username', 'phone', 'email'] as const).map((k) => [k, (q[k] ?? '').trim()] as const).filter(([, v]) => v !== '');
    if (!checks.length) return fail(c, '请提供用户账号、手机号或邮箱');
    if (checks.some(([, v]) => v.length > 100)) return fail(c, '参数过长');
    const { db } = c.get('deps');
    let query = db.selectFrom('sys_user').select('id');
    for (const [k, v] of checks) query = query.where(k, '=', v);
    const hit = await query.executeTakeFirst();
    const label = { username: '用户账号', phone: '手机号', email: '邮箱' }[checks[0][0]];
    return hit ? c.json({ success: false, message: `${label}已存在`, code: 500, result: true, timestamp: Date.now() }) : ok(c, true, '该值可用！', 0);
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

  r.post('/sys/user/add', perm('user:add'), async (c) => {
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

  r.put('/sys/user/edit', perm('user:edit'), async (c) => {
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

  r.put('/sys/user/frozenBatch', perm('user:status'), async (c) => {
    const body = await jsonBody(c, z.object({ ids: idsField('用户'), status: statusField }));
    if (!body.ok) return body.response;
    const me = c.get('user')!;
    if (body.data.status === 2 && body.data.ids.includes(me.id)) return fail(c, '不能冻结当前登录用户');
    const target = await manageable(c, body.data.ids);
    if (!target.ok) return target.response;
    const { db } = c.get('deps');
    const ids = target.targets.map((t) => t.id);
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('sys_user').set({ status: body.data.status, update_by: me.username, update_time: now() }).where('id', 'in', ids).execute();
      // A frozen account is logged out everywhere at once.
      if (body.data.status === 2) await tx.deleteFrom('sys_session').where('user_id', 'in', ids).execute();
    });
    if (body.data.status === 2) announceSessionsEnded(db, { userIds: ids });
    return ok(c, null, '操作成功!', 200);
  });

  r.put('/sys/user/changePassword', perm('user:password'), async (c) => {
    const body = await jsonBody(
      c,
      z
        .object({
          id: z.string({ message: '用户不存在！' }).trim().max(64, '用户不存在！').optional(),
          username: z.string({ message: '用户不存在！' }).trim().max(64, '用户不存在！').optional(),
          password,
          confirmpassword: z.string({ message: '请确认密码' }).optional(),
        })
        .refine((x) => x.confirmpassword === undefined || x.confirmpassword === x.password, { message: '两次输入的密码不一样！', path: ['confirmpassword'] }),
    );
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const { id, username: name } = body.data;
    if (!id && !name) return fail(c, '用户不存在！');
    const found = await db
      .selectFrom('sys_user')
      .select(['id', 'username'])
      .where(id ? 'id' : 'username', '=', (id || name)!)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!found) return fail(c, '用户不存在！');
    const target = await manageable(c, [found.id], { notFound: '用户不存在！' });
    if (!target.ok) return target.response;
    if (passwordProblem(body.data.password, found.username) === PASSWORD_IS_USERNAME) return fieldFail(c, 'password', PASSWORD_IS_USERNAME);
    const me = c.get('user')!;
    await db
      .updateTable('sys_user')
      // A password reset for someone else is theirs to replace at their next login.
      .set({ password: await hashPassword(body.data.password), need_change_password: found.id === me.id ? 0 : 1, update_by: me.username, update_time: now() })
      .where('id', '=', found.id)
      .execute();
    await revokeUserSessions(db, found.id, found.id === me.id ? me.sessionId : undefined);
    return ok(c, null, '密码修改成功!', 200);
  });

  const deleteUsers = async (c: Ctx, ids: string[], batch: boolean) => {
    const me = c.get('user')!;
    if (!ids.length) return fail(c, '请选择用户');
    if (ids.includes(me.id)) return fail(c, '不能删除当前登录用户');
    const target = await manageable(c, ids);
    if (!target.ok) return target.response;
    const { db } = c.get('deps');
    const list = target.targets.map((t) => t.id);
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('sys_user').set({ del_flag: 1, update_by: me.username, update_time: now() }).where('id', 'in', list).execute();
      await tx.deleteFrom('sys_session').where('user_id', 'in', list).execute();
    });
    announceSessionsEnded(db, { userIds: list });
    return ok(c, null, batch ? '批量删除用户成功' : '删除用户成功', 200);
  };
  r.delete('/sys/user/delete', perm('user:del'), (c) => deleteUsers(c, idList(c.req.query('id'), 1), false));
  r.delete('/sys/user/deleteBatch', perm('user:del'), (c) => deleteUsers(c, idList(c.req.query('ids')), true));

  // The recycle bin: logically deleted users (most recently deleted first, at most 500), restore, purge.
  r.get('/sys/user/recycleBin', perm('user:recycle'), async (c) => {
    const scoped = await scopedUsers(c, true);
    if (!scoped.ok) return fail(c, scoped.message);
    const { db } = c.get('deps');
    const rows = await scoped.qb.select([...USER_COLUMNS]).orderBy('u.update_time', 'desc').orderBy('u.id').limit(500).execute();
    return ok(c, await enrichUsers(db, rows.map(toRecord)), '操作成功！', 0);
  });

  r.put('/sys/user/putRecycleBin', perm('user:recycle'), async (c) => {
    const body = await jsonBody(c, z.object({ userIds: idsField('用户') }));
    if (!body.ok) return body.response;
    const target = await manageable(c, body.data.userIds, { deleted: true });
    if (!target.ok) return target.response;
    const me = c.get('user')!;
    await c
      .get('deps')
      .db.updateTable('sys_user')
      .set({ del_flag: 0, update_by: me.username, update_time: now() })
      .where('id', 'in', target.targets.map((t) => t.id))
      .execute();
    return ok(c, null, '还原成功', 200);
  });

  r.delete('/sys/user/deleteRecycleBin', perm('user:recycle'), async (c) => {
    const ids = idList(c.req.query('userIds'));
    if (!ids.length) return fail(c, '请选择用户');
    const target = await manageable(c, ids, { deleted: true });
    if (!target.ok) return target.response;
    const list = target.targets.map((t) => t.id);
    await c
      .get('deps')
      .db.transaction()
      .execute(async (tx) => {
        for (const table of ['sys_user_role', 'sys_user_depart', 'sys_user_manage_depart', 'sys_depart_role_user', 'sys_session', 'sys_announcement_send'] as const) {
          await tx.deleteFrom(table).where('user_id', 'in', list).execute();
        }
        await tx.deleteFrom('sys_user').where('id', 'in', list).where('del_flag', '=', 1).execute();
      });
    // Their Scratch backpacks (rows and files) go with them; nobody else may read them.
    const { db, config } = c.get('deps');
    for (const id of list) await clearBackpack(db, config.filesDir, id);
    return ok(c, null, '删除成功', 200);
  });

  r.get('/sys/user/exportXls', perm('user:export'), async (c) => {
    const scoped = await scopedUsers(c);
    if (!scoped.ok) return fail(c, scoped.message);
    // Rosters run to thousands of rows: the plain (unstyled) workbook is written about 3× faster.
    return exportResponse(c, usersList, await filteredRows(c, listOptions(c, scoped), 'u.id', 50_000), { styles: false });
  });

  // Class rosters: 用户账号, 真实姓名, 性别, 身份, 手机号, 邮箱, 班级 (name or org code), 工号, 初始密码.
  // A row without 初始密码 gets a generated one, returned once in result.passwords for the teacher to hand out.
  //
  // All or nothing: every row is checked first (nothing written), the passwords are hashed (the slow part:
  // ~50 ms each), then every valid row is written in one short transaction, which commits only while the
  // author is still connected. So a process killed, a failure midway or an author gone (a proxy timing out)
  // leaves no account whose generated password nobody saw; the author imports the file again. A background
  // job with a result to fetch later would have to keep those passwords somewhere meanwhile; this keeps them
  // only in the answer.
  r.post('/sys/user/importExcel', perm('user:import'), async (c) => {
    // Aborted when the author's connection closes (a proxy timing out, a closed tab).
    const connection = c.req.raw.signal;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const scope = await userScope(db, user);
    if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
    const read = await readImportRows(c, ROSTER_COLUMNS, rosterRow);
    if (!read.ok) return read.response;
    const departs = await db.selectFrom('sys_depart').select(['id', 'depart_name', 'org_code']).execute();
    const byCode = new Map(departs.map((d) => [d.org_code, d]));
    const byName = new Map<string, typeof departs>();
    for (const d of departs) byName.set(d.depart_name, [...(byName.get(d.depart_name) ?? []), d]);
    const roles = await db.selectFrom('sys_role').select(['id', 'role_code', 'role_level']).where('role_code', 'in', ['student', 'teacher']).execute();
    const roleFor = (identity: number) => roles.find((r) => r.role_code === (identity === 2 ? 'teacher' : 'student')) ?? roles.find((r) => r.role_code === 'student');

    type Row = (typeof read.rows)[number];
    const errors = [...read.errors];
    const accepted: { row: Row; classIds: string[]; roleId: string | null }[] = [];
    // Values the rows above took: a second row with one of them is a duplicate like an existing account.
    const inFile = new Map(UNIQUE_FIELDS.map((f) => [f.key, new Set<string>()]));
    const workNoProblem = await storedRuleChecker(db, WORK_NO_RULE);
    const check = async ({ data: row }: Row): Promise<string | { classIds: string[]; roleId: string | null }> => {
      if (!scope.all && row.userIdentity !== 1) return '您只能导入学生';
      const badWorkNo = row.workNo ? workNoProblem(row.workNo) : null;
      if (badWorkNo) return `${badWorkNo}：${row.workNo}`;
      const classIds: string[] = [];
      for (const token of row.classes) {
        let d = byCode.get(token);
        if (!d) {
          const named = byName.get(token) ?? [];
          if (!named.length) return `班级不存在：${token}`;
          const mine = named.filter((x) => orgCodeInScope(scope, x.org_code));
          if (mine.length > 1) return `班级名称不唯一，请填写班级编码：${token}`;
          d = mine[0] ?? named[0];
        }
        if (!orgCodeInScope(scope, d.org_code)) return `班级不在您负责的范围内：${token}`;
        classIds.push(d.id);
      }
      if (!scope.all && !classIds.length) return '请填写班级';
      const role = roleFor(row.userIdentity);
      if (role && !outranks(user, role.role_level)) return ROLE_DENIED;
      const repeated = UNIQUE_FIELDS.find((f) => row[f.key] && inFile.get(f.key)!.has(row[f.key]!));
      if (repeated) return `${repeated.label}已存在：${row[repeated.key as 'username'] ?? ''}`;
      const dup = await duplicateOf(db, row);
      if (dup) return dup.message + `：${row[dup.field as 'username'] ?? ''}`;
      for (const f of UNIQUE_FIELDS) if (row[f.key]) inFile.get(f.key)!.add(row[f.key]!);
      return { classIds: [...new Set(classIds)], roleId: role?.id ?? null };
    };
    for (const r of read.rows) {
      const verdict = await check(r);
      if (typeof verdict === 'string') errors.push({ row: r.row, message: verdict });
      else accepted.push({ row: r, ...verdict });
    }

    // Hashing runs in libuv's thread pool; two at a time leave threads for everyone else's requests.
    const gone = () => connection.aborted;
    const generated = (username: string) => {
      let p: string;
      do p = generatePassword(10);
      while (passwordProblem(p, username));
      return p;
    };
    const plain = accepted.map((a) => a.row.data.password ?? generated(a.row.data.username));
    const hashes: string[] = new Array(accepted.length);
    let next = 0;
    const hasher = async () => {
      while (next < accepted.length && !gone()) {
        const i = next++;
        hashes[i] = await hashPassword(plain[i], accepted[i].row.data.password ? undefined : generatedPasswordCost());
      }
    };
    await Promise.all([hasher(), hasher()]);
    if (gone()) return fail(c, IMPORT_ABANDONED);

    const at = now();
    const users = accepted.map((a, i) => ({
      id: newId(),
      username: a.row.data.username,
      realname: a.row.data.realname,
      password: hashes[i],
      sex: a.row.data.sex,
      phone: a.row.data.phone ?? null,
      email: a.row.data.email ?? null,
      work_no: a.row.data.workNo ?? null,
      user_identity: a.row.data.userIdentity,
      org_code: departs.find((x) => x.id === a.classIds[0])?.org_code ?? null,
      status: 1,
      del_flag: 0,
      // Given in the file or generated: chosen by someone else, so the owner sets their own at first login.
      need_change_password: 1,
      create_by: user.username,
      create_time: at,
    }));
    const links = <T>(make: (a: (typeof accepted)[number], userId: string) => T[]) => accepted.flatMap((a, i) => make(a, users[i].id));
    try {
      await db.transaction().execute(async (tx) => {
        for (const part of chunks(users, 500)) await tx.insertInto('sys_user').values(part).execute();
        const roleLinks = links((a, id) => (a.roleId ? [{ id: newId(), user_id: id, role_id: a.roleId }] : []));
        for (const part of chunks(roleLinks, 1000)) await tx.insertInto('sys_user_role').values(part).execute();
        const classLinks = links((a, id) => a.classIds.map((dep_id) => ({ id: newId(), user_id: id, dep_id })));
        for (const part of chunks(classLinks, 1000)) await tx.insertInto('sys_user_depart').values(part).execute();
        // Nobody would see the passwords: commit nothing.
        if (gone()) throw new Error(IMPORT_ABANDONED);
      });
    } catch (err) {
      // Someone created one of these accounts while the passwords were hashed.
      if (isUniqueViolation(err)) return fail(c, '导入失败：有用户账号、手机号、邮箱或工号刚被占用，未导入任何数据，请重新导入');
      if (gone()) return fail(c, IMPORT_ABANDONED);
      throw err;
    }
    const passwords = accepted.flatMap((a, i) =>
      a.row.data.password ? [] : [{ row: a.row.row, username: a.row.data.username, realname: a.row.data.realname, password: plain[i] }],
    );
    return importAnswer(c, read.total, accepted.length, errors, passwords.length ? { passwords } : {});
  });
}
