// The S3-compatible bucket backend of the storage interface (store.ts), chosen by STORAGE_URL (s3-url.ts): Aliyun
// OSS, Tencent COS, Huawei OBS, Qiniu Kodo, MinIO, AWS S3. Streams both ways: a Readable body is uploaded in 8 MB
// parts (lib-storage's Upload, at most two parts in memory), a get hands back the response body as it arrives.
// A bucket that is down, unreachable, slow or refusing fails within a few seconds (short connect timeout, one
// retry, a deadline on every small request and on the start of a get's answer) with StorageUnavailableError, which features answer with 503 and
// STORAGE_UNAVAILABLE; a failed write never touches what is already stored (an object is replaced only by a
// complete new one; a failed multipart upload is aborted).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from './s3-url.js';
import {
  assertSafeKey,
  type ByteRange,
  keyExistsError,
  keyPath,
  StorageUnavailableError,
  type FileStore,
  type ObjectBody,
  type ObjectInfo,
  type PutOptions,
  type SignedUrlOptions,
} from './store.js';

/** Multipart part size: a Readable body is held at most QUEUE parts at a time. */
export const PART_SIZE = 8 * 1024 * 1024;
const QUEUE = 2;
/** Connecting to the bucket; a host that does not answer fails after this (twice, with the one retry). */
const CONNECT_TIMEOUT_MS = 2000;
/** A socket idle this long is given up (a large transfer keeps it busy; a hung server does not). */
const IDLE_TIMEOUT_MS = 30_000;
/** The deadline of a small request (head, list page, delete batch, a put of bytes in memory, the probe). */
const SMALL_REQUEST_MS = 5000;
/** Keys of the readiness probe; list() never shows them. */
const PROBE_PREFIX = '.xuetang-ready/';
/** A full write probe at most this often; HeadBucket in between (a balancer asks /readyz several times a second). */
const FULL_PROBE_EVERY_MS = 15_000;

interface AwsError {
  name?: string;
  code?: string;
  Code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}
const status = (err: unknown) => (err as AwsError)?.$metadata?.httpStatusCode;
const isNotFound = (err: unknown) => status(err) === 404 || ['NotFound', 'NoSuchKey'].includes((err as AwsError)?.name ?? '');
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ECONNABORTED']);
const REFUSING = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'NoSuchBucket', 'AllAccessDisabled', 'AccountProblem', 'InvalidBucketState', 'SlowDown', 'ServiceUnavailable', 'RequestTimeout', 'RequestTimeTooSkewed']);

/** Whether an SDK or socket error means the bucket is down, unreachable, too slow or refusing. */
function unavailable(err: unknown): boolean {
  const e = err as AwsError;
  if (!e || typeof e !== 'object') return false;
  const s = status(err);
  if (s !== undefined && (s >= 500 || s === 403)) return true;
  if (['TimeoutError', 'AbortError', 'RequestTimeout'].includes(e.name ?? '')) return true;
  if (NETWORK.has(e.code ?? '') || REFUSING.has(e.name ?? '') || REFUSING.has(e.Code ?? '')) return true;
  const cause = (err as { cause?: unknown }).cause;
  return cause ? unavailable(cause) : false;
}

export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  readonly location: string;
  readonly bucket: string;
  readonly client: S3Client;
  /** False once the server answered that it does not implement If-None-Match on PUT: exclusive is head-then-put. */
  private conditionalPut = true;
  private lastFullProbe = 0;
  /** False once the server refused DeleteObjects (400/501): keys are removed one by one. */
  private batchDelete = true;

  constructor(
    settings: S3Settings,
    private readonly publicBase: string | null = null,
  ) {
    this.location = settings.location;
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.pathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      maxAttempts: 2,
      // Not every S3-compatible service knows the newer default checksums (CRC32 headers); ask for them only when
      // an operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
    });
  }

  /** Runs one bucket operation; a down or refusing bucket becomes StorageUnavailableError. */
  private async call<T>(what: string, op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      if (unavailable(err)) {
        const e = err as AwsError;
        throw new StorageUnavailableError(`${this.location}: ${what} failed: ${e.name ?? e.code ?? 'error'}${e.message ? ` ${e.message}` : ''}`, { cause: err });
      }
      throw err;
    }
  }

  private small = () => ({ abortSignal: AbortSignal.timeout(SMALL_REQUEST_MS) });

  /** A GetObject whose response must begin within SMALL_REQUEST_MS; the body then streams under the idle timeout. */
  private async getObject(key: string, range?: ByteRange) {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(Object.assign(new Error('no answer in time'), { name: 'TimeoutError' })), SMALL_REQUEST_MS);
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }), { abortSignal: ac.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async put(key: string, body: Uint8Array | Readable, opts: PutOptions = {}): Promise<void> {
    assertSafeKey(key);
    const params: PutObjectCommandInput = { Bucket: this.bucket, Key: key, ContentType: opts.contentType, Metadata: opts.metadata };
    if (opts.exclusive) {
      // Head first: servers that ignore If-None-Match still refuse a clash (all but a race of two puts of one new key).
      if (await this.stat(key)) throw keyExistsError(key);
      // The put itself is conditional where the server supports it (bytes in memory only: a stream cannot be resent).
      if (this.conditionalPut && body instanceof Uint8Array) params.IfNoneMatch = '*';
    }
    await this.call(`put ${key}`, async () => {
      try {
        await this.send(body, params);
      } catch (err) {
        if (status(err) === 412 || (err as AwsError).name === 'PreconditionFailed') throw keyExistsError(key);
        if (params.IfNoneMatch && (status(err) === 501 || (err as AwsError).name === 'NotImplemented') && body instanceof Uint8Array) {
          this.conditionalPut = false;
          delete params.IfNoneMatch;
          await this.send(body, params);
          return;
        }
        throw err;
      }
    });
  }

  private async send(body: Uint8Array | Readable, params: PutObjectCommandInput) {
    if (body instanceof Uint8Array) {
      await this.client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: body.byteLength }), this.small());
      return;
    }
    // One part: a single PutObject; more: a multipart upload, aborted when a part fails.
    const upload = new Upload({ client: this.client, params: { ...params, Body: body }, partSize: PART_SIZE, queueSize: QUEUE, leavePartsOnError: false });
    await upload.done();
  }

  async get(key: string, range?: ByteRange): Promise<ObjectBody | null> {
    assertSafeKey(key);
    return this.call(`get ${key}`, async () => {
      try {
        const r = await this.getObject(key, range);
        return { stream: r.Body as Readable, size: r.ContentLength ?? 0, modified: r.LastModified ?? new Date(0) };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    });
  }

  async read(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    return this.call(`read ${key}`, async () => {
      try {
        const r = await this.getObject(key);
        return Buffer.from(await r.Body!.transformToByteArray());
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    });
  }

  /** Size, date and the object's metadata (x-amz-meta-*), or null (storage:copy compares its sha256). */
  async head(key: string): Promise<(ObjectInfo & { metadata: Record<string, string> }) | null> {
    assertSafeKey(key);
    return this.call(`stat ${key}`, async () => {
      try {
        const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), this.small());
        return { key, size: r.ContentLength ?? 0, modified: r.LastModified ?? new Date(0), metadata: r.Metadata ?? {} };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    });
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const h = await this.head(key);
    return h && { key: h.key, size: h.size, modified: h.modified };
  }

  async remove(keys: string | readonly string[]): Promise<void> {
    const all = (typeof keys === 'string' ? [keys] : [...keys]).map(assertSafeKey);
    for (let i = 0; i < all.length; i += 1000) {
      const batch = all.slice(i, i + 1000);
      await this.call('remove', async () => {
        if (batch.length > 1 && this.batchDelete) {
          try {
            const r = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }), this.small());
            const failed = (r.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
            if (failed.length) throw Object.assign(new Error(`could not remove ${failed.length} objects: ${failed[0].Key} ${failed[0].Code}`), { name: failed[0].Code });
            return;
          } catch (err) {
            // Some S3-compatible services refuse the batch call as this SDK signs it (its checksum header instead of
            // Content-MD5): remembered, and the keys are removed one by one from then on.
            if (status(err) !== 400 && status(err) !== 501) throw err;
            this.batchDelete = false;
          }
        }
        for (let j = 0; j < batch.length; j += 16) {
          await Promise.all(batch.slice(j, j + 16).map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }), this.small())));
        }
      });
    }
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      const page = await this.call(`list ${prefix}`, () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token, MaxKeys: 1000 }), this.small()),
      );
      for (const o of page.Contents ?? []) {
        if (!o.Key || o.Key.startsWith(PROBE_PREFIX) || o.Key.endsWith('/')) continue;
        yield { key: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async signedUrl(key: string, opts: SignedUrlOptions): Promise<string | null> {
    assertSafeKey(key);
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: opts.disposition, ResponseContentType: opts.contentType });
    return getSignedUrl(this.client, command, { expiresIn: opts.expiresIn });
  }

  publicUrl(key: string): string | null {
    return this.publicBase ? `${this.publicBase.replace(/\/+$/, '')}/${keyPath(key)}` : null;
  }

  /** A small object written, read back and removed (every FULL_PROBE_EVERY_MS); HeadBucket in between. */
  async ping(): Promise<void> {
    if (Date.now() - this.lastFullProbe < FULL_PROBE_EVERY_MS) {
      await this.call('ping', () => this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), this.small()));
      return;
    }
    const key = `${PROBE_PREFIX}${os.hostname().replace(/[^A-Za-z0-9.-]/g, '_')}-${process.pid}-${randomBytes(4).toString('hex')}`;
    const body = Buffer.from('ok');
    await this.call('ping', async () => {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length }), this.small());
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), this.small());
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), this.small());
      if (h.ContentLength !== body.length) throw Object.assign(new Error('the probe object read back with another size'), { name: 'ServiceUnavailable' });
    });
    this.lastFullProbe = Date.now();
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
