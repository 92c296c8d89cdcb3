#!/usr/bin/env node
/* global fetch */
// Restores a backup into a fresh data folder and starts Xuetang on it: the proof that a backup can be restored
// (docs/deploy.md "Restoring from a backup"). Run it after every change to the backup routine, and now and then on
// the newest backup.
//   node scripts/restore-check.mjs --backup DATA_DIR/backups/xuetang-20260101-030000.db [--files DATA_DIR/files]
//                                  [--to /srv/xuetang-restored] [--port 8899]
// Steps: copy the SQLite backup (the 数据库备份 job's file) to <to>/xuetang.db and the files folder to <to>/files;
// check the database (PRAGMA integrity_check) and count its users, works and files; start the server on the folder
// (dist/server.mjs, or the sources through tsx when there is no build) and wait for /readyz; check that every work
// file and cover the database names is in the files folder; stop the server. Without --to the folder is a
// temporary one, removed at the end; with --to it stays, ready to serve (point DATA_DIR at it).
// Exit status 0 when everything checks out, 1 otherwise (each problem is printed).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const backup = opt('backup');
const files = opt('files');
if (!backup || !fs.existsSync(backup)) {
  console.error('usage: node scripts/restore-check.mjs --backup <xuetang-….db> [--files <files folder>] [--to <folder>] [--port <n>]');
  process.exit(2);
}
const keep = !!opt('to');
const dir = keep ? path.resolve(opt('to')) : fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-restore-'));
if (keep && fs.existsSync(path.join(dir, 'xuetang.db'))) {
  console.error(`${dir} already holds a database: restore into an empty folder`);
  process.exit(2);
}
const problems = [];
const say = (line) => console.log(`[restore-check] ${line}`);

// 1. The copy.
fs.mkdirSync(path.join(dir, 'files'), { recursive: true });
fs.copyFileSync(backup, path.join(dir, 'xuetang.db'));
if (files) fs.cpSync(files, path.join(dir, 'files'), { recursive: true });
say(`restored ${backup}${files ? ` and ${files}` : ''} into ${dir}`);

// 2. The database itself.
const counts = {};
const referenced = [];
{
  const db = new Database(path.join(dir, 'xuetang.db'), { readonly: true });
  const integrity = db.prepare('PRAGMA integrity_check').pluck().get();
  if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
  for (const table of ['sys_user', 'teaching_work', 'sys_file']) counts[table] = db.prepare(`select count(*) from ${table}`).pluck().get();
  // The stored names of every live work's file and cover (sys_file ids → keys).
  const rows = db
    .prepare(
      `select f.file_path as key from teaching_work w join sys_file f on f.id in (w.work_file, w.work_cover) where w.del_flag = 0`,
    )
    .all();
  for (const r of rows) if (r.key) referenced.push(r.key);
  db.close();
  say(`database: integrity ${integrity}; ${counts.sys_user} users, ${counts.teaching_work} works, ${counts.sys_file} files`);
}

// 3. The files the works name.
const missing = referenced.filter((key) => !fs.existsSync(path.join(dir, 'files', key)));
if (missing.length) problems.push(`${missing.length} of ${referenced.length} work files and covers are missing from the files folder (first: ${missing[0]})`);
else say(`files: all ${referenced.length} work files and covers are there`);

// 4. The server on the restored folder.
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const port = Number(opt('port')) || (await freePort());
const built = fs.existsSync('dist/server.mjs');
const [cmd, argv] = built ? [process.execPath, ['dist/server.mjs']] : [process.execPath, ['--import', 'tsx', 'src/server/main.ts']];
const child = spawn(cmd, argv, {
  env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', STORAGE_URL: '', LOG_LEVEL: 'error' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
let ready = null;
for (let i = 0; i < 1200 && child.exitCode === null; i++) {
  try {
    const res = await fetch(`${base}/readyz`);
    if (res.ok) {
      ready = await res.json();
      break;
    }
  } catch {
    /* not up yet */
  }
  await new Promise((r) => setTimeout(r, 100));
}
if (!ready) problems.push(child.exitCode === null ? 'the server did not become ready within 2 minutes' : `the server exited (${child.exitCode}) instead of starting`);
else {
  say(`server: ready on ${base} (${Object.entries(ready.checks).map(([k, v]) => `${k} ${v}`).join(', ')}) — ${built ? 'dist/server.mjs' : 'sources'}`);
  // The public gallery reads the restored works.
  const list = await fetch(`${base}/api/teaching/teachingWork/leaderboard?pageNo=1&pageSize=1`).then((r) => r.json()).catch(() => null);
  if (!list?.success) problems.push(`the public works list did not answer: ${list?.message ?? 'no JSON'}`);
  else say(`server: public works list answers (${list.result?.total ?? 0} public works)`);
}
const exited = new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
child.kill('SIGTERM');
await exited;

if (!keep) fs.rmSync(dir, { recursive: true, force: true });
if (problems.length) {
  for (const p of problems) console.error(`[restore-check] PROBLEM: ${p}`);
  process.exit(1);
}
say(keep ? `restored and checked: start Xuetang with DATA_DIR=${dir}` : 'restored, started and checked (temporary folder removed)');
