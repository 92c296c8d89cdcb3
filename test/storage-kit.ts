// The file store a test runs on. TEST_STORAGE=s3 runs the file-handling suite against a real S3 server started
// once per test process (s3rver, test/s3-server.ts), a fresh bucket per store; unset, against a local folder.
// One store per test app, emptied by close().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { LocalFileStore, type FileStore } from '../src/server/storage/index.js';
import { S3FileStore } from '../src/server/storage/s3.js';
import { parseStorageUrl } from '../src/server/storage/s3-url.js';
import type { ByteRange, PutOptions, SignedUrlOptions } from '../src/server/storage/store.js';
import { startS3Server, type S3TestServer } from './s3-server.js';

export interface TestStorage {
  store: FileStore;
  /** The local folder behind a local store (null on S3): for tests that look at files on disk. */
  folder: string | null;
  close(): Promise<void>;
}

/** Which backend this run's tests use (TEST_STORAGE=s3, else the local folder). */
export const testStorageKind = (): 'local' | 's3' => (process.env.TEST_STORAGE === 's3' ? 's3' : 'local');

let server: Promise<S3TestServer> | null = null;
let buckets = 0;

/** The test process's one S3 server (started on first use, closed when the process exits). */
function testS3Server(): Promise<S3TestServer> {
  server ??= startS3Server().then((s) => {
    process.once('exit', () => void s.close());
    return s;
  });
  return server;
}

/** A store on a fresh, empty bucket of this process's S3 server. */
export async function openTestBucket(): Promise<S3FileStore> {
  const s = await testS3Server();
  const bucket = `xt-${process.pid}-${++buckets}-${Math.random().toString(36).slice(2, 8)}`;
  await s.createBucket(bucket);
  return new S3FileStore(parseStorageUrl(s.storageUrl(bucket)));
}

/**
 * `folder`: where the test's seeded files are (or will be: the harness copies the template's files there); on S3
 * they are uploaded into the bucket before the store's first operation, and the folder is removed.
 */
export async function openTestStorage(folder?: string): Promise<TestStorage> {
  if (testStorageKind() === 's3') {
    const bucket = await openTestBucket();
    const store = folder ? new SeededStore(bucket, folder) : bucket;
    return {
      store,
      folder: null,
      close: async () => {
        await emptyStore(bucket).catch(() => {});
        await bucket.close();
        if (folder) fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const dir = folder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-test-files-'));
  const store = new LocalFileStore(dir);
  return {
    store,
    folder: dir,
    close: async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function emptyStore(store: FileStore) {
  const keys: string[] = [];
  for await (const o of store.list('')) keys.push(o.key);
  await store.remove(keys);
}

/** A bucket that first receives a folder's files (once, at its first operation). */
class SeededStore implements FileStore {
  readonly kind = 's3' as const;
  readonly location: string;
  private seeded: Promise<void> | null = null;
  constructor(
    private readonly inner: S3FileStore,
    private readonly folder: string,
  ) {
    this.location = inner.location;
  }
  private ready(): Promise<void> {
    this.seeded ??= (async () => {
      const local = new LocalFileStore(this.folder);
      for await (const o of local.list('')) await this.inner.put(o.key, (await local.read(o.key))!);
    })();
    return this.seeded;
  }
  async put(key: string, body: Uint8Array | Readable, opts?: PutOptions) {
    await this.ready();
    return this.inner.put(key, body, opts);
  }
  async get(key: string, range?: ByteRange) {
    await this.ready();
    return this.inner.get(key, range);
  }
  async read(key: string) {
    await this.ready();
    return this.inner.read(key);
  }
  async stat(key: string) {
    await this.ready();
    return this.inner.stat(key);
  }
  async remove(keys: string | readonly string[]) {
    await this.ready();
    return this.inner.remove(keys);
  }
  async *list(prefix: string) {
    await this.ready();
    yield* this.inner.list(prefix);
  }
  async signedUrl(key: string, opts: SignedUrlOptions) {
    await this.ready();
    return this.inner.signedUrl(key, opts);
  }
  publicUrl(key: string) {
    return this.inner.publicUrl(key);
  }
  async ping() {
    await this.ready();
    return this.inner.ping();
  }
  close() {
    return this.inner.close();
  }
}
