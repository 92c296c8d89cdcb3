// The Scratch backpack (书包): a user's saved scripts, costumes, sounds and sprites. Items are rows of
// teaching_scratch_backpack (migration 016); their content and thumbnail are stored files under the key prefix
// backpack/<userId>/, which the public stored-file route refuses to serve: only the owner reads them,
// through the backpack's own getFile route. Everything a client sends is checked here: the type and MIME pair,
// the content by its magic bytes (or JSON for scripts, a safe zip with sprite.json for sprites), the thumbnail
// (JPEG or PNG), sizes, and how much one user may keep.
import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, TeachingScratchBackpackTable } from '../db/schema.js';
import { newId } from './ids.js';
import { svgProblem } from './svg-check.js';
import { now } from './time.js';
import { detectKind } from './uploads.js';
import { checkZip } from './zip-check.js';
import { isSafeKey, type FileStore } from '../storage/index.js';

export type BackpackRow = Selectable<TeachingScratchBackpackTable>;
export type BackpackType = 'script' | 'costume' | 'sound' | 'sprite';

/** The key prefix (first segment) of every backpack file; the stored-file route never serves it. */
export const BACKPACK_DIR = 'backpack';
/** Largest content of one item (decoded), and of one thumbnail. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const MAX_THUMBNAIL_BYTES = 256 * 1024;
/** How much one user may keep. */
export const MAX_ITEMS = 100;
const MAX_TOTAL_BYTES = 50 * 1024 * 1024;
export const MAX_NAME_LENGTH = 100;

/** Per type, the MIME types the editor sends and the file extension each is kept (and loaded) as. */
const MIMES: Record<BackpackType, Record<string, string>> = {
  script: { 'application/json': 'json' },
  costume: { 'image/svg+xml': 'svg', 'image/png': 'png', 'image/jpeg': 'jpg' },
  // The editor labels MP3 sounds audio/mp3 (scratch-gui's sound payload); audio/mpeg is the registered name.
  sound: { 'audio/x-wav': 'wav', 'audio/wav': 'wav', 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3' },
  sprite: { 'application/zip': 'sprite3' },
};
export const isBackpackType = (t: unknown): t is BackpackType => typeof t === 'string' && Object.hasOwn(MIMES, t);

/** Content-Type each stored extension is served with. */
export const SERVED_TYPES: Record<string, string> = {
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  sprite3: 'application/zip',
};

export class BackpackRejected extends Error {}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (the editor sends plain base64, no data: prefix, no line breaks); null when it is not. */
export function decodeBase64(s: string): Buffer | null {
  if (s.length % 4 !== 0 || !BASE64_RE.test(s)) return null;
  return Buffer.from(s, 'base64');
}

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

function looksLikeSvg(buf: Buffer): boolean {
  const head = buf.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(buf.toString('utf8'));
}

function looksLikeMp3(buf: Buffer): boolean {
  return startsWith(buf, ascii('ID3')) || (buf.length > 1 && buf[0] === 0xff && (buf[1] & 0xe0) === 0xe0);
}

/** Checks the content against the declared type and MIME; returns the stored extension. */
async function checkBody(type: BackpackType, mime: string, body: Buffer): Promise<string> {
  const ext = Object.hasOwn(MIMES[type], mime) ? MIMES[type][mime] : undefined;
  if (!ext) throw new BackpackRejected(`${TYPE_LABELS[type]}不支持 ${mime.slice(0, 40) || '空'} 格式`);
  if (body.length === 0) throw new BackpackRejected('内容不能为空');
  if (body.length > MAX_BODY_BYTES) throw new BackpackRejected(`内容不能超过${MAX_BODY_BYTES / 1024 / 1024}MB`);
  const bad = () => new BackpackRejected(`内容与格式 ${mime} 不符`);
  switch (ext) {
    case 'json':
      try {
        const v = JSON.parse(body.toString('utf8'));
        if (!v || typeof v !== 'object') throw bad();
      } catch {
        throw bad();
      }
      break;
    case 'svg': {
      if (!looksLikeSvg(body)) throw bad();
      // The asset library's check: no script, handlers, outside references or animated handlers and links.
      const problem = svgProblem(body.toString('utf8'));
      if (problem) throw new BackpackRejected(problem);
      break;
    }
    case 'png':
    case 'jpg':
      if (detectKind(body) !== ext) throw bad();
      break;
    case 'wav':
      if (!(startsWith(body, ascii('RIFF')) && startsWith(body, ascii('WAVE'), 8))) throw bad();
      break;
    case 'mp3':
      if (!looksLikeMp3(body)) throw bad();
      break;
    case 'sprite3': {
      // The same zip checks as uploads (sizes, ratio, names, real inflated bytes).
      const zip = detectKind(body) === 'zip' ? await checkZip(body, '角色文件') : null;
      if (!zip?.ok) throw new BackpackRejected('角色文件不是有效的 sprite3 压缩包');
      if (!zip.walk.entries.some((e) => e.name === 'sprite.json')) throw new BackpackRejected('角色文件缺少 sprite.json');
      break;
    }
  }
  return ext;
}

/** A thumbnail must be a JPEG or PNG image (by its bytes); returns its extension. */
function checkThumbnail(thumb: Buffer): 'jpg' | 'png' {
  if (thumb.length === 0) throw new BackpackRejected('缩略图不能为空');
  if (thumb.length > MAX_THUMBNAIL_BYTES) throw new BackpackRejected(`缩略图不能超过${MAX_THUMBNAIL_BYTES / 1024}KB`);
  const kind = detectKind(thumb);
  if (kind !== 'jpg' && kind !== 'png') throw new BackpackRejected('缩略图必须是 JPEG 或 PNG 图片');
  return kind;
}

const TYPE_LABELS: Record<BackpackType, string> = { script: '代码', costume: '造型', sound: '声音', sprite: '角色' };

/** The user's folder name: ids are server-made hex, but never let one climb out of the backpack folder. */
const userFolder = (userId: string) => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId)) throw new Error('invalid user id');
  return `${BACKPACK_DIR}/${userId}`;
};

export interface NewBackpackItem {
  type: BackpackType;
  mime: string;
  name: string;
  body: Buffer;
  thumbnail: Buffer;
}

/** Checks and stores an item; refuses when the user's backpack is full. */
export async function saveBackpackItem(db: Kysely<Database>, store: FileStore, userId: string, item: NewBackpackItem): Promise<BackpackRow> {
  const ext = await checkBody(item.type, item.mime, item.body);
  const thumbExt = checkThumbnail(item.thumbnail);
  const used = await db
    .selectFrom('teaching_scratch_backpack')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('body_size').as('bytes'), eb.fn.max('order_no').as('last')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(used?.n ?? 0) >= MAX_ITEMS) throw new BackpackRejected(`书包已满（最多${MAX_ITEMS}项），请先删除一些再放入`);
  if (Number(used?.bytes ?? 0) + item.body.length > MAX_TOTAL_BYTES) {
    throw new BackpackRejected(`书包空间已满（合计不能超过${MAX_TOTAL_BYTES / 1024 / 1024}MB），请先删除一些再放入`);
  }
  const id = newId();
  const folder = userFolder(userId);
  // Costumes and sounds are loaded by the editor as assets, by <md5>.<ext> of their content.
  const bodyName = item.type === 'costume' || item.type === 'sound' ? `${createHash('md5').update(item.body).digest('hex')}.${ext}` : `${id}.${ext}`;
  const thumbnailName = `${id}.${thumbExt}`;
  const bodyKey = `${folder}/${id}.${ext}`;
  const thumbnailKey = `${folder}/${id}-thumb.${thumbExt}`;
  const row: BackpackRow = {
    id,
    user_id: userId,
    order_no: Number(used?.last ?? 0) + 1,
    type: item.type,
    mime: item.mime,
    name: item.name,
    body_name: bodyName,
    body_key: bodyKey,
    body_size: item.body.length,
    thumbnail_name: thumbnailName,
    thumbnail_key: thumbnailKey,
    thumbnail_size: item.thumbnail.length,
    create_time: now(),
  };
  try {
    await store.put(bodyKey, item.body, { contentType: SERVED_TYPES[ext], exclusive: true });
    await store.put(thumbnailKey, item.thumbnail, { contentType: SERVED_TYPES[thumbExt], exclusive: true });
    await db.insertInto('teaching_scratch_backpack').values(row).execute();
  } catch (err) {
    await removeFiles(store, [bodyKey, thumbnailKey]).catch(() => undefined);
    throw err;
  }
  return row;
}

/** Removes backpack files only: a key outside backpack/ (a row changed by hand) is left alone. */
async function removeFiles(store: FileStore, keys: string[]) {
  await store.remove(keys.filter((k) => isSafeKey(k) && k.startsWith(`${BACKPACK_DIR}/`)));
}

/** The user's items, newest first. */
export function listBackpack(db: Kysely<Database>, userId: string, limit: number, offset: number): Promise<BackpackRow[]> {
  return db
    .selectFrom('teaching_scratch_backpack')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('order_no', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Deletes one of the user's items and its files; false when the user has no such item. */
export async function deleteBackpackItem(db: Kysely<Database>, store: FileStore, userId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom('teaching_scratch_backpack').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom('teaching_scratch_backpack').where('id', '=', row.id).execute();
  // A costume or sound saved twice has two rows and two files; removing one leaves the other's file.
  await removeFiles(store, [row.body_key, row.thumbnail_key]);
  return true;
}

/** The user's file by its getFile name (an item's body or thumbnail), with its storage key; null when none. */
export async function findBackpackFile(db: Kysely<Database>, userId: string, name: string): Promise<{ key: string; ext: string } | null> {
  const row = await db
    .selectFrom('teaching_scratch_backpack')
    .select(['body_name', 'body_key', 'thumbnail_name', 'thumbnail_key'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('body_name', '=', name), eb('thumbnail_name', '=', name)]))
    .orderBy('order_no', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const key = row.body_name === name ? row.body_key : row.thumbnail_key;
  return { key, ext: name.slice(name.lastIndexOf('.') + 1) };
}

/** Removes every backpack item and file of a user (an account purged for good). */
export async function clearBackpack(db: Kysely<Database>, store: FileStore, userId: string): Promise<void> {
  await db.deleteFrom('teaching_scratch_backpack').where('user_id', '=', userId).execute();
  const keys: string[] = [];
  for await (const o of store.list(`${userFolder(userId)}/`)) keys.push(o.key);
  await store.remove(keys);
}
