// storage:copy (scripts/storage-copy.ts): every file of a local files folder copied into a bucket, so a school can
// switch from DATA_DIR/files to STORAGE_URL without losing a file. Resumable: an object already in the bucket with
// the same size and the same sha256 (kept in its metadata, x-amz-meta-sha256) is skipped, so a second run after
// the switch copies only what was written in between. Each object is verified after its upload (HEAD: size and
// the sha256 in the metadata); a file that fails is reported with its reason, and the others go on.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { LocalFileStore } from './local.js';
import type { S3FileStore } from './s3.js';

export interface CopySummary {
  total: number;
  copied: number;
  skipped: number;
  bytesCopied: number;
  failed: { key: string; reason: string }[];
}

export interface CopyProgress {
  done: number;
  total: number;
  copied: number;
  skipped: number;
  failed: number;
  bytesDone: number;
  bytesTotal: number;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Copies the folder `from` into `to`, `concurrency` files at a time. */
export async function copyFolderToBucket(from: string, to: S3FileStore, opts: { concurrency?: number; onProgress?: (p: CopyProgress) => void } = {}): Promise<CopySummary> {
  const local = new LocalFileStore(from);
  const files: { key: string; size: number }[] = [];
  for await (const o of local.list('')) files.push({ key: o.key, size: o.size });
  files.sort((a, b) => a.key.localeCompare(b.key));
  const summary: CopySummary = { total: files.length, copied: 0, skipped: 0, bytesCopied: 0, failed: [] };
  const progress: CopyProgress = { done: 0, total: files.length, copied: 0, skipped: 0, failed: 0, bytesDone: 0, bytesTotal: files.reduce((n, f) => n + f.size, 0) };

  const copyOne = async (f: { key: string; size: number }) => {
    const file = local.pathOf(f.key);
    const sha256 = await sha256Of(file);
    const there = await to.head(f.key);
    if (there && there.size === f.size && there.metadata.sha256 === sha256) return 'skipped';
    await to.put(f.key, fs.createReadStream(file), { metadata: { sha256 } });
    const after = await to.head(f.key);
    if (!after) throw new Error('not in the bucket after its upload');
    if (after.size !== f.size) throw new Error(`uploaded ${after.size} bytes of ${f.size}`);
    if (after.metadata.sha256 !== sha256) throw new Error('the checksum kept with the object differs from the file');
    // The file may have changed while it was uploaded: the next run copies it again.
    if ((await sha256Of(file)) !== sha256) throw new Error('the file changed while it was copied (run storage:copy again)');
    return 'copied';
  };

  const queue = [...files];
  const lane = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      try {
        const r = await copyOne(f);
        if (r === 'copied') {
          summary.copied++;
          summary.bytesCopied += f.size;
        } else summary.skipped++;
      } catch (err) {
        const e = err as Error & { detail?: string; code?: string };
        summary.failed.push({ key: f.key, reason: e.detail ?? (e.code === 'ENOENT' ? 'the file was removed during the copy' : e.message) });
      }
      progress.done++;
      progress.bytesDone += f.size;
      Object.assign(progress, { copied: summary.copied, skipped: summary.skipped, failed: summary.failed.length });
      opts.onProgress?.(progress);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, lane));
  return summary;
}
