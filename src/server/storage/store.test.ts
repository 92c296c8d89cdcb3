// The storage contract (store.ts), run against both backends whatever TEST_STORAGE says: the local folder and a
// real S3 server (s3rver). Put, get, read, stat, list by prefix, remove; exclusive puts; unsafe keys refused; a
// 40 MB stream stored and read back by checksum with bounded memory (multipart on S3); signed and public URLs;
// the readiness ping; and a bucket that goes down: ping and put fail fast with the unavailable error, and nothing
// already stored is lost once it is back.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestBucket, openTestStorage } from '../../../test/storage-kit.js';
import { startS3Server, type S3TestServer } from '../../../test/s3-server.js';
import { LocalFileStore } from './local.js';
import { PART_SIZE, S3FileStore } from './s3.js';
import { parseStorageUrl } from './s3-url.js';
import { isStorageUnavailable, STORAGE_UNAVAILABLE, type FileStore } from './store.js';

const MB = 1024 * 1024;
const text = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};
const keys = async (store: FileStore, prefix: string) => {
  const out: string[] = [];
  for await (const o of store.list(prefix)) out.push(o.key);
  return out.sort();
};
/** `size` bytes of a repeatable pattern, in 1 MB chunks, never all in memory; `hash` gets each chunk. */
function bigStream(size: number, hash: ReturnType<typeof createHash>, onRead: (sent: number) => void = () => {}) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(MB, size - sent), sent / MB);
      for (let i = 0; i < chunk.length; i += 4096) chunk[i] = (i * 31 + sent) & 0xff;
      sent += chunk.length;
      hash.update(chunk);
      onRead(sent);
      this.push(chunk);
    },
  });
}

const backends: [string, () => Promise<{ store: FileStore; publicStore: FileStore; done: () => Promise<void> }>][] = [
  [
    'local',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xt-store-'));
      return { store: new LocalFileStore(dir), publicStore: new LocalFileStore(dir, 'https://cdn.example.org/f/'), done: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const store = await openTestBucket();
      const publicStore = new S3FileStore(parseStorageUrl(store.location.replace('s3://', 's3://S3RVER:S3RVER@') + '?pathStyle=1&ssl=0'), 'https://cdn.example.org/f/');
      return { store, publicStore, done: async () => Promise.all([store.close(), publicStore.close()]).then(() => {}) };
    },
  ],
];

describe.each(backends)('the file store on %s', (kind, open) => {
  let store: FileStore;
  let publicStore: FileStore;
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ store, publicStore, done } = await open());
  });
  afterAll(async () => done?.());

  it('puts bytes and streams, gets, reads, stats, lists by prefix and removes', async () => {
    await store.put('upload/2026/a.txt', Buffer.from('甲'), { contentType: 'text/plain' });
    await store.put('upload/2026/b.txt', Readable.from([Buffer.from('乙'), Buffer.from('丙')]));
    await store.put('uploads-other/c.txt', Buffer.from('c'));
    await store.put('avatar/u1.png', Buffer.from('png'));
    expect((await store.read('upload/2026/a.txt'))?.toString()).toBe('甲');
    const got = await store.get('upload/2026/b.txt');
    expect(got?.size).toBe(6);
    expect(await text(got!.stream)).toBe('乙丙');
    const st = await store.stat('upload/2026/a.txt');
    expect(st).toMatchObject({ key: 'upload/2026/a.txt', size: 3 });
    expect(Math.abs(st!.modified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await keys(store, 'upload/')).toEqual(['upload/2026/a.txt', 'upload/2026/b.txt']);
    expect(await keys(store, 'upload')).toEqual(['upload/2026/a.txt', 'upload/2026/b.txt', 'uploads-other/c.txt']);
    expect(await keys(store, '')).toEqual(['avatar/u1.png', 'upload/2026/a.txt', 'upload/2026/b.txt', 'uploads-other/c.txt']);
    // Replacing keeps one object with the new content.
    await store.put('avatar/u1.png', Buffer.from('png2'));
    expect((await store.read('avatar/u1.png'))?.toString()).toBe('png2');
    await store.remove(['upload/2026/a.txt', 'upload/2026/gone.txt']);
    await store.remove('avatar/u1.png');
    expect(await store.stat('upload/2026/a.txt')).toBeNull();
    expect(await store.get('upload/2026/a.txt')).toBeNull();
    expect(await store.read('avatar/u1.png')).toBeNull();
    expect(await keys(store, '')).toEqual(['upload/2026/b.txt', 'uploads-other/c.txt']);
    await store.remove(await keys(store, ''));
    expect(await keys(store, '')).toEqual([]);
  });

  it('gets a byte range of an object (a video seeking)', async () => {
    await store.put('media/clip.bin', Buffer.from('0123456789'));
    const part = await store.get('media/clip.bin', { start: 2, end: 5 });
    expect(part?.size).toBe(4);
    expect(await text(part!.stream)).toBe('2345');
    const last = await store.get('media/clip.bin', { start: 9, end: 9 });
    expect(await text(last!.stream)).toBe('9');
    expect(await store.get('media/none.bin', { start: 0, end: 1 })).toBeNull();
    await store.remove('media/clip.bin');
  });

  it('removes more than one batch (1000 keys) at once', async () => {
    const many = Array.from({ length: 1003 }, (_, i) => `many/${String(i).padStart(4, '0')}`);
    for (let i = 0; i < many.length; i += 50) await Promise.all(many.slice(i, i + 50).map((k) => store.put(k, Buffer.from('x'))));
    expect((await keys(store, 'many/')).length).toBe(1003);
    await store.remove(many);
    expect(await keys(store, 'many/')).toEqual([]);
  }, 60_000);

  it('refuses to replace an object with exclusive, and unsafe keys everywhere', async () => {
    await store.put('x/once', Buffer.from('1'), { exclusive: true });
    await expect(store.put('x/once', Buffer.from('2'), { exclusive: true })).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(store.put('x/once', Readable.from([Buffer.from('3')]), { exclusive: true })).rejects.toMatchObject({ code: 'EEXIST' });
    expect((await store.read('x/once'))?.toString()).toBe('1');
    for (const bad of ['', '/abs', '../up', 'a/../b', 'a//b', 'a/./b', 'a\\b', 'nul\u0000', 'a/']) {
      await expect(store.put(bad, Buffer.from('x')), JSON.stringify(bad)).rejects.toThrow(/unsafe storage key/);
      await expect(store.get(bad)).rejects.toThrow(/unsafe storage key/);
      await expect(store.stat(bad)).rejects.toThrow(/unsafe storage key/);
      await expect(store.remove([bad])).rejects.toThrow(/unsafe storage key/);
    }
    await store.remove('x/once');
  });

  it('stores a 40 MB stream and reads it back equal, without holding it in memory', async () => {
    const size = 40 * MB;
    /** One put and get of the 40 MB; its times and the peak growth of the process's memory while it ran. */
    const round = async (key: string) => {
      const sent = createHash('sha256');
      let peak = 0;
      const base = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - base)), 5);
      try {
        let t = performance.now();
        acknowledged = 0;
        await store.put(key, bigStream(size, sent, (read) => (ahead = Math.max(ahead, read - acknowledged))));
        const putMs = performance.now() - t;
        t = performance.now();
        const body = await store.get(key);
        expect(body?.size).toBe(size);
        const back = createHash('sha256');
        let n = 0;
        for await (const c of body!.stream) {
          back.update(c as Buffer);
          n += (c as Buffer).length;
        }
        expect(n).toBe(size);
        expect(back.digest('hex')).toBe(sent.digest('hex'));
        return { putMs, getMs: performance.now() - t, peak };
      } finally {
        clearInterval(sampler);
      }
    };
    // On S3, which requests the store sends (a multipart upload: UploadPart once per 8 MB part), and how far the
    // source is read ahead of the parts the server has acknowledged: the bytes held in memory at most.
    const sentCommands: string[] = [];
    let acknowledged = 0;
    let ahead = 0;
    if (store instanceof S3FileStore) {
      store.client.middlewareStack.add(
        (next, context) => async (args) => {
          sentCommands.push(String(context.commandName));
          const out = await next(args);
          if (context.commandName === 'UploadPartCommand') acknowledged += ((args.input as { Body?: Uint8Array }).Body?.byteLength ?? 0);
          return out;
        },
        { step: 'initialize', name: 'countCommands' },
      );
    }
    try {
      // The first round grows the heap to its working size (parts, sockets, the garbage not yet collected); the
      // second shows the steady state: a put or get holding the file whole would grow it by 40 MB again.
      const first = await round('big/first.bin');
      const r = await round('big/forty.bin');
      console.log(
        `[storage ${kind}] 40 MB put ${Math.round(r.putMs)} ms, get ${Math.round(r.getMs)} ms; RSS growth ${Math.round(first.peak / MB)} MB the first time, ${Math.round(r.peak / MB)} MB the second`,
      );
      // RSS is only a figure here (the collector decides when it shrinks); what is held is bounded by the parts.
      expect(r.peak).toBeLessThan(2 * size);
      if (store instanceof S3FileStore) {
        const count = (name: string) => sentCommands.filter((c) => c === name).length;
        expect(count('CreateMultipartUploadCommand')).toBe(2);
        expect(count('UploadPartCommand')).toBe(2 * Math.ceil(size / PART_SIZE));
        expect(count('CompleteMultipartUploadCommand')).toBe(2);
        expect(count('PutObjectCommand')).toBe(0);
        // The parts being uploaded (QUEUE = 2) and the one being filled, never the 40 MB.
        console.log(`[storage s3] the 40 MB source was read at most ${Math.round(ahead / MB)} MB ahead of the parts the server acknowledged`);
        expect(ahead).toBeLessThanOrEqual(3 * PART_SIZE + MB);
      }
    } finally {
      if (store instanceof S3FileStore) store.client.middlewareStack.remove('countCommands');
      await store.remove(['big/first.bin', 'big/forty.bin']);
    }
  }, 120_000);

  it('signs a URL the browser can fetch on S3 (none locally) and builds public URLs from STORAGE_PUBLIC_URL', async () => {
    await store.put('docs/讲义 1.pdf', Buffer.from('%PDF'));
    const url = await store.signedUrl('docs/讲义 1.pdf', { expiresIn: 60, contentType: 'application/pdf', disposition: `attachment; filename*=UTF-8''${encodeURIComponent('讲义.pdf')}` });
    if (kind === 'local') expect(url).toBeNull();
    else {
      const res = await fetch(url!);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('%PDF');
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('attachment');
    }
    expect(store.publicUrl('docs/a.png')).toBeNull();
    expect(publicStore.publicUrl('docs/讲义 1.pdf')).toBe('https://cdn.example.org/f/docs/%E8%AE%B2%E4%B9%89%201.pdf');
    expect(() => publicStore.publicUrl('../x')).toThrow(/unsafe/);
    await store.remove('docs/讲义 1.pdf');
  });

  it('answers the readiness ping, leaving nothing behind', async () => {
    await store.ping();
    await store.ping();
    expect(await keys(store, '')).toEqual([]);
  });
});

describe('a bucket that goes down', () => {
  let server: S3TestServer;
  let store: S3FileStore;
  beforeAll(async () => {
    server = await startS3Server();
    await server.createBucket('down-test');
    store = new S3FileStore(parseStorageUrl(server.storageUrl('down-test')));
  });
  afterAll(async () => {
    await store?.close();
    await server?.close();
  });

  it('fails ping, put, get and list fast with the unavailable error, and loses nothing already stored', async () => {
    await store.put('work/kept.sb3', Buffer.from('kept'));
    await server.stop();
    for (const [what, op] of [
      ['ping', () => store.ping()],
      ['put', () => store.put('work/new.sb3', Buffer.from('new'))],
      ['put stream', () => store.put('work/new.sb3', Readable.from([Buffer.from('new')]))],
      ['get', () => store.get('work/kept.sb3')],
      ['stat', () => store.stat('work/kept.sb3')],
      ['list', () => keys(store, '')],
      ['remove', () => store.remove('work/kept.sb3')],
    ] as const) {
      const t = performance.now();
      const err = await (op as () => Promise<unknown>)().then(
        () => null,
        (e: unknown) => e,
      );
      expect(isStorageUnavailable(err), `${what}: ${String(err)}`).toBe(true);
      expect((err as Error).message).toBe(STORAGE_UNAVAILABLE);
      expect((err as { status: number }).status).toBe(503);
      expect((err as { detail: string }).detail).not.toContain('S3RVER@');
      expect(performance.now() - t, what).toBeLessThan(5000);
    }
    await server.start();
    await store.ping();
    expect((await store.read('work/kept.sb3'))?.toString()).toBe('kept');
    expect(await store.stat('work/new.sb3')).toBeNull();
  }, 60_000);

  it('a server that takes connections and never answers fails a get within seconds too', async () => {
    const hung = net.createServer(() => {}).listen(0, '127.0.0.1');
    await once(hung, 'listening');
    const stuck = new S3FileStore(parseStorageUrl(`s3://k:s@127.0.0.1:${(hung.address() as net.AddressInfo).port}/bucket?ssl=0&pathStyle=1`));
    try {
      const t = performance.now();
      await expect(stuck.get('work/kept.sb3')).rejects.toSatisfy(isStorageUnavailable);
      expect(performance.now() - t).toBeLessThan(8000);
    } finally {
      await stuck.close();
      hung.close();
    }
  }, 20_000);

  it('a wrong secret is refused as unavailable too', async () => {
    const wrong = new S3FileStore(parseStorageUrl(server.storageUrl('down-test').replace("S3RVER:S3RVER", "nobody:wrong")));
    try {
      await expect(wrong.ping()).rejects.toSatisfy(isStorageUnavailable);
    } finally {
      await wrong.close();
    }
  });
});

describe('the test kit with TEST_STORAGE=s3', () => {
  it('gives a fresh bucket holding the files of the folder it is given (also those copied there after it opened)', async () => {
    const before = process.env.TEST_STORAGE;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'xt-kit-'));
    fs.mkdirSync(path.join(folder, 'scratch'));
    fs.writeFileSync(path.join(folder, 'scratch/seeded.sb3'), 'seeded');
    process.env.TEST_STORAGE = 's3';
    let kit;
    try {
      kit = await openTestStorage(folder);
    } finally {
      process.env.TEST_STORAGE = before;
    }
    try {
      fs.writeFileSync(path.join(folder, 'cover.png'), 'png'); // the harness copies the template's files after
      expect(kit.folder).toBeNull();
      expect(kit.store.kind).toBe('s3');
      expect(await keys(kit.store, '')).toEqual(['cover.png', 'scratch/seeded.sb3']);
      expect((await kit.store.read('scratch/seeded.sb3'))?.toString()).toBe('seeded');
    } finally {
      await kit.close();
    }
    expect(fs.existsSync(folder)).toBe(false);
  });
});
