// Announcements as a user receives them: the per-user send rows created when an announcement is published.
import type { Kysely } from 'kysely';
import type { Database, SysAnnouncement } from '../db/schema.js';
import { camel } from './serialize.js';
import { now } from './time.js';

export const annJson = (a: SysAnnouncement) => camel(a);

const PER_CATEGORY = 5;

/** Unread published announcements of a user, newest first: 5 per category with the full unread counts. */
export async function unreadForUser(db: Kysely<Database>, userId: string) {
  const base = db
    .selectFrom('sys_announcement as a')
    .innerJoin('sys_announcement_send as s', 's.annt_id', 'a.id')
    .where('s.user_id', '=', userId)
    .where('s.read_flag', '=', '0')
    .where('a.send_status', '=', '1')
    .where('a.del_flag', '=', '0')
    .where((eb) => eb.or([eb('a.end_time', 'is', null), eb('a.end_time', '>=', now())]));
  const list = (category: string) =>
    base
      .selectAll('a')
      .where('a.msg_category', '=', category)
      .orderBy('a.send_time', 'desc')
      .orderBy('a.create_time', 'desc')
      .limit(PER_CATEGORY)
      .execute();
  const counts = await base
    .select(['a.msg_category', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('a.msg_category')
    .execute();
  const count = (category: string) => Number(counts.find((r) => r.msg_category === category)?.n ?? 0);
  const [annt, sys] = await Promise.all([list('1'), list('2')]);
  return {
    anntMsgList: annt.map(annJson),
    anntMsgTotal: count('1'),
    sysMsgList: sys.map(annJson),
    sysMsgTotal: count('2'),
  };
}

/** Marks one announcement read for a user; false when the user never received it. */
export async function markRead(db: Kysely<Database>, userId: string, anntId: string): Promise<boolean> {
  const res = await db
    .updateTable('sys_announcement_send')
    .set({ read_flag: '1', read_time: now() })
    .where('annt_id', '=', anntId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** An announcement a user may open: one they received and that is published. */
export async function receivedAnnouncement(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom('sys_announcement as a')
    .innerJoin('sys_announcement_send as s', 's.annt_id', 'a.id')
    .selectAll('a')
    .where('a.id', '=', id)
    .where('s.user_id', '=', userId)
    .where('a.send_status', '=', '1')
    .where('a.del_flag', '=', '0')
    .executeTakeFirst();
}
