// The teaching-open fixture builds what the import tests rely on: the tables, the tricky rows, real legacy
// password values and the upload files (all but the deliberately missing one); drop() leaves nothing behind.
import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyLegacyPassword } from '../src/server/domain/legacy-password.js';
import { describeWith, mariadbService } from './services.js';
import { createTeachingOpenFixture, FIXTURE, FIXTURE_PASSWORDS, type TeachingOpenFixture } from './teaching-open-fixture.js';
import { connectionOptions } from './teaching-open-schema.js';

describeWith(mariadbService(), 'teaching-open fixture', () => {
  let fx: TeachingOpenFixture;
  let conn: mysql.Connection;
  const rows = async (sql: string, params: unknown[] = []) => (await conn.query(sql, params))[0] as Record<string, unknown>[];
  const count = async (table: string) => Number((await rows(`SELECT COUNT(*) AS n FROM \`${table}\``))[0]!.n);

  beforeAll(async () => {
    fx = await createTeachingOpenFixture();
    conn = await mysql.createConnection(connectionOptions(fx.url));
  });
  afterAll(async () => {
    await conn?.end();
    await fx?.drop();
  });

  it('creates the teaching-open tables and the school', async () => {
    expect(fx.database).toMatch(/^to_fx_[0-9a-f]{12}$/);
    expect(fx.url).toBe(`mysql://root@127.0.0.1:3306/${fx.database}`);
    const tables = (await rows('SHOW TABLES')).map((r) => Object.values(r)[0]);
    expect(tables).toHaveLength(53 + 1); // the dump's 53 and the online form's own table
    expect(await count('sys_user')).toBe(FIXTURE.counts.users);
    expect(await count('sys_depart')).toBe(FIXTURE.counts.departs);
    expect(await count('teaching_work')).toBe(FIXTURE.counts.works);
    expect(await count('teaching_work_correct')).toBe(FIXTURE.counts.grades);
    expect(await count('teaching_work_comment')).toBe(FIXTURE.counts.comments);
    expect(await count(FIXTURE.formTable)).toBe(2);
    const [students] = await rows('SELECT COUNT(*) AS n FROM sys_user_role WHERE role_id = ?', [FIXTURE.roles.student.id]);
    expect(Number(students!.n)).toBe(FIXTURE.counts.students);
    const memberships = await rows('SELECT dep_id FROM sys_user_depart WHERE user_id = ?', [FIXTURE.users.multiClass.id]);
    expect(memberships).toHaveLength(3);
    const [deleted] = await rows('SELECT del_flag, status FROM sys_user WHERE id = ?', [FIXTURE.users.deleted.id]);
    expect(deleted).toEqual({ del_flag: 1, status: 1 });
    const [chinese] = await rows('SELECT username FROM sys_user WHERE id = ?', [FIXTURE.users.chinese.id]);
    expect(chinese!.username).toBe('张小明');
  });

  it('stores teaching-open password values that the plain passwords verify', async () => {
    for (const u of [FIXTURE.users.admin, FIXTURE.users.teacher, FIXTURE.users.chinese]) {
      const [r] = await rows('SELECT username, password, salt FROM sys_user WHERE id = ?', [u.id]);
      expect(r!.password).toMatch(/^[0-9a-f]{16,}$/);
      expect(verifyLegacyPassword(u.password, String(r!.username), String(r!.salt), String(r!.password))).toBe(true);
      expect(verifyLegacyPassword('wrong-password', String(r!.username), String(r!.salt), String(r!.password))).toBe(false);
    }
    expect(FIXTURE.users.teacher.password).toBe(FIXTURE_PASSWORDS.weak);
    expect(FIXTURE.users.admin.password).toBe(FIXTURE_PASSWORDS.strong);
  });

  it('writes the upload files the rows name, except the missing one', async () => {
    const files = await rows('SELECT id, file_path, file_location FROM sys_file');
    const local = files.filter((f) => f.file_location === 1).map((f) => String(f.file_path));
    const present = local.filter((p) => fs.existsSync(path.join(fx.filesDir, p)));
    expect(local.filter((p) => !present.includes(p))).toEqual([FIXTURE.works.missingFile.file]);
    expect(files.find((f) => f.id === FIXTURE.works.qiniu.fileId)!.file_path).toBe('https://cdn.example.com/project3/x.sb3');
    const sb3 = fs.readFileSync(path.join(fx.filesDir, FIXTURE.works.free.file));
    expect(sb3.subarray(0, 2).toString()).toBe('PK');
    expect(fs.readFileSync(path.join(fx.filesDir, FIXTURE.works.brokenSb3.file)).subarray(0, 2).toString()).not.toBe('PK');
    for (const key of [...FIXTURE.units.lesson1.ppt, FIXTURE.units.lesson1.case, FIXTURE.assets.sound.key, FIXTURE.logo.key]) {
      expect(fs.existsSync(path.join(fx.filesDir, key)), key).toBe(true);
    }
  });

  it('drop() removes the database and the files', async () => {
    await fx.drop();
    expect(fs.existsSync(fx.filesDir)).toBe(false);
    expect(await rows('SHOW DATABASES LIKE ?', [fx.database])).toEqual([]);
  });
});
