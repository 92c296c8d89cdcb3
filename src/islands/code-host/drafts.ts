// The open project kept in the browser (IndexedDB) while a child works, so a crash, a closed tab or a failed
// upload never loses it. One draft per user and editor context (the work, homework, unit or file opened), in a
// database per editor (Scratch's is the one it has always used, so drafts made before this host still restore).

export interface Draft {
  key: string;
  /** The project file as it would be uploaded (.sb3, or a code editor's JSON). */
  project: Blob;
  title: string;
  /** The work id the last save returned (the next save updates that work). */
  savedId: string | null;
  time: number;
}

const STORE = 'drafts';

export interface DraftStore {
  read(key: string): Promise<Draft | undefined>;
  write(d: Draft): Promise<unknown>;
  remove(key: string): Promise<unknown>;
}

/** The drafts of one editor, in IndexedDB database `dbName` (e.g. xt-scratch, xt-blockly). */
export function draftStore(dbName: string): DraftStore {
  let dbPromise: Promise<IDBDatabase> | null = null;
  const openDb = (): Promise<IDBDatabase> => {
    if (!dbPromise) {
      dbPromise = new Promise((resolve, reject) => {
        const req = indexedDB.open(dbName, 1);
        req.onupgradeneeded = () => {
          if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'key' });
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      dbPromise.catch(() => {
        dbPromise = null;
      });
    }
    return dbPromise;
  };
  const run = <T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest): Promise<T> =>
    openDb().then(
      (db) =>
        new Promise<T>((resolve, reject) => {
          const tx = db.transaction(STORE, mode);
          const req = fn(tx.objectStore(STORE));
          tx.oncomplete = () => resolve(req.result as T);
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        }),
    );
  return {
    // Scratch drafts written before the shared host kept the project under `sb3`.
    read: (key) =>
      run<(Draft & { sb3?: Blob }) | undefined>('readonly', (s) => s.get(key)).then((d) => (d && !d.project && d.sb3 ? { ...d, project: d.sb3 } : d)),
    write: (d) => run('readwrite', (s) => s.put(d)),
    remove: (key) => run('readwrite', (s) => s.delete(key)),
  };
}
