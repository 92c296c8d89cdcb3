// Scratch素材库 files and library items. A file is stored once, named by its content (<md5>.<ext>, as the Scratch
// editor addresses assets), in the file store under internalapi/asset/ (the anchor's key prefix), and registered in
// sys_file like every upload. Its type comes from its bytes; SVGs that carry script, event handlers, external
// references or DTDs are refused. The library item JSON the editor appends to its libraries is computed here
// from the files themselves (image size → rotation centre, audio header → rate and sample count), never
// taken from the client.
import { fileUsages } from './file-usages.js';
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import { parseBuffer } from 'music-metadata';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { detectKind } from './uploads.js';
import { newId } from './ids.js';
import { now } from './time.js';
import { svgProblem } from './svg-check.js';
import type { FileStore } from '../storage/index.js';

/** Key prefix of asset files in the store, the anchor's `internalapi/asset/`. */
const ASSET_DIR = 'internalapi/asset';
export type AssetExt = 'png' | 'jpg' | 'svg' | 'wav' | 'mp3';
const IMAGE_EXTS: readonly AssetExt[] = ['png', 'jpg', 'svg'];

/** Size limits by kind: bitmaps and sounds as Scratch handles them comfortably; SVG is text. */
const ASSET_LIMITS: Record<AssetExt, number> = {
  png: 5 * 1024 * 1024,
  jpg: 5 * 1024 * 1024,
  svg: 1024 * 1024,
  wav: 10 * 1024 * 1024,
  mp3: 10 * 1024 * 1024,
};
export const MAX_ASSET_BYTES = Math.max(...Object.values(ASSET_LIMITS));

const ASSET_MIME: Record<AssetExt, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/** `<md5>.<ext>`, optionally behind the key prefix. */
export const MD5EXT_RE = /^(?:internalapi\/asset\/)?([0-9a-f]{32})\.(png|jpg|svg|wav|mp3)$/;

export const isImage = (ext: AssetExt) => IMAGE_EXTS.includes(ext);

const ascii = (buf: Uint8Array, at: number, s: string) => [...s].every((ch, i) => buf[at + i] === ch.charCodeAt(0));

/** The asset kind from the content, or null. */
function detectAssetExt(buf: Uint8Array): AssetExt | null {
  const kind = detectKind(buf);
  if (kind === 'png' || kind === 'jpg') return kind;
  if (buf.length >= 12 && ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WAVE')) return 'wav';
  if (ascii(buf, 0, 'ID3') || (buf.length >= 2 && buf[0] === 0xff && (buf[1] & 0xe0) === 0xe0 && (buf[1] & 0x06) !== 0)) return 'mp3';
  // SVG: XML text (after an optional BOM) with an <svg> element near the start.
  const head = Buffer.from(buf.subarray(0, 4096)).toString('utf8').replace(/^\uFEFF/, '');
  // (A DTD is recognised here and refused by svgProblem.)
  if (/^\s*(<\?xml|<!--|<!DOCTYPE|<svg[\s>])/i.test(head) && /<svg[\s>]/i.test(head)) return 'svg';
  return null;
}


interface CostumeInfo {
  dataFormat: 'png' | 'jpg' | 'svg';
  rotationCenterX: number;
  rotationCenterY: number;
  bitmapResolution: number;
}
interface SoundInfo {
  dataFormat: 'wav' | 'mp3';
  rate: number;
  sampleCount: number;
}

export class AssetRejected extends Error {}

/** What the editor needs to know about a file (image size or audio header); throws AssetRejected. */
async function describeAsset(ext: AssetExt, data: Uint8Array): Promise<CostumeInfo | SoundInfo> {
  if (isImage(ext)) {
    let size: { width?: number; height?: number };
    try {
      size = imageSize(data);
    } catch {
      throw new AssetRejected('无法读取图片尺寸，文件可能已损坏');
    }
    const width = Number(size.width ?? 0);
    const height = Number(size.height ?? 0);
    if (!(width > 0 && height > 0) || width > 8192 || height > 8192) throw new AssetRejected('图片尺寸无效（宽高应在 1–8192 像素之间）');
    // Bitmaps are drawn at half size (Scratch's bitmapResolution 2); the centre is half the stored size.
    return { dataFormat: ext as CostumeInfo['dataFormat'], rotationCenterX: Math.round(width / 2), rotationCenterY: Math.round(height / 2), bitmapResolution: ext === 'svg' ? 1 : 2 };
  }
  try {
    const meta = await parseBuffer(data, { mimeType: ASSET_MIME[ext], size: data.length }, { duration: true, skipCovers: true });
    const rate = Number(meta.format.sampleRate ?? 0);
    const samples = Number(meta.format.numberOfSamples ?? Math.round(Number(meta.format.duration ?? 0) * rate));
    if (!(rate > 0) || !(samples > 0)) throw new AssetRejected('无法读取声音的采样率和长度，文件可能已损坏');
    return { dataFormat: ext as SoundInfo['dataFormat'], rate, sampleCount: Math.round(samples) };
  } catch (err) {
    if (err instanceof AssetRejected) throw err;
    throw new AssetRejected('无法读取声音的采样率和长度，文件可能已损坏');
  }
}

export interface StoredAsset {
  md5: string;
  ext: AssetExt;
  /** `<md5>.<ext>`, the editor's name for it. */
  md5ext: string;
  /** Storage key `internalapi/asset/<md5>.<ext>`. */
  key: string;
  info: CostumeInfo | SoundInfo;
}

/**
 * Checks and stores one uploaded file: kind by content, size by kind, SVG safety, readable metadata.
 * Writes it once (an identical file is already there under the same name). Throws AssetRejected.
 */
export async function storeAsset(db: Kysely<Database>, store: FileStore, f: { data: Uint8Array; originalName: string; by: string }): Promise<StoredAsset> {
  if (!f.data.length) throw new AssetRejected('文件内容为空');
  const ext = detectAssetExt(f.data);
  if (!ext) throw new AssetRejected('文件类型不支持，素材仅支持 PNG、JPG、SVG 图片和 WAV、MP3 声音');
  if (f.data.length > ASSET_LIMITS[ext]) throw new AssetRejected(`文件大小超出限制（${ext.toUpperCase()} 不超过 ${ASSET_LIMITS[ext] / 1024 / 1024}MB）`);
  if (ext === 'svg') {
    const problem = svgProblem(Buffer.from(f.data).toString('utf8'));
    if (problem) throw new AssetRejected(problem);
  }
  const info = await describeAsset(ext, f.data);
  const md5 = createHash('md5').update(f.data).digest('hex');
  const md5ext = `${md5}.${ext}`;
  const key = `${ASSET_DIR}/${md5ext}`;
  const stored = { md5, ext, md5ext, key, info };
  if (await store.stat(key)) return stored; // the same content is already stored
  try {
    await store.put(key, f.data, { contentType: ASSET_MIME[ext], exclusive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return stored; // stored meanwhile by a parallel upload
    throw err;
  }
  try {
    await db
      .insertInto('sys_file')
      .values({
        id: newId(),
        file_type: 1,
        // eslint-disable-next-line no-control-regex -- control characters are taken out of the stored original name
        file_name: f.originalName.replace(/[\u0000-\u001f\\/]/g, '_').slice(-200) || md5ext,
        file_path: key,
        file_location: 1,
        file_tag: 'scratchasset',
        mime_type: ASSET_MIME[ext],
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
  return stored;
}

/** Reads a stored asset back and describes it (null when the file is not there or no longer valid). */
export async function loadStoredAsset(store: FileStore, md5ext: string): Promise<StoredAsset | null> {
  const m = MD5EXT_RE.exec(md5ext);
  if (!m) return null;
  const [, md5, ext] = m as unknown as [string, string, AssetExt];
  // Assets are bounded (ASSET_LIMITS), so the whole file may be read; a store that does not answer throws.
  const data = await store.read(`${ASSET_DIR}/${md5}.${ext}`);
  if (!data || detectAssetExt(data) !== ext) return null;
  try {
    return { md5, ext, md5ext: `${md5}.${ext}`, key: `${ASSET_DIR}/${md5}.${ext}`, info: await describeAsset(ext, data) };
  } catch {
    return null;
  }
}

type Json = Record<string, unknown>;

const costume = (name: string, a: StoredAsset): Json => ({ name, assetId: a.md5, md5ext: a.md5ext, ...a.info });
const sound = (name: string, a: StoredAsset): Json => ({ name, assetId: a.md5, md5ext: a.md5ext, format: '', ...a.info });

/**
 * The library item of an asset, in the shape of the editor's own libraries: backdrops and costumes
 * (name, tags, assetId, md5ext, dataFormat, rotation centre, bitmapResolution), sounds (… rate, sampleCount),
 * sprites (name, tags, isStage false, variables, blocks, costumes[], sounds[]).
 */
export function libraryItem(type: 1 | 2 | 3 | 4, name: string, tags: string[], files: StoredAsset[]): Json {
  if (type === 4) {
    const costumes = files.filter((f) => isImage(f.ext));
    const sounds = files.filter((f) => !isImage(f.ext));
    const nth = (list: StoredAsset[], i: number) => (list.length > 1 ? `${name}${i + 1}` : name);
    return {
      name,
      tags,
      isStage: false,
      variables: {},
      blocks: {},
      costumes: costumes.map((f, i) => costume(nth(costumes, i), f)),
      sounds: sounds.map((f, i) => sound(nth(sounds, i), f)),
    };
  }
  const f = files[0];
  return { name, tags, assetId: f.md5, md5ext: f.md5ext, ...f.info };
}

/** Stored keys (comma list) → `<md5>.<ext>` names. */
export const md5extsOf = (md5Ext: string | null | undefined) =>
  (md5Ext ?? '')
    .split(',')
    .map((s) => MD5EXT_RE.exec(s.trim()))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => `${m[1]}.${m[2]}`);

/**
 * Removes the files of `md5exts` that nothing uses any more (domain/file-usages.ts: asset rows, and any other
 * record naming the key), with their sys_file rows. Call after the
 * rows are deleted or changed.
 */
export async function removeUnusedAssetFiles(db: Kysely<Database>, store: FileStore, md5exts: string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const name of new Set(md5exts)) {
    if ((await fileUsages(db, { path: `${ASSET_DIR}/${name}` }, 1)).length) continue;
    await db.deleteFrom('sys_file').where('file_path', '=', `${ASSET_DIR}/${name}`).execute();
    await store.remove(`${ASSET_DIR}/${name}`);
    removed.push(name);
  }
  return removed;
}
