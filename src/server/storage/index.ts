// Opens the file store the configuration names: the local folder under DATA_DIR (STORAGE_URL unset), or an
// S3-compatible bucket (STORAGE_URL=s3://…, s3.ts).
import type { Config } from '../config.js';
import { LocalFileStore } from './local.js';
import { S3FileStore } from './s3.js';
import { parseStorageUrl } from './s3-url.js';
import type { FileStore } from './store.js';

export type { FileStore } from './store.js';
export { isSafeKey, STORAGE_UNAVAILABLE } from './store.js';
export { LocalFileStore } from './local.js';

export async function openStorage(config: Pick<Config, 'filesDir' | 'storageUrl' | 'storagePublicUrl'>): Promise<FileStore> {
  if (config.storageUrl) return new S3FileStore(parseStorageUrl(config.storageUrl), config.storagePublicUrl ?? null);
  return new LocalFileStore(config.filesDir, config.storagePublicUrl ?? null);
}
