// Where a stored file is used: the one answer to "may this file go?" for 文件管理 / OSS文件 (使用位置, delete
// refused while used, 仅显示孤立文件) and for the cleanup after deleting courses, units and works.
//
// A file is named by its sys_file id (works and their versions keep ids) or by its storage key (everything
// else keeps keys: course and unit media, homework files, avatars, Scratch素材, site images, and pictures in
// rich text, which name the key inside their URL /api/sys/common/static/<key>). Kept versions in 数据日志 are
// history and do not hold a file.
import type { FileUsage } from '../contracts/files.js';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { isPrivateKey } from './private-files.js';
import type { FileStore } from '../storage/index.js';
import { contains } from './sql-like.js';
import { formatDateTime } from './time.js';


export interface FileRef {
  id?: string | null;
  /** Storage key (as kept in sys_file.file_path). */
  path?: string | null;
}

/** `作品「小猫」的封面`: one usage in words. */
export const usageText = (u: FileUsage) => `${u.label}「${u.recordName}」的${u.field}`;

const keysOf = (v: string | null | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The Scratch素材 folder: its rows name files as <md5>.<ext> (teaching_scratch_assets.md5_ext). */
const ASSET_PREFIX = 'internalapi/asset/';

const COURSE_FIELDS = [
  ['course_icon', '图标'],
  ['course_cover', '封面'],
  ['course_map', '地图'],
] as const;
const UNIT_FIELDS = [
  ['unit_cover', '封面'],
  ['course_video', '视频'],
  ['course_case', '案例'],
  ['course_ppt', '课件'],
  ['course_plan', '教案'],
  ['course_work', '作业'],
  ['course_work_answer', '参考答案'],
] as const;
const ADDITIONAL_FIELDS = [
  ['work_cover', '封面'],
  ['work_url', '作业文件'],
  ['work_document_url', '作业资料'],
] as const;

/** Every place `ref` is used (empty: nobody uses it). At most `limit` usages of each kind. */
export async function fileUsages(db: Kysely<Database>, ref: FileRef, limit = 20): Promise<FileUsage[]> {
  const out: FileUsage[] = [];
  const { id, path: key } = ref;
  if (id) {
    const works = await db
      .selectFrom('teaching_work')
      .select(['id', 'work_name', 'work_file', 'work_cover'])
      .where((eb) => eb.or([eb('work_file', '=', id), eb('work_cover', '=', id)]))
      .limit(limit)
      .execute();
    for (const w of works) {
      if (w.work_file === id) out.push({ kind: 'work', label: '作品', recordId: w.id, recordName: w.work_name, field: '作品文件' });
      if (w.work_cover === id) out.push({ kind: 'work', label: '作品', recordId: w.id, recordName: w.work_name, field: '封面' });
    }
    const versions = await db
      .selectFrom('teaching_work_version')
      .select(['work_id', 'work_name', 'version_no', 'work_file', 'work_cover'])
      .where((eb) => eb.or([eb('work_file', '=', id), eb('work_cover', '=', id)]))
      .limit(limit)
      .execute();
    for (const v of versions) {
      const field = v.work_file === id ? '作品文件' : '封面';
      out.push({ kind: 'workVersion', label: '作品历史版本', recordId: v.work_id, recordName: `${v.work_name} v${v.version_no}`, field });
    }
  }
  if (!key) return out;

  const courses = await db
    .selectFrom('teaching_course')
    .select(['id', 'course_name', 'course_icon', 'course_cover', 'course_map', 'course_desc'])
    .where((eb) => eb.or([...COURSE_FIELDS.map(([col]) => contains(col, key)), contains('course_desc', key)]))
    .limit(limit)
    .execute();
  for (const c of courses) {
    for (const [col, field] of COURSE_FIELDS) if (keysOf(c[col]).includes(key)) out.push({ kind: 'course', label: '课程', recordId: c.id, recordName: c.course_name, field });
    if ((c.course_desc ?? '').includes(key)) out.push({ kind: 'course', label: '课程', recordId: c.id, recordName: c.course_name, field: '介绍' });
  }

  const units = await db
    .selectFrom('teaching_course_unit')
    .selectAll()
    .where((eb) => eb.or([...UNIT_FIELDS.map(([col]) => contains(col, key)), contains('unit_intro', key), contains('media_content', key)]))
    .limit(limit)
    .execute();
  for (const u of units) {
    for (const [col, field] of UNIT_FIELDS) {
      // A video is a stored file only when uploaded (source 1); links and embeds name no file.
      if (col === 'course_video' && u.course_video_source !== 1) continue;
      if (keysOf(u[col] as string | null).includes(key)) out.push({ kind: 'unit', label: '课程单元', recordId: u.id, recordName: u.unit_name, field });
    }
    if ((u.unit_intro ?? '').includes(key)) out.push({ kind: 'unit', label: '课程单元', recordId: u.id, recordName: u.unit_name, field: '简介' });
    if ((u.media_content ?? '').includes(key)) out.push({ kind: 'unit', label: '课程单元', recordId: u.id, recordName: u.unit_name, field: '课程内容' });
  }

  const homework = await db
    .selectFrom('teaching_additional_work')
    .select(['id', 'work_name', 'work_cover', 'work_url', 'work_document_url'])
    .where((eb) => eb.or(ADDITIONAL_FIELDS.map(([col]) => contains(col, key))))
    .limit(limit)
    .execute();
  for (const h of homework) {
    for (const [col, field] of ADDITIONAL_FIELDS) if (keysOf(h[col]).includes(key)) out.push({ kind: 'additional', label: '班级作业', recordId: h.id, recordName: h.work_name, field });
  }

  const users = await db.selectFrom('sys_user').select(['id', 'username', 'realname']).where('avatar', '=', key).limit(limit).execute();
  for (const u of users) out.push({ kind: 'avatar', label: '用户', recordId: u.id, recordName: u.realname || u.username, field: '头像' });

  if (key.startsWith(ASSET_PREFIX)) {
    const name = key.slice(ASSET_PREFIX.length);
    const assets = await db.selectFrom('teaching_scratch_assets').select(['id', 'asset_name', 'md5_ext']).where(contains('md5_ext', name)).limit(limit).execute();
    for (const a of assets) if (keysOf(a.md5_ext).some((k) => k === name || k === key)) out.push({ kind: 'asset', label: 'Scratch素材', recordId: a.id, recordName: a.asset_name, field: '素材文件' });
  }

  const configs = await db.selectFrom('sys_config').select(['id', 'config_key', 'comment', 'config_value']).where(contains('config_value', key)).limit(limit).execute();
  for (const cfg of configs) out.push({ kind: 'config', label: '网站配置', recordId: cfg.id, recordName: cfg.comment || cfg.config_key, field: cfg.config_key });

  const notices = await db.selectFrom('sys_announcement').select(['id', 'titile']).where(contains('msg_content', key)).limit(limit).execute();
  for (const n of notices) out.push({ kind: 'announcement', label: '通告', recordId: n.id, recordName: n.titile ?? '', field: '内容' });

  const news = await db.selectFrom('teaching_news').select(['id', 'news_title']).where(contains('news_content', key)).limit(limit).execute();
  for (const n of news) out.push({ kind: 'news', label: '资讯', recordId: n.id, recordName: n.news_title, field: '内容' });

  return out;
}

/** Usages of several files at once (a page of 文件管理), by sys_file id. */
export async function fileUsagesOf(db: Kysely<Database>, files: { id: string; path: string }[]): Promise<Map<string, FileUsage[]>> {
  const out = new Map<string, FileUsage[]>();
  for (const f of files) out.set(f.id, await fileUsages(db, { id: f.id, path: f.path }, 10));
  return out;
}

/** The storage keys among `keys` that nothing uses (by key, nor through a sys_file row with that key). */
export async function unusedKeys(db: Kysely<Database>, keys: string[]): Promise<string[]> {
  const wanted = [...new Set(keys.filter(Boolean))];
  if (!wanted.length) return [];
  const rows = await db.selectFrom('sys_file').select(['id', 'file_path']).where('file_path', 'in', wanted).execute();
  const free: string[] = [];
  for (const key of wanted) {
    const ids = rows.filter((r) => r.file_path === key).map((r) => r.id);
    let used = (await fileUsages(db, { path: key }, 1)).length > 0;
    for (const id of ids) if (!used) used = (await fileUsages(db, { id }, 1)).length > 0;
    if (!used) free.push(key);
  }
  return free;
}

/** The sys_file rows among `ids` that nothing uses (by id, nor by their key). */
export async function unusedFiles(db: Kysely<Database>, ids: string[]): Promise<{ id: string; file_path: string }[]> {
  const wanted = [...new Set(ids.filter(Boolean))];
  if (!wanted.length) return [];
  const rows = await db.selectFrom('sys_file').select(['id', 'file_path']).where('id', 'in', wanted).execute();
  const free: { id: string; file_path: string }[] = [];
  for (const r of rows) if (!(await fileUsages(db, { id: r.id, path: r.file_path }, 1)).length) free.push(r);
  return free;
}

/**
 * Condition on a sys_file row (alias `f`): nothing uses it. The same places as fileUsages, matched in SQL so the
 * orphans list pages in the database. Keys are matched by LIKE inside the text columns (unescaped `_` matches any
 * character), so in a rare case this calls a file used that fileUsages finds no usage for; never the reverse.
 */
export function orphanCondition(eb: ExpressionBuilder<Database & { f: Database['sys_file'] }, 'f'>): Expression<SqlBool> {
  const id = sql.ref('f.id');
  const key = sql.ref('f.file_path');
  const inText = (col: string) => sql<SqlBool>`${sql.ref(col)} like ${sql`'%' || ${key} || '%'`}`;
  const none = (q: Parameters<typeof eb.exists>[0]) => eb.not(eb.exists(q));
  const assetName = sql`substr(${key}, ${ASSET_PREFIX.length + 1})`;
  return eb.and([
    none(eb.selectFrom('teaching_work as w').select('w.id').where((e) => e.or([e(sql.ref('w.work_file'), '=', id), e(sql.ref('w.work_cover'), '=', id)]))),
    none(eb.selectFrom('teaching_work_version as wv').select('wv.id').where((e) => e.or([e(sql.ref('wv.work_file'), '=', id), e(sql.ref('wv.work_cover'), '=', id)]))),
    none(eb.selectFrom('teaching_course as c').select('c.id').where((e) => e.or([...COURSE_FIELDS.map(([col]) => inText(`c.${col}`)), inText('c.course_desc')]))),
    none(
      eb
        .selectFrom('teaching_course_unit as u')
        .select('u.id')
        .where((e) =>
          e.or([
            // A video is a stored file only when uploaded (source 1).
            ...UNIT_FIELDS.map(([col]) => (col === 'course_video' ? e.and([e(sql.ref('u.course_video_source'), '=', 1), inText('u.course_video')]) : inText(`u.${col}`))),
            inText('u.unit_intro'),
            inText('u.media_content'),
          ]),
        ),
    ),
    none(eb.selectFrom('teaching_additional_work as a').select('a.id').where((e) => e.or(ADDITIONAL_FIELDS.map(([col]) => inText(`a.${col}`))))),
    none(eb.selectFrom('sys_user as su').select('su.id').where(sql.ref('su.avatar'), '=', key)),
    eb.or([
      eb(key, 'not like', `${ASSET_PREFIX}%`),
      none(eb.selectFrom('teaching_scratch_assets as sa').select('sa.id').where(sql<SqlBool>`${sql.ref('sa.md5_ext')} like ${sql`'%' || ${assetName} || '%'`}`)),
    ]),
    none(eb.selectFrom('sys_config as sc').select('sc.id').where(inText('sc.config_value'))),
    none(eb.selectFrom('sys_announcement as an').select('an.id').where(inText('an.msg_content'))),
    none(eb.selectFrom('teaching_news as nw').select('nw.id').where(inText('nw.news_content'))),
  ]);
}

/** A stored file that no sys_file row registers. */
export interface UnregisteredFile {
  /** Storage key. */
  filePath: string;
  fileSize: number;
  modified: Date;
}

/**
 * Stored files that no sys_file row registers (the store listed with store.list, on a bucket too), at most `cap`,
 * optionally only those last written before `before`. The backpack (per-user, its own rows), the backup copies
 * (private-files.ts) and the Scratch素材 folder (named by teaching_scratch_assets, and filled by hand from the
 * README) are never listed.
 */
export async function unregisteredFiles(
  db: Kysely<Database>,
  store: FileStore,
  opts: { cap?: number; before?: Date } = {},
): Promise<UnregisteredFile[]> {
  const cap = opts.cap ?? 200;
  const found: UnregisteredFile[] = [];
  let chunk: UnregisteredFile[] = [];
  // Keys are looked up in sys_file 200 at a time; the listing stops once `cap` are found.
  const flush = async () => {
    const batch = chunk;
    chunk = [];
    if (!batch.length) return;
    const known = new Set((await db.selectFrom('sys_file').select('file_path').where('file_path', 'in', batch.map((f) => f.filePath)).execute()).map((r) => r.file_path));
    for (const f of batch) if (!known.has(f.filePath) && found.length < cap) found.push(f);
  };
  for await (const o of store.list('')) {
    if (found.length >= cap) break;
    if (isPrivateKey(o.key) || o.key.startsWith(ASSET_PREFIX)) continue;
    if (opts.before && o.modified.getTime() >= opts.before.getTime()) continue;
    chunk.push({ filePath: o.key, fileSize: o.size, modified: o.modified });
    if (chunk.length >= 200) await flush();
  }
  await flush();
  return found;
}

/** Where the teaching-open importer keeps the projects that failed the upload checks (importer/files.ts). */
const IMPORT_REJECTED_PREFIX = 'import-rejected/';

/** An orphan: a stored file nothing uses (a sys_file row by orphanCondition, or a file no row registers). */
export interface OrphanFile {
  /** Storage key. */
  key: string;
  /** sys_file id, when the file is registered. */
  id?: string;
  size: number;
}

/**
 * Orphans uploaded (or last written, for unregistered files) before `before`, for the 清理孤立文件 job: the same rule
 * as 文件管理's 仅显示孤立文件, so what the job removes is what the screen lists; an unregistered file that a record
 * still names (an imported avatar or course file) is no orphan, nor a project the importer kept aside (import-rejected/:
 * a child's work, removed by hand from 文件管理 if at all).
 */
export async function orphanFiles(db: Kysely<Database>, store: FileStore, before: Date, cap = 5000): Promise<OrphanFile[]> {
  const rows = await db
    .selectFrom('sys_file as f')
    .select(['f.id', 'f.file_path', 'f.file_size'])
    .where('f.create_time', '<', formatDateTime(before))
    .where('f.file_path', 'not like', 'http%')
    .where((eb) => orphanCondition(eb))
    .limit(cap)
    .execute();
  const registered: OrphanFile[] = rows.map((r) => ({ key: r.file_path, id: r.id, size: Number(r.file_size) || 0 }));
  const loose: OrphanFile[] = [];
  for (const f of await unregisteredFiles(db, store, { cap: Math.max(0, cap - registered.length), before })) {
    if (f.filePath.startsWith(IMPORT_REJECTED_PREFIX)) continue;
    if (!(await fileUsages(db, { path: f.filePath }, 1)).length) loose.push({ key: f.filePath, size: f.fileSize });
  }
  return [...registered, ...loose];
}
