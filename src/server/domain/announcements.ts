// Announcements: creating, publishing and revoking them, and how a user receives them — through per-user
// send rows (sys_announcement_send), created for every recipient when an announcement is published.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database, SysAnnouncement } from '../db/schema.js';
import type { NoticeHub, NoticeTarget } from '../realtime/hub.js';
import { sanitizeRichHtml } from '../shared/rich-text.js';
import { announcementAbilities } from './announcement-abilities.js';
import { newId } from './ids.js';
import { camel } from './serialize.js';
import { contains } from './sql-like.js';
import { now } from './time.js';

/** SysAnnouncement JSON; the HTML content always leaves the server sanitised (imported rows included). */
export const annJson = (a: SysAnnouncement) => ({ ...camel(a), msgContent: a.msg_content == null ? null : sanitizeRichHtml(a.msg_content) });

const PER_CATEGORY = 5;
/** Send rows per insert statement: 6 parameters a row keeps each statement under SQLite's 32766 limit. */
const SEND_BATCH = 5000;

/**
 * Announcements to ALL that a user has no send row for yet (the user was created after they were published,
 * or they were published before send rows existed): the anchor delivers them lazily, at the user's next
 * look, when the announcement was still valid when the account was created (end_time ≥ user create_time;
 * a NULL end_time means no end). Idempotent under concurrency (unique annt_id+user_id).
 */
async function deliverPendingAll(db: Kysely<Database>, userId: string): Promise<number> {
  const user = await db.selectFrom('sys_user').select('create_time').where('id', '=', userId).executeTakeFirst();
  if (!user) return 0;
  let q = db
    .selectFrom('sys_announcement as a')
    .select('a.id')
    .where('a.msg_type', '=', 'ALL')
    .where('a.send_status', '=', '1')
    .where('a.del_flag', '=', '0')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('sys_announcement_send as s').select('s.id').whereRef('s.annt_id', '=', 'a.id').where('s.user_id', '=', userId))),
    );
  if (user.create_time) {
    const created = user.create_time;
    q = q.where((eb) => eb.or([eb('a.end_time', 'is', null), eb('a.end_time', '>=', created)]));
  }
  const missing = await q.execute();
  if (missing.length === 0) return 0;
  const t = now();
  await db
    .insertInto('sys_announcement_send')
    .values(missing.map((a) => ({ id: newId(), annt_id: a.id, user_id: userId, read_flag: '0', create_by: 'system', create_time: t })))
    .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doNothing())
    .execute();
  return missing.length;
}

/** Unread published announcements of a user, newest first: 5 per category with the full unread counts. */
export async function unreadForUser(db: Kysely<Database>, userId: string) {
  await deliverPendingAll(db, userId);
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

/** Marks every announcement a user received as read; returns how many changed. */
export async function markAllRead(db: Kysely<Database>, userId: string): Promise<number> {
  await deliverPendingAll(db, userId);
  const res = await db
    .updateTable('sys_announcement_send')
    .set({ read_flag: '1', read_time: now() })
    .where('user_id', '=', userId)
    .where('read_flag', '=', '0')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
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

export interface MySendQuery {
  titile?: string;
  sender?: string;
  readFlag?: '0' | '1';
  busType?: string;
  pageNo: number;
  pageSize: number;
}

/** The user's received announcements (getMyAnnouncementSend): published, not deleted, newest first. */
export async function myAnnouncementSends(db: Kysely<Database>, userId: string, q: MySendQuery) {
  await deliverPendingAll(db, userId);
  let base = db
    .selectFrom('sys_announcement_send as s')
    .innerJoin('sys_announcement as a', 'a.id', 's.annt_id')
    .where('s.user_id', '=', userId)
    .where('a.send_status', '=', '1')
    .where('a.del_flag', '=', '0');
  if (q.titile) base = base.where(contains('a.titile', q.titile));
  if (q.sender) base = base.where(contains('a.sender', q.sender));
  if (q.readFlag) base = base.where('s.read_flag', '=', q.readFlag);
  if (q.busType) base = base.where('a.bus_type', '=', q.busType);
  const [rows, total] = await Promise.all([
    base
      .select([
        's.id',
        's.annt_id',
        's.user_id',
        's.read_flag',
        's.read_time',
        'a.titile',
        'a.msg_content',
        'a.sender',
        'a.priority',
        'a.msg_category',
        'a.send_time',
        'a.bus_id',
        'a.bus_type',
        'a.open_type',
        'a.open_page',
        'a.msg_abstract',
      ])
      .orderBy('a.send_time', 'desc')
      .orderBy('s.id', 'asc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((r) => ({ ...camel(r), msgContent: r.msg_content == null ? null : sanitizeRichHtml(r.msg_content) })),
    total: Number(total.n),
  };
}

export interface NewAnnouncement {
  titile: string;
  msgContent?: string | null;
  msgAbstract?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  priority: 'L' | 'M' | 'H';
  msgCategory: '1' | '2';
  msgType: 'ALL' | 'USER';
  /** Recipients of a USER announcement (ids of existing users). */
  userIds?: string[];
  openType?: 'url' | 'component' | null;
  openPage?: string | null;
  busType?: string | null;
  busId?: string | null;
}

export type AddResult = { ok: true; announcement: SysAnnouncement } | { ok: false; reason: 'no_recipients' | 'unknown_users' };

/** Creates a draft (send_status '0'); a USER announcement gets its unread send rows now, as in the anchor. */
export async function createAnnouncement(db: Kysely<Database>, input: NewAnnouncement, by: string): Promise<AddResult> {
  const userIds = input.msgType === 'USER' ? [...new Set(input.userIds ?? [])] : [];
  if (input.msgType === 'USER') {
    if (userIds.length === 0) return { ok: false, reason: 'no_recipients' };
    const found = await db.selectFrom('sys_user').select('id').where('id', 'in', userIds).where('del_flag', '=', 0).execute();
    if (found.length !== userIds.length) return { ok: false, reason: 'unknown_users' };
  }
  const id = newId();
  const t = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sys_announcement')
      .values({
        id,
        titile: input.titile,
        msg_content: input.msgContent == null ? null : sanitizeRichHtml(input.msgContent),
        msg_abstract: input.msgAbstract ?? null,
        start_time: input.startTime ?? null,
        end_time: input.endTime ?? null,
        sender: null,
        priority: input.priority,
        msg_category: input.msgCategory,
        msg_type: input.msgType,
        send_status: '0',
        del_flag: '0',
        bus_type: input.busType ?? null,
        bus_id: input.busId ?? null,
        open_type: input.openType ?? null,
        open_page: input.openPage ?? null,
        create_by: by,
        create_time: t,
      })
      .execute();
    for (let i = 0; i < userIds.length; i += SEND_BATCH) {
      await trx
        .insertInto('sys_announcement_send')
        .values(userIds.slice(i, i + SEND_BATCH).map((u) => ({ id: newId(), annt_id: id, user_id: u, read_flag: '0', create_by: by, create_time: t })))
        .execute();
    }
  });
  const row = await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ok: true, announcement: row };
}

/** A random 32-hex id computed by the database. */
const sqlRandomId = (db: Kysely<Database>) =>
  db.getExecutor().adapter instanceof PostgresAdapter ? sql<string>`replace(gen_random_uuid()::text, '-', '')` : sql<string>`lower(hex(randomblob(16)))`;

/** Users per send-row batch of a publication to ALL: one batch costs about 10 ms of CPU (SQLite). */
export const ALL_SEND_BATCH = 1000;

/**
 * Inserts unread send rows of `anntId` for every active user, in batches of ALL_SEND_BATCH users read in
 * primary-key order (a walk of the id index: filtering by del_flag and status in SQL instead lets a planner
 * without statistics pick the (del_flag, status, realname) index and read every user for every batch). Each batch
 * commits on its own and the event loop runs between batches: with SQLite every statement blocks the process,
 * and one transaction over 400k users froze the whole server for half a minute. A publication cut short (a
 * crash) is completed by deliverPendingAll, which gives a user without a send row theirs.
 */
async function sendToAllUsers(db: Kysely<Database>, anntId: string, by: string, t: string): Promise<number> {
  let last = '';
  let total = 0;
  for (;;) {
    const batch = await db.selectFrom('sys_user').select(['id', 'del_flag', 'status']).where('id', '>', last).orderBy('id').limit(ALL_SEND_BATCH).execute();
    const active = batch.filter((u) => u.del_flag === 0 && u.status === 1);
    if (active.length) {
      // Rows made by the database (half the CPU of sending them as values); `id in (…)` alone can only seek the key.
      const res = await db
        .insertInto('sys_announcement_send')
        .columns(['id', 'annt_id', 'user_id', 'read_flag', 'create_by', 'create_time'])
        .expression(
          db
            .selectFrom('sys_user')
            .select((eb) => [sqlRandomId(db).as('id'), eb.val(anntId).as('annt_id'), 'id as user_id', eb.val('0').as('read_flag'), eb.val(by).as('create_by'), eb.val(t).as('create_time')])
            .where('id', 'in', active.map((u) => u.id)),
        )
        .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doNothing())
        .executeTakeFirst();
      total += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    if (batch.length < ALL_SEND_BATCH) break;
    last = batch[batch.length - 1].id;
    await yieldToEventLoop();
  }
  return total;
}

export type PublishResult =
  | { ok: true; announcement: SysAnnouncement; recipients: number; pushed: boolean }
  | { ok: false; reason: 'not_found' | 'already_published' | 'no_recipients' };

/**
 * Publishes an announcement (doReleaseData): send_status '1', send_time now, sender = the publisher;
 * unread send rows for every recipient — for USER the targeted users (send rows made at add time, plus
 * `userIds` if given), in the same transaction as the status; for ALL every active user, in batches after
 * the status commits (sendToAllUsers) — then the realtime push: {cmd:'topic'} to everyone for ALL,
 * {cmd:'user'} to each recipient for USER. A failure before the status commits changes nothing. A failed
 * push does not undo the publication (open shells still see it at their next load).
 */
export async function publishAnnouncement(
  db: Kysely<Database>,
  hub: NoticeHub,
  id: string,
  sender: string,
  userIds?: string[],
): Promise<PublishResult> {
  const found = await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst();
  if (!found) return { ok: false, reason: 'not_found' };
  if (!announcementAbilities(found).canPublish) return { ok: false, reason: 'already_published' };
  const t = now();
  type Outcome = { ok: true; recipients: number; users: 'all' | string[] } | { ok: false; reason: 'already_published' | 'no_recipients' };
  class Rollback extends Error {
    constructor(readonly outcome: Outcome) {
      super('rollback');
    }
  }
  let outcome: Outcome;
  try {
    outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      // Conditional update: of two concurrent publishers only one gets the row.
      const res = await trx
        .updateTable('sys_announcement')
        .set({ send_status: '1', send_time: t, sender, cancel_time: null, update_by: sender, update_time: t })
        .where('id', '=', id)
        .where('del_flag', '=', '0')
        .where('send_status', '!=', '1')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new Rollback({ ok: false, reason: 'already_published' });
      if (found.msg_type === 'ALL') return { ok: true, recipients: 0, users: 'all' };
      const extra = [...new Set(userIds ?? [])];
      for (let i = 0; i < extra.length; i += SEND_BATCH) {
        await trx
          .insertInto('sys_announcement_send')
          .values(extra.slice(i, i + SEND_BATCH).map((u) => ({ id: newId(), annt_id: id, user_id: u, read_flag: '0', create_by: sender, create_time: t })))
          .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doNothing())
          .execute();
      }
      const rows = await trx
        .selectFrom('sys_announcement_send as s')
        .innerJoin('sys_user as u', 'u.id', 's.user_id')
        .select('s.user_id')
        .where('s.annt_id', '=', id)
        .where('u.del_flag', '=', 0)
        .execute();
      if (rows.length === 0) throw new Rollback({ ok: false, reason: 'no_recipients' });
      return { ok: true, recipients: rows.length, users: rows.map((r) => r.user_id) };
    });
  } catch (err) {
    if (err instanceof Rollback) outcome = err.outcome;
    else throw err;
  }
  if (!outcome.ok) return outcome;
  if (outcome.users === 'all') outcome.recipients = await sendToAllUsers(db, id, sender, t);
  const target: NoticeTarget =
    outcome.users === 'all'
      ? { users: 'all', message: { cmd: 'topic', msgId: id, msgTxt: found.titile } }
      : { users: outcome.users, message: { cmd: 'user', msgId: id, msgTxt: found.titile } };
  let pushed = true;
  try {
    await hub.publish(target);
  } catch (err) {
    pushed = false;
    console.error(`[announcements] realtime push of ${id} failed: ${(err as Error).message}`);
  }
  const announcement = await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ok: true, announcement, recipients: outcome.recipients, pushed };
}

export type RevokeResult = { ok: true; announcement: SysAnnouncement } | { ok: false; reason: 'not_found' | 'not_published' | 'already_revoked' };

/** Revokes a published announcement (doReovkeData): send_status '2', cancel_time now. */
export async function revokeAnnouncement(db: Kysely<Database>, id: string, by: string): Promise<RevokeResult> {
  const found = await db.selectFrom('sys_announcement').select('send_status').where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst();
  if (!found) return { ok: false, reason: 'not_found' };
  if (!announcementAbilities(found).canRevoke) return { ok: false, reason: found.send_status === '2' ? 'already_revoked' : 'not_published' };
  const t = now();
  const res = await db
    .updateTable('sys_announcement')
    .set({ send_status: '2', cancel_time: t, update_by: by, update_time: t })
    .where('id', '=', id)
    .where('send_status', '=', '1')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return { ok: false, reason: 'already_revoked' };
  const announcement = await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ok: true, announcement };
}

/**
 * syncNotic: tells the caller's open shells to reload their notices after they read one (`anntId`, which must be
 * one they received) or all of them. The anchor pushed to every recipient, or broadcast to everyone without an
 * id, on any user's call; here only the caller's own sockets are reached, which is what the reload needs.
 */
export async function syncNotices(db: Kysely<Database>, hub: NoticeHub, userId: string, anntId?: string): Promise<boolean> {
  if (anntId) {
    const found = await receivedAnnouncement(db, userId, anntId);
    if (!found) return false;
    await hub.publish({ users: [userId], message: { cmd: 'user', userId, msgId: found.id, msgTxt: found.titile } });
    return true;
  }
  await hub.publish({ users: [userId], message: { cmd: 'topic', msgTxt: '批量设置已读' } });
  return true;
}
