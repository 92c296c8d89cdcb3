// Uploaded files: the type is read from the content (magic bytes), never from the name or the client's
// Content-Type; the stored name is server-generated (<biz>/<32-hex id>.<ext>) in the file store (deps.storage);
// every stored file is registered in sys_file.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from './ids.js';
import { now, today } from './time.js';
import { checkSb2, checkSb3, SB3_LIMITS, type Sb3Info } from './sb3.js';
import { checkZip } from './zip-check.js';
import { CODE_PROJECT_FOLDERS, CODE_PROJECT_LIMITS, type CodeEditor } from '../shared/code-projects.js';
import { checkCodeFile, codeProjectExt } from './code-projects.js';
import { isSafeKey, type FileStore } from '../storage/index.js';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Scratch projects may be larger than other uploads (sounds and bitmaps add up). */
export const MAX_PROJECT_BYTES = SB3_LIMITS.maxFileBytes;
/** A work's cover (the stage snapshot) in the Scratch editor's folder. */
const MAX_COVER_BYTES = 1024 * 1024;
export const BIZ_PATTERN = /^[a-z0-9_-]{1,32}$/;

/** `json` and `py`: the code editors' projects, never detected from bytes, only accepted in their folders. */
export type FileKind = 'png' | 'jpg' | 'gif' | 'webp' | 'zip' | 'mp4' | 'webm' | 'pdf' | 'ole' | 'json' | 'py';

const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  ole: 'application/octet-stream',
  json: 'application/json',
  py: 'text/x-python',
};

const SB3_MIME = 'application/x.scratch.sb3';

const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpg', 'gif', 'webp'];

/** Folder of course-unit media (videos, example and starter projects, materials, lesson plans). */
export const UNIT_MEDIA_BIZ = 'courseunit';
const UNIT_MEDIA_KINDS: readonly FileKind[] = [...IMAGE_KINDS, 'zip', 'mp4', 'webm', 'pdf', 'ole'];

/** Folder of class homework materials (布置班级作业: cover, 作业资料, 作业文件). */
export const HOMEWORK_BIZ = 'additional';
/** The Scratch editor's folder: the .sb3 it saves and the stage snapshot used as the work's cover. */
const PROJECT_BIZ = 'project3';
const PROJECT_KINDS: readonly FileKind[] = ['png', 'jpg', 'zip'];
/** Folder of files students hand in (我的作业 → 提交作业). */
const WORK_FILE_BIZ = 'workfile';
const WORK_FILE_KINDS: readonly FileKind[] = [...IMAGE_KINDS, 'zip', 'pdf', 'ole'];

/** Extensions a container kind may keep from the original name (zip: Scratch projects and Office files). */
const NAMED_EXTS: Partial<Record<FileKind, string[]>> = { zip: ['sb3', 'sb2', 'docx', 'pptx', 'xlsx'], ole: ['doc', 'ppt', 'xls'] };

/** The stored extension: the kind's own, or for containers the original name's when it is one they hold. */
function storedExtension(kind: FileKind, originalName: string): string | null {
  const named = NAMED_EXTS[kind];
  if (!named) return kind;
  const ext = /\.([a-z0-9]+)$/i.exec(originalName)?.[1]?.toLowerCase() ?? '';
  return named.includes(ext) ? ext : kind === 'zip' ? 'zip' : null;
}

/**
 * The upload folders (`biz`) and what each accepts; any other folder is refused, so clients cannot scatter
 * files over folders of their choosing. Add a folder here when a screen needs one. Images everywhere but the
 * course-unit folder. Every Scratch project (.sb3/.sb2) passes the Scratch checks (domain/sb3.ts) wherever it goes.
 */
const UPLOAD_FOLDERS: Readonly<Record<string, readonly FileKind[]>> = {
  common: IMAGE_KINDS, // the default when a client names no folder
  temp: IMAGE_KINDS, // the anchor's upload widgets' default folder
  avatar: IMAGE_KINDS, // profile pictures (个人设置)
  sysconfig: IMAGE_KINDS, // logos, banners, backgrounds (网站配置)
  jeditor: IMAGE_KINDS, // pictures in rich text
  [PROJECT_BIZ]: PROJECT_KINDS, // the Scratch editor's folder: .sb3 projects and PNG/JPEG covers
  course: IMAGE_KINDS, // course and unit covers, course maps
  [UNIT_MEDIA_BIZ]: UNIT_MEDIA_KINDS, // course-unit videos, projects and documents (only unit editors upload here)
  [HOMEWORK_BIZ]: UNIT_MEDIA_KINDS, // class homework covers, documents and starter projects (only homework editors)
  [WORK_FILE_BIZ]: WORK_FILE_KINDS, // files students hand in for homework of type 文件
  // The code editors' folders (积木编程, 图形化Python): their JSON projects (shared/code-projects.ts) and covers.
  [CODE_PROJECT_FOLDERS.blockly]: ['png', 'jpg', 'json'],
  [CODE_PROJECT_FOLDERS.python]: ['png', 'jpg', 'json', 'py'], // the envelope, or .py source (domain/code-projects.ts)
  cgform: IMAGE_KINDS, // online forms' image fields (resources/online-forms.ts CGFORM_UPLOAD_FOLDERS)
  'cgform-file': WORK_FILE_KINDS, // online forms' file fields
};

/** What a folder accepts, in words (after 仅支持). */
const FOLDER_ACCEPTS: Readonly<Record<string, string>> = {
  [UNIT_MEDIA_BIZ]: '图片、MP4/WEBM 视频、Scratch 项目、PDF 和 Office 文档',
  [HOMEWORK_BIZ]: '图片、MP4/WEBM 视频、Scratch 项目、PDF 和 Office 文档',
  [WORK_FILE_BIZ]: '图片、Scratch 项目、压缩包、PDF 和 Office 文档',
  'cgform-file': '图片、Scratch 项目、压缩包、PDF 和 Office 文档',
  [PROJECT_BIZ]: ' Scratch 3 项目（.sb3）和 PNG、JPEG 封面图片',
  [CODE_PROJECT_FOLDERS.blockly]: '积木编程作品文件和 PNG、JPEG 封面图片',
  [CODE_PROJECT_FOLDERS.python]: '图形化Python作品文件（.json 或 .py）和 PNG、JPEG 封面图片',
};

/** The code editor whose folder `biz` is (null for every other folder). */
const codeEditorOfFolder = (biz: string): CodeEditor | null =>
  (Object.keys(CODE_PROJECT_FOLDERS) as CodeEditor[]).find((e) => CODE_PROJECT_FOLDERS[e] === biz) ?? null;

export const isUploadFolder = (biz: string): boolean => Object.hasOwn(UPLOAD_FOLDERS, biz);

/** What a folder accepts (nothing for a folder that is not one). */
function acceptedKinds(biz: string): readonly FileKind[] {
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
  if (startsWith(buf, ascii('ftyp'), 4)) return 'mp4';
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (startsWith(buf, ascii('%PDF-'))) return 'pdf';
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  return null;
}

export const TOO_LARGE = '文件大小超出10MB限制';
const mb = (n: number) => `${Math.round(n / 1024 / 1024)}MB`;
const PROJECT_TOO_LARGE = `Scratch 项目文件不能超过${mb(MAX_PROJECT_BYTES)}`;
const COVER_TOO_LARGE = `作品封面图片不能超过${mb(MAX_COVER_BYTES)}`;

export type ContentCheck =
  | { ok: true; kind: FileKind; ext: string; scratch?: Sb3Info }
  | { ok: false; status: 413 | 415; message: string };

/**
 * Whether this content may be stored in this folder: its type (by magic bytes) among the folder's, its size
 * within the limit of its kind (10 MB; Scratch projects 30 MB; covers in the editor's folder 1 MB), and every
 * archive read through with its limits: Scratch projects with the Scratch checks, other zips with the general
 * ones. What a Scratch check learnt (cloud variables, missing assets...) comes back in `scratch`.
 */
export async function checkUploadContent(biz: string, data: Uint8Array, originalName: string): Promise<ContentCheck> {
  const kind = detectKind(data);
  const codeEditor = codeEditorOfFolder(biz);
  if (codeEditor) return checkCodeUpload(codeEditor, biz, kind, data, originalName);
  const ext = kind ? storedExtension(kind, originalName) : null;
  const refuseType = (): ContentCheck => ({ ok: false, status: 415, message: `文件类型不支持，仅支持${FOLDER_ACCEPTS[biz] ?? ' PNG、JPEG、GIF、WEBP 图片'}` });
  if (!kind || !ext || !acceptedKinds(biz).includes(kind)) return refuseType();
  if (biz === PROJECT_BIZ && kind === 'zip' && ext !== 'sb3') return refuseType();
  const project = ext === 'sb3' || ext === 'sb2';
  if (project ? data.length > MAX_PROJECT_BYTES : data.length > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: project ? PROJECT_TOO_LARGE : TOO_LARGE };
  if (biz === PROJECT_BIZ && kind !== 'zip' && data.length > MAX_COVER_BYTES) return { ok: false, status: 413, message: COVER_TOO_LARGE };
  if (kind !== 'zip') return { ok: true, kind, ext };
  if (ext === 'sb3') {
    const r = await checkSb3(data);
    return r.ok ? { ok: true, kind, ext, scratch: r.info } : { ok: false, status: 415, message: r.message };
  }
  const r = ext === 'sb2' ? await checkSb2(data) : await checkZip(data);
  return r.ok ? { ok: true, kind, ext } : { ok: false, status: 415, message: r.message };
}

/**
 * A code editor's folder: a cover image (≤ 1 MB), or a project file that passes the format's checks (the envelope,
 * stored .json; or for 图形化Python a name ending .py: Python source, stored .py; domain/code-projects.ts).
 */
function checkCodeUpload(editor: CodeEditor, biz: string, kind: FileKind | null, data: Uint8Array, originalName: string): ContentCheck {
  if (kind === 'png' || kind === 'jpg') return data.length > MAX_COVER_BYTES ? { ok: false, status: 413, message: COVER_TOO_LARGE } : { ok: true, kind, ext: kind };
  if (kind) return { ok: false, status: 415, message: `文件类型不支持，仅支持${FOLDER_ACCEPTS[biz]}` };
  if (data.length > CODE_PROJECT_LIMITS.maxFileBytes) return { ok: false, status: 413, message: `作品文件不能超过${mb(CODE_PROJECT_LIMITS.maxFileBytes)}` };
  const ext = codeProjectExt(editor, originalName);
  const r = checkCodeFile(editor, data, ext);
  return r.ok ? { ok: true, kind: ext, ext } : { ok: false, status: 415, message: r.message };
}

export interface StoredFile {
  id: string;
  /** Storage key in the file store, e.g. avatar/<id>.png; served at /api/sys/common/static/<key>. */
  key: string;
  kind: FileKind;
  size: number;
}

/** Stores the content as <biz>/<id>.<ext> and registers it in sys_file; the caller has checked size and kind. */
export async function storeUpload(
  db: Kysely<Database>,
  store: FileStore,
  f: { biz: string; data: Uint8Array; kind: FileKind; originalName: string; by: string },
): Promise<StoredFile> {
  if (!BIZ_PATTERN.test(f.biz)) throw new Error('invalid biz');
  const id = newId();
  const ext = storedExtension(f.kind, f.originalName) ?? f.kind;
  const key = `${f.biz}/${id}.${ext}`;
  const mimeType = ext === 'sb3' ? SB3_MIME : MIME[f.kind];
  await store.put(key, f.data, { contentType: mimeType, exclusive: true });
  try {
    await db
      .insertInto('sys_file')
      .values({
        id,
        file_type: 1,
        // eslint-disable-next-line no-control-regex -- control characters are taken out of the stored original name
        file_name: (f.originalName.replace(/[\u0000-\u001f\\/]/g, '_').slice(-200) || `${id}.${ext}`),
        file_path: key,
        file_location: 1,
        file_tag: f.biz,
        mime_type: mimeType,
        file_size: f.data.length,
        del_flag: 0,
        create_by: f.by,
        create_time: now(),
      })
      .execute();
  } catch (err) {
    await store.remove(key);
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

/**
 * Removes stored files: their sys_file rows and their content in the store. The caller has made sure nothing
 * refers to them any more. A key that is no stored key (a URL, one that climbs out) is ignored; content already
 * gone is not an error, nor is a store that cannot remove it now.
 */
export async function removeStoredFiles(db: Kysely<Database>, store: FileStore, keys: string[]): Promise<void> {
  const safe = [...new Set(keys)].filter((k) => !!k && !/^https?:\/\//.test(k) && isSafeKey(k));
  if (!safe.length) return;
  await db.deleteFrom('sys_file').where('file_path', 'in', safe).execute();
  // The rows are gone and what referred to them with them: a store that does not answer now leaves the content as
  // unregistered files, which the 清理孤立文件 job removes later, rather than failing a delete that has happened.
  await store.remove(safe).catch(() => undefined);
}
