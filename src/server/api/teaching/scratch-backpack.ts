// /teaching/scratch/backpack: the Scratch editor's backpack (书包), per user, for anyone logged in.
//   GET    content?limit=20&offset=0  → Result<item[]>, the caller's items newest first
//   POST   save {body, thumbnail (base64), type, mime, name} → Result<item>
//   DELETE delete?id=                 → Result<null>; only the caller's own items
//   GET    getFile/<name>             → the caller's file (an item's body or thumbnail), never another user's
// An item: {id, name, type, mime, thumbnail, body, md5ext, createTime}; thumbnail and body are URLs of getFile
// (root-relative), md5ext is the <md5>.<ext> Scratch loads a costume or sound by (null for scripts and
// sprites). teaching-open answered content and save in the Result envelope too, with Qiniu URLs.
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { limitOf } from '../../domain/limits.js';
import type { ApiEnv } from '../../context.js';
import {
  BackpackRejected,
  decodeBase64,
  deleteBackpackItem,
  findBackpackFile,
  isBackpackType,
  listBackpack,
  MAX_NAME_LENGTH,
  saveBackpackItem,
  SERVED_TYPES,
  type BackpackRow,
} from '../../domain/backpack.js';
import { LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, ok } from '../envelope.js';
import { isSafeKey } from '../../storage/index.js';

const BACKPACK_API = '/teaching/scratch/backpack';
const FILE_URL = `/api${BACKPACK_API}/getFile/`;
/** Saves per user and minute (each carries up to 5 MB). */
const SAVES_PER_MINUTE = 30;
const FILE_NAME_RE = /^[A-Za-z0-9-]{1,64}\.(json|svg|png|jpg|wav|mp3|sprite3)$/;

function toItem(r: BackpackRow) {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    mime: r.mime,
    thumbnail: FILE_URL + r.thumbnail_name,
    body: FILE_URL + r.body_name,
    md5ext: r.type === 'costume' || r.type === 'sound' ? r.body_name : null,
    createTime: r.create_time,
  };
}

const int = (v: string | undefined, d: number) => {
  if (v === undefined || v === '') return d;
  const n = Number(v);
  return Number.isInteger(n) ? n : NaN;
};

export function registerScratchBackpackRoutes(r: ApiRoutes) {
  r.get(`${BACKPACK_API}/content`, LOGGED_IN, async (c) => {
    const limit = int(c.req.query('limit'), 20);
    const offset = int(c.req.query('offset'), 0);
    if (!(limit >= 1 && limit <= 100) || !(offset >= 0 && offset <= 10_000)) return fail(c, 'limit 须在1到100之间，offset 不能为负数', 400, 400);
    const rows = await listBackpack(c.get('deps').db, c.get('user')!.id, limit, offset);
    return ok(c, rows.map(toItem));
  });

  r.post(`${BACKPACK_API}/save`, LOGGED_IN, async (c) => {
    const user = c.get('user')!;
    if (!(await limitOf(c.get('deps'), 'backpack-save', SAVES_PER_MINUTE, 60).take(user.id))) return fail(c, '放入书包过于频繁，请稍后再试', 429);
    let b: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(await c.req.text());
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      b = parsed as Record<string, unknown>;
    } catch {
      return fail(c, '请求数据格式不正确', 400, 400);
    }
    const { type, mime } = b;
    if (!isBackpackType(type)) return fail(c, '类型只能是代码（script）、造型（costume）、声音（sound）或角色（sprite）', 400, 400);
    if (typeof mime !== 'string') return fail(c, '请提供内容格式（mime）', 400, 400);
    const name = typeof b.name === 'string' ? b.name.trim() : '';
    if ([...name].length > MAX_NAME_LENGTH) return fail(c, `名称不能超过${MAX_NAME_LENGTH}个字符`, 400, 400);
    if (typeof b.body !== 'string' || typeof b.thumbnail !== 'string') return fail(c, '内容和缩略图须为 base64 字符串', 400, 400);
    const body = decodeBase64(b.body);
    if (!body) return fail(c, '内容不是有效的 base64 编码', 400, 400);
    const thumbnail = decodeBase64(b.thumbnail);
    if (!thumbnail) return fail(c, '缩略图不是有效的 base64 编码', 400, 400);
    const { db, storage } = c.get('deps');
    try {
      const row = await saveBackpackItem(db, storage, user.id, { type, mime, name: name || type, body, thumbnail });
      return ok(c, toItem(row), '已放入书包');
    } catch (err) {
      if (err instanceof BackpackRejected) return fail(c, err.message, 400, 400);
      throw err;
    }
  });

  r.delete(`${BACKPACK_API}/delete`, LOGGED_IN, async (c) => {
    const id = c.req.query('id') ?? '';
    if (!id || id.length > 64) return fail(c, '请指定要删除的书包项目');
    const { db, storage } = c.get('deps');
    if (!(await deleteBackpackItem(db, storage, c.get('user')!.id, id))) return fail(c, '未找到对应数据');
    return ok(c, null, '删除成功!');
  });

  r.get(`${BACKPACK_API}/getFile/:name`, LOGGED_IN, (c) => serveFile(c, c.req.param('name') ?? ''));
}

async function serveFile(c: Context<ApiEnv>, name: string) {
  const notFound = () => fail(c, '文件不存在', 404, 404);
  if (!FILE_NAME_RE.test(name)) return notFound();
  const { db, storage } = c.get('deps');
  const found = await findBackpackFile(db, c.get('user')!.id, name);
  if (!found || !isSafeKey(found.key)) return notFound();
  // Streamed from the store after the owner check, on a bucket too (no signed URL: the headers below must hold).
  const object = await storage.get(found.key);
  if (!object) return notFound();
  const headers: Record<string, string> = {
    'Content-Type': SERVED_TYPES[found.ext] ?? 'application/octet-stream',
    'Content-Length': String(object.size),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    // One user's files, on school PCs that classmates share: kept by no cache, so none outlives a logout or a delete.
    'Cache-Control': 'private, no-store',
  };
  if (found.ext === 'sprite3') headers['Content-Disposition'] = `attachment; filename="${name}"`;
  return new Response(Readable.toWeb(object.stream) as unknown as ReadableStream, { status: 200, headers });
}
