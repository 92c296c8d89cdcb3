// The student's courses: 我的课程 (/teaching/mineCourse/cardList, course cards), a course's units as cards
// (courseUnitCard) or as flags on the course map (courseUnitMap), and the unit itself (视频 / 案例 / 课程内容,
// 课程说明, 课后作业, 课程资料, 课程教案) — a dialog in #xt-modal with htmx, a page of its own without it.
// Everything comes from the API's student endpoints (mineCourse, queryById, mineUnit), which apply the one
// visibility rule and blank what the show-to-students flags hide; opening a unit calls unitViewLog.
// The course cards link to the unit views with a full page load: those pages' Content-Security-Policy lets
// the allow-listed video players be framed (app.ts), which an htmx swap into another page would not carry.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { Alert, buttonClass } from '../../../templates/antd.js';
import { CloseLink, DialogFrame } from '../../../templates/list/dialog-frame.js';
import { dialogAttrs, navAttrs } from '../../../templates/list/list-view.js';
import { RichHtml } from '../../../templates/rich-html.js';
import { Icon } from '../../../templates/icons.js';
import { isSameOrigin } from '../../shared/same-origin.js';
import { embedPlayerUrl } from '../../shared/video-hosts.js';
import { courseApi, courseUnitApi, type CourseDetail, type CourseRecord, type UnitRecord } from '../../contracts/courses.js';
import { dayLogApi } from '../../contracts/reports.js';
import type { PageEnv } from '../context.js';
import { dialogPage } from '../dialog-page.js';
import { shellPage } from '../shell-page.js';
import { str } from '../../shared/text.js';
import { editorUrl, hasPlayer, isScratchType, playerUrl, typeOfProjectFile, WORK_TYPE } from '../../shared/work-types.js';

const MINE_COURSE_ROUTE = '/teaching/mineCourse/cardList';
const UNIT_MAP_ROUTE = '/teaching/mineCourse/courseUnitMap';
const UNIT_CARD_ROUTE = '/teaching/mineCourse/courseUnitCard';
/** The unit (UnitViewModal); and a course's description (the ⓘ of a course card). */
const UNIT_VIEW_ROUTE = '/teaching/mineCourse/unit';
const COURSE_INFO_ROUTE = '/teaching/mineCourse/courseInfo';

const idParam = (c: Context, name = 'id') => (c.req.query(name) ?? '').trim().slice(0, 64);
const withQuery = (path: string, q: Record<string, string>) => `${path}?${new URLSearchParams(q).toString()}`;
const STYLES = <link rel="stylesheet" href="/static/css/mine-course.css" />;

const unitViewOf = (course: Pick<CourseRecord, 'showType'>) => (str(course.showType) === '1' ? UNIT_MAP_ROUTE : UNIT_CARD_ROUTE);

function CourseCard({ course }: { course: CourseRecord }) {
  const id = str(course.id);
  const href = withQuery(unitViewOf(course), { id });
  const cover = str(course.courseCover_url);
  return (
    <div class="ant-card ant-card-bordered app xt-course-card">
      <a href={href} class="xt-course-cover" aria-hidden="true" tabindex={-1}>
        {cover ? <img src={cover} alt="" loading="lazy" /> : <span class="xt-course-cover-empty">{str(course.courseName).slice(0, 1)}</span>}
      </a>
      <div class="xt-course-meta">
        <a class="xt-course-info" {...dialogAttrs(withQuery(COURSE_INFO_ROUTE, { id }))} title="课程介绍" aria-label={`${str(course.courseName)} 课程介绍`}>
          <Icon name="info-circle" />
        </a>
        <a href={href} class="xt-course-name">
          {str(course.courseName)}
        </a>
      </div>
    </div>
  );
}

function BackToCourses() {
  return (
    <a class="xt-unit-back" {...navAttrs(MINE_COURSE_ROUTE)}>
      ‹ 我的课程
    </a>
  );
}

/** The course and its units as the student may see them, or the API's refusal (无课程权限). */
async function courseWithUnits(c: Context<PageEnv>, courseId: string): Promise<{ course: CourseDetail; units: UnitRecord[] } | { error: string }> {
  if (!courseId) return { error: '请指定课程' };
  const up = c.get('upstream');
  const [course, units] = await Promise.all([
    up.send(courseApi.queryById, { query: { id: courseId } }),
    up.send(courseUnitApi.mine, { query: { courseId, pageNo: 1, pageSize: 99 } }),
  ]);
  if (!course.body.success) return { error: course.body.message };
  if (!units.body.success) return { error: units.body.message };
  return { course: course.body.result, units: units.body.result.records };
}

function UnitsFrame({ title, children }: { title: Child; children: Child }) {
  return (
    <section class="ant-card ant-card-bordered app xt-mine-units">
      {STYLES}
      <div class="ant-card-head">
        <div class="ant-card-head-wrapper">
          <h2 class="ant-card-head-title">{title}</h2>
          <BackToCourses />
        </div>
      </div>
      <div class="ant-card-body">{children}</div>
      <div id="xt-modal" />
    </section>
  );
}

function MapView({ course, units }: { course: CourseDetail; units: UnitRecord[] }) {
  const mapUrl = str(course.courseMap_url);
  // Positions are pixels of the map's natural size (the map editor's canvas); the map scales to the screen's
  // width and every flag keeps its place in proportion. Without a map image: a blank canvas that holds them.
  const maxX = Math.max(0, ...units.map((u) => Number(u.mapX ?? 0)));
  const maxY = Math.max(0, ...units.map((u) => Number(u.mapY ?? 0)));
  const w = Number(course.courseMapWidth) || Math.max(1000, maxX + 100);
  const h = Number(course.courseMapHeight) || Math.max(600, maxY + 100);
  return (
    <div class="xt-unit-map" style={`max-width:${w}px`}>
      <div class="xt-unit-map-canvas" style={`padding-top:${((h / w) * 100).toFixed(4)}%`}>
        {mapUrl && <img src={mapUrl} alt={`${str(course.courseName)} 课程地图`} class="xt-unit-map-image" width={w} height={h} />}
        {units.map((u, i) => {
          const x = u.mapX === null || u.mapX === undefined ? 60 + (i % 8) * 90 : Number(u.mapX);
          const y = u.mapY === null || u.mapY === undefined ? 60 + Math.floor(i / 8) * 90 : Number(u.mapY);
          return (
            <a class="xt-unit-flag" style={`left:${((x / w) * 100).toFixed(4)}%;top:${((y / h) * 100).toFixed(4)}%`} {...dialogAttrs(withQuery(UNIT_VIEW_ROUTE, { id: str(u.id) }))}>
              <span class="xt-unit-pin" aria-hidden="true">
                ⚑
              </span>
              <span class="xt-unit-flag-name">{str(u.unitName)}</span>
            </a>
          );
        })}
      </div>
    </div>
  );
}

function CardView({ units }: { units: UnitRecord[] }) {
  return (
    <div class="xt-course-grid">
      {units.map((u) => {
        const cover = str(u.unitCover_url);
        return (
          <a class="ant-card ant-card-bordered app xt-course-card xt-unit-card" {...dialogAttrs(withQuery(UNIT_VIEW_ROUTE, { id: str(u.id) }))}>
            <span class="xt-course-cover">{cover ? <img src={cover} alt="" loading="lazy" /> : <span class="xt-course-cover-empty">{str(u.unitName).slice(0, 1)}</span>}</span>
            <span class="xt-course-meta">
              <span class="xt-unit-play" aria-hidden="true">
                <Icon name="play-circle" />
              </span>
              <span class="xt-course-name">{str(u.unitName)}</span>
            </span>
          </a>
        );
      })}
    </div>
  );
}

// ---- The unit (UnitViewModal) ----

const fileName = (url: string) => decodeURIComponent(url.split('?')[0].split('/').pop() ?? url);
const extOf = (url: string) => /\.([a-z0-9]+)$/i.exec(url.split('?')[0])?.[1]?.toLowerCase() ?? '';
const urls = (v: unknown) =>
  str(v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Where 去做作业 opens the editor for the unit's work type (shared/work-types.ts: Scratch, ScratchJr, 图形化Python,
 * 积木编程). The Scratch editor loads the unit's starter itself (by unitId); the others are given its URL too.
 */
function homeworkHref(u: UnitRecord): string | null {
  const type = str(u.courseWorkType);
  const starter = str(u.courseWork_url);
  return editorUrl(type, { scene: 'course', unitId: str(u.id), workFile: isScratchType(type) ? undefined : starter || undefined }) || null;
}

/** A project file's editor (查看代码) by its name: .sb3, .py, Blockly's .json; '' for other files. */
const projectEditorHref = (url: string) => {
  const type = typeOfProjectFile(url);
  return type ? editorUrl(type, { scene: 'create', workFile: url }) : '';
};

function FileList({ label, list }: { label: string; list: string[] }) {
  return (
    <ul class="xt-unit-files" aria-label={label}>
      {list.map((url, i) => {
        const code = projectEditorHref(url);
        const href = code || url;
        return (
          <li>
            <span class="xt-unit-file-name">
              {label}
              {i + 1}
              {extOf(url) ? `（.${extOf(url)}）` : ''}
            </span>
            <a class={buttonClass('link', { size: 'small' })} href={href} target="_blank" rel="noopener" title={fileName(url)}>
              {code ? '查看代码' : '查看资料'}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function VideoTab({ u }: { u: UnitRecord }) {
  const source = str(u.courseVideoSource) || '1';
  const video = str(u.courseVideo);
  if (source === '1') return <video class="xt-unit-video" src={str(u.courseVideo_url)} controls controlslist="nodownload" preload="metadata" />;
  if (source === '2') return <video class="xt-unit-video" src={video} controls controlslist="nodownload" preload="metadata" />;
  const player = embedPlayerUrl(video);
  return player ? (
    <iframe class="xt-unit-embed" src={player} title="课程视频" allowfullscreen sandbox="allow-scripts allow-same-origin allow-presentation" referrerpolicy="no-referrer" loading="lazy" />
  ) : (
    <Alert type="warning">视频地址无效</Alert>
  );
}

function UnitView({ u }: { u: UnitRecord }) {
  const tabs: { key: string; label: string; body: Child }[] = [];
  if (str(u.courseVideo)) tabs.push({ key: 'video', label: '视频', body: <VideoTab u={u} /> });
  const caseUrl = str(u.courseCase_url);
  if (caseUrl) {
    // The case plays in its file's player (by its name; else the unit's work type, else Scratch as before).
    const player = playerUrl(typeOfProjectFile(caseUrl) ?? (hasPlayer(u.courseWorkType) ? str(u.courseWorkType) : WORK_TYPE.scratch3), { fileUrl: caseUrl });
    tabs.push({
      key: 'case',
      label: '案例',
      body: (
        <div class="xt-unit-case">
          <iframe class="xt-unit-player" src={player} title="课程案例" loading="lazy" allow="fullscreen; autoplay" allowfullscreen />
          <a class={buttonClass('link', { size: 'small' })} href={player} target="_blank" rel="noopener">
            在新窗口打开案例
          </a>
        </div>
      ),
    });
  }
  if (str(u.mediaContent).trim()) tabs.push({ key: 'content', label: '课程内容', body: <RichHtml html={str(u.mediaContent)} class="xt-rich xt-unit-content" /> });
  const homework = str(u.courseWork_url) || ['1', '2'].includes(str(u.courseWorkType)) ? homeworkHref(u) : null;
  const ppt = urls(u.coursePpt_url);
  const plan = urls(u.coursePlan_url);
  const intro = str(u.unitIntro);
  return (
    <div class="xt-unit-view">
      {STYLES}
      {tabs.length > 0 && (
        // Tabs without script: one radio per tab, its label the tab, its panel shown while it is checked.
        <div class="xt-unit-tabs">
          {tabs.map((t, i) => (
            <input type="radio" name={`xt-unit-tab-${str(u.id)}`} id={`xt-unit-tab-${t.key}`} class={`xt-unit-tab-input xt-tab-${t.key}`} checked={i === 0} />
          ))}
          <div class="xt-unit-tab-bar" role="tablist">
            {tabs.map((t) => (
              <label for={`xt-unit-tab-${t.key}`} class={`xt-unit-tab xt-tab-label-${t.key}`}>
                {t.label}
              </label>
            ))}
          </div>
          {tabs.map((t) => (
            <div class={`xt-unit-panel xt-panel-${t.key}`}>{t.body}</div>
          ))}
        </div>
      )}
      <div class="xt-unit-divider" role="separator">
        <span>本节课资料</span>
      </div>
      <div class="xt-unit-materials">
        <section class="ant-card ant-card-bordered app xt-unit-intro">
          <div class="ant-card-head">
            <div class="ant-card-head-wrapper">
              <h3 class="ant-card-head-title">课程说明</h3>
            </div>
          </div>
          <div class="ant-card-body">{intro ? <p class="xt-unit-intro-text">{intro}</p> : <p class="xt-muted">暂无说明</p>}</div>
        </section>
        <div class="xt-unit-panels">
          {homework && (
            <details class="xt-unit-collapse" open>
              <summary>课后作业</summary>
              <a class={buttonClass('primary')} href={homework} target="_blank" rel="noopener">
                去做作业
              </a>
            </details>
          )}
          {ppt.length > 0 && (
            <details class="xt-unit-collapse" open>
              <summary>课程资料</summary>
              <FileList label="资料" list={ppt} />
            </details>
          )}
          {plan.length > 0 && (
            <details class="xt-unit-collapse" open>
              <summary>课程教案</summary>
              <FileList label="教案" list={plan} />
            </details>
          )}
        </div>
      </div>
    </div>
  );
}

export function registerMineCoursePages(app: Hono<PageEnv>) {
  app.get(MINE_COURSE_ROUTE, (c) =>
    shellPage(c, { current: MINE_COURSE_ROUTE, title: '我的课程' }, async () => {
      const res = await c.get('upstream').send(courseApi.mine);
      const list = res.body.success ? res.body.result : [];
      return (
        <section class="xt-mine-courses">
          {STYLES}
          {!res.body.success ? (
            <Alert type="warning">{res.body.message}</Alert>
          ) : list.length === 0 ? (
            <div class="xt-empty">暂无课程</div>
          ) : (
            <div class="xt-course-grid">
              {list.map((course) => (
                <CourseCard course={course} />
              ))}
            </div>
          )}
          <div id="xt-modal" />
        </section>
      );
    }),
  );

  app.get(COURSE_INFO_ROUTE, (c) =>
    dialogPage(c, { current: MINE_COURSE_ROUTE, title: '课程介绍' }, async (asDialog) => {
      const res = await c.get('upstream').send(courseApi.queryById, { query: { id: idParam(c) } });
      const course = res.body.success ? res.body.result : null;
      return (
        <DialogFrame asDialog={asDialog} title={course ? str(course.courseName) : '课程介绍'} back={MINE_COURSE_ROUTE} width={700}>
          {STYLES}
          {course ? <RichHtml html={str(course.courseDesc) || '<p>暂无介绍</p>'} class="xt-rich xt-course-desc" /> : <Alert type="warning">{res.body.message}</Alert>}
        </DialogFrame>
      );
    }),
  );

  for (const [route, kind] of [
    [UNIT_MAP_ROUTE, 'map'],
    [UNIT_CARD_ROUTE, 'card'],
  ] as const) {
    app.get(route, (c) =>
      shellPage(c, { current: route, title: kind === 'map' ? '课程单元-地图' : '课程单元-卡片' }, async () => {
        const found = await courseWithUnits(c, idParam(c));
        if ('error' in found) {
          return (
            <UnitsFrame title="课程单元">
              <Alert type="warning">{found.error}</Alert>
            </UnitsFrame>
          );
        }
        const { course, units } = found;
        return (
          <UnitsFrame title={str(course.courseName)}>
            {units.length === 0 ? <div class="xt-empty">暂无课程单元</div> : kind === 'map' ? <MapView course={course} units={units} /> : <CardView units={units} />}
          </UnitsFrame>
        );
      }),
    );
  }

  app.get(UNIT_VIEW_ROUTE, (c) =>
    dialogPage(c, { current: MINE_COURSE_ROUTE, title: '课程单元' }, async (asDialog) => {
      const id = idParam(c);
      const up = c.get('upstream');
      const res = await up.send(courseUnitApi.queryById, { query: { id } });
      const unit = res.body.success ? res.body.result : null;
      // 开课 is counted when a page of ours opens the unit (never for a link from another site).
      if (unit && isSameOrigin(c)) await up.send(dayLogApi.unitView, { query: { unitId: id } }).catch(() => null);
      let back = MINE_COURSE_ROUTE;
      if (unit) {
        const course = await up.send(courseApi.queryById, { query: { id: unit.courseId } });
        back = withQuery(course.body.success ? unitViewOf(course.body.result) : UNIT_CARD_ROUTE, { id: str(unit.courseId) });
      }
      if (asDialog) back = currentPath(c) ?? back;
      return (
        <DialogFrame asDialog={asDialog} title={unit ? str(unit.unitName) : '课程单元'} back={back} width={800} footer={<CloseLink back={back} class={buttonClass('default')} />}>
          {unit ? <UnitView u={unit} /> : <Alert type="warning">{res.body.message}</Alert>}
        </DialogFrame>
      );
    }),
  );
}

/** The page the dialog was opened from (same origin, one of the unit views), to return to on closing. */
function currentPath(c: Context): string | null {
  const raw = c.req.header('HX-Current-URL');
  if (!raw) return null;
  try {
    const u = new URL(raw);
    if (u.host !== new URL(c.req.url).host) return null;
    return [UNIT_MAP_ROUTE, UNIT_CARD_ROUTE].includes(u.pathname) ? u.pathname + u.search : null;
  } catch {
    return null;
  }
}
