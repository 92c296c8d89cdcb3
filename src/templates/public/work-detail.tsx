// /work-detail?id=: one public work — name, author, large cover, type, views, likes (a like button), creation time,
// a share link with its QR code, the site's share text (_workShareHtml) and, when the site allows comments, the
// comments with a form (else a note that they are off). Every action is a plain form (works without JavaScript);
// htmx swaps the part it changed.
// A playable work's cover (Scratch, 图形化Python, 积木编程: shared/work-types.ts; the code image when a code work has
// no cover) is a link to its type's player: without JavaScript it opens the player page; with it, work-cover.js
// swaps the cover for the player in a frame, so the engine (Scratch's 1.9 MB, Python's runtime) loads only when the
// visitor asks to play.
import type { WorkComment, WorkModel } from '../../server/upstream/client.js';
import { asset } from '../assets.js';
import { Icon } from '../icons.js';
import { confirmAttrs } from '../list/confirm-attrs.js';
import { QrCode } from '../qr.js';
import { RichHtml } from '../rich-html.js';
import { authorHref, Cover, STAT_ICON, workAuthor } from './cards.js';
import { loginHref, PublicLayout, PublicNotFound, PublicTime, type PublicFrameProps } from './layout.js';
import { WORK_STATUS } from '../../server/shared/work-status.js';
import { hasPlayer, playerUrl, workCoverUrl } from '../../server/shared/work-types.js';

const WORK_NOT_FOUND = '作品不存在或未公开';

function Fact({ label, icon, children }: { label: string; icon?: string; children: unknown }) {
  return (
    <div class="xt-fact">
      <dt>
        {icon ? (
          <span aria-hidden="true">
            <Icon name={icon} />{' '}
          </span>
        ) : null}
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Whether the work plays here: a type with a player, and a project file. */
const playable = (w: WorkModel) => hasPlayer(w.workType) && !!w.workFileKey_url;

const playerHref = (w: WorkModel, autoplay = false) => playerUrl(w.workType, { workId: w.id, autoplay });

/** The cover as a play button: a link to the player page, which work-cover.js turns into the player in place. */
function PlayCover({ w }: { w: WorkModel }) {
  return (
    <div class="xt-play-box">
      <a class="xt-play" href={playerHref(w)} data-player={playerHref(w, true)} target="_blank" rel="noopener" aria-label={`播放作品：${w.workName}`}>
        <Cover src={workCoverUrl(w.workType, w.coverFileKey_url)} alt={w.workName} lazy={false} large />
        <span class="xt-play-btn" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="36" height="36">
            <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
          </svg>
        </span>
        <span class="xt-play-hint" aria-hidden="true">
          点击播放
        </span>
      </a>
    </div>
  );
}

/** The like button with the count; its form posts to /work-detail/like, htmx swaps this box. */
export function LikeBox({ workId, starNum, message }: { workId: string; starNum: number; message?: string }) {
  return (
    <div class="xt-like" id="xt-like">
      <form method="post" action="/work-detail/like" hx-post="/work-detail/like" hx-target="#xt-like" hx-swap="outerHTML">
        <input type="hidden" name="id" value={workId} />
        <button type="submit" class="xt-btn xt-btn-like">
          <span aria-hidden="true">
            <Icon name={STAT_ICON.star} />
          </span>{' '}
          点赞 <span class="xt-num" data-stat="star">{Number(starNum) || 0}</span>
        </button>
      </form>
      <p class="xt-flash" role="status" aria-live="polite">
        {message ?? ''}
      </p>
    </div>
  );
}

/** Comments per page (the anchor's 10). */
export const COMMENT_PAGE_SIZE = 10;
/** Pages one address may ask for at once without JavaScript (?commentPage=): the API's page size cap / 10. */
export const MAX_COMMENT_PAGES = 10;

const pad = (n: number) => String(n).padStart(2, '0');

/** "刚刚", "5分钟前", "3小时前", "2天前", else the date: the exact time is the tooltip. */
function relativeTime(value: string, now: Date = new Date()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) return value;
  const at = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  const s = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
  if (s < 60) return '刚刚';
  if (s < 3600) return `${Math.floor(s / 60)}分钟前`;
  if (s < 86400) return `${Math.floor(s / 3600)}小时前`;
  if (s < 30 * 86400) return `${Math.floor(s / 86400)}天前`;
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

function CommentItem({ c, workId }: { c: WorkComment; workId: string }) {
  const name = c.realname || '匿名';
  return (
    <li class="xt-comment" id={`comment-${c.id}`}>
      <span class="xt-avatar" aria-hidden="true">
        {c.avatar_url ? <img src={c.avatar_url} alt="" width="36" height="36" loading="lazy" /> : name.slice(0, 1)}
      </span>
      <div class="xt-comment-body">
        <p class="xt-comment-head">
          {c.userId ? <a href={authorHref(c.userId)}>{name}</a> : <strong>{name}</strong>}{' '}
          <time class="xt-comment-time" datetime={c.createTime.replace(' ', 'T')} title={c.createTime}>
            {relativeTime(c.createTime)}
          </time>
        </p>
        <p class="xt-comment-text">{c.comment}</p>
        {c.canDelete ? (
          <form
            method="post"
            action="/work-detail/comment/delete"
            class="xt-comment-del"
            hx-post="/work-detail/comment/delete"
            {...confirmAttrs('确定删除这条评论吗？')}
            hx-target="#xt-comments"
            hx-swap="outerHTML"
          >
            <input type="hidden" name="id" value={c.id} />
            <input type="hidden" name="work" value={workId} />
            <button type="submit" class="xt-link-btn">
              删除
            </button>
          </form>
        ) : null}
      </div>
    </li>
  );
}

/** One page of comments and what follows it: 加载更多 (a link; htmx appends the next page), or 已加载完啦！. */
export function CommentPage({ workId, comments, page, full }: { workId: string; comments: WorkComment[]; page: number; full: boolean }) {
  const next = page + 1;
  return (
    <>
      {comments.length ? (
        <ol class="xt-comment-list">
          {comments.map((c) => (
            <CommentItem c={c} workId={workId} />
          ))}
        </ol>
      ) : null}
      <div class="xt-comment-more">
        {full && next <= MAX_COMMENT_PAGES ? (
          <a
            class="xt-btn"
            href={`/work-detail?id=${encodeURIComponent(workId)}&commentPage=${next}#xt-comments`}
            hx-get={`/work-detail/comments?id=${encodeURIComponent(workId)}&page=${next}`}
            hx-target="closest .xt-comment-more"
            hx-swap="outerHTML"
          >
            加载更多
          </a>
        ) : page > 1 ? (
          <p class="xt-comment-end">已加载完啦！</p>
        ) : null}
      </div>
    </>
  );
}

export interface CommentState {
  comments: WorkComment[];
  /** How many pages `comments` holds (?commentPage=). */
  pages: number;
  message?: string;
  error?: string;
  /** The text to put back in the box after a refusal. */
  draft?: string;
}

/** Where the comment area would be when the site has switched comments off (网站配置 › 开放作品评论). */
function CommentsClosed() {
  return (
    <section class="xt-comments" id="xt-comments" aria-labelledby="xt-comments-title">
      <h2 id="xt-comments-title">评论</h2>
      <p class="xt-empty">评论功能已关闭</p>
    </section>
  );
}

/** The comment area: the form (or a login link) and the list, newest first. htmx swaps it whole after a write. */
export function CommentSection({ workId, viewer, current, state }: { workId: string; viewer: PublicFrameProps['viewer']; current: string; state: CommentState }) {
  const { comments, pages } = state;
  return (
    <section class="xt-comments" id="xt-comments" aria-labelledby="xt-comments-title">
      <h2 id="xt-comments-title">评论</h2>
      {viewer ? (
        <form method="post" action="/work-detail/comment" class="xt-comment-form" hx-post="/work-detail/comment" hx-target="#xt-comments" hx-swap="outerHTML">
          <input type="hidden" name="id" value={workId} />
          <p class="xt-comment-who">{viewer.realname || viewer.username}</p>
          <label class="xt-sr" for="xt-comment-text">
            评论内容
          </label>
          <textarea id="xt-comment-text" name="comment" rows={5} maxlength={500} placeholder="说说这个作品怎么样吧" required>
            {state.draft ?? ''}
          </textarea>
          <div class="xt-comment-actions">
            <button type="submit" class="xt-btn xt-btn-primary">
              发表评论
            </button>
            <span class={state.error ? 'xt-flash xt-flash-error' : 'xt-flash'} role="status" aria-live="polite">
              {state.error ?? state.message ?? ''}
            </span>
          </div>
        </form>
      ) : (
        <p class="xt-comment-login">
          <a class="xt-btn xt-btn-primary" href={loginHref(current)}>
            登录后评论
          </a>
          {state.message ? (
            <span class="xt-flash" role="status">
              {state.message}
            </span>
          ) : null}
        </p>
      )}
      {comments.length ? null : <p class="xt-empty">暂无评论</p>}
      <CommentPage workId={workId} comments={comments} page={pages} full={comments.length >= pages * COMMENT_PAGE_SIZE} />
    </section>
  );
}

/** The work's share address with its QR code (drawn on the server), folded away until asked for. */
function Share({ link, svg, src }: WorkDetailProps['share']) {
  return (
    <details class="xt-share">
      <summary>手机扫码分享</summary>
      <QrCode svg={svg} src={src} link={link} caption="微信扫一扫手机体验和分享" />
    </details>
  );
}

export interface WorkDetailProps extends PublicFrameProps {
  work: WorkModel;
  /** The message of the last like (after the like form's redirect). */
  likeMessage?: string;
  /** The comment area, when the site allows comments (without it, a note that comments are off). */
  comments?: CommentState;
  /** The share link with its QR code: `svg` inline (PUBLIC_URL set), else `src`, an image drawn per visitor, and a relative link. */
  share: { link: string; svg?: string; src?: string };
  /** _workShareHtml of the site config (sanitised by RichHtml). */
  shareHtml?: string;
}

export function WorkDetailPage(p: WorkDetailProps) {
  const w = p.work;
  const canPlay = playable(w);
  return (
    <PublicLayout
      {...p}
      pageTitle={w.workName}
      scripts={[asset('/static/build/htmx.min.js')]}
      modules={[...(canPlay ? [asset('/static/build/scratch/work-cover.js')] : []), ...(p.share.svg ? [] : [asset('/static/build/scratch/share-link.js')])]}
    >
      <div class="xt-wrap">
        <p class="xt-back">
          <a href="/home">← 返回首页</a>
        </p>
        <article class="xt-detail">
          <div class="xt-detail-media">
            {canPlay ? <PlayCover w={w} /> : <Cover src={workCoverUrl(w.workType, w.coverFileKey_url)} alt={w.workName} lazy={false} large />}
          </div>
          <div class="xt-detail-info">
            <h1 class="xt-detail-title">{w.workName}</h1>
            <p class="xt-detail-author">
              作者：{w.userId ? <a href={authorHref(w.userId)}>{workAuthor(w)}</a> : <strong>{workAuthor(w)}</strong>}
            </p>
            <dl class="xt-facts">
              {w.workType_dictText ? <Fact label="类型">{w.workType_dictText}</Fact> : null}
              <Fact label="浏览" icon={STAT_ICON.view}>
                <span class="xt-num" data-stat="view">{Number(w.viewNum) || 0}</span>
              </Fact>
              {w.createTime ? (
                <Fact label="创作时间">
                  <PublicTime value={w.createTime} />
                </Fact>
              ) : null}
            </dl>
            {Number(w.workStatus) === WORK_STATUS.featured ? <p class="xt-tag xt-tag-gold">精选作品</p> : null}
            <LikeBox workId={w.id} starNum={w.starNum} message={p.likeMessage} />
            <Share {...p.share} />
          </div>
        </article>
        {p.shareHtml ? <RichHtml html={p.shareHtml} class="xt-share-html" /> : null}
        {p.comments ? <CommentSection workId={w.id} viewer={p.viewer} current={p.current} state={p.comments} /> : <CommentsClosed />}
      </div>
    </PublicLayout>
  );
}

/** A comment's delete, confirmed on a page of its own when the browser runs no script (htmx asks in place). */
export function DeleteCommentPage(p: PublicFrameProps & { commentId: string; workId: string }) {
  const back = `/work-detail?id=${encodeURIComponent(p.workId)}#xt-comments`;
  return (
    <PublicLayout {...p} pageTitle="删除评论">
      <div class="xt-wrap">
        <div class="xt-exception-box">
          <h1>确定删除这条评论吗？</h1>
          <p>删除后不能恢复。</p>
          <form method="post" action="/work-detail/comment/delete">
            <input type="hidden" name="id" value={p.commentId} />
            <input type="hidden" name="work" value={p.workId} />
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" class="xt-btn xt-btn-primary">
              确定删除
            </button>{' '}
            <a class="xt-btn" href={back}>
              取消
            </a>
          </form>
        </div>
      </div>
    </PublicLayout>
  );
}

/** The 404 answer of /work-detail: unknown id, missing id, or a work that is not public. */
export function WorkNotFoundPage(p: PublicFrameProps) {
  return <PublicNotFound {...p} title={WORK_NOT_FOUND} reason="这个作品可能已被删除，或者作者还没有公开它。" href="/home" linkText="返回首页" />;
}
