// 数据日志: the versions of records edited through the API (teaching-open's sys_data_log). An edit route reads
// the record before it changes it and calls recordDataLog afterwards: the first edit of a record keeps its
// previous state as version 1, and every edit keeps the new state as the next version, so any two versions can
// be compared field by field (compareVersions). Works keep their resubmitted projects in teaching_work_version
// (restorable, with their files); the data log records edits of their fields (name, status) like any record's.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from './ids.js';
import { camel } from './serialize.js';
import { now } from './time.js';

/** Tables whose edits are logged (the only ones recordDataLog reads). */
export const DATA_LOG_TABLES = ['teaching_course', 'teaching_course_unit', 'teaching_work', 'sys_role', 'sys_user'] as const;
export type DataLogTable = (typeof DATA_LOG_TABLES)[number];
export const isDataLogTable = (t: string): t is DataLogTable => (DATA_LOG_TABLES as readonly string[]).includes(t);

/** Columns never copied into a kept version (secrets, and bookkeeping that changes with every edit). */
const LEFT_OUT = new Set(['password', 'salt', 'legacy_password', 'update_by', 'update_time']);

type Row = Record<string, unknown>;

/** A record's content as kept: camelCase fields, secrets left out. */
function versionContent(row: Row): string {
  const kept = Object.fromEntries(Object.entries(row).filter(([k]) => !LEFT_OUT.has(k)));
  return JSON.stringify(camel(kept));
}

async function currentRow(db: Kysely<Database>, table: DataLogTable, id: string): Promise<Row | undefined> {
  return (await db
    .selectFrom(table as 'teaching_course')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as Row | undefined;
}

/**
 * Keeps the versions of one edit of `table`/`id`: `before` (the row as read before the edit) as version 1 when the
 * record has none yet, then the row as it is now as the next version, unless nothing logged changed. Returns the
 * new version number (or the last one when nothing changed, 0 when the record is gone).
 */
export async function recordDataLog(db: Kysely<Database>, table: DataLogTable, id: string, before: Row | undefined, by: string): Promise<number> {
  const after = await currentRow(db, table, id);
  if (!after) return 0;
  const last = await db
    .selectFrom('sys_data_log')
    .select(['data_version', 'data_content'])
    .where('data_table', '=', table)
    .where('data_id', '=', id)
    .orderBy('data_version', 'desc')
    .limit(1)
    .executeTakeFirst();
  let version = last?.data_version ?? 0;
  let lastContent = last?.data_content;
  const at = now();
  const keep = async (content: string, who: string | null, time: string) => {
    version += 1;
    await db.insertInto('sys_data_log').values({ id: newId(), data_table: table, data_id: id, data_version: version, data_content: content, create_by: who, create_time: time }).execute();
    lastContent = content;
  };
  if (!last && before) {
    await keep(versionContent(before), (before.update_by ?? before.create_by ?? null) as string | null, String(before.update_time ?? before.create_time ?? at));
  }
  const content = versionContent(after);
  if (content !== lastContent) await keep(content, by, at);
  return version;
}

export interface FieldComparison {
  field: string;
  value1: unknown;
  value2: unknown;
  changed: boolean;
}

/** Field-by-field comparison of two kept contents (JSON objects); fields of either, in first-seen order. */
export function compareVersions(content1: string, content2: string): FieldComparison[] {
  const parse = (s: string): Row => {
    try {
      const v = JSON.parse(s);
      return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
    } catch {
      return {};
    }
  };
  const a = parse(content1);
  const b = parse(content2);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.map((field) => ({ field, value1: a[field] ?? null, value2: b[field] ?? null, changed: JSON.stringify(a[field] ?? null) !== JSON.stringify(b[field] ?? null) }));
}
