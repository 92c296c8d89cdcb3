// The machine and runtime readings: a blocked event loop shows in the delay, and the data directory's size
// counts what is in it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskInfo, runtimeInfo, startRuntimeWatch, systemInfo } from './system.js';

describe('runtime readings', () => {
  it('shows a blocked event loop in the delay', async () => {
    startRuntimeWatch();
    await expect.poll(() => runtimeInfo().eventLoop.samples).toBeGreaterThanOrEqual(3);
    const until = Date.now() + 150;
    while (Date.now() < until) {
      /* block the loop, as a slow synchronous handler would */
    }
    await expect.poll(() => runtimeInfo().eventLoop.maxMs, { timeout: 5000 }).toBeGreaterThanOrEqual(100);
    const r = runtimeInfo();
    expect(r.eventLoop.minMs).toBeLessThan(r.eventLoop.maxMs);
  });

  it('reads the CPU and memory of the machine', () => {
    const s = systemInfo();
    expect(s.cpu.usagePct).toBeGreaterThanOrEqual(0);
    expect(s.cpu.usagePct).toBeLessThanOrEqual(100);
    expect(s.memory.used + s.memory.free).toBe(s.memory.total);
  });
});

describe('disk readings', () => {
  it('counts the files under the data directory and reads its file system', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-disk-'));
    try {
      fs.mkdirSync(path.join(dir, 'files', 'a'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'xuetang.db'), Buffer.alloc(4096));
      fs.writeFileSync(path.join(dir, 'files', 'a', 'cover.png'), Buffer.alloc(1000));
      const d = await diskInfo({ dataDir: dir, storage: { kind: 'local', location: path.join(dir, 'files') }, dialect: 'sqlite', databaseBytes: 4096 });
      expect(d).toMatchObject({ storage: { kind: 'local', location: path.join(dir, 'files') }, dataDirBytes: 5096, dataDirFiles: 2, dataDirPartial: false, database: { dialect: 'sqlite', bytes: 4096 } });
      expect(d.fileSystem!.total).toBeGreaterThan(0);
      expect(d.fileSystem!.available).toBeLessThanOrEqual(d.fileSystem!.free);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
