// The teaching-open import end to end: a small teaching-open school in MariaDB (test/teaching-open-fixture.ts,
// tricky rows included) imported into a fresh Xuetang on this run's dialect, then checked through the API as its
// users would: counts, a teacher's classes, a student's works with grades and comments, a course's units and
// files, logins with the old passwords; a second run changes nothing, a dry run writes nothing, and a run that
// stops midway finishes when run again.
import { sql, type Kysely } from 'kysely';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { describeWith, mariadbService } from '../../../test/services.js';
import { connectionOptions } from '../../../test/teaching-open-schema.js';
import { createTeachingOpenFixture, FIXTURE, type TeachingOpenFixture } from '../../../test/teaching-open-fixture.js';
import { runImport, type ImportOptions } from './index.js';
import type { ImportReport } from './report.js';
import { STORAGE_UNAVAILABLE } from '../storage/index.js';

const importInto = (t: TestApp, fx: TeachingOpenFixture, extra: Partial<ImportOptions> = {}) =>
  runImport({ db: t.db, dialect: t.dialect, from: fx.url, filesDir: fx.filesDir, store: t.deps.storage, ...extra });

const table = (r: ImportReport, source: string, label?: string) => r.tables.find((x) => x.table === source && (!label || x.label === label))!;
const count = async (t: TestApp, name: 'sys_user' | 'teaching_work' | 'teaching_work_correct' | 'sys_user_depart' | 'teaching_work_comment') =>
  Number((await t.db.selectFrom(name).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describeWith(mariadbService(), 'import:teaching-open', () => {
  let fx: TeachingOpenFixture;
  beforeAll(async () => {
    fx = await createTeachingOpenFixture();
    // A table of a feature Xuetang lacks (teaching-open's unused 学生表), with a row: the report must name it.
    const conn = await mysql.createConnection(connectionOptions(fx.url));
    await conn.query("INSERT INTO teaching_student (id, user_id, grade, status) VALUES ('s1', ?, 3, 1)", [FIXTURE.users.lisi.id]);
    await conn.end();
  });
  afterAll(async () => {
    await fx?.drop();
  });

  describe.each(dialects)('into %s', (dialect) => {
    let t: TestApp;
    let report: ImportReport;
    beforeAll(async () => {
      // A fresh Xuetang as the command leaves it: system data only, then the school.
      t = await startTestApp({ dialect, demoContent: false });
      report = (await importInto(t, fx)).report;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('imports every account, class membership, work, grade and comment, ids kept', async () => {
      // Xuetang's seeded admin is teaching-open's admin from now on (matched by username).
      expect(await count(t, 'sys_user')).toBe(FIXTURE.counts.users);
      expect(await count(t, 'teaching_work')).toBe(FIXTURE.counts.works);
      expect(await count(t, 'teaching_work_correct')).toBe(FIXTURE.counts.grades);
      expect(await count(t, 'teaching_work_comment')).toBe(FIXTURE.counts.comments);
      const multi = await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', FIXTURE.users.multiClass.id).execute();
      expect(multi.map((r) => r.dep_id).sort()).toEqual([...FIXTURE.users.multiClass.classIds].sort());
      const work = await t.db.selectFrom('teaching_work').selectAll().where('id', '=', FIXTURE.works.featured.id).executeTakeFirstOrThrow();
      expect(work).toMatchObject({ work_name: FIXTURE.works.featured.name, user_id: FIXTURE.users.multiClass.id, work_status: 4, star_num: 12, view_num: 130 });
      const deleted = await t.db.selectFrom('sys_user').select(['del_flag', 'status']).where('id', '=', FIXTURE.users.deleted.id).executeTakeFirstOrThrow();
      expect(deleted).toEqual({ del_flag: 1, status: 1 });
      const frozen = await t.db.selectFrom('sys_user').select('status').where('id', '=', FIXTURE.users.frozen.id).executeTakeFirstOrThrow();
      expect(frozen.status).toBe(2);
      // The grade on a deleted work is kept with its work (only marked deleted).
      const graded = await t.db.selectFrom('teaching_work_correct').select('work_id').where('work_id', '=', FIXTURE.works.deletedGraded.id).execute();
      expect(graded).toHaveLength(1);
      const share = await t.request(`/work-detail?id=${FIXTURE.works.featured.id}`);
      expect(share.status).toBe(200);
      expect(await share.text()).toContain(FIXTURE.works.featured.name);
    });

    it('keeps the old passwords: the first login upgrades the hash, a weak one must then be changed, a wrong one is refused alike', async () => {
      const strong = FIXTURE.users.multiClass;
      const before = await t.db.selectFrom('sys_user').select(['password', 'legacy_password']).where('id', '=', strong.id).executeTakeFirstOrThrow();
      expect(before.password).toBe('');
      expect(before.legacy_password).toMatch(/^[0-9a-f]+$/);
      const wrong = await t.api('POST', '/sys/login', { body: { username: strong.username, password: 'not-the-password' } });
      const unknown = await t.api('POST', '/sys/login', { body: { username: 'nobody-here', password: 'not-the-password' } });
      expect(wrong.body.success).toBe(false);
      expect(wrong.body.message).toBe(unknown.body.message);

      const ok = await t.api('POST', '/sys/login', { body: { username: strong.username, password: strong.password } });
      expect(ok.body.success).toBe(true);
      const after = await t.db.selectFrom('sys_user').select(['password', 'legacy_password', 'salt', 'need_change_password']).where('id', '=', strong.id).executeTakeFirstOrThrow();
      expect(after.password).toMatch(/^scrypt\$/);
      expect(after).toMatchObject({ legacy_password: null, salt: null, need_change_password: 0 });
      // Once upgraded it is an ordinary password.
      expect((await t.api('POST', '/sys/login', { body: { username: strong.username, password: strong.password } })).body.success).toBe(true);

      const weak = FIXTURE.users.chinese;
      const weakLogin = await t.api('POST', '/sys/login', { body: { username: weak.username, password: weak.password } });
      expect(weakLogin.body.success).toBe(true);
      const weakRow = await t.db.selectFrom('sys_user').select('need_change_password').where('id', '=', weak.id).executeTakeFirstOrThrow();
      expect(weakRow.need_change_password).toBe(1);

      const frozen = await t.api('POST', '/sys/login', { body: { username: FIXTURE.users.frozen.username, password: FIXTURE.users.frozen.password } });
      expect(frozen.body.message).toBe('该用户已冻结');
    });

    it("shows a teacher's classes, a student's works with grades and comments, a course's units and their files", async () => {
      const teacher = await t.login(FIXTURE.users.teacher.username, FIXTURE.users.teacher.password);
      const tree = await t.api('GET', '/sys/sysDepart/queryMyDeptTreeList', { token: teacher });
      const flat = (nodes: { id: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.id, ...flat((n.children ?? []) as never)]);
      expect(flat(tree.body.result ?? [])).toEqual(expect.arrayContaining(FIXTURE.users.teacher.managedIds));

      const student = await t.login(FIXTURE.users.lisi.username, FIXTURE.users.lisi.password);
      const mine = await t.api('GET', '/teaching/teachingWork/mine?pageSize=50', { token: student });
      const course = mine.body.result.records.find((w: { id: string }) => w.id === FIXTURE.works.course.id);
      expect(course).toMatchObject({ workName: FIXTURE.works.course.name, score: 5, teacherComment: '小猫走得很流畅，继续加油！' });
      // A public work's comments, as a visitor reads them.
      const comments = await t.api('GET', `/teaching/teachingWork/getWorkComments?workId=${FIXTURE.works.featured.id}`);
      expect(comments.body.result.map((c: { comment: string }) => c.comment)).toEqual(expect.arrayContaining(['太好玩了！', '飞船是怎么做的？教教我～']));

      // The test's admin has a password set in Xuetang (ADMIN_PASSWORD): it is kept.
      const admin = await t.login('admin');
      const units = await t.api('GET', `/teaching/teachingCourseUnit/list?courseId=${FIXTURE.courses.scratch}&pageSize=50`, { token: admin });
      const names = units.body.result.records.map((u: { unitName: string }) => u.unitName);
      expect(names).toEqual(expect.arrayContaining([FIXTURE.units.lesson1.name, FIXTURE.units.lesson2.name]));
      // The unit's files were copied into the store under their keys, so the old links still open them.
      for (const key of [FIXTURE.units.lesson1.case, FIXTURE.units.lesson1.ppt[0], FIXTURE.logo.key, FIXTURE.works.featured.file]) expect(await t.deps.storage.stat(key), key).not.toBeNull();
      for (const key of [FIXTURE.units.lesson1.case, FIXTURE.units.lesson1.ppt[0], FIXTURE.logo.key]) {
        const res = await t.request(`/api/sys/common/static/${key}`, { headers: { 'X-Access-Token': admin } });
        expect(res.status, `${key}: ${res.status === 200 ? '' : await res.text()}`).toBe(200);
      }
      const project = await t.request(`/api/sys/common/static/${FIXTURE.works.featured.file}`, { headers: { 'X-Access-Token': admin } });
      expect(project.status).toBe(200);
    });

    it('reports what it could not bring: the missing file, the broken project, the Qiniu link, the menu Xuetang lacks, the unknown job', async () => {
      expect(report.missingFiles.items).toContain(FIXTURE.works.missingFile.file);
      expect(report.rejectedFiles.items.map((f) => f.key)).toContain(FIXTURE.works.brokenSb3.file);
      // A 积木编程 work's file that is not a project of that editor is kept aside too; a good Python one is stored.
      expect(report.rejectedFiles.items.map((f) => f.key)).toContain(FIXTURE.works.blocklyXml.file);
      expect(report.rejectedFiles.items.map((f) => f.key)).not.toContain(FIXTURE.works.python.file);
      expect(await t.deps.storage.stat(FIXTURE.works.python.file)).not.toBeNull();
      expect(await t.deps.storage.stat(`import-rejected/${FIXTURE.works.blocklyXml.file}`)).not.toBeNull();
      expect(report.remoteFiles.items.map((f) => f.url)).toContain(FIXTURE.works.qiniu.file);
      expect(report.unmappedMenus.items.map((m) => m.url)).toContain(FIXTURE.menus.unknown);
      expect(report.unmappedMenus.items.map((m) => m.url)).not.toContain(FIXTURE.menus.users);
      expect(Object.keys(table(report, 'sys_quartz_job').skipped).join()).toContain('学堂没有对应的内置任务');
      // The broken project is kept aside in the store, not dropped.
      expect(await t.deps.storage.stat(`import-rejected/${FIXTURE.works.brokenSb3.file}`)).not.toBeNull();
      expect(await t.deps.storage.stat(FIXTURE.works.brokenSb3.file)).toBeNull();
      const kept = await t.request(`/api/sys/common/static/import-rejected/${FIXTURE.works.brokenSb3.file}`, { headers: { 'X-Access-Token': await t.login('admin') } });
      expect(kept.status).not.toBe(404);
      // The run and its report are kept for 数据迁移.
      const runs = await t.db.selectFrom('sys_import_run').selectAll().execute();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'done', dry_run: 0 });
      expect(JSON.parse(runs[0].report).tables.length).toBe(report.tables.length);
    });

    it("brings the online forms with their tables and rows", async () => {
      const head = await t.db.selectFrom('onl_cgform_head').select(['table_name', 'is_db_synch']).where('table_name', '=', FIXTURE.formTable).executeTakeFirstOrThrow();
      expect(head.is_db_synch).toBe('Y');
      const rows = await (t.db as unknown as Kysely<Record<string, { student_name: string }>>).selectFrom(FIXTURE.formTable).select('student_name').execute();
      expect(rows.map((r) => r.student_name).sort()).toEqual(['孙七', '李四'].sort());
      expect(report.notes.join('\n')).toMatch(/未导入.*teaching_student/);
    });

    it('a second run changes nothing', async () => {
      const again = (await importInto(t, fx)).report;
      for (const x of again.tables) expect({ table: x.label, imported: x.imported, updated: x.updated }).toEqual({ table: x.label, imported: 0, updated: 0 });
      // The project kept aside is listed again (not copied again).
      expect(again.rejectedFiles.items.map((f) => f.key)).toContain(FIXTURE.works.brokenSb3.file);
      expect(await count(t, 'sys_user')).toBe(FIXTURE.counts.users);
      expect(await count(t, 'teaching_work')).toBe(FIXTURE.counts.works);
    });
  });

  describe.each(dialects)('dry run and an interrupted run, into %s', (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ dialect, demoContent: false });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a dry run reads and checks everything and writes nothing', async () => {
      const users = await count(t, 'sys_user');
      const { report, runId } = await importInto(t, fx, { dryRun: true });
      expect(runId).toBeNull();
      expect(table(report, 'teaching_work').imported).toBe(FIXTURE.counts.works);
      expect(table(report, 'sys_user_depart').skipped).toEqual({});
      expect(await count(t, 'sys_user')).toBe(users);
      expect(await count(t, 'teaching_work')).toBe(0);
      expect(await t.db.selectFrom('sys_import_run').select('id').execute()).toHaveLength(0);
    });

    it('a run stopped midway ends complete and without duplicates when run again (every table loaded in one transaction, indexes built after)', async () => {
      let seen = 0;
      const stop = (label: string, done: number) => {
        if (label === '作品' && done > 0 && ++seen === 1) throw new Error('killed');
      };
      // The works table's indexes, as the migrations made them: after the load they are all there again.
      const indexes = async () =>
        t.dialect === 'sqlite'
          ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'teaching_work' AND sql IS NOT NULL ORDER BY name`.execute(t.db)).rows.map((r) => r.name)
          : (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'teaching_work' AND indexname NOT LIKE '%_pkey' ORDER BY indexname`.execute(t.db)).rows.map((r) => r.name);
      const before = await indexes();
      expect(before.length).toBeGreaterThan(5);
      await expect(importInto(t, fx, { onProgress: stop, bulkRows: 1 })).rejects.toThrow('killed');
      const failed = await t.db.selectFrom('sys_import_run').select('status').executeTakeFirstOrThrow();
      expect(failed.status).toBe('failed');
      expect(await count(t, 'teaching_work_correct')).toBe(0);

      const { report } = await importInto(t, fx, { bulkRows: 1 });
      expect(await count(t, 'sys_user')).toBe(FIXTURE.counts.users);
      expect(await count(t, 'teaching_work')).toBe(FIXTURE.counts.works);
      expect(await count(t, 'teaching_work_correct')).toBe(FIXTURE.counts.grades);
      expect(table(report, 'sys_user').imported).toBe(0);
      expect(await indexes()).toEqual(before);
    });

    it('stops with the store\'s error when the file store does not answer (nothing counted missing), and says so in the run', async () => {
      const down = new Proxy(t.deps.storage, {
        get: (o, k) => (k === 'stat' || k === 'put' ? () => Promise.reject(new Error(STORAGE_UNAVAILABLE)) : Reflect.get(o, k)),
      });
      await expect(importInto(t, fx, { store: down })).rejects.toThrow(STORAGE_UNAVAILABLE);
      const runs = await t.db.selectFrom('sys_import_run').select(['status', 'message']).execute();
      expect(runs).toContainEqual({ status: 'failed', message: STORAGE_UNAVAILABLE });
    });
  });
});
