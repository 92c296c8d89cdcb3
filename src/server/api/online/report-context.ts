// What the report and data-source routes share: who may design (administrators), the context a report's
// database is reached with, and the refusals of the report domain said in the envelope.
import type { Context } from 'hono';
import type { ApiEnv } from '../../context.js';
import { DataSourceError } from '../../domain/data-sources.js';
import { REPORT_LIMITS, ReadError } from '../../domain/report-runner.js';
import { ReportSqlError } from '../../domain/report-sql.js';
import type { SourceContext } from '../../domain/reports.js';
import { role } from '../access.js';
import { fail, fieldFail, type Answer } from '../envelope.js';

/** 在线报表 and 多数据源管理 design routes: a report runs SQL its designer wrote, so only administrators design. */
export const DESIGN = role('admin', 'dev');

export function sourceContext(c: Context<ApiEnv>): SourceContext {
  const d = c.get('deps');
  return {
    db: d.db,
    dialect: d.dialect,
    sqliteFile: d.sqliteFile,
    place: { dataDir: d.config.dataDir, ownFile: d.sqliteFile },
    keys: d.config.dataSourceKeys ?? {},
    limits: { ...REPORT_LIMITS, ...d.config.reportLimits },
  };
}

/** The answer to a refusal of the report domain (bad SQL, unreachable or misconfigured database); rethrows anything else. */
export function reportFailure(c: Context<ApiEnv>, err: unknown, field?: string): Answer<never> {
  if (err instanceof ReportSqlError || err instanceof ReadError || err instanceof DataSourceError) {
    return field ? fieldFail(c, field, err.message) : fail(c, err.message);
  }
  throw err;
}
