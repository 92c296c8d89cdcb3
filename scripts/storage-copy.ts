// npm run storage:copy -- --to s3://ACCESS_KEY:SECRET@HOST/BUCKET?region=… [--from DIR]
// Copies every file of the local files folder (default: DATA_DIR/files of the configuration) into the bucket, so a
// school can switch to STORAGE_URL without losing a file (docs/deploy.md: 换到对象存储). Resumable and verified
// (src/server/storage/copy.ts): run it, set STORAGE_URL and restart, then run it again to catch the files written
// in between. Prints a progress line on a terminal and a summary; exits 1 when any file failed.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config.js';
import { copyFolderToBucket, type CopyProgress } from '../src/server/storage/copy.js';
import { S3FileStore } from '../src/server/storage/s3.js';
import { parseStorageUrl } from '../src/server/storage/s3-url.js';

const USAGE = 'usage: npm run storage:copy -- --to s3://ACCESS_KEY:SECRET@HOST[:PORT]/BUCKET?region=…[&pathStyle=1][&ssl=0] [--from DIR]';

function args(argv: string[]) {
  const out: { to?: string; from?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split(/=(.*)/s, 2);
    const value = inline ?? argv[++i];
    if (name === '--to') out.to = value;
    else if (name === '--from') out.from = value;
    else throw new ConfigError(`storage:copy: unknown argument ${name}\n${USAGE}`);
    if (!value) throw new ConfigError(`storage:copy: ${name} needs a value\n${USAGE}`);
  }
  if (!out.to) throw new ConfigError(`storage:copy: --to is required\n${USAGE}`);
  return out;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const a = args(process.argv.slice(2));
  let settings;
  try {
    settings = parseStorageUrl(a.to!);
  } catch (err) {
    throw new ConfigError(`storage:copy: --to: ${(err as Error).message}`);
  }
  const from = path.resolve(a.from ?? loadConfig().filesDir);
  if (!fs.existsSync(from) || !fs.statSync(from).isDirectory()) throw new ConfigError(`storage:copy: ${from} is not a folder (--from DIR, or DATA_DIR)`);
  const bucket = new S3FileStore(settings);
  try {
    await bucket.ping();
    console.log(`storage:copy: ${from} → ${bucket.location}`);
    const tty = process.stdout.isTTY;
    const t = performance.now();
    const line = (p: CopyProgress) =>
      `${p.done}/${p.total} files, ${mb(p.bytesDone)} of ${mb(p.bytesTotal)} (copied ${p.copied}, skipped ${p.skipped}, failed ${p.failed})`;
    const summary = await copyFolderToBucket(from, bucket, { onProgress: tty ? (p) => process.stdout.write(`\r${line(p)}\x1b[K`) : undefined });
    if (tty) process.stdout.write('\n');
    const s = ((performance.now() - t) / 1000).toFixed(1);
    console.log(`storage:copy: ${summary.total} files in ${s} s: ${summary.copied} copied (${mb(summary.bytesCopied)}), ${summary.skipped} skipped (already in the bucket, same size and sha256), ${summary.failed.length} failed`);
    for (const f of summary.failed) console.log(`  FAILED ${f.key}: ${f.reason}`);
    if (summary.failed.length) {
      console.log('storage:copy: run it again to retry the failed files; the others are skipped.');
      process.exitCode = 1;
    }
  } finally {
    await bucket.close();
  }
}

main().catch((err) => {
  const e = err as Error & { detail?: string };
  console.error(err instanceof ConfigError ? err.message : `storage:copy failed: ${e.detail ?? e.message}`);
  process.exit(1);
});
