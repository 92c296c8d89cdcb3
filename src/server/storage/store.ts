// The one storage interface every feature that keeps a file goes through (issue 22): uploads, Scratch projects and
// covers, Scratch assets, backpacks, avatars, course materials, imported files, backup copies. Two backends answer it:
// the local folder (local.ts, DATA_DIR/files, the default) and an S3-compatible bucket (s3.ts, STORAGE_URL).
// Nothing else touches the files folder or the bucket. Keys are relative, '/'-separated paths such as
// `avatar/<id>.png`; isSafeKey refuses anything that could climb out of the store.
import type { Readable } from 'node:stream';

export interface ObjectInfo {
  key: string;
  size: number;
  modified: Date;
}

export interface ObjectBody {
  /** The content (or the asked range of it) as a Node stream; whoever takes it must read it to the end or destroy it. */
  stream: Readable;
  /** Bytes in `stream`: the object's size, or the range's length. */
  size: number;
  modified: Date;
}

/** Bytes `start` to `end` of an object, both included and within it (the caller has checked them against its size). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** The MIME type kept with the object (a bucket serves it; the local folder ignores it). */
  contentType?: string;
  /** Refuse to replace an object that is already there (uploads: their ids are new; a clash is a bug). */
  exclusive?: boolean;
  /** Small string values kept with the object on a bucket (x-amz-meta-*; storage:copy keeps a sha256); the local folder ignores them. */
  metadata?: Record<string, string>;
}

export interface SignedUrlOptions {
  /** Seconds the URL stays valid. */
  expiresIn: number;
  contentType?: string;
  /** A Content-Disposition for the response (downloads under their uploaded name). */
  disposition?: string;
}

export interface FileStore {
  /** 'local' or 's3': which backend, for logs, readiness and the monitor. */
  readonly kind: 'local' | 's3';
  /** Where the files are, without secrets (a folder, or s3://host/bucket). */
  readonly location: string;
  /** Stores `body` under `key` (streamed: a Readable is never held whole in memory). */
  put(key: string, body: Uint8Array | Readable, opts?: PutOptions): Promise<void>;
  /** The content (only `range` of it when given), or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<ObjectBody | null>;
  /** The whole content in memory, or null: only for files whose size is bounded (projects, covers, assets). */
  read(key: string): Promise<Buffer | null>;
  /** Size and date, or null when there is no such object. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** Removes the objects; one that is already gone is not an error. */
  remove(keys: string | readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix` ('' for all), in no promised order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** A short-lived URL the browser may fetch the object from directly, or null when the backend has none (local). */
  signedUrl(key: string, opts: SignedUrlOptions): Promise<string | null>;
  /** The public (CDN) address of a public object with STORAGE_PUBLIC_URL, or null. */
  publicUrl(key: string): string | null;
  /** Throws when the store cannot be written and read back now (GET /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Relative, '/'-separated, no empty, '.' or '..' segment, no backslash, NUL or control character. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 1024 || key.startsWith('/')) return false;
  // eslint-disable-next-line no-control-regex -- control characters never name a stored file
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return false;
  return key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

export function assertSafeKey(key: string): string {
  if (!isSafeKey(key)) throw new UnsafeKeyError(key);
  return key;
}

/** The Chinese message shown when the store does not answer (a bucket down or refusing). */
export const STORAGE_UNAVAILABLE = '文件存储暂时不可用，请稍后重试';

/**
 * The store did not answer or refused (a bucket down, unreachable, too slow, or refusing the key): features answer
 * 503 with STORAGE_UNAVAILABLE. `message` is that Chinese text; `detail` and `cause` say what happened (for the
 * log; never shown, never with a secret). Nothing already stored is touched by such a failure.
 */
export class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';
  readonly status = 503;
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(STORAGE_UNAVAILABLE, options);
    this.name = 'StorageUnavailableError';
  }
}

/** True for a StorageUnavailableError (also one wrapped as another error's cause). */
export function isStorageUnavailable(err: unknown): err is StorageUnavailableError {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof StorageUnavailableError || (e as { code?: unknown }).code === 'STORAGE_UNAVAILABLE') return true;
  }
  return false;
}

/** The error a put with `exclusive` throws when the key is taken (code EEXIST on both backends). */
export function keyExistsError(key: string): Error {
  return Object.assign(new Error(`storage key exists: ${key}`), { code: 'EEXIST' });
}

/** A key as a URL path: each segment percent-encoded (publicUrl). */
export const keyPath = (key: string) => assertSafeKey(key).split('/').map(encodeURIComponent).join('/');
