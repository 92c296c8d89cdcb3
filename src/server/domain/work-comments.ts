// Public comments on works (作品评论) and likes. Comments are plain text: whatever HTML a client sends is stripped
// before the text is stored, and pages print it escaped. teaching-open let anyone logged in comment on any work
// (drafts too) with no length limit, ignored the allowComment switch, wiped comments when grading, and offered no
// way to delete one; here the work must be public, the switch holds on the server, a user comments at most
// COMMENTS_PER_MINUTE / COMMENTS_PER_DAY times, and the commenter, the work's author or staff managing the author
// may delete.
import type { Kysely } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { Database } from '../db/schema.js';
import { serialized } from '../db/serialized.js';
import { newId } from './ids.js';
import { fileUrl } from './serialize.js';
import type { SessionUser } from './sessions.js';
import { formatDateTime, now, today } from './time.js';
import { countStar, type Visitor } from './work-visits.js';
import { managesAuthor, PUBLIC_STATUS } from './works.js';

export const COMMENT_MAX_LENGTH = 500;
export const COMMENTS_PER_MINUTE = 5;
export const COMMENTS_PER_DAY = 30;

export const COMMENT_MESSAGES = {
  notFound: '作品不存在',
  closed: '评论功能未开放',
  empty: '请输入评论内容',
  tooLong: `评论不能超过${COMMENT_MAX_LENGTH}个字`,
  perMinute: '评论太频繁了，请一分钟后再试',
  perDay: `今天的评论已达上限（${COMMENTS_PER_DAY}条），明天再来吧`,
  commentNotFound: '评论不存在',
  notYours: '无权删除该评论',
  saved: '评论成功',
  deleted: '删除成功',
  starred: '点赞成功',
  starredAlready: '已经点赞过了',
} as const;

/** A work the public may see (status 3 or 4, not deleted, author not deleted), or null. */
export async function publicWork(db: Kysely<Database>, workId: string) {
  if (!workId || workId.length > 64) return null;
  const row = await db
    .selectFrom('teaching_work as w')
    .innerJoin('sys_user as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.user_id', 'w.star_num', 'w.view_num'])
    .where('w.id', '=', workId)
    .where('w.del_flag', '=', 0)
    .where('w.work_status', '>=', PUBLIC_STATUS)
    .where('u.del_flag', '=', 0)
    .executeTakeFirst();
  return row ?? null;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

const STRIP_ALL: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };

/**
 * The plain text of a comment: every tag removed (script and style with their content), entities turned back
 * into characters, repeated until no markup is left (so `&lt;script&gt;` cannot come back as a tag: it goes
 * too, with its content), runs of spaces made one, trimmed.
 */
export function commentText(input: string): string {
  let text = input;
  for (let i = 0; i < 5; i++) {
    const next = decodeEntities(sanitizeHtml(text, STRIP_ALL));
    if (next === text) break;
    text = next;
  }
  // Removed markup leaves runs of spaces behind.
  return text.replace(/\r\n?/g, '\n').replace(/[ \t]{2,}/g, ' ').trim();
}

/** A like of a public work, once per visitor per day: the message and the work's like count after it. */
export async function starWork(db: Kysely<Database>, workId: string, visitor: Visitor): Promise<{ ok: boolean; message: string; starNum: number } | null> {
  const work = await publicWork(db, workId);
  if (!work) return null;
  const counted = await countStar(db, work.id, visitor);
  const starNum = counted ? work.star_num + 1 : work.star_num;
  return { ok: counted, message: counted ? COMMENT_MESSAGES.starred : COMMENT_MESSAGES.starredAlready, starNum };
}

export interface CommentModel {
  id: string;
  workId: string;
  comment: string;
  userId: string | null;
  /** The commenter's real name, or 匿名: account names are never public. */
  realname: string;
  /** Kept in the shape (teaching-open's clients read it as a fallback) but always empty. */
  username: string;
  avatar: string | null;
  avatar_url: string | null;
  createTime: string;
  /** Whether the caller may delete it (the commenter, the work's author, staff managing the author). */
  canDelete: boolean;
}

/** A page of a public work's comments, newest first. `viewer`: to mark the ones they may delete. */
export async function workComments(
  db: Kysely<Database>,
  work: { id: string; user_id: string },
  pageNo: number,
  pageSize: number,
  viewer: Pick<SessionUser, 'id' | 'roles'> | null,
): Promise<CommentModel[]> {
  const rows = await db
    .selectFrom('teaching_work_comment as m')
    .leftJoin('sys_user as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.work_id', 'm.comment', 'm.user_id', 'm.create_time', 'u.realname', 'u.avatar'])
    .where('m.work_id', '=', work.id)
    .orderBy('m.create_time', 'desc')
    .orderBy('m.id', 'desc')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  const moderator = !!viewer && (viewer.id === work.user_id || (await managesAuthor(db, viewer, work.user_id)));
  return rows.map((r) => ({
    id: r.id,
    workId: r.work_id,
    comment: r.comment,
    userId: r.user_id ?? null,
    realname: r.realname || '匿名',
    username: '',
    avatar: r.avatar ?? null,
    avatar_url: fileUrl(r.avatar),
    createTime: r.create_time ?? '',
    canDelete: !!viewer && (moderator || r.user_id === viewer.id),
  }));
}

/** Refusal message when the user has used up their comments, else null. */
async function commentQuotaProblem(db: Kysely<Database>, userId: string): Promise<string | null> {
  const count = async (since: string) =>
    Number(
      (
        await db
          .selectFrom('teaching_work_comment')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('create_time', '>=', since)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  if ((await count(formatDateTime(new Date(Date.now() - 60_000)))) >= COMMENTS_PER_MINUTE) return COMMENT_MESSAGES.perMinute;
  if ((await count(`${today()} 00:00:00`)) >= COMMENTS_PER_DAY) return COMMENT_MESSAGES.perDay;
  return null;
}

/**
 * Stores a comment (text already checked) if the user has comments left: its id, or the refusal. The count and
 * the insert hold the user's lock together, so simultaneous posts cannot all pass the count.
 */
export async function addComment(
  db: Kysely<Database>,
  workId: string,
  user: Pick<SessionUser, 'id' | 'username'>,
  text: string,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  return serialized(db, `work-comment:${user.id}`, async (trx) => {
    const problem = await commentQuotaProblem(trx, user.id);
    if (problem) return { ok: false, message: problem };
    const id = newId();
    await trx.insertInto('teaching_work_comment').values({ id, work_id: workId, comment: text, user_id: user.id, create_by: user.username, create_time: now() }).execute();
    return { ok: true, id };
  });
}

/** Deletes a comment when `user` may: 'deleted', 'missing' or 'refused'. */
export async function deleteComment(db: Kysely<Database>, commentId: string, user: Pick<SessionUser, 'id' | 'roles'>): Promise<'deleted' | 'missing' | 'refused'> {
  if (!commentId || commentId.length > 64) return 'missing';
  const row = await db
    .selectFrom('teaching_work_comment as m')
    .leftJoin('teaching_work as w', 'w.id', 'm.work_id')
    .select(['m.id', 'm.user_id', 'w.user_id as author_id'])
    .where('m.id', '=', commentId)
    .executeTakeFirst();
  if (!row) return 'missing';
  const allowed = row.user_id === user.id || (!!row.author_id && (row.author_id === user.id || (await managesAuthor(db, user, row.author_id))));
  if (!allowed) return 'refused';
  await db.deleteFrom('teaching_work_comment').where('id', '=', commentId).execute();
  return 'deleted';
}
