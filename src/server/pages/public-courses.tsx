// The public 首页 and course pages: /index (the site config's `_homeHtml`), /courseList (课程: the catalogue of
// getHomeCourse) and /courseList?id= (one course of that catalogue). No login needed, no JavaScript shipped.
// Only what getHomeCourse answers is shown: a course is found for the detail view by paging through it, so a
// course that is not public (show_home = 0, deleted) is a 404 whatever its id.
import type { Context, Hono } from 'hono';
import {
  COURSE_PAGE_SIZE,
  CourseDetailPage,
  CourseListPage,
  CourseNotFoundPage,
  IndexPage,
  type CourseFilter,
  type DictOption,
} from '../../templates/public/courses.js';
import type { CourseModel, Page } from '../upstream/client.js';
import type { PageEnv } from './context.js';
import { cacheHeaders, chrome, frameProps, logFailure } from './public.js';
import { currentPath } from './page-cache.js';

/** Highest page number accepted (a larger one shows an empty page rather than an expensive query). */
const MAX_PAGE_NO = 10_000;
/** The detail view pages through the catalogue this many at a time (the API's maximum page size) … */
const LOOKUP_PAGE_SIZE = 100;
/** … and gives up after this many pages (10 000 public courses). */
const LOOKUP_MAX_PAGES = 100;

const pageNoOf = (raw: string | undefined) => {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE_NO) : 1;
};

/** A query value as the API accepts it (over-long values are cut, not refused: the search box says how long). */
const filterValue = (raw: string | undefined, max: number) => (raw ?? '').trim().slice(0, max);

async function catalogue(c: Context<PageEnv>, q: Partial<CourseFilter> & { pageNo: number; pageSize: number }): Promise<Page<CourseModel> | null> {
  try {
    const res = await c.get('upstream').homeCourses(q);
    if (res.success && Array.isArray(res.result?.records)) return res.result;
    logFailure(c, '课程', res.message);
  } catch (err) {
    logFailure(c, '课程', err);
  }
  return null;
}

/** A public course by id, or null when getHomeCourse does not list it. */
async function publicCourse(c: Context<PageEnv>, id: string): Promise<CourseModel | null> {
  for (let pageNo = 1; pageNo <= LOOKUP_MAX_PAGES; pageNo++) {
    const page = await catalogue(c, { pageNo, pageSize: LOOKUP_PAGE_SIZE });
    if (!page) return null;
    const hit = page.records.find((r) => r.id === id);
    if (hit) return hit;
    if (page.records.length < LOOKUP_PAGE_SIZE || pageNo * LOOKUP_PAGE_SIZE >= Number(page.total)) return null;
  }
  return null;
}

async function dictOptions(c: Context<PageEnv>, code: string): Promise<DictOption[]> {
  try {
    const res = await c.get('upstream').dictItems(code);
    if (res.success && Array.isArray(res.result)) return res.result.map((i) => ({ value: String(i.value), text: i.text || i.title }));
    logFailure(c, code, res.message);
  } catch (err) {
    logFailure(c, code, err);
  }
  return [];
}

export function registerPublicCoursePages(app: Hono<PageEnv>) {
  app.get('/index', async (c) => {
    const frame = await chrome(c);
    cacheHeaders(c);
    return c.html(
      '<!doctype html>' +
        (
          <IndexPage
            brandName={frame.cfg.brandName}
            brandDesc={frame.cfg.brandDesc}
            footerHtml={frame.cfg.footer}
            menu={frame.menu}
            viewer={frame.viewer}
            look={frame.look}
            homeHtml={frame.cfg._homeHtml ?? ''}
          />
        ),
    );
  });

  app.get('/courseList', async (c) => {
    const current = currentPath(c);
    const id = c.req.query('id');
    if (id !== undefined) {
      const key = id.trim();
      const [frame, course] = await Promise.all([chrome(c), key && key.length <= 64 ? publicCourse(c, key) : Promise.resolve(null)]);
      const props = frameProps(frame, current);
      cacheHeaders(c);
      if (!course) return c.html('<!doctype html>' + (<CourseNotFoundPage {...props} />), 404);
      return c.html('<!doctype html>' + (<CourseDetailPage {...props} course={course} />));
    }
    const pageNo = pageNoOf(c.req.query('pageNo'));
    const filter: CourseFilter = {
      courseName: filterValue(c.req.query('courseName'), 64),
      courseCategory: filterValue(c.req.query('courseCategory'), 16),
      courseType: filterValue(c.req.query('courseType'), 16),
    };
    const [frame, page, categories, types] = await Promise.all([
      chrome(c),
      catalogue(c, { ...filter, pageNo, pageSize: COURSE_PAGE_SIZE }),
      dictOptions(c, 'course_category'),
      dictOptions(c, 'course_type'),
    ]);
    cacheHeaders(c);
    return c.html(
      '<!doctype html>' +
        (
          <CourseListPage
            brandName={frame.cfg.brandName}
            footerHtml={frame.cfg.footer}
            menu={frame.menu}
            viewer={frame.viewer}
            look={frame.look}
            current={current}
            courses={page?.records ?? []}
            total={Number(page?.total ?? 0)}
            pageNo={pageNo}
            filter={filter}
            categories={categories}
            types={types}
            failed={!page}
          />
        ),
    );
  });
}
