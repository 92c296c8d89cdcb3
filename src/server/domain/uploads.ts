// Uploaded files: the type is read from the content (magic bytes), never from the name or the client's
// Content-Type; the stored name is server-generated (<biz>/<32-hex id>.<ext>) under the files directory;
// every stored file is registered in sys_file.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from './ids.js';
import { now, today } from './time.js';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const BIZ_PATTERN = /^[a-z0-9_-]{1,32}$/;

export type FileKind = 'png' | 'jpg' | 'gif' | 'webp' | 'zip';

const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
};

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpg', 'gif', 'webp'];

/**
 * The upload folders (`biz`) and what each accepts; any other folder is refused, so clients cannot scatter
 * files over folders of their choosing. Add a folder here when a screen needs one. Images everywhere for now;
 * Scratch projects (sb3 = zip) come with the works issue.
 */
export const UPLOAD_FOLDERS: Readonly<Record<string, readonly FileKind[]>> = {
  common: IMAGE_KINDS, // the default when a client names no folder
  temp: IMAGE_KINDS, // the anchor's upload widgets' default folder
  avatar: IMAGE_KINDS, // profile pictures (个人设置)
  sysconfig: IMAGE_KINDS, // logos, banners, backgrounds (网站配置)
  jeditor: IMAGE_KINDS, // pictures in rich text
  project3: IMAGE_KINDS, // the Scratch editor's folder (work covers)
};

export const isUploadFolder = (biz: string): boolean => Object.hasOwn(UPLOAD_FOLDERS, biz);

/** What a folder accepts (nothing for a folder that is not one). */
export function acceptedKinds(biz: string): readonly FileKind[] {
  return isUploadFolder(biz) ? UPLOAD_FOLDERS[biz] : [];
}

/** Per-user upload limits: how many uploads a minute, and how many bytes a day (server local day). */
export const UPLOADS_PER_MINUTE = 30;
export const DAILY_UPLOAD_BYTES = 200 * 1024 * 1024;

/** Bytes a user has uploaded today (their sys_file rows since local midnight). */
export async function uploadedToday(db: Kysely<Database>, username: string): Promise<number> {
  const row = await db
    .selectFrom('sys_file')
    .select((eb) => eb.fn.sum<number | string | null>('file_size').as('n'))
    .where('create_by', '=', username)
    .where('create_time', '>=', `${today()} 00:00:00`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** The file's real type from its first bytes, or null when it is none we know. */
export function detectKind(buf: Uint8Array): FileKind | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return null;
}

export interface StoredFile {
  id: string;
  /** Storage key relative to the files directory, e.g. avatar/<id>.png; served at /api/sys/common/static/<key>. */
  key: string;
  kind: FileKind;
  size: number;
}

/** Writes the content under <filesDir>/<biz>/<id>.<ext> and registers it; the caller has checked size and kind. */
export async function storeUpload(
  db: Kysely<Database>,
  filesDir: string,
  f: { biz: string; data: Uint8Array; kind: FileKind; originalName: string; by: string },
): Promise<StoredFile> {
  if (!BIZ_PATTERN.test(f.biz)) throw new Error('invalid biz');
  const id = newId();
  const key = `${f.biz}/${id}.${f.kind}`;
  const full = path.join(filesDir, f.biz, `${id}.${f.kind}`);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, f.data, { flag: 'wx' });
  try {
    await db
      .insertInto('sys_file')
      .values({
        id,
        file_type: 1,
        file_name: (f.originalName.replace(/[\u0000-\u001f\\/]/g, '_').slice(-200) || `${id}.${f.kind}`),
        file_path: key,
        file_location: 1,
        file_tag: f.biz,
        mime_type: MIME[f.kind],
        file_size: f.data.length,
        del_flag: 0,
        create_by: f.by,
        create_time: now(),
      })
      .execute();
  } catch (err) {
    await fs.rm(full, { force: true });
    throw err;
  }
  return { id, key, kind: f.kind, size: f.data.length };
}

/** True when `key` names a file this user uploaded to `biz` (used before a profile points at it). */
export async function isOwnUpload(db: Kysely<Database>, key: string, biz: string, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('sys_file')
    .select('id')
    .where('file_path', '=', key)
    .where('file_tag', '=', biz)
    .where('create_by', '=', username)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  return !!row;
}
