// 在线表单, table dictionaries (字典表 dict_table, its code column dict_field and text column dict_text): JeecgBoot
// interpolates any table and column into SQL. Here a table dictionary is either one of the system dictionaries of
// domain/table-dicts.ts (fixed triples, answered in the viewer's scope: people and classes as user-scope allows), or a
// generated `cg_*` table a synced definition describes, read on two of its own fields (never a password field).
// Identifiers reach SQL only after they matched a definition's field names; every value is bound.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { tableNameProblem } from './cgform-names.js';
import { generatedTable, loadCgform } from './cgforms.js';
import type { DictOption } from './dicts.js';
import type { SessionUser } from './sessions.js';
import { tableDictItems, TABLE_DICTS } from './table-dicts.js';

export type TableDict = { kind: 'system'; key: keyof typeof TABLE_DICTS } | { kind: 'generated'; table: string; code: string; text: string };

const LIMIT = 1000;
type Viewer = Pick<SessionUser, 'id' | 'roles'>;

const systemList = () => Object.keys(TABLE_DICTS).map((k) => k.split(',')).map(([t, text, code]) => `${t}（${text}/${code}）`).join('、');

/** The columns of a generated table a dictionary may read: the definition's fields and id, not passwords. */
async function readableColumns(db: Kysely<Database>, table: string): Promise<{ columns: Set<string>; passwords: Set<string> } | string> {
  const form = await loadCgform(db, table);
  if (!form || form.head.table_name !== table) return `字典表“${table}”没有对应的在线表单`;
  if (form.head.is_db_synch !== 'Y') return `字典表“${table}”尚未同步数据库`;
  const passwords = new Set(form.fields.filter((f) => f.field_show_type === 'password').map((f) => f.db_field_name));
  return { columns: new Set(['id', ...form.fields.map((f) => f.db_field_name)]), passwords };
}

/** A table, text column and code column as a dictionary one may read, or why not. */
export async function tableDict(db: Kysely<Database>, table: string, text: string, code: string): Promise<TableDict | string> {
  const t = table.trim();
  const key = `${t},${text.trim()},${code.trim()}`;
  if (key in TABLE_DICTS) return { kind: 'system', key: key as keyof typeof TABLE_DICTS };
  if (!t.startsWith('cg_')) return `字典表“${t}”不能作为表字典：可用的系统表字典有 ${systemList()}，或在线表单的 cg_ 表`;
  const bad = tableNameProblem(t);
  if (bad) return `字典表：${bad}`;
  const readable = await readableColumns(db, t);
  if (typeof readable === 'string') return readable;
  for (const [column, label] of [[code.trim(), '字典Code'], [text.trim(), '字典Text']] as const) {
    if (!column) return `表字典须填写${label}`;
    if (!readable.columns.has(column)) return `${label}“${column}”不是表“${t}”的字段`;
    if (readable.passwords.has(column)) return `${label}“${column}”是密码字段，不能用于表字典`;
  }
  return { kind: 'generated', table: t, code: code.trim(), text: text.trim() };
}

/** Every option of a dictionary (capped), in the viewer's scope for the system ones. */
export async function tableDictOptions(db: Kysely<Database>, dict: TableDict, viewer: Viewer): Promise<DictOption[]> {
  if (dict.kind === 'system') return tableDictItems(db, dict.key, viewer);
  const rows = await generatedTable(db, dict.table)
    .selectFrom(dict.table)
    .select([sql.ref(dict.code).as('value'), sql.ref(dict.text).as('text')])
    .where(sql.ref(dict.code), 'is not', null)
    .orderBy(sql.ref(dict.text))
    .limit(LIMIT)
    .execute();
  return rows.map((r) => ({ value: String(r.value), text: String(r.text ?? ''), title: String(r.text ?? '') }));
}

/** The texts of some codes: code → text (codes the dictionary or the viewer's scope lacks are left out). */
export async function tableDictTexts(db: Kysely<Database>, dict: TableDict, viewer: Viewer, codes: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.filter(Boolean))].slice(0, LIMIT);
  if (!wanted.length) return new Map();
  if (dict.kind === 'system') return new Map((await tableDictItems(db, dict.key, viewer)).filter((o) => wanted.includes(o.value)).map((o) => [o.value, o.text]));
  const rows = await generatedTable(db, dict.table)
    .selectFrom(dict.table)
    .select([sql.ref(dict.code).as('value'), sql.ref(dict.text).as('text')])
    .where(sql.ref(dict.code), 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [String(r.value), String(r.text ?? '')]));
}

// ---- 三级联动 (link_down): a table read level by level -------------------------------------------------------

/** System tables a 三级联动 may read, with the columns it may name: 分类字典 only (public codes). */
const LINK_DOWN_SYSTEM: Record<string, readonly string[]> = { sys_category: ['id', 'pid', 'name', 'code'] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is chosen at run time (allow-listed)
const untyped = (db: Kysely<Database>) => db as unknown as Kysely<any>;

export interface LinkDown {
  table: string;
  txt: string;
  key: string;
  idField: string;
  pidField: string;
}

/** The columns a 三级联动 may read of a table, or why it may not. */
async function linkDownColumns(db: Kysely<Database>, table: string): Promise<Set<string> | string> {
  const system = LINK_DOWN_SYSTEM[table];
  if (system) return new Set(system);
  if (!table.startsWith('cg_')) return `表“${table}”不能用于三级联动：只能使用 sys_category 或在线表单的 cg_ 表`;
  const bad = tableNameProblem(table);
  if (bad) return bad;
  const readable = await readableColumns(db, table);
  if (typeof readable === 'string') return readable;
  return new Set([...readable.columns].filter((c) => !readable.passwords.has(c)));
}

/** One level: rows whose parent column is `pidValue`, or (the first level) that match `condition` (`column = 'value'` only). */
export async function linkDownOptions(db: Kysely<Database>, l: LinkDown, level: { pidValue: string } | { condition: string }): Promise<{ id: string; store: string; label: string }[] | string> {
  const allowed = await linkDownColumns(db, l.table);
  if (typeof allowed === 'string') return allowed;
  for (const column of [l.txt, l.key, l.idField || 'id', ...(l.pidField ? [l.pidField] : [])]) if (!allowed.has(column)) return `字段“${column}”不能用于三级联动`;
  // sys_category (allow-listed above) or a generated table: either way an untyped view of a checked name.
  let q = (LINK_DOWN_SYSTEM[l.table] ? untyped(db) : generatedTable(db, l.table))
    .selectFrom(l.table)
    .select([sql.ref(l.idField || 'id').as('id'), sql.ref(l.key).as('store'), sql.ref(l.txt).as('label')]);
  if ('pidValue' in level) {
    if (!l.pidField) return '三级联动须配置 pidField';
    q = q.where(sql.ref(l.pidField), '=', level.pidValue);
  } else if (level.condition.trim()) {
    const m = /^\s*([a-z][a-z0-9_]*)\s*=\s*'([^'\\]*)'\s*$/.exec(level.condition);
    if (!m || !allowed.has(m[1])) return "三级联动的条件只能是 字段 = '值' 的形式，且字段可用";
    q = q.where(sql.ref(m[1]), '=', m[2]);
  }
  const rows = await q.orderBy(sql.ref(l.key)).limit(LIMIT).execute();
  return rows.map((r) => ({ id: String(r.id), store: String(r.store ?? ''), label: String(r.label ?? '') }));
}
