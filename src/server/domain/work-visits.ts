// Views and likes of a work, counted once per visitor per work per day (teaching-open counted every fetch as a
// view and throttled likes per address in Redis for 24 h). The once-a-day marker is a row under a primary key
// (migration 024): the insert that creates it moves the counter, a repeat finds it and moves nothing, whichever
// process answers. A visitor is their user id when logged in, else a hash of their address and the day's random
// salt: the address is never stored, and after the purge nothing links yesterday's hashes to anyone.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { daysAgo, today } from './time.js';

export type VisitKind = 'view' | 'star';

/** Who is visiting: the logged-in user's id, or null; and the client's address (trusted-proxy aware). */
export interface Visitor {
  userId: string | null;
  ip: string;
}

/** Days of visits kept: today and yesterday (a day that ended a minute ago still dedupes that minute). */
export const VISIT_KEEP_DAYS = 2;

/** The day's salt, created by the first visit of the day (which also purges the old days, once a day). */
async function daySalt(db: Kysely<Database>, day: string): Promise<string> {
  const found = await db.selectFrom('teaching_visit_salt').select('salt').where('day', '=', day).executeTakeFirst();
  if (found) return found.salt;
  const inserted = await db
    .insertInto('teaching_visit_salt')
    .values({ day, salt: randomBytes(24).toString('hex') })
    .onConflict((oc) => oc.column('day').doNothing())
    .executeTakeFirst();
  // Two processes may both try; one salt wins and both use it.
  const salt = (await db.selectFrom('teaching_visit_salt').select('salt').where('day', '=', day).executeTakeFirstOrThrow()).salt;
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await purgeWorkVisits(db);
  return salt;
}

/** The visitor's key for `day`: `u:<user id>`, or `a:<hash of the address with the day's salt>`. */
export async function visitorKey(db: Kysely<Database>, visitor: Visitor, day: string = today()): Promise<string> {
  if (visitor.userId) return `u:${visitor.userId}`;
  const salt = await daySalt(db, day);
  return `a:${createHash('sha256').update(`${salt}|${visitor.ip}`).digest('hex').slice(0, 40)}`;
}

/**
 * Counts one view or like of a work by a visitor, at most once a day: true when this was the day's first
 * (the work's view_num or star_num went up by one), false when the visitor had already been counted.
 */
export async function countOnce(db: Kysely<Database>, kind: VisitKind, workId: string, visitor: Visitor): Promise<boolean> {
  const day = today();
  const key = await visitorKey(db, visitor, day);
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('teaching_work_visit')
      .values({ kind, work_id: workId, visitor_key: key, day })
      .onConflict((oc) => oc.columns(['kind', 'work_id', 'visitor_key', 'day']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const column = kind === 'view' ? 'view_num' : 'star_num';
    await tx
      .updateTable('teaching_work')
      .set((eb) => ({ [column]: eb(column, '+', 1) }))
      .where('id', '=', workId)
      .execute();
    return true;
  });
}

/**
 * Drops the visits and salts of the days before the kept ones. Runs by itself once a day (the day's first visit
 * creates the salt and calls it); a scheduled job may call it too. Returns the number of visit rows removed.
 */
export async function purgeWorkVisits(db: Kysely<Database>, keepDays: number = VISIT_KEEP_DAYS): Promise<number> {
  const cutoff = daysAgo(keepDays - 1);
  const res = await db.deleteFrom('teaching_work_visit').where('day', '<', cutoff).executeTakeFirst();
  await db.deleteFrom('teaching_visit_salt').where('day', '<', cutoff).execute();
  return Number(res.numDeletedRows ?? 0);
}
