// Scratch cloud variables (云变量) of a work, kept in teaching_scratch_cloud_var (migration 017). The project id
// Scratch sends is the work id. Who may do what:
//   - the work's author: read, set, create, delete and rename (a `set` of a new name creates it);
//   - anyone else who may see the work — staff whose scope holds the author, or any logged-in user when the work
//     is public (status ≥ 3) — read and set existing variables, and only when the work says it uses cloud
//     data (has_cloud_data = 1);
//   - nobody else (a private work of another student, a deleted work).
// Values are numbers, as on Scratch's own server: a numeric string of at most 256 characters. At most 10
// variables per work; names at most 64 characters.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SessionUser } from './sessions.js';
import { now } from './time.js';
import { PUBLIC_STATUS, workAccess } from './works.js';

export const MAX_CLOUD_VARIABLES = 10;
const MAX_CLOUD_NAME_LENGTH = 64;
export const MAX_CLOUD_VALUE_LENGTH = 256;

export type CloudRole = 'author' | 'player';
export type CloudAccess = { role: CloudRole } | { refused: 'not-found' | 'forbidden' };

const NUMBER_RE = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** The value as stored and sent: a finite number or a numeric string (≤ 256 characters); null when it is not one. */
export function cloudValue(v: unknown): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v !== 'string' || v.length === 0 || v.length > MAX_CLOUD_VALUE_LENGTH) return null;
  return NUMBER_RE.test(v) ? v : null;
}

/** A variable name: 1–64 characters, no control characters. */
export function isCloudName(v: unknown): v is string {
  // eslint-disable-next-line no-control-regex -- cloud variable names with control characters are refused
  return typeof v === 'string' && v.length > 0 && [...v].length <= MAX_CLOUD_NAME_LENGTH && !/[\u0000-\u001f]/.test(v);
}

/** What `user` may do with the cloud variables of work `workId`. */
export async function cloudAccess(db: Kysely<Database>, user: Pick<SessionUser, 'id' | 'roles'>, workId: string): Promise<CloudAccess> {
  const work = await db
    .selectFrom('teaching_work')
    .select(['user_id', 'work_status', 'has_cloud_data'])
    .where('id', '=', workId)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (!work) return { refused: 'not-found' };
  if (work.user_id === user.id) return { role: 'author' };
  if (work.has_cloud_data !== 1) return { refused: 'not-found' };
  if (work.work_status >= PUBLIC_STATUS) return { role: 'player' };
  return (await workAccess(db, user, work)) ? { role: 'player' } : { refused: 'forbidden' };
}

export async function cloudVariables(db: Kysely<Database>, workId: string): Promise<{ name: string; value: string }[]> {
  return db.selectFrom('teaching_scratch_cloud_var').select(['name', 'value']).where('work_id', '=', workId).orderBy('name').execute();
}

async function count(db: Kysely<Database>, workId: string): Promise<number> {
  const row = await db.selectFrom('teaching_scratch_cloud_var').select((eb) => eb.fn.countAll<number | string>().as('n')).where('work_id', '=', workId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function update(db: Kysely<Database>, workId: string, name: string, value: string, userId: string): Promise<boolean> {
  const res = await db
    .updateTable('teaching_scratch_cloud_var')
    .set({ value, update_by: userId, update_time: now() })
    .where('work_id', '=', workId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export type CloudWrite = 'ok' | 'unknown' | 'full';

/** Creates a variable (or sets it when it exists); 'full' when the work has its 10 already. */
export async function createCloudVariable(db: Kysely<Database>, workId: string, name: string, value: string, userId: string): Promise<CloudWrite> {
  if (await update(db, workId, name, value, userId)) return 'ok';
  if ((await count(db, workId)) >= MAX_CLOUD_VARIABLES) return 'full';
  try {
    await db.insertInto('teaching_scratch_cloud_var').values({ work_id: workId, name, value, update_by: userId, update_time: now() }).execute();
  } catch (err) {
    // Created meanwhile by another connection or process: set it instead.
    if (await update(db, workId, name, value, userId)) return 'ok';
    throw err;
  }
  return 'ok';
}

/** Sets an existing variable; the author's `set` of a new name creates it. */
export async function setCloudVariable(db: Kysely<Database>, workId: string, name: string, value: string, userId: string, role: CloudRole): Promise<CloudWrite> {
  if (await update(db, workId, name, value, userId)) return 'ok';
  return role === 'author' ? createCloudVariable(db, workId, name, value, userId) : 'unknown';
}

export async function deleteCloudVariable(db: Kysely<Database>, workId: string, name: string): Promise<boolean> {
  const res = await db.deleteFrom('teaching_scratch_cloud_var').where('work_id', '=', workId).where('name', '=', name).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function renameCloudVariable(db: Kysely<Database>, workId: string, from: string, to: string, userId: string): Promise<'ok' | 'unknown' | 'exists'> {
  if (from === to) return 'ok';
  const taken = await db.selectFrom('teaching_scratch_cloud_var').select('name').where('work_id', '=', workId).where('name', '=', to).executeTakeFirst();
  if (taken) return 'exists';
  const res = await db
    .updateTable('teaching_scratch_cloud_var')
    .set({ name: to, update_by: userId, update_time: now() })
    .where('work_id', '=', workId)
    .where('name', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0 ? 'ok' : 'unknown';
}

/**
 * The cloud variables a Scratch 3 project declares: in project.json, the stage's `variables` map id → [name,
 * value, true] (the third element marks a cloud variable). Names and values that break the limits are left out.
 */
export function projectCloudVariables(project: unknown): { name: string; value: string }[] {
  const targets = (project as { targets?: unknown })?.targets;
  if (!Array.isArray(targets)) return [];
  const out: { name: string; value: string }[] = [];
  for (const target of targets) {
    const vars = (target as { variables?: unknown })?.variables;
    if (!vars || typeof vars !== 'object') continue;
    for (const v of Object.values(vars as Record<string, unknown>)) {
      if (!Array.isArray(v) || v[2] !== true || !isCloudName(v[0])) continue;
      if (out.some((o) => o.name === v[0])) continue;
      out.push({ name: v[0], value: cloudValue(v[1]) ?? '0' });
    }
  }
  return out.slice(0, MAX_CLOUD_VARIABLES);
}

/**
 * Creates the variables a saved project declares that the work does not have yet (their values from the
 * project), within the limit; existing values are kept. For the save/submit route, so that players can set the
 * variables of a work whose author never ran it online.
 */
export async function declareCloudVariables(db: Kysely<Database>, workId: string, vars: { name: string; value: string }[], userId: string): Promise<void> {
  for (const v of vars) {
    const exists = await db.selectFrom('teaching_scratch_cloud_var').select('name').where('work_id', '=', workId).where('name', '=', v.name).executeTakeFirst();
    if (exists) continue;
    if ((await count(db, workId)) >= MAX_CLOUD_VARIABLES) return;
    try {
      await db.insertInto('teaching_scratch_cloud_var').values({ work_id: workId, name: v.name, value: v.value, update_by: userId, update_time: now() }).execute();
    } catch {
      // created meanwhile by a socket: keep that value
    }
  }
}
