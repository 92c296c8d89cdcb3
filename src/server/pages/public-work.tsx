// /work-detail?id=: one public work, its like button, share link and QR code, the site's share text and (when
// the site allows comments) its comments. The writes are plain form posts that answer with a redirect back
// (`msg` names what happened, from a fixed list) and, when htmx sent them, with the part of the page they
// changed. Forms pass the pages' same-origin rule (pages/index.ts) like every other page form.
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  COMMENT_PAGE_SIZE,
  CommentPage,
  CommentSection,
  DeleteCommentPage,
  LikeBox,
  MAX_COMMENT_PAGES,
  WorkDetailPage,
  WorkNotFoundPage,
  type CommentState,
} from '../../templates/public/work-detail.js';
import type { PublicViewer } from '../../templates/public/layout.js';
import type { WorkComment } from '../upstream/client.js';
import { isVisitorId, newVisitorId, VISITOR_COOKIE, visitorCookieOptions } from '../shared/visitor-cookie.js';
import { isConfirmed } from './confirm.js';
import type { PageEnv } from './context.js';
import { cacheHeaders, chrome, frameProps, logFailure } from './public.js';
import { cachedQrSvg, publicOrigin, qrImage, workQrPath, workSharePath } from './share.js';

/** What a redirect's `msg` may say: codes only, so no text from the address is ever shown. */
const FLASH = {
  starred: { like: '点赞成功' },
  'star-again': { like: '已经点赞过了' },
  'star-failed': { like: '点赞失败，请稍后再试' },
  commented: { comment: '评论成功' },
  deleted: { comment: '评论已删除' },
} as const satisfies Record<string, { like?: string; comment?: string }>;
type FlashCode = keyof typeof FLASH;

const isHtmx = (c: Context) => c.req.header('HX-Request') === 'true';
const detailPath = workSharePath;
const formText = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The share link and its QR code. This page is shared between anonymous visitors (page-cache.ts), so nothing in it
 * comes from the request's Host (pages/share.ts): with PUBLIC_URL an absolute link and the QR drawn inline; without,
 * a relative link and the QR as an image each visitor's browser fetches for the address it used.
 */
async function share(c: Context<PageEnv>, id: string): Promise<{ link: string; svg?: string; src?: string }> {
  const origin = publicOrigin(c);
  if (!origin) return { link: workSharePath(id), src: workQrPath(id) };
  const link = `${origin}${workSharePath(id)}`;
  return { link, svg: await cachedQrSvg(link) };
}

/** The first `pages` pages of a work's comments (null when they could not be read: the list shows empty). */
async function loadComments(c: Context<PageEnv>, workId: string, pages: number, first = 1): Promise<WorkComment[]> {
  try {
    const res = await c.get('upstream').workComments(workId, first, COMMENT_PAGE_SIZE * pages);
    if (res.success && Array.isArray(res.result)) return res.result;
    logFailure(c, 'comments', res.message);
  } catch (err) {
    logFailure(c, 'comments', err);
  }
  return [];
}

interface DetailOptions {
  commentPages?: number;
  likeMessage?: string;
  comment?: Omit<CommentState, 'comments' | 'pages'>;
  status?: 200 | 404;
}

/** The whole page (it counts the visitor's view, once a day). */
async function renderDetail(c: Context<PageEnv>, id: string, o: DetailOptions = {}): Promise<Response> {
  const current = id ? detailPath(id) : '/work-detail';
  const [frame, res] = await Promise.all([chrome(c), id ? c.get('upstream').workInfo(id) : Promise.resolve(null)]);
  const props = frameProps(frame, current);
  cacheHeaders(c);
  // Unknown, missing or non-public: the API answers success:false (作品不存在) for all of them.
  if (!res?.success || !res.result) return c.html('<!doctype html>' + (<WorkNotFoundPage {...props} />), 404);
  // A page answering someone's own action (a flash message, a refused comment) is theirs alone.
  if (o.likeMessage || o.comment?.message || o.comment?.error) c.header('Cache-Control', 'private, no-store');
  const pages = Math.min(Math.max(o.commentPages ?? 1, 1), MAX_COMMENT_PAGES);
  const allowComment = frame.cfg.allowComment === '1';
  const [comments, shared] = await Promise.all([allowComment ? loadComments(c, id, pages) : Promise.resolve(null), share(c, id)]);
  return c.html(
    '<!doctype html>' +
      (
        <WorkDetailPage
          {...props}
          work={res.result}
          likeMessage={o.likeMessage}
          comments={comments ? { comments, pages, ...o.comment } : undefined}
          share={shared}
          shareHtml={frame.cfg._workShareHtml}
        />
      ),
    o.status ?? 200,
  );
}

/** The comment area alone (htmx answers), with the first page of comments. */
async function commentFragment(c: Context<PageEnv>, workId: string, viewer: PublicViewer | null, state: Omit<CommentState, 'comments' | 'pages'>) {
  c.header('Cache-Control', 'private, no-store');
  const comments = await loadComments(c, workId, 1);
  return c.html(<CommentSection workId={workId} viewer={viewer} current={detailPath(workId)} state={{ comments, pages: 1, ...state }} />);
}

/** The visitor of a write (the comment form shows their name). */
async function visitor(c: Context<PageEnv>): Promise<PublicViewer | null> {
  return (await chrome(c)).viewer;
}

const back = (c: Context<PageEnv>, id: string, code: FlashCode, anchor: string) => c.redirect(`${detailPath(id)}&msg=${code}#${anchor}`, 303);

export function registerWorkDetailPages(app: Hono<PageEnv>) {
  app.get('/work-detail', async (c) => {
    const id = c.req.query('id')?.trim() ?? '';
    const code = c.req.query('msg') ?? '';
    const flash: { like?: string; comment?: string } = Object.hasOwn(FLASH, code) ? FLASH[code as FlashCode] : {};
    const pages = Number.parseInt(c.req.query('commentPage') ?? '1', 10);
    return renderDetail(c, id, { commentPages: Number.isFinite(pages) ? pages : 1, likeMessage: flash.like, comment: { message: flash.comment } });
  });

  // The share link's QR code as an image (pages/share.ts): what the page shows when PUBLIC_URL is not set.
  app.get('/work-detail/qr.svg', qrImage);

  // 加载更多 with htmx: the next page of comments and the link after it. Without htmx, the page that shows them.
  app.get('/work-detail/comments', async (c) => {
    const id = c.req.query('id')?.trim() ?? '';
    const page = Math.min(Math.max(Number.parseInt(c.req.query('page') ?? '2', 10) || 2, 1), MAX_COMMENT_PAGES);
    if (!isHtmx(c)) return c.redirect(`${detailPath(id)}&commentPage=${page}#xt-comments`);
    c.header('Cache-Control', 'private, no-store');
    let comments: WorkComment[] = [];
    try {
      const res = await c.get('upstream').workComments(id, page, COMMENT_PAGE_SIZE);
      if (res.success && Array.isArray(res.result)) comments = res.result;
    } catch (err) {
      logFailure(c, 'comments', err);
    }
    return c.html(<CommentPage workId={id} comments={comments} page={page} full={comments.length >= COMMENT_PAGE_SIZE} />);
  });

  // 点赞: anyone, once a day per work and person (the API counts; a repeat answers 已经点赞过了).
  app.post('/work-detail/like', async (c) => {
    const form = await c.req.parseBody();
    const id = formText(form.id).trim();
    if (!id) return renderDetail(c, '', {});
    // The browser's visitor id: its anonymous and logged-in likes count once (domain/work-visits.ts countStar).
    let browser = getCookie(c, VISITOR_COOKIE);
    if (!isVisitorId(browser)) {
      browser = newVisitorId();
      setCookie(c, VISITOR_COOKIE, browser, visitorCookieOptions(c.get('config').secureCookies));
    }
    const res = await c.get('upstream').starWork(id, browser);
    if (!res.success && res.message === '作品不存在') return renderDetail(c, id, {});
    const code: FlashCode = res.success ? 'starred' : res.message === '已经点赞过了' ? 'star-again' : 'star-failed';
    if (!isHtmx(c)) return back(c, id, code, 'xt-like');
    let starNum = res.result?.starNum;
    if (typeof starNum !== 'number') {
      const info = await c.get('upstream').workInfo(id);
      starNum = info.success ? Number(info.result.starNum) || 0 : 0;
    }
    c.header('Cache-Control', 'private, no-store');
    return c.html(<LikeBox workId={id} starNum={starNum} message={FLASH[code].like} />);
  });

  // 发表评论 (logged in: the pages' guard sends visitors to log in). A refusal keeps the text in the box.
  app.post('/work-detail/comment', async (c) => {
    const form = await c.req.parseBody();
    const id = formText(form.id).trim();
    const text = formText(form.comment);
    if (!id) return renderDetail(c, '', {});
    const res = await c.get('upstream').saveComment(id, text);
    if (!res.body.success && res.body.message === '作品不存在') return renderDetail(c, id, {});
    if (isHtmx(c)) {
      return commentFragment(c, id, await visitor(c), res.body.success ? { message: res.body.message || '评论成功' } : { error: res.body.message, draft: text });
    }
    if (res.body.success) return back(c, id, 'commented', 'xt-comments');
    return renderDetail(c, id, { comment: { error: res.body.message, draft: text } });
  });

  // 删除评论: confirmed in place by htmx (confirmAttrs), else on a page of its own first (the public site's frame,
  // not the shell's ConfirmBox: a visitor may hold no menu).
  app.post('/work-detail/comment/delete', async (c) => {
    const form = await c.req.parseBody();
    const id = formText(form.id).trim();
    const workId = formText(form.work).trim();
    if (!id || !workId) return renderDetail(c, workId, {});
    if (!isConfirmed(form)) {
      const frame = await chrome(c);
      c.header('Cache-Control', 'private, no-store');
      return c.html(
        '<!doctype html>' +
          (<DeleteCommentPage {...frameProps(frame, detailPath(workId))} commentId={id} workId={workId} />),
      );
    }
    const res = await c.get('upstream').deleteComment(id);
    if (isHtmx(c)) return commentFragment(c, workId, await visitor(c), res.body.success ? { message: '评论已删除' } : { error: res.body.message });
    if (res.body.success) return back(c, workId, 'deleted', 'xt-comments');
    return renderDetail(c, workId, { comment: { error: res.body.message } });
  });
}
