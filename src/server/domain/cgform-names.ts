// The names an online form may give its table, columns and indexes. A definition can never reach a system table:
// every generated table lives in its own namespace (the `cg_` prefix), is none of the tables of db/schema.ts (the
// list below must name each, or this module does not compile), and every name is plain lower-case ASCII (no
// quotes, spaces, semicolons or look-alike letters), short enough for PostgreSQL (63 bytes), and no SQL keyword of
// SQLite or PostgreSQL. Kysely quotes identifiers anyway; these rules keep the names what they look like.
import type { Database } from '../db/schema.js';

/** The prefix of every generated table. */
const CGFORM_TABLE_PREFIX = 'cg_';

/** cg_ then lower-case words of letters and digits joined by single underscores (so `<table>__<index>` is unambiguous). */
const TABLE_NAME = /^cg_[a-z0-9]+(?:_[a-z0-9]+)*$/;
export const MAX_TABLE_NAME = 40;
/** A column: a lower-case letter, then letters, digits and underscores. */
const FIELD_NAME = /^[a-z][a-z0-9_]*$/;
const MAX_FIELD_NAME = 32;
const INDEX_NAME = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const MAX_INDEX_NAME = 20;

/** Every table Xuetang owns (db/schema.ts) and Kysely's own: never a form's table, whatever its name. */
const SYSTEM_TABLE_LIST = [
  'sys_user', 'sys_role', 'sys_user_role', 'sys_permission', 'sys_role_permission', 'sys_permission_data_rule', 'sys_depart',
  'sys_user_depart', 'sys_user_manage_depart', 'sys_depart_permission', 'sys_depart_role', 'sys_depart_role_permission',
  'sys_depart_role_user', 'sys_dict', 'sys_dict_item', 'sys_category', 'sys_announcement', 'sys_announcement_send', 'sys_config',
  'sys_session', 'sys_captcha', 'sys_password_reset', 'sys_sms_code', 'sys_log', 'sys_file', 'sys_data_log', 'teaching_course',
  'teaching_course_auth_depart', 'teaching_course_unit', 'teaching_course_dept', 'teaching_additional_work',
  'teaching_additional_work_dept', 'teaching_work', 'teaching_work_correct', 'teaching_work_comment', 'teaching_work_tag_name',
  'teaching_work_tag', 'teaching_work_version', 'teaching_menu', 'teaching_depart_day_log', 'teaching_depart_day_event',
  'teaching_scratch_assets', 'teaching_news', 'teaching_scratch_backpack', 'teaching_scratch_cloud_var', 'teaching_work_visit',
  'teaching_visit_salt', 'sys_quartz_job', 'sys_quartz_job_run', 'sys_check_rule', 'sys_fill_rule', 'sys_fill_rule_counter',
  'sys_position', 'sys_sms_template', 'sys_sms', 'onl_cgreport_head', 'onl_cgreport_item', 'onl_cgreport_param', 'sys_data_source',
  'onl_cgform_head', 'onl_cgform_field', 'onl_cgform_index', 'onl_cgform_button', 'sys_import_run',
] as const satisfies readonly (keyof Database)[];
// A table added to db/schema.ts and not listed above fails here.
const everySystemTableListed: Exclude<keyof Database, (typeof SYSTEM_TABLE_LIST)[number]> extends never ? true : never = true;
void everySystemTableListed;

const SYSTEM_TABLES = new Set<string>([...SYSTEM_TABLE_LIST, 'kysely_migration', 'kysely_migration_lock', 'sqlite_master', 'sqlite_sequence']);

/** The keywords of SQLite (sqlite.org/lang_keywords.html), PostgreSQL's reserved words, and both engines' hidden row columns. */
const RESERVED = new Set(
  (
    'abort action add after all alter always analyse analyze and any array as asc asymmetric attach authorization autoincrement ' +
    'before begin between binary both by cascade case cast check collate collation column commit concurrently conflict constraint ' +
    'create cross current current_catalog current_date current_role current_schema current_time current_timestamp current_user ' +
    'database default deferrable deferred delete desc detach distinct do drop each else end escape except exclude exclusive ' +
    'exists explain fail false fetch filter first following for foreign freeze from full generated glob grant group groups having ' +
    'if ignore ilike immediate in index indexed initially inner insert instead intersect into is isnull join key last lateral ' +
    'leading left like limit localtime localtimestamp match materialized natural no not nothing notnull null nulls of offset on ' +
    'only or order others outer over overlaps partition placing plan pragma preceding primary query raise range recursive ' +
    'references regexp reindex release rename replace restrict returning right rollback row rows savepoint select session_user ' +
    'set similar some symmetric system_user table tablesample temp temporary then ties to trailing transaction trigger true ' +
    'unbounded union unique update user using vacuum values variadic verbose view virtual when where window with without ' +
    'rowid oid _rowid_ tableoid xmin xmax cmin cmax ctid'
  ).split(' '),
);

/** Whether a name is an SQL keyword on SQLite or PostgreSQL. */
export const isSqlKeyword = (name: string) => RESERVED.has(name.toLowerCase());

/** The columns every generated table has, set by the server (JeecgBoot's defaults), in the order they are created. */
export const SYSTEM_COLUMNS = ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code'] as const;
export const isSystemColumn = (name: string) => (SYSTEM_COLUMNS as readonly string[]).includes(name);

/** Query keys of the list contract a column must not shadow. */
const QUERY_KEYS = new Set(['column', 'order', 'selections', 'superqueryparams', 'supermatchtype', 'field']);

/** Why a table name is refused, or null when it is a name a form may use. */
export function tableNameProblem(name: string): string | null {
  if (!name) return '请输入表名';
  if (name.length > MAX_TABLE_NAME) return `表名不能超过${MAX_TABLE_NAME}个字符`;
  if (SYSTEM_TABLES.has(name.toLowerCase())) return `“${name}”是系统表，在线表单不能使用`;
  if (!name.startsWith(CGFORM_TABLE_PREFIX)) return `表名必须以 ${CGFORM_TABLE_PREFIX} 开头（在线表单的表与系统表分开存放）`;
  if (!TABLE_NAME.test(name)) return '表名只能包含小写字母、数字和单个下划线，以 cg_ 开头';
  if (isSqlKeyword(name.slice(CGFORM_TABLE_PREFIX.length))) return `表名“${name}”含SQL保留字，请换一个名字`;
  return null;
}

/** Why a column name is refused, or null. System columns are refused here: they come with every table. */
export function fieldNameProblem(name: string): string | null {
  if (!name) return '请输入字段名';
  if (name.length > MAX_FIELD_NAME) return `字段名“${name.slice(0, MAX_FIELD_NAME)}…”不能超过${MAX_FIELD_NAME}个字符`;
  if (!FIELD_NAME.test(name)) return `字段名“${name}”只能包含小写字母、数字和下划线，以字母开头`;
  if (isSqlKeyword(name)) return `字段名“${name}”是SQL保留字，请换一个名字`;
  if (QUERY_KEYS.has(name) || /_(begin|end)$/.test(name)) return `字段名“${name}”与列表的查询参数冲突，请换一个名字`;
  return null;
}

/** Why an index name is refused, or null. */
export function indexNameProblem(name: string): string | null {
  if (!name) return '请输入索引名称';
  if (name.length > MAX_INDEX_NAME) return `索引名称不能超过${MAX_INDEX_NAME}个字符`;
  if (!INDEX_NAME.test(name)) return `索引名称“${name}”只能包含小写字母、数字和单个下划线，以字母开头`;
  if (isSqlKeyword(name)) return `索引名称“${name}”是SQL保留字，请换一个名字`;
  return null;
}

/** The index's name in the database: `<table>__<index>`, in the table's namespace and unique across tables. */
export const physicalIndexName = (table: string, index: string) => `${table}__${index}`;

/**
 * The index every generated table gets for its list's default order (newest first, id breaking ties): its name holds
 * a double underscore no index of a definition can (INDEX_NAME), so it never meets one.
 */
export const LIST_ORDER_INDEX = { name: 'create_time__id', fields: ['create_time', 'id'] } as const;
