// The importer's file copies on their own (no MariaDB): files from teaching-open's upload folder go into the file
// store under their keys, streamed (the local folder or, with TEST_STORAGE=s3, a bucket); a project that fails the
// upload checks is kept aside under import-rejected/; a second run copies nothing; a remote (Qiniu) address is
// fetched into the store with --fetch-remote, and a dry run stores nothing; a store that fails stops the copies.
// The files of 图形化Python (type 4) and 积木编程 (type 10) works pass their editor's checks like an upload's.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../../test/media.js';
import { validSb3 } from '../../../test/sb3-files.js';
import { openTestStorage, type TestStorage } from '../../../test/storage-kit.js';
import type { CodeEditor } from '../shared/code-projects.js';
import { createFileSink } from './files.js';
import { emptyReport } from './report.js';

describe('importer file copies', () => {
  let from: string;
  let storage: TestStorage;
  let server: http.Server;
  let base: string;
  const PNG = makePng(3, 3);
  const SB3 = validSb3();
  const PY = 'import turtle\nturtle.forward(100)\nprint("画好了")\n';
  const BLOCKLY = JSON.stringify({ format: 'xuetang-blockly', version: 1, workspace: { blocks: { languageVersion: 0, blocks: [{ type: 'turtle_forward', x: 0, y: 0 }] } } });

  beforeAll(async () => {
    from = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-import-files-'));
    fs.mkdirSync(path.join(from, 'temp'), { recursive: true });
    fs.writeFileSync(path.join(from, 'temp', 'cover.png'), PNG);
    fs.writeFileSync(path.join(from, 'temp', 'good.sb3'), SB3);
    fs.writeFileSync(path.join(from, 'temp', 'broken.sb3'), Buffer.from('not a zip'));
    fs.mkdirSync(path.join(from, 'code'), { recursive: true });
    fs.writeFileSync(path.join(from, 'code', 'star.py'), PY);
    fs.writeFileSync(path.join(from, 'code', 'square.json'), BLOCKLY);
    fs.writeFileSync(path.join(from, 'code', 'old-blockly.xml'), '<xml xmlns="https://developers.google.com/blockly/xml"></xml>');
    fs.writeFileSync(path.join(from, 'code', 'scratch-as-python.sb3'), SB3);
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

  const sink = (over: { dryRun?: boolean; fetchRemote?: boolean; store?: TestStorage['store']; codeProjects?: Map<string, CodeEditor> } = {}) => {
    const report = emptyReport('test', !!over.dryRun);
    const files = createFileSink({ from, store: over.store ?? storage.store, report, dryRun: !!over.dryRun, fetchRemote: !!over.fetchRemote, codeProjects: over.codeProjects });
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

  it('checks the file of a 图形化Python or 积木编程 work as that editor’s project: a good one is stored under its key, another kept aside', async () => {
    const codeProjects = new Map<string, CodeEditor>([
      ['/code/star.py', 'python'],
      ['code/square.json', 'blockly'],
      ['code/old-blockly.xml', 'blockly'],
      ['code/scratch-as-python.sb3', 'python'],
    ]);
    const { files, report } = sink({ codeProjects });
    for (const key of ['code/star.py', 'code/square.json', 'code/old-blockly.xml', 'code/scratch-as-python.sb3']) expect(await files.claim(key)).toBe(key);
    await files.flush();
    expect((await stored('code/star.py'))!.toString('utf8')).toBe(PY);
    expect((await stored('code/square.json'))!.toString('utf8')).toBe(BLOCKLY);
    // Not a project of the work's editor: kept aside (a child's work all the same) and listed with the reason.
    expect(await stored('code/old-blockly.xml')).toBeNull();
    expect(await stored('code/scratch-as-python.sb3')).toBeNull();
    expect(await stored('import-rejected/code/old-blockly.xml')).not.toBeNull();
    expect(Buffer.compare((await stored('import-rejected/code/scratch-as-python.sb3'))!, SB3)).toBe(0);
    expect(report.rejectedFiles.items.map((r) => r.key).sort()).toEqual(['code/old-blockly.xml', 'code/scratch-as-python.sb3']);
    expect(report.rejectedFiles.items.every((r) => r.reason.length > 0)).toBe(true);
    expect(report.missingFiles.total).toBe(0);
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
