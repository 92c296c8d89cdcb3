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
  /** The browser's visitor id (shared/visitor-cookie.ts), when it sent one: likes only. */
  browser?: string;
}

/** Days of visits kept: today and yesterday (a day that ended a minute ago still dedupes that minute). */
const VISIT_KEEP_DAYS = 2;

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
async function visitorKey(db: Kysely<Database>, visitor: Visitor, day: string = today()): Promise<string> {
  if (visitor.userId) return `u:${visitor.userId}`;
  const salt = await daySalt(db, day);
  return `a:${createHash('sha256').update(`${salt}|${visitor.ip}`).digest('hex').slice(0, 40)}`;
}

/** Keys of a browser's likes for `day`: `b:` an anonymous like from it, `l:` a logged-in like from it. */
async function browserKeys(db: Kysely<Database>, browser: string, day: string) {
  const h = createHash('sha256').update(`${await daySalt(db, day)}|browser|${browser}`).digest('hex').slice(0, 40);
  return { anonymous: `b:${h}`, loggedIn: `l:${h}` };
}

/**
 * Counts a like, once a day per person. Besides the visitor's own key (user, or address), the browser's visitor
 * id links one person's anonymous and logged-in likes:
 * - anonymous: counted only when neither the address nor the browser has liked today (anonymously, or logged in);
 * - logged in: counted only when the user has not, and the browser's anonymous like of today (if any) was not
 *   theirs — the first user to like logged in on that browser takes it over, so another pupil on the same shared
 *   computer later likes normally.
 */
export async function countStar(db: Kysely<Database>, workId: string, visitor: Visitor): Promise<boolean> {
  const day = today();
  const own = await visitorKey(db, visitor, day);
  const browser = visitor.browser ? await browserKeys(db, visitor.browser, day) : null;
  return db.transaction().execute(async (tx) => {
    const row = (visitor_key: string) => ({ kind: 'star' as const, work_id: workId, visitor_key, day });
    const insertNew = async (key: string) =>
      Number((await tx.insertInto('teaching_work_visit').values(row(key)).onConflict((oc) => oc.columns(['kind', 'work_id', 'visitor_key', 'day']).doNothing()).executeTakeFirst()).numInsertedOrUpdatedRows ?? 0) > 0;
    const exists = async (key: string) =>
      !!(await tx.selectFrom('teaching_work_visit').select('day').where('kind', '=', 'star').where('work_id', '=', workId).where('visitor_key', '=', key).where('day', '=', day).executeTakeFirst());
    // A browser someone liked from while logged in does not like again anonymously (nor marks its address).
    if (browser && !visitor.userId && (await exists(browser.loggedIn))) return false;
    let counted = await insertNew(own);
    if (browser && visitor.userId) {
      await insertNew(browser.loggedIn);
      // This browser's anonymous like of today becomes this user's (it is no longer there for the next one).
      const claimed = await tx.deleteFrom('teaching_work_visit').where('kind', '=', 'star').where('work_id', '=', workId).where('visitor_key', '=', browser.anonymous).where('day', '=', day).executeTakeFirst();
      if (Number(claimed.numDeletedRows ?? 0) > 0) counted = false;
    } else if (browser) {
      counted = (await insertNew(browser.anonymous)) && counted;
    }
    if (counted) {
      await tx
        .updateTable('teaching_work')
        .set((eb) => ({ star_num: eb('star_num', '+', 1) }))
        .where('id', '=', workId)
        .execute();
    }
    return counted;
  });
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
