// The importer's file copies on their own (no MariaDB): files from teaching-open's upload folder go into the file
// store under their keys, streamed (the local folder or, with TEST_STORAGE=s3, a bucket); a project that fails the
// upload checks is kept aside under import-rejected/; a second run copies nothing; a remote (Qiniu) address is
// fetched into the store with --fetch-remote, and a dry run stores nothing; a store that fails stops the copies.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../../test/media.js';
import { validSb3 } from '../../../test/sb3-files.js';
import { openTestStorage, type TestStorage } from '../../../test/storage-kit.js';
import { createFileSink } from './files.js';
import { emptyReport } from './report.js';

describe('importer file copies', () => {
  let from: string;
  let storage: TestStorage;
  let server: http.Server;
  let base: string;
  const PNG = makePng(3, 3);
  const SB3 = validSb3();

  beforeAll(async () => {
    from = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-import-files-'));
    fs.mkdirSync(path.join(from, 'temp'), { recursive: true });
    fs.writeFileSync(path.join(from, 'temp', 'cover.png'), PNG);
    fs.writeFileSync(path.join(from, 'temp', 'good.sb3'), SB3);
    fs.writeFileSync(path.join(from, 'temp', 'broken.sb3'), Buffer.from('not a zip'));
    storage = await openTestStorage();
    server = http.createServer((req, res) => {
      if (req.url === '/qiniu/cat.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await storage?.close();
    fs.rmSync(from, { recursive: true, force: true });
  });

  const sink = (over: { dryRun?: boolean; fetchRemote?: boolean; store?: TestStorage['store'] } = {}) => {
    const report = emptyReport('test', !!over.dryRun);
    const files = createFileSink({ from, store: over.store ?? storage.store, report, dryRun: !!over.dryRun, fetchRemote: !!over.fetchRemote });
    return { files, report };
  };
  const stored = async (key: string) => storage.store.read(key);

  it('copies each file into the store under its key, keeps a broken project aside, and copies nothing the second time', async () => {
    const { files, report } = sink();
    expect(await files.claimList('temp/cover.png, temp/good.sb3,temp/broken.sb3')).toBe('temp/cover.png,temp/good.sb3,temp/broken.sb3');
    expect(await files.claim('temp/missing.png')).toBe('temp/missing.png');
    expect(await files.claim('../outside.png')).toBe('../outside.png');
    await files.flush();
    expect(files.copied).toBe(3);
    expect(Buffer.compare((await stored('temp/cover.png'))!, PNG)).toBe(0);
    expect(Buffer.compare((await stored('temp/good.sb3'))!, SB3)).toBe(0);
    expect(await stored('temp/broken.sb3')).toBeNull();
    expect((await stored('import-rejected/temp/broken.sb3'))?.toString()).toBe('not a zip');
    expect(report.rejectedFiles.items).toEqual([{ key: 'temp/broken.sb3', reason: expect.any(String), keptAs: 'import-rejected/temp/broken.sb3' }]);
    expect(report.missingFiles.items.sort()).toEqual(['../outside.png', 'temp/missing.png']);

    const again = sink();
    await again.files.claimList('temp/cover.png,temp/good.sb3,temp/broken.sb3');
    await again.files.flush();
    expect(again.files.copied).toBe(0);
    expect(again.report.rejectedFiles.items.map((f) => f.key)).toEqual(['temp/broken.sb3']);
  });

  it('fetches a remote address into the store with --fetch-remote (a dry run stores nothing), and keeps one that fails as a link', async () => {
    const url = `${base}/qiniu/cat.png`;
    const dry = sink({ dryRun: true, fetchRemote: true });
    const dryKey = await dry.files.claim(url);
    expect(dryKey).toMatch(/^remote\/[0-9a-f]{40}\.png$/);
    expect(await storage.store.stat(dryKey!)).toBeNull();

    const { files, report } = sink({ fetchRemote: true });
    const key = await files.claim(url);
    expect(key).toBe(dryKey);
    expect(Buffer.compare((await stored(key!))!, PNG)).toBe(0);
    expect(await files.claim(`${base}/qiniu/gone.png`)).toBe(`${base}/qiniu/gone.png`);
    expect(report.remoteFiles.items).toEqual([
      { url, fetched: true },
      { url: `${base}/qiniu/gone.png`, fetched: false },
    ]);
  });

  it('stops with the store’s error when the store fails, rather than calling the files missing', async () => {
    const down = new Proxy(storage.store, { get: (o, k) => (k === 'stat' ? () => Promise.reject(new Error('文件存储暂时不可用')) : Reflect.get(o, k)) });
    const { files, report } = sink({ store: down });
    await files.claim('temp/cover.png');
    await expect(files.flush()).rejects.toThrow('文件存储暂时不可用');
    expect(report.missingFiles.items).toEqual([]);
  });
});
