// npm run storage:copy: a files folder copied into a bucket (s3rver), verified; a second run skips every file; a
// changed file is copied again; the copies read back equal; a bucket that is down makes it exit non-zero.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../test/s3-server.js';
import { copyFolderToBucket } from './copy.js';
import { S3FileStore } from './s3.js';
import { parseStorageUrl } from './s3-url.js';

const run = promisify(execFile);
/** The CLI as a user runs it; its exit code, stdout and stderr. */
async function storageCopy(...args: string[]) {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'scripts/storage-copy.ts', ...args], { env: { ...process.env, DATA_DIR: '/nonexistent-data-dir' } });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

describe('storage:copy', () => {
  let server: S3TestServer;
  let dir: string;
  let bucket: S3FileStore;
  const files: Record<string, Buffer> = {
    'upload/2026/12/讲义.pdf': Buffer.from('%PDF 讲义'),
    'scratch/work1.sb3': Buffer.alloc(9 * 1024 * 1024, 7), // two parts: a multipart upload
    'avatar/u1.png': Buffer.from('png'),
    'empty.txt': Buffer.alloc(0),
  };
  beforeAll(async () => {
    server = await startS3Server();
    await server.createBucket('copy-test');
    bucket = new S3FileStore(parseStorageUrl(server.storageUrl('copy-test')));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xt-copy-'));
    for (const [key, body] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
      fs.writeFileSync(path.join(dir, key), body);
    }
  });
  afterAll(async () => {
    await bucket?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every file, verified, and a second run skips them all', async () => {
    const first = await storageCopy('--to', server.storageUrl('copy-test'), '--from', dir);
    expect(first.err).not.toMatch(/error|failed/i);
    expect(first.code).toBe(0);
    expect(first.out).toContain('4 files');
    expect(first.out).toContain('4 copied');
    expect(first.out).toContain('0 failed');
    expect(first.out).not.toContain('S3RVER:S3RVER'); // the secret is never printed
    for (const [key, body] of Object.entries(files)) {
      const back = await bucket.read(key);
      expect(createHash('sha256').update(back!).digest('hex'), key).toBe(createHash('sha256').update(body).digest('hex'));
      expect((await bucket.head(key))?.metadata.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    }
    const again = await storageCopy(`--to=${server.storageUrl('copy-test')}`, '--from', dir);
    expect(again.code).toBe(0);
    expect(again.out).toContain('0 copied');
    expect(again.out).toContain('4 skipped');
  }, 60_000);

  it('copies again a file that changed (same size, other content) and one that is new, skipping the rest', async () => {
    fs.writeFileSync(path.join(dir, 'avatar/u1.png'), 'PNG');
    fs.writeFileSync(path.join(dir, 'avatar/u2.png'), 'new');
    const s = await copyFolderToBucket(dir, bucket);
    expect(s).toMatchObject({ total: 5, copied: 2, skipped: 3, failed: [] });
    expect((await bucket.read('avatar/u1.png'))?.toString()).toBe('PNG');
    expect((await bucket.read('avatar/u2.png'))?.toString()).toBe('new');
    // An object replaced in the bucket behind its back (no checksum) is copied over too.
    await bucket.put('empty.txt', Buffer.from('other'));
    expect(await copyFolderToBucket(dir, bucket)).toMatchObject({ copied: 1, skipped: 4 });
    expect((await bucket.read('empty.txt'))?.length).toBe(0);
  }, 60_000);

  it('exits non-zero with the reason when the bucket is down or the arguments are wrong', async () => {
    expect(await storageCopy('--from', dir)).toMatchObject({ code: 1, err: expect.stringContaining('--to is required') });
    expect(await storageCopy('--to', 's3://k:TOPSECRET@host/Bad_Bucket')).toMatchObject({ code: 1, err: expect.stringMatching(/not a valid bucket name/) });
    expect((await storageCopy('--to', 's3://k:TOPSECRET@host/Bad_Bucket')).err).not.toContain('TOPSECRET');
    await server.stop();
    try {
      const down = await storageCopy('--to', server.storageUrl('copy-test'), '--from', dir);
      expect(down.code).toBe(1);
      expect(down.err).toMatch(/storage:copy failed: s3:\/\/127\.0\.0\.1:\d+\/copy-test: ping failed/);
      expect(down.err).not.toContain('S3RVER:S3RVER');
    } finally {
      await server.start();
    }
  }, 60_000);
});
