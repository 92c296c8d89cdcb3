// One run of the teaching-open import (npm run import:teaching-open): opens the source, runs every table plan in
// order, copies the files the rows name, and keeps the run and its report in sys_import_run (数据迁移), written as
// the run goes so a run that stops midway shows where it stopped. Ids are kept, so links, QR codes and share
// URLs printed by the old system still open the same work.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { newId } from '../domain/ids.js';
import { now } from '../domain/time.js';
import { createContext, isStep, runPlan, type ImportStep, type TablePlan } from './engine.js';
import { createFileSink } from './files.js';
import type { FileStore } from '../storage/index.js';
import { emptyReport, type ImportReport } from './report.js';
import { openSource, parseSourceUrl, type Source } from './source.js';
import { TABLE_PLANS } from './tables.js';
import { CODE_WORK_TYPES, codeEditorOf, type CodeEditor } from '../shared/code-projects.js';

export interface ImportOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  /** mysql://USER:PASS@HOST:PORT/DB */
  from: string;
  /** teaching-open's upload folder (jeecg.path.upload). */
  filesDir?: string;
  /** Xuetang's file store (the local folder or a bucket), which the files are copied into. */
  store: FileStore;
  dryRun?: boolean;
  fetchRemote?: boolean;
  /** Called as rows are read: a progress bar per table on a terminal. */
  onProgress?: (label: string, done: number, total: number) => void;
  /** From how many rows an empty table is loaded in one transaction, indexes built after (default 20 000). */
  bulkRows?: number;
  /** Only these plans (tests of a single table); default every table. */
  plans?: readonly (TablePlan | ImportStep)[];
}

export interface ImportResult {
  runId: string | null;
  report: ImportReport;
}

/** teaching-open's own machinery (Quartz, JeecgBoot's demo tables) and the logs are not a school's data. */
const NOT_SCHOOL_DATA = /^(qrtz_|jeecg_|sys_log$|sys_data_log$)/;

/** A note naming the tables with rows that nothing read (features Xuetang does not have), so nothing goes unnoticed. */
async function noteTablesLeft(source: Source, plans: readonly (TablePlan | ImportStep)[], report: ImportReport, memo: Map<string, unknown>): Promise<void> {
  const read = new Set(plans.filter((p): p is TablePlan => !isStep(p)).map((p) => p.source));
  for (const f of (memo.get('cgform-tables') as { sourceTable: string }[] | undefined) ?? []) read.add(f.sourceTable.toLowerCase());
  const left: string[] = [];
  for (const table of await source.tables()) {
    if (read.has(table) || NOT_SCHOOL_DATA.test(table)) continue;
    const n = await source.count(table);
    if (n > 0) left.push(`${table}（${n} 行）`);
  }
  if (left.length) report.notes.push(`以下表的数据未导入（学堂没有对应的功能）：${left.join('、')}。`);
}

/**
 * The files of the school's 图形化Python and 积木编程 works (sys_file paths, by the works' work_file ids) and their
 * editor, so the files step checks them as projects of that editor before any row names them.
 */
async function codeProjectFiles(source: Source): Promise<Map<string, CodeEditor>> {
  const out = new Map<string, CodeEditor>();
  if (!(await source.columns('teaching_work'))?.includes('work_file') || !(await source.columns('sys_file'))) return out;
  const works = await source.rowsWhere('teaching_work', ['work_type', 'work_file'], 'work_type', Object.values(CODE_WORK_TYPES));
  const editorOfFile = new Map<string, CodeEditor>();
  for (const w of works) {
    const editor = codeEditorOf(w.work_type as string);
    if (editor && w.work_file) editorOfFile.set(String(w.work_file), editor);
  }
  const ids = [...editorOfFile.keys()];
  for (let i = 0; i < ids.length; i += 1000) {
    for (const f of await source.rowsWhere('sys_file', ['id', 'file_path'], 'id', ids.slice(i, i + 1000))) {
      if (f.file_path) out.set(String(f.file_path), editorOfFile.get(String(f.id))!);
    }
  }
  return out;
}

export async function runImport(opts: ImportOptions): Promise<ImportResult> {
  const label = parseSourceUrl(opts.from).label;
  const dryRun = !!opts.dryRun;
  const report = emptyReport(label, dryRun);
  const source = await openSource(opts.from);
  const codeProjects = await codeProjectFiles(source).catch(async (err: unknown) => {
    await source.close();
    throw err;
  });
  // A dry run writes nothing, its own record included.
  const runId = dryRun ? null : newId();
  const save = async (status: 'running' | 'done' | 'failed', message?: string) => {
    if (!runId) return;
    const values = { status, report: JSON.stringify(report), message: message ?? null, finished_at: status === 'running' ? null : now() };
    await opts.db.updateTable('sys_import_run').set(values).where('id', '=', runId).execute();
  };
  if (runId) {
    await opts.db
      .insertInto('sys_import_run')
      .values({ id: runId, source: label, files_dir: opts.filesDir ?? null, dry_run: 0, status: 'running', started_at: now(), report: JSON.stringify(report) })
      .execute();
  }
  // A big school is millions of rows into tables with many indexes: SQLite's page cache is raised for the run (256 MB;
  // the default 2 MB makes every secondary index a disk walk), then set back.
  if (opts.dialect === 'sqlite') await sql`PRAGMA cache_size = -262144`.execute(opts.db);
  const files = createFileSink({ from: opts.filesDir, store: opts.store, report, dryRun, fetchRemote: !!opts.fetchRemote, codeProjects });
  const ctx = createContext({ db: opts.db, dialect: opts.dialect, dryRun, report, files, bulkRows: opts.bulkRows });
  try {
    for (const plan of opts.plans ?? TABLE_PLANS) {
      const progress = (label: string, done: number, total: number) => opts.onProgress?.(label, done, total);
      const done = isStep(plan) ? await plan.run(ctx, source, progress) : [await runPlan(ctx, source, plan, (n, total) => progress(plan.label, n, total))];
      await files.flush();
      report.tables.push(...done);
      await save('running');
    }
    await noteTablesLeft(source, opts.plans ?? TABLE_PLANS, report, ctx.memo);
    await save('done');
    return { runId, report };
  } catch (err) {
    await files.flush().catch(() => undefined);
    await save('failed', (err as Error).message).catch(() => undefined);
    throw err;
  } finally {
    await source.close();
    if (opts.dialect === 'sqlite') await sql`PRAGMA cache_size = -2000`.execute(opts.db);
  }
}
