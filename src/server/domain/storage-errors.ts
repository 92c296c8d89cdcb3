// A store that does not answer (a bucket down or refusing, a full or unreadable disk) is one error the API maps
// to 503 with STORAGE_UNAVAILABLE (api/index.ts), whatever route met it. createApp wraps the app's store with
// guardStore, so every error the backend throws on put, get, read, stat, remove or list comes out as a
// StorageUnavailableError; a key that is no safe key and an exclusive put that finds the key taken are bugs and
// pass as they are (500). Features write the object first and their rows after (storeUpload), so a failed put
// leaves nothing behind.
import { UnsafeKeyError } from '../storage/store.js';
import { STORAGE_UNAVAILABLE, type FileStore, type ObjectInfo } from '../storage/index.js';

/**
 * The store did not answer or refused. Shaped as the S3 backend's error of the same name (storage/s3.ts on its
 * branch: `code` STORAGE_UNAVAILABLE, `status` 503, the Chinese message, `detail` for the log), so either one is
 * recognised by isStorageUnavailable; when both are on main, this class can give way to the store's.
 */
class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';
  readonly status = 503;
  readonly detail: string;
  constructor(cause: unknown) {
    super(STORAGE_UNAVAILABLE, { cause });
    this.name = 'StorageUnavailableError';
    this.detail = cause instanceof Error ? cause.message : String(cause);
  }
}

/** True for a store's failure: this module's error, or any error with code STORAGE_UNAVAILABLE (also as a cause). */
export function isStorageUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof StorageUnavailableError || (e as { code?: unknown }).code === 'STORAGE_UNAVAILABLE') return true;
  }
  return false;
}

const GUARDED = Symbol('guarded store');

const passes = (err: unknown) => err instanceof UnsafeKeyError || isStorageUnavailable(err) || (err as { code?: unknown })?.code === 'EEXIST';

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw passes(err) ? err : new StorageUnavailableError(err);
  }
}

/** The store with its failures as StorageUnavailableError (a store already guarded comes back as it is). */
export function guardStore(store: FileStore): FileStore {
  if ((store as { [GUARDED]?: true })[GUARDED]) return store;
  const out: FileStore & { [GUARDED]: true } = {
    [GUARDED]: true,
    get kind() {
      return store.kind;
    },
    get location() {
      return store.location;
    },
    put: (key, body, opts) => guarded(() => store.put(key, body, opts)),
    get: (key) => guarded(() => store.get(key)),
    read: (key) => guarded(() => store.read(key)),
    stat: (key) => guarded(() => store.stat(key)),
    remove: (keys) => guarded(() => store.remove(keys)),
    async *list(prefix: string): AsyncIterable<ObjectInfo> {
      try {
        yield* store.list(prefix);
      } catch (err) {
        throw passes(err) ? err : new StorageUnavailableError(err);
      }
    },
    signedUrl: (key, opts) => guarded(() => store.signedUrl(key, opts)),
    publicUrl: (key) => store.publicUrl(key),
    ping: () => store.ping(),
    close: () => store.close(),
  };
  return out;
}

/**
 * The origins the browser is sent to for stored files (a bucket's signed addresses, STORAGE_PUBLIC_URL), as CSP
 * sources ('' for the local folder, which Xuetang serves itself). Presigning is computed locally: no request.
 */
export async function storageMediaOrigins(store: FileStore): Promise<string> {
  const probe = 'probe/origin.png';
  const urls = [store.publicUrl(probe), await store.signedUrl(probe, { expiresIn: 60 }).catch(() => null)];
  const origins = new Set<string>();
  for (const u of urls) {
    try {
      if (u) origins.add(new URL(u).origin);
    } catch {
      /* not an absolute address: nothing to allow */
    }
  }
  return [...origins].join(' ');
}
