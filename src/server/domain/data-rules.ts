// Data rules (sys_permission_data_rule): row filters attached to a menu and granted per role through
// sys_role_permission.data_rule_ids (and per department role through sys_depart_role_permission). A list
// endpoint asks for the conditions of its menu and adds them to its query.
//
// Semantics: the rules of one grant are ANDed; a user holding several grants of the menu sees the rows
// any one grant allows (OR across grants), so a grant without rules (e.g. the admin role's) means no
// restriction. (teaching-open ANDs every rule of every role, so adding a role could hide rows.)
//
// Safety: a rule names a column and an operator, but neither ever reaches SQL as text. The column must be
// in the list's allow-list (RuleColumns) and the operator one of = != IN LIKE LEFT_LIKE RIGHT_LIKE > >= < <=.
// The value is a bound parameter; `#{sys_user_code}`-style variables are resolved from the session.
// A rule that cannot be applied (unknown column, USE_SQL_RULES, bad number) matches nothing: a broken
// restriction fails closed instead of showing everything.
import type { PreviewRows, RulePreview } from '../contracts/permissions.js';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { escapeLike, like } from './sql-like.js';
import { now, today } from './time.js';

export type RuleColumnType = 'string' | 'number' | 'date';

/** rule_column as written in the rule (snake_case or camelCase) → SQL column reference of the list query. */
export type RuleColumns = Record<string, { column: string; type?: RuleColumnType }>;

export interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
}

export interface RuleContext {
  userId: string;
  username: string;
  realname?: string;
  orgCode?: string | null;
}

/** Operators a rule may use, as written in rule_conditions (teaching-open's QueryRuleEnum values). */
const RULE_CONDITIONS = ['=', '!=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', '>', '>=', '<', '<='] as const;

const NOTHING = sql<SqlBool>`1 = 0`;

/**
 * The rule sets of the user's grants of the menu at `menuPath`: one array per grant (empty array = a grant
 * without rules). No grant at all gives an empty list (the menu access check refuses such callers first).
 */
async function grantedRuleSets(db: Kysely<Database>, userId: string, menuPath: string): Promise<DataRule[][]> {
  const perms = db.selectFrom('sys_permission').select('id').where('url', '=', menuPath).where('menu_type', '!=', 2).where('del_flag', '=', 0);
  const [viaRoles, viaDepartRoles] = await Promise.all([
    db
      .selectFrom('sys_role_permission as rp')
      .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
      .select(['rp.permission_id', 'rp.data_rule_ids'])
      .where('ur.user_id', '=', userId)
      .where('rp.permission_id', 'in', perms)
      .execute(),
    db
      .selectFrom('sys_depart_role_permission as drp')
      .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
      .select(['drp.permission_id', 'drp.data_rule_ids'])
      .where('dru.user_id', '=', userId)
      .where('drp.permission_id', 'in', perms)
      .execute(),
  ]);
  const grants = [...viaRoles, ...viaDepartRoles].map((g) => ({
    permissionId: g.permission_id,
    ruleIds: (g.data_rule_ids ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  }));
  const allIds = [...new Set(grants.flatMap((g) => g.ruleIds))];
  const rules = allIds.length
    ? await db
        .selectFrom('sys_permission_data_rule')
        .select(['id', 'permission_id', 'rule_name', 'rule_column', 'rule_conditions', 'rule_value'])
        .where('id', 'in', allIds)
        .where('status', '=', '1')
        .execute()
    : [];
  const byId = new Map(rules.map((r) => [r.id, r]));
  return grants.map((g) =>
    g.ruleIds
      .map((id) => byId.get(id))
      // A rule id pointing at another menu's rule (or a disabled / deleted rule) does not apply here.
      .filter((r): r is NonNullable<typeof r> => !!r && r.permission_id === g.permissionId)
      .map((r) => ({ id: r.id, ruleName: r.rule_name, ruleColumn: r.rule_column, ruleConditions: r.rule_conditions, ruleValue: r.rule_value })),
  );
}

/** Resolves `#{…}` variables of a rule value; null when a variable is unknown. */
export function resolveRuleValue(value: string, ctx: RuleContext): string | null {
  let unknown = false;
  const out = value.replace(/#\{\s*([A-Za-z_]+)\s*\}/g, (_, name: string) => {
    switch (name) {
      case 'sys_user_code':
        return ctx.username;
      case 'sys_user_id':
        return ctx.userId;
      case 'sys_user_name':
        return ctx.realname ?? '';
      case 'sys_org_code':
        return ctx.orgCode ?? '';
      case 'sys_date':
        return today();
      case 'sys_time':
        return now();
      default:
        unknown = true;
        return '';
    }
  });
  return unknown ? null : out;
}

const normaliseKey = (k: string) => k.trim().replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

/** One rule as a SQL condition on the allow-listed columns; matches nothing when it cannot be applied. */
export function ruleCondition(rule: DataRule, columns: RuleColumns, ctx: RuleContext): Expression<SqlBool> {
  const key = (rule.ruleColumn ?? '').trim();
  const field = columns[key] ?? columns[normaliseKey(key)];
  const op = (rule.ruleConditions ?? '').trim().toUpperCase();
  if (!field || !(RULE_CONDITIONS as readonly string[]).includes(op)) return NOTHING;
  const raw = resolveRuleValue(rule.ruleValue ?? '', ctx);
  if (raw === null) return NOTHING;
  const typed = (v: string): string | number | null => {
    if (field.type !== 'number') return v;
    const n = Number(v.trim());
    return v.trim() !== '' && Number.isFinite(n) ? n : null;
  };
  const ref = sql.ref(field.column);
  if (op === 'IN') {
    const vals = raw.split(',').map((s) => s.trim()).filter(Boolean).map(typed);
    if (!vals.length || vals.some((v) => v === null)) return NOTHING;
    return sql<SqlBool>`${ref} in (${sql.join(vals)})`;
  }
  if (op === 'LIKE' || op === 'LEFT_LIKE' || op === 'RIGHT_LIKE') {
    if (field.type === 'number') return NOTHING;
    const text = escapeLike(raw);
    return like(field.column, op === 'LIKE' ? `%${text}%` : op === 'LEFT_LIKE' ? `%${text}` : `${text}%`);
  }
  const v = typed(raw);
  if (v === null) return NOTHING;
  const sqlOp = op === '!=' ? '<>' : op;
  return sql<SqlBool>`${ref} ${sql.raw(sqlOp)} ${v}`;
}

/**
 * The row filter the user's data rules put on the list of `menuPath`, or null when nothing restricts them
 * (no grant of the menu at all matches nothing).
 * Add it to the query with `.where(filter)`.
 */
export async function dataRuleFilter(db: Kysely<Database>, ctx: RuleContext, menuPath: string, columns: RuleColumns): Promise<Expression<SqlBool> | null> {
  const sets = await grantedRuleSets(db, ctx.userId, menuPath);
  // Without a grant of the menu the caller should not be listing it at all: show nothing.
  if (!sets.length) return NOTHING;
  if (sets.some((s) => s.length === 0)) return null;
  const perGrant = sets.map((rules) => {
    const conds = rules.map((r) => ruleCondition(r, columns, ctx));
    return conds.length === 1 ? conds[0] : sql<SqlBool>`(${sql.join(conds, sql` and `)})`;
  });
  return perGrant.length === 1 ? perGrant[0] : sql<SqlBool>`(${sql.join(perGrant, sql` or `)})`;
}

// ---- preview (数据规则 screen) --------------------------------------------------------------------------

/** The list a menu's rules guard, for previews: its main table, its fixed conditions and what identifies a row. */
interface PreviewTarget {
  table: 'sys_user' | 'teaching_work' | 'teaching_additional_work' | 'teaching_course' | 'sys_announcement';
  /** Columns shown for each previewed row. */
  show: { column: string; title: string }[];
  /** Fixed condition of the list (deleted rows are never listed). */
  live?: { column: string; value: string | number };
}

export const PREVIEW_TARGETS: Record<string, PreviewTarget> = {
  'system/UserList': { table: 'sys_user', show: [{ column: 'username', title: '用户账号' }, { column: 'realname', title: '用户姓名' }, { column: 'user_identity', title: '用户身份' }, { column: 'org_code', title: '部门编码' }], live: { column: 'del_flag', value: 0 } },
  'teaching/TeachingWorkList': { table: 'teaching_work', show: [{ column: 'work_name', title: '作品名' }, { column: 'work_status', title: '作业状态' }, { column: 'create_by', title: '创建人' }], live: { column: 'del_flag', value: 0 } },
  'teaching/TeachingAdditionalWorkList': { table: 'teaching_additional_work', show: [{ column: 'work_name', title: '作业名' }, { column: 'status', title: '状态' }, { column: 'create_by', title: '创建人' }] },
  'teaching/TeachingCourseList': { table: 'teaching_course', show: [{ column: 'course_name', title: '课程名' }, { column: 'course_type', title: '课程类型' }, { column: 'create_by', title: '创建人' }], live: { column: 'del_flag', value: 0 } },
  'system/SysAnnouncementList': { table: 'sys_announcement', show: [{ column: 'titile', title: '标题' }, { column: 'send_status', title: '发布状态' }, { column: 'create_by', title: '创建人' }], live: { column: 'del_flag', value: '0' } },
};



/**
 * Which rows of the guarded list a role would see: the rule alone and the role's current grant, evaluated
 * with the same conditions the lists apply (ruleCondition), variables resolved for the role's first user.
 * `columns` are the rule columns of the list (RuleColumns keyed by the stored snake_case names).
 */
export async function previewRule(
  db: Kysely<Database>,
  o: { component: string; permissionId: string; rule: DataRule; roleId: string; columns: Record<string, RuleColumnType>; limit?: number },
): Promise<RulePreview | null> {
  const target = PREVIEW_TARGETS[o.component];
  if (!target) return null;
  const limit = o.limit ?? 10;
  const cols: RuleColumns = Object.fromEntries(Object.entries(o.columns).map(([k, type]) => [k, { column: `t.${k}`, type }]));
  const sample = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .select(['u.id', 'u.username', 'u.realname', 'u.org_code'])
    .where('ur.role_id', '=', o.roleId)
    .where('u.del_flag', '=', 0)
    .orderBy('u.username')
    .limit(1)
    .executeTakeFirst();
  const ctx: RuleContext = sample
    ? { userId: sample.id, username: sample.username, realname: sample.realname, orgCode: sample.org_code }
    : { userId: '', username: '', realname: '', orgCode: '' };
  const grant = await db
    .selectFrom('sys_role_permission')
    .select('data_rule_ids')
    .where('role_id', '=', o.roleId)
    .where('permission_id', '=', o.permissionId)
    .executeTakeFirst();
  const grantIds = (grant?.data_rule_ids ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const grantRules = grantIds.length
    ? await db
        .selectFrom('sys_permission_data_rule')
        .select(['id', 'rule_name', 'rule_column', 'rule_conditions', 'rule_value'])
        .where('id', 'in', grantIds)
        .where('permission_id', '=', o.permissionId)
        .where('status', '=', '1')
        .execute()
    : [];

  const base = () => {
    // The table comes from PREVIEW_TARGETS (never the request); its columns are referenced by name below.
    let qb = db.selectFrom(sql<Record<string, unknown>>`${sql.table(target.table)}`.as('t'));
    if (target.live) qb = qb.where(sql.ref(`t.${target.live.column}`), '=', target.live.value);
    return qb;
  };
  const run = async (cond: Expression<SqlBool> | null): Promise<PreviewRows> => {
    const where = (qb: ReturnType<typeof base>) => (cond ? qb.where(cond) : qb);
    const [n, rows] = await Promise.all([
      where(base()).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      where(base())
        .select([...target.show.map((s) => sql.ref(`t.${s.column}`).as(s.column)), sql.ref('t.id').as('id')])
        .orderBy(sql.ref(`t.${target.show[0].column}`))
        .orderBy(sql.ref('t.id'))
        .limit(limit)
        .execute(),
    ]);
    return { count: Number((n as { n?: number } | undefined)?.n ?? 0), rows: rows as Record<string, unknown>[] };
  };
  const allOf = (rules: DataRule[]) => {
    const conds = rules.map((r) => ruleCondition(r, cols, ctx));
    return conds.length === 1 ? conds[0] : sql<SqlBool>`(${sql.join(conds, sql` and `)})`;
  };
  const asRules: DataRule[] = grantRules.map((r) => ({ id: r.id, ruleName: r.rule_name, ruleColumn: r.rule_column, ruleConditions: r.rule_conditions, ruleValue: r.rule_value }));
  const [total, ruleRows, roleRows] = await Promise.all([
    run(null),
    run(allOf([o.rule])),
    // No grant: the role does not see the list at all; a grant without rules: every row.
    grant ? run(asRules.length ? allOf(asRules) : null) : Promise.resolve({ count: 0, rows: [] }),
  ]);
  return {
    columns: target.show.map((s) => ({ key: s.column, title: s.title })),
    total: total.count,
    rule: ruleRows,
    role: { granted: !!grant, rules: asRules.map((r) => r.ruleName), includesRule: asRules.some((r) => r.id === o.rule.id), ...roleRows },
    sampleUser: sample?.username ?? null,
  };
}
