// The local folder backend of the storage interface (store.ts): DATA_DIR/files, as Xuetang has always kept files.
// Writes go to a temporary name and are renamed into place, so a reader never sees half a file.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type ByteRange, keyExistsError, keyPath, type FileStore, type ObjectBody, type ObjectInfo, type PutOptions } from './store.js';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR';

export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string, private readonly publicBase: string | null = null) {
    this.root = path.resolve(root);
  }

  get location() {
    return this.root;
  }

  /** The file's path under the root (the key is checked first). */
  pathOf(key: string): string {
    return path.join(this.root, ...assertSafeKey(key).split('/'));
  }

  async put(key: string, body: Uint8Array | Readable, opts: PutOptions = {}): Promise<void> {
    const full = this.pathOf(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    if (opts.exclusive && (await this.stat(key))) throw keyExistsError(key);
    const tmp = `${full}.${randomBytes(6).toString('hex')}.part`;
    try {
      if (body instanceof Uint8Array) await fsp.writeFile(tmp, body, { flag: 'wx' });
      else await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
      await fsp.rename(tmp, full);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<ObjectBody | null> {
    const info = await this.stat(key);
    if (!info) return null;
    if (range) return { stream: fs.createReadStream(this.pathOf(key), range), size: range.end - range.start + 1, modified: info.modified };
    return { stream: fs.createReadStream(this.pathOf(key)), size: info.size, modified: info.modified };
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (err) {
      if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const st = await fsp.stat(this.pathOf(key));
      return st.isFile() ? { key, size: st.size, modified: st.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(keys: string | readonly string[]): Promise<void> {
    for (const key of typeof keys === 'string' ? [keys] : keys) await fsp.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    // The folder that holds the prefix, walked below; keys are matched against the prefix as strings.
    const dirKey = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = dirKey ? this.pathOf(dirKey) : this.root;
    const walk = async function* (dir: string, rel: string): AsyncIterable<ObjectInfo> {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const e of entries) {
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* walk(path.join(dir, e.name), key);
        } else if (e.isFile() && key.startsWith(prefix) && !e.name.endsWith('.part')) {
          const st = await fsp.stat(path.join(dir, e.name)).catch(() => null);
          if (st) yield { key, size: st.size, modified: st.mtime };
        }
      }
    };
    yield* walk(start, dirKey);
  }

  async signedUrl(): Promise<string | null> {
    return null; // the local folder is served by Xuetang itself (api/sys/files.ts)
  }

  publicUrl(key: string): string | null {
    return this.publicBase ? `${this.publicBase.replace(/\/+$/, '')}/${keyPath(key)}` : null;
  }

  async ping(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.W_OK);
  }

  async close(): Promise<void> {}
}
