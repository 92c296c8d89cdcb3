// 数据迁移 API: the runs of `npm run import:teaching-open` (sys_import_run, written by src/server/importer/) and
// their reports. Administrators only; read-only.
//
//   GET /sys/importRun/list        paged, newest first; status, source, startedAt_begin/_end; each run's totals
//                                  (read/imported/updated/skipped over every table) and the sizes of its lists
//   GET /sys/importRun/queryById   ?id=   the run with its whole report
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ImportRunDetail, ImportRunRecord, ImportRunReport } from '../../contracts/import-runs.js';
import { importRunApi } from '../../contracts/import-runs.js';
import { emptyReport, type ImportReport } from '../../importer/report.js';
import { IMPORT_RUN_CODE, IMPORT_RUN_STATUSES, importRunFields, importRunsList } from '../../resources/import-runs.js';
import { adminOnly, type ApiRoutes } from '../access.js';
import { fail, ok } from '../envelope.js';
import { pagedList } from '../list-query.js';

const ADMIN = adminOnly(IMPORT_RUN_CODE);

type RunRow = Selectable<Database['sys_import_run']>;

const listFields = importRunFields.fieldMap(['startedAt', 'finishedAt', 'source', 'status']);
const STATUSES = new Set<string>(IMPORT_RUN_STATUSES.map((s) => s.value));

/** The kept report; a run whose report cannot be read shows an empty one rather than failing the list. */
function reportOf(row: RunRow): ImportRunReport {
  // The importer's type is the contract's: this assignment fails to compile when they part.
  let report: ImportReport;
  try {
    report = { ...emptyReport(row.source, row.dry_run === 1), ...(JSON.parse(row.report) as Partial<ImportReport>) };
  } catch {
    report = emptyReport(row.source, row.dry_run === 1);
  }
  return report;
}

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

function toRecord(row: RunRow, report = reportOf(row)): ImportRunRecord {
  const total = (pick: (t: ImportRunReport['tables'][number]) => number) => report.tables.reduce((n, t) => n + pick(t), 0);
  return {
    id: row.id,
    source: row.source,
    filesDir: row.files_dir ?? null,
    dryRun: row.dry_run === 1,
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at ?? null,
    message: row.message ?? null,
    read: total((t) => t.read),
    imported: total((t) => t.imported),
    updated: total((t) => t.updated),
    skipped: total((t) => sum(t.skipped)),
    missingFiles: report.missingFiles.total,
    rejectedFiles: report.rejectedFiles.total,
    remoteFiles: report.remoteFiles.total,
    unmappedMenus: report.unmappedMenus.total,
  };
}

export function registerImportRunRoutes(r: ApiRoutes) {
  r.at(importRunApi.list, ADMIN, (c) => {
    const status = c.req.query('status');
    if (status && !STATUSES.has(status)) return fail(c, '状态不正确', 400, 400);
    return pagedList(c, {
      spec: importRunsList,
      fields: listFields,
      base: c.get('deps').db.selectFrom('sys_import_run'),
      select: (qb) => qb.selectAll(),
      toRecord: (row: RunRow) => toRecord(row),
      tieBreak: 'id',
    });
  });

  r.at(importRunApi.queryById, ADMIN, async (c) => {
    const id = (c.req.query('id') ?? '').trim();
    if (!id) return fail(c, '请指定导入记录', 400, 400);
    const row = await c.get('deps').db.selectFrom('sys_import_run').selectAll().where('id', '=', id.slice(0, 64)).executeTakeFirst();
    if (!row) return fail(c, '未找到该导入记录');
    const report = reportOf(row);
    const detail: ImportRunDetail = { ...toRecord(row, report), report };
    return ok(c, detail, '操作成功！', 200);
  });
}
