// Cards of the public pages: a student work (links to its detail page) and a recommended course.
import type { CourseModel, WorkModel } from '../../server/upstream/client.js';
import { SpriteIcon } from '../icons.js';
import { workCoverUrl } from '../../server/shared/work-types.js';

/** Demo and uploaded covers are 4:3; the box keeps that ratio whatever the image is, so nothing shifts. */
const COVER_W = 320;
const COVER_H = 240;

/** The author's display name: the real name, never the account name (a child's login is not public). */
export const workAuthor = (w: Pick<WorkModel, 'realname'>) => w.realname || '匿名';
const workHref = (id: string) => `/work-detail?id=${encodeURIComponent(id)}`;
const courseHref = (id: string) => `/courseList?id=${encodeURIComponent(id)}`;
/** The author's public page (their public works). */
export const authorHref = (userId: string) => `/friend-detail?id=${encodeURIComponent(userId)}`;

/** The cover image, or a neutral block saying there is none. */
export function Cover({ src, alt, lazy = true, large = false }: { src: string | null | undefined; alt: string; lazy?: boolean; large?: boolean }) {
  return (
    <div class={large ? 'xt-cover xt-cover-lg' : 'xt-cover'}>
      {src ? (
        <img
          src={src}
          alt={alt}
          width={large ? COVER_W * 2 : COVER_W}
          height={large ? COVER_H * 2 : COVER_H}
          decoding="async"
          {...(lazy ? { loading: 'lazy' } : {})}
        />
      ) : (
        <span class="xt-cover-none" role="img" aria-label={`${alt}（暂无封面）`}>
          暂无封面
        </span>
      )}
    </div>
  );
}

/** The marks of views and likes: icons of the icon set (an emoji shows as an empty box without an emoji font). */
export const STAT_ICON = { view: 'eye', star: 'like' } as const;

/** Icons the public pages repeat, drawn once in the layout's sprite (IconSprite) and used by reference. */
export const PUBLIC_SPRITE_ICONS: readonly string[] = Object.values(STAT_ICON);

/** View / like counts; the icon is decoration, screen readers hear "浏览 N 次" / "点赞 N 次". */
function Stat({ kind, n }: { kind: 'view' | 'star'; n: number }) {
  const label = kind === 'view' ? '浏览' : '点赞';
  const value = Number(n) || 0;
  return (
    <span class="xt-stat">
      <span aria-hidden="true">
        <SpriteIcon name={STAT_ICON[kind]} /> {value}
      </span>
      <span class="xt-sr">
        {label} {value} 次
      </span>
    </span>
  );
}

/** A work's card (the cover, or the code image for 图形化Python / 积木编程; the type tag); `showAuthor={false}` on the author's own page, where every card is theirs. */
export function WorkCard({ work, showAuthor = true }: { work: WorkModel; showAuthor?: boolean }) {
  return (
    <li class="xt-card">
      <Cover src={workCoverUrl(work.workType, work.coverFileKey_url)} alt={work.workName} />
      <div class="xt-card-body">
        <h3 class="xt-card-title" title={work.workName}>
          <a href={workHref(work.id)}>{work.workName}</a>
        </h3>
        <div class="xt-card-meta">
          {work.workType_dictText ? <span class="xt-tag">{work.workType_dictText}</span> : null}
          <Stat kind="view" n={work.viewNum} />
          <Stat kind="star" n={work.starNum} />
        </div>
        {showAuthor ? (
          <div class="xt-card-author">
            <span class="xt-sr">作者：</span>
            {work.userId ? <a href={authorHref(work.userId)}>{workAuthor(work)}</a> : workAuthor(work)}
          </div>
        ) : null}
      </div>
    </li>
  );
}

export function CourseCard({ course }: { course: CourseModel }) {
  return (
    <li class="xt-card xt-course">
      <Cover src={course.courseCover_url} alt={course.courseName} />
      <div class="xt-card-body">
        <h3 class="xt-card-title" title={course.courseName}>
          <a href={courseHref(course.id)}>{course.courseName}</a>
        </h3>
        <div class="xt-card-meta">
          {course.courseCategory_dictText ? <span class="xt-tag">{course.courseCategory_dictText}</span> : null}
          {course.courseType_dictText ? <span class="xt-tag xt-tag-green">{course.courseType_dictText}</span> : null}
          {course.unitCount != null ? <span>{course.unitCount}个单元</span> : null}
        </div>
      </div>
    </li>
  );
}
