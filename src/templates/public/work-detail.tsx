// /work-detail?id=: one public work — name, author, large cover, type, views, likes, creation time.
// A Scratch work's cover is a link to its player (/scratch3/player.html?workId=): without JavaScript it opens the
// player page; with it, work-cover.js swaps the cover for the player in a frame, so the 1.9 MB engine loads only
// when the visitor asks to play.
import type { FrontMenuNode, WorkModel } from '../../server/upstream/client.js';
import { asset } from '../assets.js';
import { Icon } from '../icons.js';
import { Cover, STAT_ICON, workAuthor } from './cards.js';
import { PublicLayout, PublicNotFound, PublicTime, type PublicFrameProps, type PublicViewer } from './layout.js';

export const WORK_NOT_FOUND = '作品不存在或未公开';

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

/** Scratch 2/3 works are played by /scratch3/player.html. */
export const hasPlayer = (w: WorkModel) => (w.workType === '1' || w.workType === '2') && !!w.workFileKey_url;

export const playerHref = (id: string, autoplay = false) => `/scratch3/player.html?workId=${encodeURIComponent(id)}${autoplay ? '&autoplay=1' : ''}`;

/** The cover as a play button: a link to the player page, which work-cover.js turns into the player in place. */
function PlayCover({ w }: { w: WorkModel }) {
  return (
    <div class="xt-play-box">
      <a class="xt-play" href={playerHref(w.id)} data-player={playerHref(w.id, true)} target="_blank" rel="noopener" aria-label={`播放作品：${w.workName}`}>
        <Cover src={w.coverFileKey_url} alt={w.workName} lazy={false} large />
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

export function WorkDetailPage(p: PublicFrameProps & { work: WorkModel }) {
  const w = p.work;
  const playable = hasPlayer(w);
  return (
    <PublicLayout {...p} pageTitle={w.workName} modules={playable ? [asset('/static/build/scratch/work-cover.js')] : undefined}>
      <div class="xt-wrap">
        <p class="xt-back">
          <a href="/home">← 返回首页</a>
        </p>
        <article class="xt-detail">
          <div class="xt-detail-media">
            {playable ? <PlayCover w={w} /> : <Cover src={w.coverFileKey_url} alt={w.workName} lazy={false} large />}
          </div>
          <div class="xt-detail-info">
            <h1 class="xt-detail-title">{w.workName}</h1>
            <p class="xt-detail-author">
              作者：<strong>{workAuthor(w)}</strong>
            </p>
            <dl class="xt-facts">
              {w.workType_dictText ? <Fact label="类型">{w.workType_dictText}</Fact> : null}
              <Fact label="浏览" icon={STAT_ICON.view}>
                <span class="xt-num" data-stat="view">{Number(w.viewNum) || 0}</span>
              </Fact>
              <Fact label="点赞" icon={STAT_ICON.star}>
                <span class="xt-num" data-stat="star">{Number(w.starNum) || 0}</span>
              </Fact>
              {w.createTime ? (
                <Fact label="创作时间">
                  <PublicTime value={w.createTime} />
                </Fact>
              ) : null}
            </dl>
            {String(w.workStatus) === '4' ? <p class="xt-tag xt-tag-gold">精选作品</p> : null}
          </div>
        </article>
      </div>
    </PublicLayout>
  );
}

/** The 404 answer of /work-detail: unknown id, missing id, or a work that is not public. */
export function WorkNotFoundPage(p: PublicFrameProps) {
  return <PublicNotFound {...p} title={WORK_NOT_FOUND} reason="这个作品可能已被删除，或者作者还没有公开它。" href="/home" linkText="返回首页" />;
}
