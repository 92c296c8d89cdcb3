// /courseList (课程: the public catalogue of getHomeCourse, searchable by name, 课程分类 and 课程性质, 24 a page)
// and /courseList?id= (one public course: cover, name, tags and its description through the one rich-text
// renderer, with 去上课). /index (首页: the admin-authored `_homeHtml`). No JavaScript.
import type { CourseModel, FrontMenuNode } from '../../server/upstream/client.js';
import { Pager } from '../pager.js';
import { RichHtml } from '../rich-html.js';
import { Cover, CourseCard } from './cards.js';
import { Hero } from './hero.js';
import type { PublicLook } from './look.js';
import { PublicLayout, PublicNotFound, type PublicFrameProps, type PublicViewer } from './layout.js';

export const COURSE_PAGE_SIZE = 24;
const COURSE_NOT_FOUND = '课程不存在或未公开';
/** The student's card view of a course's units (pages/teaching/mine-courses.tsx); it checks login and permission. */
const STUDY_HREF = (id: string) => `/teaching/mineCourse/courseUnitCard?id=${encodeURIComponent(id)}`;

export interface DictOption {
  value: string;
  text: string;
}

export interface CourseFilter {
  courseName: string;
  courseCategory: string;
  courseType: string;
}

/** The catalogue's address for a filter and page (empty values and page 1 left out). */
function courseListHref(f: CourseFilter, pageNo = 1): string {
  const q = new URLSearchParams();
  if (f.courseName) q.set('courseName', f.courseName);
  if (f.courseCategory) q.set('courseCategory', f.courseCategory);
  if (f.courseType) q.set('courseType', f.courseType);
  if (pageNo > 1) q.set('pageNo', String(pageNo));
  const s = q.toString();
  return s ? `/courseList?${s}` : '/courseList';
}

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: DictOption[] }) {
  return (
    <label class="xt-field">
      <span class="xt-field-label">{label}</span>
      <select name={name}>
        <option value="">全部</option>
        {options.map((o) => (
          <option value={o.value} {...(o.value === value ? { selected: true } : {})}>
            {o.text}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface CourseListPageProps extends PublicFrameProps {
  courses: CourseModel[];
  total: number;
  pageNo: number;
  filter: CourseFilter;
  categories: DictOption[];
  types: DictOption[];
  failed: boolean;
}

export function CourseListPage(p: CourseListPageProps) {
  const filtered = !!(p.filter.courseName || p.filter.courseCategory || p.filter.courseType);
  return (
    <PublicLayout {...p} pageTitle="课程" banner>
      <Hero slim brandName={p.brandName} viewer={p.viewer} look={p.look} heading={false} />
      <div class="xt-wrap">
        <form class="xt-search" method="get" action="/courseList" role="search" aria-label="搜索课程">
          {p.categories.length ? <Select name="courseCategory" label="课程分类" value={p.filter.courseCategory} options={p.categories} /> : null}
          {p.types.length ? <Select name="courseType" label="课程性质" value={p.filter.courseType} options={p.types} /> : null}
          <label class="xt-field xt-field-grow">
            <span class="xt-field-label">课程名称</span>
            <input type="search" name="courseName" value={p.filter.courseName} maxlength={64} placeholder="输入课程名称" />
          </label>
          <button type="submit" class="xt-btn xt-btn-primary">
            搜索
          </button>
          {filtered ? (
            <a class="xt-btn" href="/courseList">
              重置
            </a>
          ) : null}
        </form>
        <section class="xt-section" aria-labelledby="courses-title">
          <h1 class="xt-section-title" id="courses-title">
            推荐课程
          </h1>
          {p.failed ? (
            <p class="xt-empty">课程暂时无法加载，请稍后刷新重试。</p>
          ) : p.courses.length ? (
            <ul class="xt-grid">
              {p.courses.map((c) => (
                <CourseCard course={c} />
              ))}
            </ul>
          ) : (
            <p class="xt-empty">{filtered ? '没有找到符合条件的课程。' : '还没有公开的课程，敬请期待。'}</p>
          )}
          {!p.failed && p.total ? (
            <div class="xt-course-foot">
              <span class="xt-news-total">共{p.total}门课程</span>
              <Pager look="links" current={p.pageNo} total={p.total} size={COURSE_PAGE_SIZE} href={(n) => courseListHref(p.filter, n)} />
            </div>
          ) : null}
        </section>
      </div>
    </PublicLayout>
  );
}

export function CourseDetailPage(p: PublicFrameProps & { course: CourseModel }) {
  const c = p.course;
  return (
    <PublicLayout {...p} pageTitle={c.courseName}>
      <div class="xt-wrap">
        <article class="xt-course-detail" aria-labelledby="course-title">
          <div class="xt-course-detail-cover">
            <Cover src={c.courseCover_url} alt={c.courseName} lazy={false} />
          </div>
          <div class="xt-course-detail-body">
            <h1 id="course-title" class="xt-course-detail-title">
              {c.courseName}
            </h1>
            <div class="xt-card-meta">
              {c.courseCategory_dictText ? <span class="xt-tag">{c.courseCategory_dictText}</span> : null}
              {c.courseType_dictText ? <span class="xt-tag xt-tag-green">{c.courseType_dictText}</span> : null}
              {c.unitCount != null ? <span>共{c.unitCount}个单元</span> : null}
            </div>
            {c.courseDesc ? <RichHtml html={c.courseDesc} class="xt-rich xt-course-desc" /> : <p class="xt-course-desc">暂无课程介绍。</p>}
            <p class="xt-course-actions">
              <a class="xt-btn xt-btn-primary" href={STUDY_HREF(c.id)}>
                去上课
              </a>
              <a class="xt-btn" href="/courseList">
                返回课程列表
              </a>
            </p>
          </div>
        </article>
      </div>
    </PublicLayout>
  );
}

export function CourseNotFoundPage(p: PublicFrameProps) {
  return <PublicNotFound {...p} title={COURSE_NOT_FOUND} reason="这门课程可能已下架，或者没有在前台公开。" href="/courseList" linkText="浏览全部课程" />;
}

export interface IndexPageProps {
  brandName: string;
  brandDesc?: string;
  footerHtml: string;
  menu: FrontMenuNode[];
  viewer: PublicViewer | null;
  look?: PublicLook;
  homeHtml: string;
}

/** /index (首页): the banner row as on /home, then the administrator's 首页文案 (`_homeHtml`), sanitised. */
export function IndexPage(p: IndexPageProps) {
  return (
    <PublicLayout brandName={p.brandName} footerHtml={p.footerHtml} menu={p.menu} viewer={p.viewer} look={p.look} current="/index" pageTitle="首页" banner>
      <Hero brandName={p.brandName} brandDesc={p.brandDesc} viewer={p.viewer} look={p.look} />
      <div class="xt-wrap">
        {p.homeHtml.trim() ? <RichHtml html={p.homeHtml} class="xt-rich xt-index-html" /> : <p class="xt-empty">欢迎来到{p.brandName}。</p>}
      </div>
    </PublicLayout>
  );
}
