// POST /sys/common/upload (multipart `file`, optional `biz` folder): the anchor's generic upload. The stored
// file's key comes back in `message`, as the anchor's clients read it. Size ≤ 10 MB (Scratch projects 30 MB),
// type by magic bytes, archives read through (Scratch projects with the Scratch checks), only into the known
// folders, and per user at most UPLOADS_PER_MINUTE uploads a minute and DAILY_UPLOAD_BYTES a day. Nothing is
// stored unless every check passes.
//
// POST /system/sysFile/add: the anchor's editors register each upload and keep the returned id; ours are
// registered when stored, so it answers the caller's own row for the path (never another's, never a new one).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEnv, AppDeps } from '../../context.js';
import type { Sb3Info } from '../../domain/sb3.js';
import { limitOf } from '../../domain/limits.js';
import { z } from 'zod';
import {
  BIZ_PATTERN,
  checkUploadContent,
  DAILY_UPLOAD_BYTES,
  isUploadFolder,
  MAX_PROJECT_BYTES,
  MAX_UPLOAD_BYTES,
  storeUpload,
  TOO_LARGE,
  UNIT_MEDIA_BIZ,
  HOMEWORK_BIZ,
  UPLOADS_PER_MINUTE,
  uploadedToday,
  type StoredFile,
} from '../../domain/uploads.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { hasPermission, LOGGED_IN, type ApiRoutes } from '../access.js';
import { type Answer, answer, fail, jsonBody, ok } from '../envelope.js';

export { TOO_LARGE };
/** A body larger than any file the route takes (Scratch projects are the largest). */
export const UPLOAD_TOO_LARGE = `文件过大：Scratch 项目不能超过${MAX_PROJECT_BYTES / 1024 / 1024}MB，其他文件不能超过${MAX_UPLOAD_BYTES / 1024 / 1024}MB`;
const OVER_QUOTA = `超出今日上传额度（每人每天${DAILY_UPLOAD_BYTES / 1024 / 1024}MB），请明天再试`;
/** Multipart framing around the file (boundaries, part headers, the biz field). */
const FRAMING_ALLOWANCE = 64 * 1024;

/** Reads the request body, giving up as soon as it exceeds `limit` bytes; null when it does. */
async function readLimited(c: Context, limit: number): Promise<Uint8Array | null> {
  const declared = Number(c.req.header('Content-Length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return null;
  const body = c.req.raw.body;
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.byteLength;
  }
  return out;
}

/** UPLOADS_PER_MINUTE uploads a minute per user, shared by every route that stores uploads (and every process). */
const uploadLimit = (deps: AppDeps) => limitOf(deps, 'upload', UPLOADS_PER_MINUTE, 60);

export type Received = { ok: true; stored: StoredFile; scratch?: Sb3Info } | { ok: false; response: Answer<never> };

/**
 * Reads, checks and stores one multipart upload (`file`, optional `biz`, else `defaultBiz`): every check of
 * POST /sys/common/upload applies to every route that takes files this way (OSS文件's upload too).
 */
export async function receiveUpload(c: Context<ApiEnv>, defaultBiz = 'common'): Promise<Received> {
  const refuse = (message: string, code: number, status: ContentfulStatusCode = 200): Received => ({ ok: false, response: fail(c, message, code, status) });
  const type = c.req.header('Content-Type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) return refuse('请以 multipart/form-data 上传文件', 400, 400);
  const user = c.get('user')!;
  const { db } = c.get('deps');
  // Both limits are checked before the body is read.
  if (!(await uploadLimit(c.get('deps')).take(user.id))) return refuse('上传过于频繁，请稍后再试', 429);
  const usedToday = await uploadedToday(db, user.username);
  if (usedToday >= DAILY_UPLOAD_BYTES) return refuse(OVER_QUOTA, 429);
  const raw = await readLimited(c, Math.max(MAX_UPLOAD_BYTES, MAX_PROJECT_BYTES) + FRAMING_ALLOWANCE);
  if (!raw) return refuse(UPLOAD_TOO_LARGE, 413, 413);
  let form: FormData;
  try {
    form = await new Response(raw as unknown as BodyInit, { headers: { 'Content-Type': type } }).formData();
  } catch {
    return refuse('上传数据格式不正确', 400, 400);
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') return refuse('请选择要上传的文件', 400, 400);
  const bizField = form.get('biz') ?? c.req.query('biz') ?? defaultBiz;
  const biz = typeof bizField === 'string' && bizField.trim() !== '' ? bizField.trim() : defaultBiz;
  if (!BIZ_PATTERN.test(biz)) return refuse('上传目录名称不合法（仅限小写字母、数字、_ 和 -，最多32个字符）', 400, 400);
  if (!isUploadFolder(biz)) return refuse(`不支持的上传目录：${biz}`, 400, 400);
  if (file.size === 0) return refuse('文件内容为空', 400, 400);
  if (usedToday + file.size > DAILY_UPLOAD_BYTES) return refuse(OVER_QUOTA, 429);
  // Unit media (videos, projects, documents) only from those who edit course units.
  if (biz === UNIT_MEDIA_BIZ && !(await hasPermission(c, 'unit:add')) && !(await hasPermission(c, 'unit:edit'))) return refuse('没有上传课程资料的权限', 403, 403);
  if (biz === HOMEWORK_BIZ && !(await hasPermission(c, 'additional:add')) && !(await hasPermission(c, 'additional:edit'))) return refuse('没有上传作业资料的权限', 403, 403);
  const data = new Uint8Array(await file.arrayBuffer());
  const checked = await checkUploadContent(biz, data, file.name || '');
  if (!checked.ok) return refuse(checked.message, checked.status, checked.status);
  const stored = await storeUpload(db, c.get('deps').storage, {
    biz,
    data,
    kind: checked.kind,
    originalName: file.name || '',
    by: user.username,
  });
  return { ok: true, stored, ...(checked.scratch ? { scratch: checked.scratch } : {}) };
}

export function registerUploadRoutes(r: ApiRoutes) {
  r.post('/sys/common/upload', LOGGED_IN, async (c) => {
    const got = await receiveUpload(c);
    if (!got.ok) return got.response;
    const { stored } = got;
    // The anchor answers the key in `message`; the result repeats it with the file id and size.
    // A Scratch project also reports what the check found (missing assets, cloud variables, extensions...).
    const result = { id: stored.id, key: stored.key, size: stored.size, url: `/api/sys/common/static/${stored.key}`, ...(got.scratch ? { scratch: got.scratch } : {}) };
    return answer(c, true, stored.key, 0, result);
  });

  registerSysFileRoutes(r);
}

const sysFileBody = z.object({
  filePath: z.string({ message: '请指定文件路径' }).trim().min(1, '请指定文件路径').max(1024, '文件路径过长'),
  fileName: z.string().max(255).nullish(),
  fileType: z.coerce.number().int().nullish(),
  fileLocation: z.coerce.number().int().nullish(),
  fileTag: z.string().max(50).nullish(),
});

/** A stored file's key from what a client sends: the key itself, or its URL (absolute or under /api). */
export function keyFromPath(raw: string): string {
  let p = raw.replace(/[?#].*$/, '');
  p = p.replace(/^https?:\/\/[^/]+/i, '');
  p = p.replace(/^\/?(api\/)?sys\/common\/static\//, '').replace(/^\/+/, '');
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/** The dict file_type values (1 未分类 … 5 课程教案). */
const FILE_TYPES = [1, 2, 3, 4, 5];

function registerSysFileRoutes(r: ApiRoutes) {
  // teaching-open's editors register each upload here and keep the returned id (work_file / work_cover). Our
  // uploads are registered when stored, so this answers the caller's own row for that path, in the anchor's
  // shape; it never creates a row for a path, nor moves or reassigns one. The anchor's fileType (2 学生作业文件)
  // is recorded; the folder tag stays (it says where the file may be used).
  r.post('/system/sysFile/add', LOGGED_IN, async (c) => {
    const body = await jsonBody(c, sysFileBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const key = keyFromPath(body.data.filePath);
    const row = await db.selectFrom('sys_file').selectAll().where('file_path', '=', key).where('create_by', '=', user.username).where('del_flag', '=', 0).executeTakeFirst();
    if (!row) return fail(c, '文件不存在或不是你上传的，请先上传文件');
    const fileType = body.data.fileType;
    if (fileType && FILE_TYPES.includes(fileType) && fileType !== row.file_type) {
      await db.updateTable('sys_file').set({ file_type: fileType, update_by: user.username, update_time: now() }).where('id', '=', row.id).execute();
      row.file_type = fileType;
    }
    return ok(c, camel(row), '添加成功！', 200);
  });
}
