// Tests look at stored files through the app's store (t.deps.storage), never the disk: the same tests run on the
// local folder and on S3 (TEST_STORAGE=s3, test/storage-kit.ts).
import type { FileStore } from '../src/server/storage/index.js';

/** Every stored key under `prefix` ('' for all), sorted. */
export async function storedKeys(store: FileStore, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of store.list(prefix)) keys.push(o.key);
  return keys.sort();
}
