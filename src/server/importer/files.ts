// The files a teaching-open database names (sys_file paths, covers, unit materials, avatars, assets): each
// relative key is copied from --files into Xuetang's storage under the same key, so every link the old system
// printed (/api/sys/common/static/<key>) keeps working. A project file (.sb3) passes the checks of an upload
// first; one that fails is a child's work all the same, so it is kept aside under import-rejected/ and listed,
// never dropped. Absolute http(s) addresses (Qiniu) stay links and are listed, or are fetched with
// --fetch-remote. Copies run a few at a time while the rows are written; a key already stored with the same size
// is not copied again, so a second run copies nothing.
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { checkSb3 } from '../domain/sb3.js';
import { pushCapped, type ImportReport } from './report.js';

/** Where imported files go (the local files folder today; the storage interface when there is one). */
export interface FileStore {
  /** Size of the stored object, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Stores `data` under `key`. */
  put(key: string, data: Buffer): Promise<void>;
}

export interface FileSink {
  /** A file key found in a row → the value Xuetang keeps (the same key, a link, or the fetched copy's key). */
  claim(key: string | null | undefined): Promise<string | null | undefined>;
  /** The keys of a comma list (unit materials). */
  claimList(keys: string | null | undefined): Promise<string | null | undefined>;
  /** Waits for the copies still running. */
  flush(): Promise<void>;
  readonly copied: number;
}

const REMOTE = /^https?:\/\//i;
const MAX_REMOTE_BYTES = 100 * 1024 * 1024;
const CONCURRENCY = 8;

/** A stored key: relative, forward slashes, no climbing out; null when the path cannot be one. */
function safeKey(raw: string): string | null {
  const key = raw.trim().replace(/\\/g, '/').replace(/^\/+/, '');
  // eslint-disable-next-line no-control-regex -- a key with control characters is refused
  if (!key || key.split('/').some((seg) => seg === '..' || seg === '.' || seg === '') || /[\u0000-\u001f]/.test(key)) return null;
  return key;
}

export function createFileSink(opts: { from?: string; store: FileStore; report: ImportReport; dryRun: boolean; fetchRemote: boolean }): FileSink {
  const seen = new Set<string>();
  const running = new Set<Promise<void>>();
  let copied = 0;
  const { report } = opts;

  const copy = async (key: string) => {
    if (!opts.from) {
      pushCapped(report.missingFiles, key);
      return;
    }
    const file = path.join(opts.from, key);
    let data: Buffer;
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) throw new Error('not a file');
      if ((await opts.store.size(key)) === stat.size) return;
      data = await fs.readFile(file);
    } catch {
      pushCapped(report.missingFiles, key);
      return;
    }
    let target = key;
    if (/\.sb3$/i.test(key)) {
      const check = await checkSb3(data);
      if (!check.ok) {
        target = `import-rejected/${key}`;
        pushCapped(report.rejectedFiles, { key, reason: check.message, keptAs: target });
      }
    }
    if (!opts.dryRun) await opts.store.put(target, data);
    copied++;
  };

  const schedule = async (key: string) => {
    while (running.size >= CONCURRENCY) await Promise.race(running);
    const p = copy(key).finally(() => running.delete(p));
    running.add(p);
  };

  const fetchRemote = async (url: string): Promise<string> => {
    const ext = (/\.([a-z0-9]{1,5})(?:[?#]|$)/i.exec(new URL(url).pathname)?.[1] ?? 'bin').toLowerCase();
    const key = `remote/${createHash('sha1').update(url).digest('hex')}.${ext}`;
    if ((await opts.store.size(key)) !== null) return key;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000), redirect: 'follow' });
      const length = Number(res.headers.get('content-length') ?? 0);
      if (!res.ok || length > MAX_REMOTE_BYTES) throw new Error(String(res.status));
      const data = Buffer.from(await res.arrayBuffer());
      if (data.length > MAX_REMOTE_BYTES) throw new Error('too large');
      if (!opts.dryRun) await opts.store.put(key, data);
      pushCapped(report.remoteFiles, { url, fetched: true });
      return key;
    } catch {
      pushCapped(report.remoteFiles, { url, fetched: false });
      return url;
    }
  };

  const sink: FileSink = {
    async claim(raw) {
      if (raw === null || raw === undefined || raw.trim() === '') return raw;
      const value = raw.trim();
      if (REMOTE.test(value)) {
        if (seen.has(value)) return value;
        seen.add(value);
        if (opts.fetchRemote) return fetchRemote(value);
        pushCapped(report.remoteFiles, { url: value, fetched: false });
        return value;
      }
      const key = safeKey(value);
      if (!key) {
        pushCapped(report.missingFiles, value);
        return value;
      }
      if (!seen.has(key)) {
        seen.add(key);
        await schedule(key);
      }
      return key;
    },
    async claimList(raw) {
      if (!raw) return raw;
      const parts = await Promise.all(raw.split(',').map((k) => k.trim()).filter(Boolean).map((k) => sink.claim(k)));
      return parts.join(',');
    },
    async flush() {
      await Promise.all(running);
    },
    get copied() {
      return copied;
    },
  };
  return sink;
}

/** The local files folder (DATA_DIR/files) as a FileStore. */
export function localFileStore(filesDir: string): FileStore {
  const root = path.resolve(filesDir);
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(root + path.sep)) throw new Error(`unsafe key ${key}`);
    return p;
  };
  return {
    async size(key) {
      try {
        return (await fs.stat(full(key))).size;
      } catch {
        return null;
      }
    },
    async put(key, data) {
      const p = full(key);
      await fs.mkdir(path.dirname(p), { recursive: true });
      const tmp = `${p}.${process.pid}.part`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, p);
    },
  };
}
