// A store that does not answer (a bucket down or refusing, a full or unreadable disk) is one error the API maps
// to 503 with STORAGE_UNAVAILABLE (api/index.ts), whatever route met it. createApp wraps the app's store with
// guardStore, so every error the backend throws on put, get, read, stat, remove or list comes out as a
// StorageUnavailableError; a key that is no safe key and an exclusive put that finds the key taken are bugs and
// pass as they are (500). Features write the object first and their rows after (storeUpload), so a failed put
// leaves nothing behind.
import { isStorageUnavailable, StorageUnavailableError, UnsafeKeyError, type FileStore, type ObjectInfo } from '../storage/store.js';

const GUARDED = Symbol('guarded store');

const passes = (err: unknown) => err instanceof UnsafeKeyError || isStorageUnavailable(err) || (err as { code?: unknown })?.code === 'EEXIST';

const unavailable = (err: unknown) => new StorageUnavailableError(err instanceof Error ? err.message : String(err), { cause: err });

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw passes(err) ? err : unavailable(err);
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
    get: (key, range) => guarded(() => store.get(key, range)),
    read: (key) => guarded(() => store.read(key)),
    stat: (key) => guarded(() => store.stat(key)),
    remove: (keys) => guarded(() => store.remove(keys)),
    async *list(prefix: string): AsyncIterable<ObjectInfo> {
      try {
        yield* store.list(prefix);
      } catch (err) {
        throw passes(err) ? err : unavailable(err);
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
