// Courses: the public catalogue, who may study which course (one rule for courses, units and their files),
// the authorised departments (授权部门) and the unit video sources.
import { isSafeKey, type FileStore } from '../storage/index.js';
import { imageSize } from 'image-size';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, TeachingCourse } from '../db/schema.js';
import { ORG_CODE_SEGMENT } from './departs.js';
import { sanitizeRichHtml } from '../shared/rich-text.js';
import { VIDEO_EMBED_HOSTS } from '../shared/video-hosts.js';
import { decorate } from './dicts.js';
import { camel, fileUrl } from './serialize.js';
import { contains, escapeLike, like } from './sql-like.js';
import { now } from './time.js';
import { subtreeRoots } from './user-scope.js';

export interface HomeCourseQuery {
  pageNo: number;
  pageSize: number;
  courseName?: string;
  courseType?: string;
  courseCategory?: string;
}

/** Courses shown on the home page (show_home = 1), by their order. */
export async function homeCourses(db: Kysely<Database>, q: HomeCourseQuery) {
  let base = db.selectFrom('teaching_course').where('show_home', '=', 1).where('del_flag', '=', 0);
  if (q.courseName) base = base.where(contains('course_name', q.courseName));
  if (q.courseType) base = base.where('course_type', '=', q.courseType);
  if (q.courseCategory) base = base.where('course_category', '=', q.courseCategory);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('order_num', 'asc')
      .orderBy('create_time', 'desc')
      .orderBy('id', 'asc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  // How many units each course has (the public catalogue shows it).
  const units = new Map<string, number>();
  if (rows.length) {
    const counts = await db
      .selectFrom('teaching_course_unit')
      .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('course_id', 'in', rows.map((r) => r.id))
      .groupBy('course_id')
      .execute();
    for (const c of counts) units.set(c.course_id, Number(c.n));
  }
  const records = rows.map((r) => ({
    ...camel(r),
    unitCount: units.get(r.id) ?? 0,
    isShared: r.is_shared === 1,
    showHome: r.show_home === 1,
    // Rich text (teaching-open edits it with an HTML editor): served through the one sanitiser.
    courseDesc: r.course_desc == null ? null : sanitizeRichHtml(r.course_desc),
    courseCover_url: fileUrl(r.course_cover),
    courseIcon_url: fileUrl(r.course_icon),
  }));
  return {
    records: await decorate(db, records, { courseType: 'course_type', courseCategory: 'course_category' }),
    total: Number(total?.n ?? 0),
  };
}

// ---- Who studies which course (teaching-open rule 6, with its §2.14.7 gap closed) ----

export const NO_COURSE_PERMISSION = '无课程权限';

export interface CourseViewer {
  id: string;
  /** 1 = student, 2 = teacher (sys_user.user_identity). */
  userIdentity: number;
  /** Course administrators (admin/dev, or whoever holds the course screens): every course, every file. */
  seesAll: boolean;
  /** For a teacher: the org codes of the departments they manage (whole subtrees). */
  managedOrgCodes?: string[];
}

const isStudentViewer = (v: CourseViewer) => !v.seesAll && v.userIdentity !== 2;

/**
 * The one visibility rule, as a condition on a course row (`alias.id`, `alias.is_shared`). A course is visible
 * when it is shared, or assigned to one of the viewer's classes — for a student only once its open time has
 * passed. A teacher also sees the courses assigned to the classes they manage, opened or not, to prepare them.
 * The course list, its units and its files all go through this function.
 */
export function courseVisible(db: Kysely<Database>, viewer: CourseViewer, alias: string, at: string = now()) {
  if (viewer.seesAll) return sql<boolean>`1 = 1`;
  const memberOf = db.selectFrom('sys_user_depart as ud').select('ud.dep_id').where('ud.user_id', '=', viewer.id);
  let assigned = db.selectFrom('teaching_course_dept as cd').select('cd.course_id').where('cd.dept_id', 'in', memberOf);
  if (isStudentViewer(viewer)) assigned = assigned.where('cd.open_time', 'is not', null).where('cd.open_time', '<=', at);
  const id = sql.ref(`${alias}.id`);
  // Kysely parenthesises an embedded subquery itself.
  const parts = [sql<boolean>`${sql.ref(`${alias}.is_shared`)} = 1`, sql<boolean>`${id} in ${assigned}`];
  const managed = subtreeRoots(viewer.managedOrgCodes ?? []);
  if (!isStudentViewer(viewer) && managed.length) {
    const classes = db
      .selectFrom('sys_depart as md')
      .select('md.id')
      .where((eb) => eb.or(managed.map((code) => eb('md.org_code', 'like', `${escapeLike(code)}%`))));
    parts.push(sql<boolean>`${id} in ${db.selectFrom('teaching_course_dept as mcd').select('mcd.course_id').where('mcd.dept_id', 'in', classes)}`);
  }
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** The course when it exists and the viewer may study it. */
export function visibleCourse(db: Kysely<Database>, viewer: CourseViewer, courseId: string) {
  return db.selectFrom('teaching_course as c').selectAll('c').where('c.id', '=', courseId).where(courseVisible(db, viewer, 'c')).executeTakeFirst();
}

/** 我的课程: every visible course, by its order. */
export function mineCourses(db: Kysely<Database>, viewer: CourseViewer) {
  return db
    .selectFrom('teaching_course as c')
    .selectAll('c')
    .where(courseVisible(db, viewer, 'c'))
    .orderBy('c.order_num', 'asc')
    .orderBy('c.create_time', 'asc')
    .orderBy('c.id', 'asc')
    .execute();
}

/** A course as the anchor's entity serialises it: camelCase columns, flags as booleans, raw file keys. */
export const courseModel = (r: TeachingCourse) => ({ ...camel(r), isShared: r.is_shared === 1, showHome: r.show_home === 1 });

// ---- Unit media: the four show-to-students flags ----

/** Unit columns holding files, with the flag that shows each to students (null: always shown). */
const UNIT_FILE_COLUMNS = [
  { column: 'course_video', flag: 'show_course_video' },
  { column: 'course_case', flag: 'show_course_case' },
  { column: 'course_ppt', flag: 'show_course_ppt' },
  { column: 'course_plan', flag: 'show_course_plan' },
  { column: 'course_work', flag: null },
  { column: 'course_work_answer', flag: 'never' },
] as const;

type UnitRow = Selectable<Database['teaching_course_unit']>;

/** What a viewer may see of a unit: students lose the media whose show flag is off (and the answer). */
export function unitForViewer(u: UnitRow, viewer: CourseViewer): UnitRow {
  if (!isStudentViewer(viewer)) return u;
  const out = { ...u };
  if (u.show_course_video !== 1) out.course_video = null;
  if (u.show_course_case !== 1) out.course_case = '';
  if (u.show_course_ppt !== 1) out.course_ppt = null;
  if (u.show_course_plan !== 1) out.course_plan = null;
  out.course_work_answer = null;
  return out;
}

const keysOf = (v: string | null | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * Units whose file columns may name `key` (materials and plans are comma lists, matched by LIKE): candidates
 * only, the caller checks the parsed keys (unitFileKeys / UNIT_FILE_COLUMNS).
 */
function unitsNaming(db: Kysely<Database>, key: string, limit: number) {
  const pattern = `%${escapeLike(key)}%`;
  return db
    .selectFrom('teaching_course_unit')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('unit_cover', '=', key),
        eb('course_video', '=', key),
        eb('course_case', '=', key),
        eb('course_work', '=', key),
        eb('course_work_answer', '=', key),
        like('course_ppt', pattern),
        like('course_plan', pattern),
      ]),
    )
    .limit(limit)
    .execute();
}

/**
 * Whether a stored file may be served to this viewer. Files no unit refers to are not unit media (covers,
 * avatars, works): 'free'. Unit media is served only when the viewer may study the unit's course and, for a
 * student, the unit shows that file — so a hidden file is unreadable through any URL, not only blanked in JSON.
 */
export async function unitFileAccess(db: Kysely<Database>, viewer: CourseViewer | null, key: string): Promise<'free' | 'allowed' | 'denied'> {
  const units = await unitsNaming(db, key, 50);
  const referring = units.filter((u) => UNIT_FILE_COLUMNS.some(({ column }) => keysOf(u[column] as string | null).includes(key)));
  if (!referring.length) return 'free';
  if (!viewer) return 'denied';
  if (viewer.seesAll) return 'allowed';
  for (const u of referring) {
    if (!(await visibleCourse(db, viewer, u.course_id))) continue;
    const shown = unitForViewer(u, viewer);
    if (UNIT_FILE_COLUMNS.some(({ column }) => keysOf(shown[column] as string | null).includes(key))) return 'allowed';
  }
  return 'denied';
}

// ---- Authorised departments (授权部门) ----

/** Ids of the department and its ancestors (org_code prefixes, 3 characters a level). */
export async function selfAndAncestorIds(db: Kysely<Database>, departId: string): Promise<string[]> {
  const d = await db.selectFrom('sys_depart').select('org_code').where('id', '=', departId).executeTakeFirst();
  if (!d) return [];
  const prefixes: string[] = [];
  for (let i = ORG_CODE_SEGMENT; i <= d.org_code.length; i += ORG_CODE_SEGMENT) prefixes.push(d.org_code.slice(0, i));
  return (await db.selectFrom('sys_depart').select('id').where('org_code', 'in', prefixes).execute()).map((r) => r.id);
}

/** Condition on a course row: it may be assigned to a class under one of `ancestorIds` (no authorised departments = anywhere). */
export function assignableTo(db: Kysely<Database>, alias: string, ancestorIds: string[]) {
  const id = sql.ref(`${alias}.id`);
  const anyAuth = db.selectFrom('teaching_course_auth_depart as a0').select('a0.course_id').whereRef('a0.course_id', '=', id as never);
  if (!ancestorIds.length) return sql<boolean>`not exists ${anyAuth}`;
  const matching = anyAuth.where('a0.depart_id', 'in', ancestorIds);
  return sql<boolean>`(not exists ${anyAuth} or exists ${matching})`;
}

/** Authorised department ids of each course, comma-joined as the anchor's depart_ids. */
export async function authDepartIds(db: Kysely<Database>, courseIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!courseIds.length) return out;
  const rows = await db.selectFrom('teaching_course_auth_depart').select(['course_id', 'depart_id']).where('course_id', 'in', courseIds).orderBy('id').execute();
  for (const r of rows) out.set(r.course_id, [...(out.get(r.course_id) ?? []), r.depart_id]);
  return out;
}

// ---- Unit video (上传 / 链接 / 外部) ----

/**
 * The player URL of an embed code (an `<iframe src=…>` snippet or the bare URL), or null when it is not an
 * https address on an allowed host. The stored embed is rebuilt from this URL, never kept as pasted.
 */
export function embedUrl(input: string): string | null {
  const src = /<iframe\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(input)?.[1] ?? input.trim();
  const raw = src.startsWith('//') ? `https:${src}` : src;
  let u: URL;
  try {
    u = new URL(raw.replace(/&amp;/g, '&'));
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || !(VIDEO_EMBED_HOSTS as readonly string[]).includes(u.hostname) || u.username || u.password) return null;
  return u.toString();
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The embed HTML stored for source 3: our own iframe around an allowed player URL. */
export const embedHtml = (url: string) =>
  `<iframe src="${attr(url)}" width="100%" height="450" frameborder="0" allowfullscreen="true" sandbox="allow-scripts allow-same-origin allow-presentation" referrerpolicy="no-referrer"></iframe>`;

// ---- 开课 (unitViewLog) ----

/**
 * The class a teacher opens a unit for: the first class they are a member of, else the first they manage
 * (whole subtrees), that has the course assigned. Null when none has it.
 */
export async function teacherClassForCourse(db: Kysely<Database>, viewer: CourseViewer, courseId: string): Promise<string | null> {
  const member = await db
    .selectFrom('teaching_course_dept as cd')
    .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'cd.dept_id')
    .innerJoin('sys_depart as d', 'd.id', 'cd.dept_id')
    .select('cd.dept_id')
    .where('ud.user_id', '=', viewer.id)
    .where('cd.course_id', '=', courseId)
    .orderBy('d.org_code', 'asc')
    .orderBy('d.id', 'asc')
    .executeTakeFirst();
  if (member) return member.dept_id;
  const managed = subtreeRoots(viewer.managedOrgCodes ?? []);
  if (!managed.length) return null;
  const row = await db
    .selectFrom('teaching_course_dept as cd')
    .innerJoin('sys_depart as d', 'd.id', 'cd.dept_id')
    .select('cd.dept_id')
    .where('cd.course_id', '=', courseId)
    .where((eb) => eb.or(managed.map((code) => eb('d.org_code', 'like', `${escapeLike(code)}%`))))
    .orderBy('d.org_code', 'asc')
    .orderBy('d.id', 'asc')
    .executeTakeFirst();
  return row?.dept_id ?? null;
}

/** Natural size of a stored course map (the map editor places flags in its pixels), or null. */
export async function storedImageSize(store: FileStore, key: string | null | undefined): Promise<{ width: number; height: number } | null> {
  if (!key || !isSafeKey(key)) return null;
  const data = await store.read(key);
  if (!data) return null;
  try {
    const size = imageSize(data);
    return size.width && size.height ? { width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}

// ---- Files of deleted courses and units ----

const listKeys = (...values: (string | null | undefined)[]) => values.flatMap((v) => keysOf(v));

/** Stored-file keys a course refers to (icon, cover, map). */
export const courseFileKeys = (c: Pick<TeachingCourse, 'course_icon' | 'course_cover' | 'course_map'>) => listKeys(c.course_icon, c.course_cover, c.course_map);

/** Stored-file keys a unit refers to (cover, uploaded video, example, materials, plans, starter, answer). */
export const unitFileKeys = (u: UnitRow) =>
  listKeys(u.unit_cover, u.course_video_source === 1 ? u.course_video : null, u.course_case, u.course_ppt, u.course_plan, u.course_work, u.course_work_answer);
