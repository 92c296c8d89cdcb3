// A conservative orphan-file finder for the 清理孤立文件 job.
//
// Candidates: sys_file rows created before the cut-off, and files under the upload folders
// (<filesDir>/<folder>/<32-hex>.<ext>, the names upload gives) that no sys_file row registers and that were
// last written before the cut-off. A candidate is kept when its row id, its storage key or the 32-hex name in
// its key appears in ANY text column of ANY table (found by introspection, so tables added later count too),
// except the tables that only record history (logs, sessions, run history) and sys_file itself. Deeper folders
// (Scratch backpack, editor assets) are not candidates at all.
//
// TODO(merge): 文件管理 is getting a unified `fileUsages`; this finder should be replaced by it then.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { removeStoredFiles } from '../uploads.js';
import { formatDateTime } from '../time.js';
import type { JobContext } from './env.js';

export interface OrphanFile {
  /** Storage key relative to the files directory. */
  key: string;
  /** sys_file id, when the file is registered. */
  id?: string;
  size: number;
}

/** Tables that never refer to a file as data (history and bookkeeping). */
const NOT_REFERENCES = new Set(['sys_file', 'sys_log', 'sys_session', 'sys_quartz_job_run', 'kysely_migration', 'kysely_migration_lock']);
const HEX32 = /[0-9a-f]{32}/gi;
const UPLOAD_NAME = /^([0-9a-f]{32})\.[a-z0-9]{1,10}$/i;
const PAGE = 2000;
/** Candidates without a 32-hex name are matched by substring; past this many they are all kept (cost bound). */
const MAX_PLAIN = 200;

export async function findOrphanFiles(ctx: JobContext, before: Date): Promise<OrphanFile[]> {
  const cutoff = formatDateTime(before);
  const rows = await ctx.db.selectFrom('sys_file').select(['id', 'file_path', 'file_size', 'create_time']).execute();
  const registered = new Set(rows.map((r) => r.file_path));
  const candidates: OrphanFile[] = rows
    .filter((r) => r.create_time && r.create_time < cutoff && !/^https?:\/\//.test(r.file_path))
    .map((r) => ({ key: r.file_path, id: r.id, size: Number(r.file_size) || 0 }));
  candidates.push(...(await unregisteredUploads(ctx.filesDir, registered, before)));
  if (!candidates.length) return [];

  // token (row id or 32-hex file name, lower case) → candidates it would keep
  const byToken = new Map<string, OrphanFile[]>();
  const plain: OrphanFile[] = [];
  for (const f of candidates) {
    const tokens = [f.id, path.basename(f.key).match(UPLOAD_NAME)?.[1]].filter((x): x is string => !!x).map((x) => x.toLowerCase());
    for (const t of tokens) byToken.set(t, [...(byToken.get(t) ?? []), f]);
    if (!path.basename(f.key).match(UPLOAD_NAME)) plain.push(f);
  }
  const referenced = new Set<OrphanFile>();
  if (plain.length > MAX_PLAIN) for (const f of plain) referenced.add(f);
  const plainLeft = () => plain.filter((f) => !referenced.has(f));

  const see = (value: unknown) => {
    if (typeof value !== 'string' || value.length < 5) return;
    for (const m of value.matchAll(HEX32)) for (const f of byToken.get(m[0].toLowerCase()) ?? []) referenced.add(f);
    for (const f of plainLeft()) if (value.includes(f.key)) referenced.add(f);
  };

  // PostgreSQL lists the tables of every schema: only ours (the search_path's first) hold our data.
  const schema = ctx.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(ctx.db)).rows[0]?.s : undefined;
  const tables = await ctx.db.introspection.getTables();
  for (const table of tables) {
    if (NOT_REFERENCES.has(table.name) || table.isView || (schema && table.schema !== schema)) continue;
    const text = table.columns.filter((c) => /char|text|clob|json|string/i.test(c.dataType)).map((c) => c.name);
    if (!text.length) continue;
    const hasId = table.columns.some((c) => c.name === 'id');
    const cols = text.filter((c) => c !== 'id');
    if (!cols.length) continue;
    if (!hasId) {
      // Tables keyed otherwise (cloud variables, join rows): read whole; none of them is large with text.
      const all = await ctx.db.selectFrom(sql.table(table.name).as('t')).select(cols.map((c) => sql.ref(`t.${c}`).as(c))).execute();
      for (const r of all) for (const c of cols) see((r as Record<string, unknown>)[c]);
      continue;
    }
    let after = '';
    for (;;) {
      const page = (await ctx.db
        .selectFrom(sql.table(table.name).as('t'))
        .select([sql.ref<string>('t.id').as('id'), ...cols.map((c) => sql.ref(`t.${c}`).as(c))])
        .where(sql.ref('t.id'), '>', after)
        .orderBy(sql.ref('t.id'))
        .limit(PAGE)
        .execute()) as Record<string, unknown>[];
      for (const r of page) for (const c of cols) see(r[c]);
      if (page.length < PAGE) break;
      after = String(page[page.length - 1].id);
    }
    if (referenced.size === candidates.length) break;
  }
  return candidates.filter((f) => !referenced.has(f));
}

/** Files named like uploads directly inside the upload folders, not registered, last written before `before`. */
async function unregisteredUploads(filesDir: string, registered: Set<string>, before: Date): Promise<OrphanFile[]> {
  const out: OrphanFile[] = [];
  let folders: string[];
  try {
    folders = (await fs.readdir(filesDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return out;
  }
  for (const folder of folders) {
    const entries = await fs.readdir(path.join(filesDir, folder), { withFileTypes: true });
    for (const e of entries) {
      if (!e.isFile() || !UPLOAD_NAME.test(e.name)) continue;
      const key = `${folder}/${e.name}`;
      if (registered.has(key)) continue;
      const st = await fs.stat(path.join(filesDir, key));
      if (st.mtimeMs < before.getTime()) out.push({ key, size: st.size });
    }
  }
  return out;
}

/** Deletes the orphans' rows and content (keys outside the files directory are ignored). */
export async function removeOrphans(ctx: JobContext, orphans: OrphanFile[]): Promise<void> {
  for (let i = 0; i < orphans.length; i += 500) {
    await removeStoredFiles(ctx.db, ctx.filesDir, orphans.slice(i, i + 500).map((o) => o.key));
  }
}
