// 文件管理 and OSS文件 API: the stored files (sys_file) with where each is used (domain/file-usages.ts), and their
// deletion, refused while any record uses the file. Administrators only: the list shows every user's files.
//
//   GET    /system/sysFile/list        ?scope=all|orphan, fileName, createBy, createTime_begin/_end (paged)
//   GET    /system/sysFile/queryById   ?id=            the row with its usages
//   GET    /system/sysFile/exportXls
//   DELETE /system/sysFile/delete      ?id=            refused while used; the file leaves the store too
//   DELETE /system/sysFile/deleteBatch ?ids=a,b,       all or nothing
//   DELETE /system/sysFile/deleteByPath ?filePath=     the anchor's upload widget's delete (same rule)
//   GET    /system/sysFile/unregistered                 stored files no row registers (store.list)
//   GET    /oss/file/list, /oss/file/queryById, /oss/file/folders; POST /oss/file/upload; DELETE /oss/file/delete
import type { Context } from 'hono';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { SysFileTable } from '../../db/schema.js';
import { isPrivateKey } from '../../domain/private-files.js';
import { isSafeKey } from '../../storage/index.js';
import { fileApi, ossFileApi } from '../../contracts/files.js';
import { fileUsages, fileUsagesOf, orphanCondition, unregisteredFiles, usageText } from '../../domain/file-usages.js';
import type { FileRecord, FileRecordWithUsages, FileUsage } from '../../contracts/files.js';
import { camel, fileUrl } from '../../domain/serialize.js';
import { removeStoredFiles } from '../../domain/uploads.js';
import { FILE_FOLDERS, fileFields, filesList, ossFilesList } from '../../resources/files.js';
import type { ListSpec } from '../../resources/spec.js';
import { adminOnly, role, type ApiRoutes } from '../access.js';
import { fail, ok, type Answer } from '../envelope.js';
import { exportResponse } from '../excel.js';
import { filteredRows, idList, pagedList, type EnrichedListOptions, type PagedListOptions } from '../list-query.js';
import { keyFromPath, receiveUpload } from './upload.js';

const ADMIN = role('admin');

const fields = fileFields.fieldMap(['fileName', 'fileTag', 'fileType', 'fileLocation', 'fileSize', 'createBy', 'createTime'], 'f.');

type FileRow = Selectable<SysFileTable>;

/** A file's type in words, from its stored type (and extension for containers). */
function kindText(mime: string | null | undefined, key: string): string {
  const m = mime ?? '';
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  if (ext === 'sb3' || ext === 'sb2' || m === 'application/x.scratch.sb3') return 'Scratch 项目';
  if (ext === 'svg' || m.startsWith('image/')) return '图片';
  if (m.startsWith('video/')) return '视频';
  if (m.startsWith('audio/') || ext === 'wav' || ext === 'mp3') return '音频';
  if (ext === 'pdf') return 'PDF 文档';
  if (['doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx'].includes(ext)) return 'Office 文档';
  if (ext === 'zip') return '压缩包';
  return '其他';
}

function toRecord(row: FileRow): FileRecord {
  const tag = row.file_tag ?? '';
  return { ...camel(row), kindText: kindText(row.mime_type, row.file_path), url: fileUrl(row.file_path), folderText: FILE_FOLDERS[tag] ?? tag };
}

const withUsages = (record: FileRecord, usages: FileUsage[]): FileRecordWithUsages => ({
  ...record,
  usages,
  usageText: usages.length ? usages.map(usageText).join('；') : '未使用',
});

const scopeQuery = z.object({ scope: z.enum(['all', 'orphan', ''], { message: '文件范围只能是 all（全部文件）或 orphan（孤立文件）' }).optional() });

function listOptions(c: Context<ApiEnv>, spec: ListSpec, orphan: boolean, local: boolean): PagedListOptions<FileRow, FileRecord> {
  const { db } = c.get('deps');
  let base = db.selectFrom('sys_file as f').where('f.del_flag', '=', 0);
  if (local) base = base.where('f.file_location', '=', 1);
  if (orphan) base = base.where((eb) => orphanCondition(eb));
  return {
    spec,
    fields,
    base,
    select: (qb) => qb.selectAll('f'),
    toRecord,
    tieBreak: 'f.id',
  };
}

/** 文件管理's list: every file, with where it is used. */
function filesListOptions(c: Context<ApiEnv>, orphan: boolean): EnrichedListOptions<FileRow, FileRecord, FileRecordWithUsages> {
  return {
    ...listOptions(c, filesList, orphan, false),
    enrich: async (records) => {
      const usages = await fileUsagesOf(c.get('deps').db, records.map((r) => ({ id: r.id, path: r.filePath })));
      return records.map((r) => withUsages(r, usages.get(r.id) ?? []));
    },
  };
}

function parseScope(c: Context<ApiEnv>): { ok: true; orphan: boolean } | { ok: false; response: Answer<never> } {
  const q = scopeQuery.safeParse(c.req.query());
  if (!q.success) return { ok: false, response: fail(c, q.error.issues[0]?.message ?? '参数错误', 400, 400) };
  return { ok: true, orphan: q.data.scope === 'orphan' };
}

/** Deletes the files `ids` names unless one is used (then nothing changes and the answer says where). */
async function deleteFiles(c: Context<ApiEnv>, ids: string[]): Promise<Answer<null>> {
  if (!ids.length) return fail(c, '请选择要删除的文件');
  const { db, storage } = c.get('deps');
  const rows = await db.selectFrom('sys_file').selectAll().where('id', 'in', ids).where('del_flag', '=', 0).execute();
  if (rows.length !== new Set(ids).size) return fail(c, '未找到对应文件');
  const refused: string[] = [];
  for (const row of rows) {
    const usages = await fileUsages(db, { id: row.id, path: row.file_path }, 5);
    if (usages.length) refused.push(`“${row.file_name}”正在使用中：${usages.map(usageText).join('、')}`);
  }
  if (refused.length) return fail(c, `文件正在使用中，不能删除。${refused.join('；')}`);
  await removeStoredFiles(db, storage, rows.map((r) => r.file_path));
  return ok(c, null, '删除成功!', 200);
}

/** Storage keys must be safe keys, outside the private keys (backpacks, backups) and the Scratch素材 folder. */
const safeKey = (key: string) => isSafeKey(key) && !isPrivateKey(key) && !key.startsWith('internalapi/asset/');

/** 仅显示孤立文件's second part: stored files no row registers (the wire shape of the anchor's time strings). */
async function listUnregistered(c: Context<ApiEnv>) {
  const { db, storage } = c.get('deps');
  const files = await unregisteredFiles(db, storage);
  return files.map((f) => ({ filePath: f.filePath, fileSize: f.fileSize, modified: f.modified.toISOString().slice(0, 19).replace('T', ' ') }));
}

export function registerFileAdminRoutes(r: ApiRoutes) {
  r.at(fileApi.list, ADMIN, (c) => {
    const q = parseScope(c);
    return q.ok ? pagedList(c, filesListOptions(c, q.orphan)) : q.response;
  });

  r.at(fileApi.exportXls, ADMIN, async (c) => {
    const q = parseScope(c);
    return q.ok ? exportResponse(c, filesList, await filteredRows(c, filesListOptions(c, q.orphan), 'f.id', 50_000)) : q.response;
  });

  const queryById = async (c: Context<ApiEnv>) => {
    const id = c.req.query('id') ?? '';
    if (!id) return fail(c, '请指定文件', 400, 400);
    const { db } = c.get('deps');
    const row = await db.selectFrom('sys_file').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (!row) return fail(c, '未找到对应文件');
    return ok(c, withUsages(toRecord(row), await fileUsages(db, { id: row.id, path: row.file_path })), '操作成功！', 200);
  };
  r.at(fileApi.queryById, ADMIN, queryById);

  r.at(fileApi.delete, adminOnly('file:del'), (c) => deleteFiles(c, idList(c.req.query('id'), 1)));
  r.at(fileApi.deleteBatch, adminOnly('file:del'), (c) => deleteFiles(c, idList(c.req.query('ids'), 200)));

  // The anchor's upload widget removes a file by its path; also the way to remove a file no row registers.
  r.at(fileApi.deleteByPath, adminOnly('file:del'), async (c) => {
    const raw = c.req.query('filePath') ?? '';
    const key = keyFromPath(raw);
    if (!raw.trim() || !safeKey(key)) return fail(c, '文件路径不正确', 400, 400);
    const { db, storage } = c.get('deps');
    const row = await db.selectFrom('sys_file').select('id').where('file_path', '=', key).executeTakeFirst();
    if (row) return deleteFiles(c, [row.id]);
    const usages = await fileUsages(db, { path: key }, 5);
    if (usages.length) return fail(c, `文件正在使用中，不能删除：${usages.map(usageText).join('、')}`);
    if (!(await storage.stat(key))) return fail(c, '未找到对应文件');
    await removeStoredFiles(db, storage, [key]);
    return ok(c, null, '删除成功!', 200);
  });

  r.at(fileApi.unregistered, ADMIN, async (c) => ok(c, await listUnregistered(c), '操作成功！', 200));

  // OSS文件: the same files, stored locally (存储位置 本地), with upload.
  r.at(ossFileApi.list, ADMIN, (c) => pagedList(c, listOptions(c, ossFilesList, false, true)));
  r.at(ossFileApi.queryById, ADMIN, queryById);
  r.at(ossFileApi.folders, ADMIN, async (c) => {
    const rows = await c.get('deps').db.selectFrom('sys_file').select('file_tag').distinct().where('del_flag', '=', 0).where('file_location', '=', 1).orderBy('file_tag').execute();
    const tags = rows.map((r) => r.file_tag).filter((t): t is string => !!t);
    return ok(c, tags.map((t) => ({ value: t, label: FILE_FOLDERS[t] ? `${FILE_FOLDERS[t]}（${t}）` : t })), '操作成功！', 200);
  });
  r.at(ossFileApi.upload, adminOnly('file:upload'), async (c) => {
    const got = await receiveUpload(c, 'common');
    if (!got.ok) return got.response;
    const row = await c.get('deps').db.selectFrom('sys_file').selectAll().where('id', '=', got.stored.id).executeTakeFirstOrThrow();
    return ok(c, toRecord(row), '上传成功！', 200);
  });
  r.at(ossFileApi.delete, adminOnly('file:del'), (c) => deleteFiles(c, idList(c.req.query('id'), 1)));
}
