// A teaching-open 2.8 school in a fresh MariaDB database, for the import tests (issue 21): the dump's tables
// (test/teaching-open-schema.ts) filled with a small school holding the rows an import finds hard — a deleted and
// a frozen student, a Chinese username, a student in three classes, a teacher managing a grade, a menu Xuetang
// lacks, a work whose file is gone, a broken .sb3, a work on Qiniu, a grade on a deleted work — plus, in filesDir,
// the upload files its sys_file rows and course columns name (all but the missing one).
// What the tests refer to is FIXTURE (teaching-open-fixture-data.ts), re-exported here.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FIXTURE, FIXTURE_DATA as D } from './teaching-open-fixture-data.js';
import { fixtureRows } from './teaching-open-fixture-rows.js';
import { createTeachingOpenDatabase, databaseUrl, dropDatabase, insertRows, randomDatabaseName, TEACHING_OPEN_SERVER } from './teaching-open-schema.js';
import { makePng } from './media.js';
import { demoSb3 } from '../src/server/db/seed/sb3.js';

export { FIXTURE, FIXTURE_PASSWORDS } from './teaching-open-fixture-data.js';

export interface TeachingOpenFixtureOptions {
  /** The MariaDB/MySQL server (any database in the path is ignored); default test/services.ts's. */
  serverUrl?: string;
}

export interface TeachingOpenFixture {
  /** `mysql://root@127.0.0.1:3306/to_fx_…`: what `--from` takes. */
  url: string;
  database: string;
  /** A temporary folder holding the upload files (what `--files` takes). */
  filesDir: string;
  /** Drop the database and remove filesDir. */
  drop(): Promise<void>;
}

const pdf = (title: string) => Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/** Every file of filesDir, by its key (relative path, as the rows name it). */
function fixtureFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const when = new Date('2023-10-15T07:00:00Z');
  let n = 0;
  const sb3 = (message: string) => demoSb3({ backdrop: ['#8ec5fc', '#ffd1dc', '#c1f0c1'][n % 3]!, sprite: ['#ffcc00', '#66ccff'][n++ % 2]!, message }, when);
  for (const w of Object.values(D.WORKS)) {
    if (w.content === 'sb3') files.set(w.file, sb3(w.name));
    if (w.content === 'broken') files.set(w.file, Buffer.concat([Buffer.from('\x00\x01broken'), randomBytes(3000)]));
    if (w.content === 'python') files.set(w.file, Buffer.from('import turtle\nfor i in range(5):\n    turtle.forward(100)\n    turtle.right(144)\n'));
    if (w.content === 'blockly-xml') files.set(w.file, Buffer.from('<xml xmlns="https://developers.google.com/blockly/xml"><block type="controls_repeat_ext"></block></xml>'));
    if (w.cover) files.set(w.cover, makePng(160, 120, [80, 160, 240]));
  }
  for (const u of Object.values(D.UNITS)) {
    if (u.case) files.set(u.case, sb3(`${u.name} 案例`));
    if (u.work) files.set(u.work, sb3(`${u.name} 作业`));
    for (const key of u.ppt) files.set(key, pdf(u.name));
    if (u.plan) files.set(u.plan, Buffer.from(`教案：${u.name}\n`));
    if (u.cover) files.set(u.cover, makePng(320, 180));
  }
  for (const a of Object.values(D.ADDITIONAL)) {
    if (a.workUrl) files.set(a.workUrl, sb3(a.name));
    if (a.cover) files.set(a.cover, makePng(320, 180, [255, 200, 0]));
    if (a.document) files.set(a.document, pdf(a.name));
  }
  files.set('temp/scratch-cover_1693526400456.png', makePng(400, 300, [30, 144, 255]));
  files.set('temp/scratch-map_1693526400789.png', makePng(800, 450, [200, 230, 200]));
  files.set(D.LOGO.key, makePng(64, 64, [220, 20, 60]));
  for (const a of Object.values(D.ASSETS)) files.set(a.key, a.data);
  return files;
}

/** A new database `to_fx_<random>` holding the fixture school, and its files in a new temporary folder. */
export async function createTeachingOpenFixture(opts: TeachingOpenFixtureOptions = {}): Promise<TeachingOpenFixture> {
  const server = opts.serverUrl ?? TEACHING_OPEN_SERVER;
  const database = randomDatabaseName('to_fx_');
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'to-fx-files-'));
  const drop = async () => {
    await dropDatabase(server, database);
    await fs.rm(filesDir, { recursive: true, force: true });
  };
  try {
    const conn = await createTeachingOpenDatabase(server, database);
    try {
      for (const [table, rows] of Object.entries(fixtureRows())) await insertRows(conn, table, rows);
      // The online form's own table (is_db_synch Y): what onl_cgform_head/field describe, with two records.
      await conn.query(
        `CREATE TABLE \`${FIXTURE.formTable}\` (id varchar(36) NOT NULL PRIMARY KEY, create_by varchar(50), create_time datetime,
         student_name varchar(32), award_level varchar(10), award_date date) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
      );
      await insertRows(conn, FIXTURE.formTable, [
        { id: D.hex('award:1'), create_by: 'admin', create_time: '2023-12-01 10:00:00', student_name: '孙七', award_level: '一等奖', award_date: '2023-11-25' },
        { id: D.hex('award:2'), create_by: 'admin', create_time: '2023-12-01 10:05:00', student_name: '李四', award_level: '三等奖', award_date: '2023-11-25' },
      ]);
    } finally {
      await conn.end();
    }
    for (const [key, data] of fixtureFiles()) {
      const file = path.join(filesDir, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    }
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { url: databaseUrl(server, database), database, filesDir, drop };
}
