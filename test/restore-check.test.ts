// scripts/restore-check.mjs (docs/deploy.md "Restoring from a backup"): a backup of a running school (the 数据库备份
// job's VACUUM INTO copy) and its files folder restore into a fresh folder, the server starts on it and answers;
// a restore without the files folder is reported (the works' files are missing), not passed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

const run = promisify(execFile);
let t: TestApp;
let backup: string;

beforeAll(async () => {
  t = await startTestApp({ dialect: 'sqlite' });
  backup = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-backup-')), 'xuetang-20260101-030000.db');
  await sql`VACUUM INTO ${backup}`.execute(t.db);
});
afterAll(async () => {
  await t?.close();
  if (backup) fs.rmSync(path.dirname(backup), { recursive: true, force: true });
});

const check = (...args: string[]) =>
  run(process.execPath, ['scripts/restore-check.mjs', '--backup', backup, ...args], { timeout: 150_000 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

it('restores a backup and its files into a fresh folder, starts on it and checks it', async () => {
  const r = await check('--files', t.filesDir);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  expect(r.out).toMatch(/database: integrity ok; \d+ users, \d+ works/);
  expect(r.out).toMatch(/files: all \d+ work files and covers are there/);
  expect(r.out).toMatch(/server: ready on .* \(database ok, files ok\)/);
  expect(r.out).toMatch(/public works list answers \([1-9]\d* public works\)/);
}, 160_000);

it('reports a restore whose files are missing', async () => {
  const r = await check();
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/PROBLEM: \d+ of \d+ work files and covers are missing/);
}, 160_000);
