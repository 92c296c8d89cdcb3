// Opens the file store the configuration names: the local folder under DATA_DIR (STORAGE_URL unset), or an
// S3-compatible bucket (STORAGE_URL=s3://…, s3.ts).
import type { Config } from '../config.js';
import { LocalFileStore } from './local.js';
import type { FileStore } from './store.js';

export type { FileStore, ObjectBody, ObjectInfo } from './store.js';
export { isSafeKey, assertSafeKey, STORAGE_UNAVAILABLE } from './store.js';
export { LocalFileStore } from './local.js';

export async function openStorage(config: Pick<Config, 'filesDir'> & { storageUrl?: string; storagePublicUrl?: string }): Promise<FileStore> {
  if (config.storageUrl) throw new Error('STORAGE_URL: the S3 backend is not built yet'); // s3.ts replaces this line
  return new LocalFileStore(config.filesDir, config.storagePublicUrl ?? null);
}
