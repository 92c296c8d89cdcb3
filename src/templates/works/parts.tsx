// Pieces shared by the work screens (作业管理, 我的作品, 我的作品列表): where a work opens, the star
// rating (read-only; the form control is templates/list/star-rating.tsx), and the card grid.
import type { Child } from 'hono/jsx';
import { cx, Tag } from '../antd.js';
import { confirmAttrs } from '../list/confirm-attrs.js';
import { asset } from '../assets.js';
import { str } from '../../server/shared/text.js';
import { editorUrl, hasEditor, hasPlayer, isScratchType, playerUrl, WORK_TYPE, workCoverUrl } from '../../server/shared/work-types.js';

type Row = Record<string, unknown>;

/** Scratch 2/3: the types whose file is a Scratch project. */
export const isScratch = isScratchType;

/** Where a work opens for editing: its type's editor (shared/work-types.ts), or the stored file for type 0 (文件). */
export function workOpenUrl(r: Row): string {
  const file = str(r.workFileKey_url);
  if (str(r.workType) === WORK_TYPE.scratchJr) return editorUrl(r.workType, { workFile: file });
  return hasEditor(r.workType) ? editorUrl(r.workType, { workId: str(r.id) }) : file;
}

/**
 * The player for a work's stored project file, by its type: the grading desk's and the author's 预览, which may show
 * works that are not public (the list already decided who sees the row; the file itself is served by its key).
 * Blockly's viewer reads the work by id. '' when the type has no player.
 */
export const workPreviewUrl = (r: Row, autoplay = true) =>
  playerUrl(r.workType, { workId: str(r.id), fileUrl: str(r.workFileKey_url), workName: str(r.workName), autoplay });

/** Whether a row has something to play in 预览. */
export const canPreview = (r: Row) => hasPlayer(r.workType) && !!str(r.workFileKey_url);

/** A Scratch project file's player (系统文件's preview of an .sb3). */
export const filePlayerUrl = (file: string, name: string, autoplay = true) => playerUrl(WORK_TYPE.scratch3, { fileUrl: file, workName: name, autoplay });

/** The player in a 4:3 frame with its control bar (works.css): 预览 dialogs. Removing it stops the project. */
export function PlayerFrame({ src, title }: { src: string; title: string }) {
  return (
    <div class="xt-player-frame">
      <iframe src={src} title={title} allow="fullscreen; autoplay" allowfullscreen />
    </div>
  );
}
export const shareUrl = (origin: string, id: string) => `${origin}/work-detail?id=${encodeURIComponent(id)}`;

/** A link that opens in a new tab (editors and players are pages of their own). */
export function NewTab({ href, children, class: extra }: { href: string; children: Child; class?: string }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener" class={cx('xt-action', extra)}>
      {children}
    </a>
  ) : null;
}

/** Read-only stars (得分), with the remark as the tooltip and under it. */
export function Stars({ score, comment }: { score: unknown; comment?: unknown }) {
  const n = Math.max(0, Math.min(5, Math.round(Number(score) || 0)));
  if (!n) return <span class="xt-muted">未批改</span>;
  return (
    <span class="xt-stars-view" title={str(comment) || undefined}>
      <span class="xt-stars" role="img" aria-label={`${n}星`}>
        {[1, 2, 3, 4, 5].map((i) => (
          <span class={cx('xt-star', i <= n && 'xt-star-on')} aria-hidden="true">
            ★
          </span>
        ))}
      </span>
      {str(comment) && <span class="xt-stars-comment">{str(comment)}</span>}
    </span>
  );
}

function TypeTag({ r }: { r: Row }) {
  const text = str(r.workType_dictText) || str(r.workType);
  return text ? <Tag color={isScratch(r.workType) ? 'orange' : 'blue'}>{text}</Tag> : null;
}

/** A work's cover (the code image for a code work without one), or a placeholder with its type when it has none. */
export function Cover({ r, class: extra }: { r: Row; class?: string }) {
  const src = workCoverUrl(r.workType, str(r.coverFileKey_url));
  return src ? (
    <img class={cx('xt-work-cover', extra)} src={src} alt={str(r.workName)} loading="lazy" />
  ) : (
    <span class={cx('xt-work-cover xt-work-cover-empty', extra)}>{str(r.workType_dictText) || '无封面'}</span>
  );
}

export const WorksStyles = () => <link rel="stylesheet" href={asset('/static/css/works.css')} />;

/**
 * 我的作品: one card per work — type tag, cover (or placeholder), name; the cover and name open the work;
 * 删除 (confirmed; where the row's canDelete says the API allows it), 编辑 (the same editor link) and 分享 (QR of the share page, for the types with a player: Scratch, 图形化Python, 积木编程).
 */
export function WorkCards({
  works,
  deleteAction,
  shareHref,
  previewHref,
  back,
}: {
  works: Row[];
  deleteAction: string;
  shareHref: (id: string) => string;
  /** 预览 (the player in a dialog) of a work with a player and a project file. */
  previewHref?: (r: Row) => string;
  back: string;
}) {
  if (!works.length) return <div class="ant-empty ant-empty-normal app xt-empty">还没有作品，去“创作”里做一个吧</div>;
  return (
    <ul class="xt-work-grid">
      {works.map((r) => {
        const open = workOpenUrl(r);
        const name = str(r.workName);
        return (
          <li class="xt-work-card" data-work={str(r.id)}>
            <a href={open || undefined} target="_blank" rel="noopener" class="xt-work-card-open" aria-label={`打开作品${name}`}>
              <Cover r={r} />
            </a>
            <div class="xt-work-card-body">
              <TypeTag r={r} />
              <a href={open || undefined} target="_blank" rel="noopener" class="xt-work-card-name" title={name}>
                {name.length > 35 ? `${name.slice(0, 35)}…` : name}
              </a>
            </div>
            <div class="xt-work-card-actions">
              {r.canDelete === true && (
                <form method="post" action={deleteAction} hx-post={deleteAction} hx-target="#content" {...confirmAttrs('确定删除吗?')} class="xt-inline-form">
                  <input type="hidden" name="id" value={str(r.id)} />
                  <input type="hidden" name="back" value={back} />
                  <button type="submit" class="xt-link-button xt-danger-link">删除</button>
                </form>
              )}
              {open && (
                <a href={open} target="_blank" rel="noopener">
                  编辑
                </a>
              )}
              {previewHref && canPreview(r) && (
                <a href={previewHref(r)} hx-get={previewHref(r)} hx-target="#xt-modal" hx-push-url="false">
                  预览
                </a>
              )}
              {hasPlayer(r.workType) && (
                <a href={shareHref(str(r.id))} hx-get={shareHref(str(r.id))} hx-target="#xt-modal" hx-push-url="false">
                  分享
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
