// What visitors do with a public work: like it (starWork), read and write comments (getWorkComments,
// saveComment, deleteComment), and the 精选 list (greatWork). Public works only (status 3 and 4): a draft answers
// 作品不存在 to everyone here, its author included (the author's own screens read it elsewhere).
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { limitOf } from '../../domain/limits.js';
import { readConfig } from '../../domain/site-config.js';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  addComment,
  commentText,
  deleteComment,
  publicWork,
  starWork,
  workComments,
} from '../../domain/work-comments.js';
import type { Visitor } from '../../domain/work-visits.js';
import { FEATURED_STATUS, leaderboard } from '../../domain/works.js';
import { LOGGED_IN, PUBLIC, type ApiRoutes } from '../access.js';
import { answer, fail, jsonBody, ok, page, paging } from '../envelope.js';
import { clientIp } from '../request-meta.js';
import { isVisitorId, newVisitorId, VISITOR_COOKIE, visitorCookieOptions } from '../../shared/visitor-cookie.js';

/** Who is asking, for the once-a-day counts: the session's user, else the client's address. */
/** Likes tried a minute per address (a school's NAT is one address, hence generous). */
export const STARS_PER_MINUTE = 120;

export function requestVisitor(c: Context<ApiEnv>): Visitor {
  return { userId: c.get('user')?.id ?? null, ip: clientIp(c, c.get('deps').config.trustProxy) };
}

/** `workId` of a JSON body (the anchor's clients post `{workId}`), or ''. */
async function bodyWorkId(c: Context<ApiEnv>): Promise<string> {
  if (!c.req.header('Content-Type')?.includes('application/json')) return '';
  try {
    const body = (await c.req.json()) as unknown;
    const v = body && typeof body === 'object' ? (body as { workId?: unknown }).workId : undefined;
    return typeof v === 'string' ? v.slice(0, 64) : '';
  } catch {
    return '';
  }
}

const positive = (v: string | undefined, d: number, max: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : d;
};

const commentBody = z.object({
  workId: z.string({ message: '参数错误：缺少workId' }).trim().min(1, '参数错误：缺少workId').max(64, COMMENT_MESSAGES.notFound),
  comment: z.string({ message: COMMENT_MESSAGES.empty }).max(COMMENT_MAX_LENGTH, COMMENT_MESSAGES.tooLong),
});

export function registerWorkInteractionRoutes(r: ApiRoutes) {
  // 点赞: the anchor's path, as a same-origin POST (api/index.ts SAME_ORIGIN_POSTS; its GET answers 405). The
  // browser's visitor id (a cookie given here when missing) links its anonymous and logged-in likes.
  r.post('/teaching/teachingWork/starWork', PUBLIC, async (c) => {
    const workId = (c.req.query('workId') ?? (await bodyWorkId(c))).trim();
    if (!workId) return fail(c, '参数错误：缺少workId', 400, 400);
    let browser = getCookie(c, VISITOR_COOKIE);
    if (!isVisitorId(browser)) {
      browser = newVisitorId();
      setCookie(c, VISITOR_COOKIE, browser, visitorCookieOptions(c.get('deps').config.secureCookies));
    }
    // One like per visitor and work is the database's rule; this bounds how fast one address may try (all processes).
    const visitor = requestVisitor(c);
    if (!(await limitOf(c.get('deps'), 'star-ip', STARS_PER_MINUTE, 60).take(visitor.ip))) return fail(c, '点赞太频繁了，请稍后再试', 429);
    const res = await starWork(c.get('deps').db, workId, { ...visitor, browser });
    if (!res) return fail(c, COMMENT_MESSAGES.notFound);
    return answer(c, res.ok, res.message, res.ok ? 200 : 500, { starNum: res.starNum });
  });

  // 精选作品: status 4, newest first (then id). teaching-open listed status 2 (its old 优秀作品, now 已批改, which
  // are not public) in no order; our 精选 is the status the home page and the works list show as 精选.
  r.get('/teaching/teachingWork/greatWork', PUBLIC, async (c) => {
    const { pageNo, pageSize } = paging(c, 10, 100);
    const { records, total } = await leaderboard(c.get('deps').db, { pageNo, pageSize, orderBy: 'time', workStatus: FEATURED_STATUS });
    return ok(c, page(records, total, pageNo, pageSize), '操作成功！', 200);
  });

  // The anchor's contract: `page` and `pageSize`, a plain list (newest first).
  r.get('/teaching/teachingWork/getWorkComments', PUBLIC, async (c) => {
    const workId = c.req.query('workId')?.trim() ?? '';
    if (!workId) return fail(c, '参数错误：缺少workId', 400, 400);
    const { db } = c.get('deps');
    const work = await publicWork(db, workId);
    if (!work) return fail(c, COMMENT_MESSAGES.notFound);
    const pageNo = positive(c.req.query('page') ?? c.req.query('pageNo'), 1, 10_000);
    const pageSize = positive(c.req.query('pageSize'), 10, 100);
    return ok(c, await workComments(db, work, pageNo, pageSize, c.get('user')), '操作成功！', 0);
  });

  r.post('/teaching/teachingWork/saveComment', LOGGED_IN, async (c) => {
    const body = await jsonBody(c, commentBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    if ((await readConfig(db, ['allowComment'])).allowComment !== '1') return fail(c, COMMENT_MESSAGES.closed);
    const work = await publicWork(db, body.data.workId);
    if (!work) return fail(c, COMMENT_MESSAGES.notFound);
    const text = commentText(body.data.comment);
    if (!text) return fail(c, COMMENT_MESSAGES.empty);
    if (text.length > COMMENT_MAX_LENGTH) return fail(c, COMMENT_MESSAGES.tooLong);
    const added = await addComment(db, work.id, user, text);
    if (!added.ok) return fail(c, added.message);
    const id = added.id;
    const [saved] = (await workComments(db, work, 1, 1, user)).filter((m) => m.id === id);
    return ok(c, saved ?? { id, workId: work.id, comment: text }, COMMENT_MESSAGES.saved, 200);
  });

  // Not in the anchor (it had no usable delete): the commenter, the work's author, or staff managing the author.
  r.delete('/teaching/teachingWork/deleteComment', LOGGED_IN, async (c) => {
    const id = c.req.query('id')?.trim() ?? '';
    if (!id) return fail(c, '参数错误：缺少id', 400, 400);
    const res = await deleteComment(c.get('deps').db, id, c.get('user')!);
    if (res === 'missing') return fail(c, COMMENT_MESSAGES.commentNotFound);
    if (res === 'refused') return fail(c, COMMENT_MESSAGES.notYours);
    return ok(c, null, COMMENT_MESSAGES.deleted, 200);
  });
}
