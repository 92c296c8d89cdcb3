// 数据迁移 API (/sys/importRun/*): the runs of the teaching-open import with their totals, newest first, filtered by
// status; one run's whole report; an unknown id; teachers and students refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { emptyReport } from '../../importer/report.js';
import { sampleReport } from '../../importer/report.test-kit.js';

describe.each(dialects)('数据迁移 API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let student: string;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
    const report = JSON.stringify(sampleReport());
    const failed = { ...sampleReport(), tables: sampleReport().tables.slice(0, 1) };
    await t.db
      .insertInto('sys_import_run')
      .values([
        { id: 'run-old', source: 'mysql://root@old.example:3306/to', files_dir: '/srv/upload', dry_run: 0, status: 'done', started_at: '2026-11-01 09:00:00', finished_at: '2026-11-01 09:05:00', report },
        { id: 'run-failed', source: 'mysql://root@db.school.example:3306/teachingopen', files_dir: null, dry_run: 0, status: 'failed', started_at: '2026-11-20 10:00:00', finished_at: '2026-11-20 10:01:00', report: JSON.stringify(failed), message: '连接源数据库失败' },
        { id: 'run-now', source: 'mysql://root@db.school.example:3306/teachingopen', files_dir: '/srv/upload', dry_run: 0, status: 'running', started_at: '2026-12-01 08:00:00', report: JSON.stringify(emptyReport('x', false)) },
      ])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the runs newest first with their totals over every table and the sizes of the report lists', async () => {
    const res = await t.api('GET', '/sys/importRun/list', { token: admin });
    expect(res.body.success, res.body.message).toBe(true);
    expectPage(res.body.result, 10, 1);
    expect(res.body.result.records.map((r: { id: string }) => r.id)).toEqual(['run-now', 'run-failed', 'run-old']);
    const old = res.body.result.records[2];
    expect(old).toEqual({
      id: 'run-old', source: 'mysql://root@old.example:3306/to', filesDir: '/srv/upload', dryRun: false, status: 'done',
      startedAt: '2026-11-01 09:00:00', finishedAt: '2026-11-01 09:05:00', message: null,
      read: 160, imported: 130, updated: 25, skipped: 3, missingFiles: 2, rejectedFiles: 1, remoteFiles: 1, unmappedMenus: 1,
    });
    expect(res.body.result.records[1]).toMatchObject({ status: 'failed', message: '连接源数据库失败', read: 120, imported: 100 });
    expect(res.body.result.records[0]).toMatchObject({ status: 'running', read: 0, missingFiles: 0, finishedAt: null });
    // The whole report stays out of the list.
    expect(old.report).toBeUndefined();
  });

  it('filters by status and refuses an unknown one', async () => {
    const res = await t.api('GET', '/sys/importRun/list?status=failed', { token: admin });
    expect(res.body.result.records.map((r: { id: string }) => r.id)).toEqual(['run-failed']);
    const oldest = await t.api('GET', '/sys/importRun/list?column=startedAt&order=asc&pageSize=1', { token: admin });
    expect(oldest.body.result.records.map((r: { id: string }) => r.id)).toEqual(['run-old']);
    expect(oldest.body.result.total).toBe(3);
    expectFailure(await t.api('GET', '/sys/importRun/list?status=deleted', { token: admin }), '状态不正确', { status: 400, code: 400 });
  });

  it('answers one run with its whole report', async () => {
    const res = await t.api('GET', '/sys/importRun/queryById?id=run-old', { token: admin });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result).toMatchObject({ id: 'run-old', status: 'done', read: 160 });
    expect(res.body.result.report).toEqual(sampleReport());
  });

  it('says so for an unknown or missing id', async () => {
    expectFailure(await t.api('GET', '/sys/importRun/queryById?id=nope', { token: admin }), '未找到该导入记录');
    expectFailure(await t.api('GET', '/sys/importRun/queryById', { token: admin }), '请指定导入记录', { status: 400, code: 400 });
  });

  it('refuses teachers and students, even when the menu is granted to their role', async () => {
    for (const token of [teacher, student]) {
      expectNoPermission(await t.api('GET', '/sys/importRun/list', { token }));
      expectNoPermission(await t.api('GET', '/sys/importRun/queryById?id=run-old', { token }));
    }
    // Menu data cannot open an admin-only code to another role.
    const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('sys_permission').select('id').where((eb) => eb.or([eb('url', '=', '/system/dataImport'), eb('perms', '=', 'importRun:view')])).execute();
    expect(rows).toHaveLength(2);
    await t.db.insertInto('sys_role_permission').values(rows.map((p, i) => ({ id: `rp-import-${i}`, role_id: role.id, permission_id: p.id }))).execute();
    expectNoPermission(await t.api('GET', '/sys/importRun/list', { token: teacher }));
    await t.db.deleteFrom('sys_role_permission').where('id', 'in', ['rp-import-0', 'rp-import-1']).execute();
  });
});
