// The open project kept in the browser (IndexedDB) while a child works, so a crash, a closed tab or a failed
// upload never loses it. One draft per user and editor context (the work, homework, unit or file opened).

export interface Draft {
  key: string;
  sb3: Blob;
  title: string;
  /** The work id the last save returned (the next save updates that work). */
  savedId: string | null;
  time: number;
}

const DB_NAME = 'xt-scratch';
const STORE = 'drafts';

let dbPromise: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
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
}

function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = fn(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result as T);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  );
}

export const readDraft = (key: string): Promise<Draft | undefined> => run<Draft | undefined>('readonly', (s) => s.get(key));
export const writeDraft = (d: Draft): Promise<unknown> => run('readwrite', (s) => s.put(d));
export const deleteDraft = (key: string): Promise<unknown> => run('readwrite', (s) => s.delete(key));
