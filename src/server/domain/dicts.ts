// Dictionaries: items by code, the login's all-items map, and `<field>_dictText` decoration of paged records.
// Items are cached per database; any write to sys_dict/sys_dict_item must call invalidateDicts.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface DictOption {
  value: string;
  text: string;
  title: string;
}

const cache = new WeakMap<object, Map<string, DictOption[]>>();

type DictsChanged = (db: Kysely<Database>) => void;
const changeListeners = new Set<DictsChanged>();

/**
 * Drops the cached items, so the next read sees the database. Every write to sys_dict / sys_dict_item calls
 * it. With several processes (REDIS_URL), the others keep their own cache: a cross-process hub subscribes
 * with onDictsChanged, publishes the change, and on receiving one calls `invalidateDicts(db, { local: true })`
 * (local: drop this process's cache without publishing again).
 */
export function invalidateDicts(db: Kysely<Database>, opts: { local?: boolean } = {}) {
  cache.delete(db);
  if (opts.local) return;
  for (const listener of changeListeners) {
    try {
      listener(db);
    } catch {
      /* a failing listener must not fail the write that changed the dictionaries */
    }
  }
}

/** Subscribes to dictionary changes made in this process; returns the unsubscribe function. */
export function onDictsChanged(listener: DictsChanged): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

async function loadAll(db: Kysely<Database>): Promise<Map<string, DictOption[]>> {
  let all = cache.get(db);
  if (all) return all;
  const rows = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['d.dict_code', 'i.item_value', 'i.item_text'])
    .where('d.del_flag', '=', 0)
    .where('i.status', '=', 1)
    .orderBy('d.dict_code')
    .orderBy('i.sort_order')
    .execute();
  all = new Map();
  for (const r of rows) {
    const list = all.get(r.dict_code) ?? [];
    list.push({ value: r.item_value, text: r.item_text, title: r.item_text });
    all.set(r.dict_code, list);
  }
  cache.set(db, all);
  return all;
}

/** Enabled items of one dictionary, in their order; unknown codes give an empty list. */
export async function dictItems(db: Kysely<Database>, code: string): Promise<DictOption[]> {
  return (await loadAll(db)).get(code) ?? [];
}

export async function allDictItems(db: Kysely<Database>): Promise<Record<string, DictOption[]>> {
  return Object.fromEntries(await loadAll(db));
}

/** Translates a value, or a comma list of values, to its text. */
function dictText(options: DictOption[], value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return String(value)
    .split(',')
    .map((v) => options.find((o) => o.value === v.trim())?.text ?? v)
    .join(',');
}

/** Adds `<field>_dictText` to each record for the given field → dictionary code map. */
export async function decorate<T extends object>(
  db: Kysely<Database>,
  records: T[],
  fields: Record<string, string>,
): Promise<T[]> {
  const all = await loadAll(db);
  return records.map((r) => {
    const out: Record<string, unknown> = { ...(r as Record<string, unknown>) };
    for (const [field, code] of Object.entries(fields)) out[`${field}_dictText`] = dictText(all.get(code) ?? [], out[field]);
    return out as T;
  });
}
