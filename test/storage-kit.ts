// The file store a test runs on. TEST_STORAGE=s3 runs the file-handling suite against a real S3 server started
// for the run (s3rver); unset, against a local folder. One store per test app, emptied by close().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStore, type FileStore } from '../src/server/storage/index.js';

export interface TestStorage {
  store: FileStore;
  /** The local folder behind a local store (null on S3): for tests that look at files on disk. */
  folder: string | null;
  close(): Promise<void>;
}

export async function openTestStorage(folder?: string): Promise<TestStorage> {
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
