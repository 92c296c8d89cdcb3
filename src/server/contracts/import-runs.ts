// 数据迁移 (/sys/importRun): the runs of `npm run import:teaching-open` kept in sys_import_run, newest first, and
// one run's whole report. Read-only: a run is written by the importer, never through the API.
import type { Page } from './shapes.js';
import { GET } from './endpoint.js';

/** One table's counts (the importer's TableReport, importer/report.ts; the API checks the two agree). */
export interface ImportTableReport {
  table: string;
  label: string;
  read: number;
  imported: number;
  updated: number;
  unchanged: number;
  /** reason → rows skipped for it. */
  skipped: Record<string, number>;
  /** reason → the first rows skipped for it. */
  examples: Record<string, string[]>;
  /** The source has no such table (an older teaching-open). */
  absent?: boolean;
  seconds: number;
}

/** A list the report keeps the first entries of, with how many there were. */
export interface ImportCappedList<T> {
  items: T[];
  total: number;
}

/** What a run did (the importer's ImportReport). */
export interface ImportRunReport {
  source: string;
  dryRun: boolean;
  tables: ImportTableReport[];
  missingFiles: ImportCappedList<string>;
  rejectedFiles: ImportCappedList<{ key: string; reason: string; keptAs: string }>;
  remoteFiles: ImportCappedList<{ url: string; fetched: boolean }>;
  unmappedMenus: ImportCappedList<{ name: string; url: string; perms: string }>;
  notes: string[];
}

export type ImportRunStatus = 'running' | 'done' | 'failed';

/** A run as the list shows it: its totals over every table and the sizes of the report's lists. */
export interface ImportRunRecord extends Record<string, unknown> {
  id: string;
  source: string;
  filesDir: string | null;
  dryRun: boolean;
  status: ImportRunStatus;
  startedAt: string;
  finishedAt: string | null;
  message: string | null;
  read: number;
  imported: number;
  updated: number;
  skipped: number;
  missingFiles: number;
  rejectedFiles: number;
  remoteFiles: number;
  unmappedMenus: number;
}

/** A run with its whole report. */
export interface ImportRunDetail extends ImportRunRecord {
  report: ImportRunReport;
}

export const importRunApi = {
  list: GET<Page<ImportRunRecord>>('/sys/importRun/list'),
  queryById: GET<ImportRunDetail, { id: string }>('/sys/importRun/queryById'),
};
