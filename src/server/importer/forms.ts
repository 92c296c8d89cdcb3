// Online forms (在线表单开发) come with their data. Xuetang keeps every form's table in its own namespace (cg_…,
// domain/cgform-names.ts), so a teaching-open form whose table is named otherwise is renamed cg_<name> (its id, which
// menus and links name, stays) and the report says so. After the definitions, each form teaching-open had synced
// gets its table made from the definition exactly as 同步数据库 makes it (domain/cgform-ddl.ts), and its rows are
// copied by the same engine as every other table.
import { tableNameProblem } from '../domain/cgform-names.js';
import { ddlOf, loadCgform } from '../domain/cgforms.js';
import { syncTable } from '../domain/cgform-ddl.js';
import { forgetColumns, runPlan, type ImportContext, type ImportStep, type TablePlan, type TargetTable } from './engine.js';
import { newTableReport, type TableReport } from './report.js';
import type { Source } from './source.js';

const MEMO = 'cgform-tables';
interface FormTable {
  headId: string;
  label: string;
  sourceTable: string;
  table: string;
  synced: boolean;
}

const formTables = (ctx: ImportContext) => {
  let list = ctx.memo.get(MEMO) as FormTable[] | undefined;
  if (!list) ctx.memo.set(MEMO, (list = []));
  return list;
};

export const cgformHeadPlan: TablePlan = {
  source: 'onl_cgform_head',
  target: 'onl_cgform_head',
  label: '在线表单',
  natural: ['table_name'],
  map(row, src, ctx) {
    const name = String(src.table_name ?? '').toLowerCase();
    let table = name;
    if (tableNameProblem(table)) table = `cg_${name}`;
    const problem = tableNameProblem(table);
    if (problem) return { skip: `表名不能用于学堂的在线表单（${problem}）` };
    if (table !== name) ctx.report.notes.push(`在线表单“${String(src.table_txt ?? name)}”的表 ${name} 在学堂中名为 ${table}。`);
    row.table_name = table;
    formTables(ctx).push({ headId: String(src.id), label: String(src.table_txt ?? table), sourceTable: String(src.table_name), table, synced: String(src.is_db_synch) === 'Y' });
    return row;
  },
};

/** Each synced form's table, made from its definition, and its rows. */
export const cgformDataStep: ImportStep = {
  label: '在线表单数据',
  async run(ctx: ImportContext, source: Source, onProgress): Promise<TableReport[]> {
    const out: TableReport[] = [];
    for (const f of formTables(ctx)) {
      if (!f.synced) continue;
      const label = `在线表单数据：${f.label}`;
      if (!(await source.columns(f.sourceTable))) {
        out.push({ ...newTableReport(f.sourceTable, label), absent: true });
        continue;
      }
      if (ctx.dryRun) {
        // The table does not exist until the definition is synced, which a dry run does not do: its rows are only counted.
        const t = newTableReport(f.sourceTable, label);
        t.read = await source.count(f.sourceTable);
        t.imported = t.read;
        out.push(t);
        continue;
      }
      const form = await loadCgform(ctx.db, ctx.mapId('onl_cgform_head', f.headId));
      if (!form) continue;
      await syncTable(ctx.db, ctx.dialect, ddlOf(form), 'normal');
      await ctx.db.updateTable('onl_cgform_head').set({ is_db_synch: 'Y' }).where('id', '=', form.head.id).execute();
      forgetColumns(ctx.db);
      const plan: TablePlan = { source: f.sourceTable, target: f.table as TargetTable, label };
      out.push(await runPlan(ctx, source, plan, (done, total) => onProgress(label, done, total)));
    }
    return out;
  },
};
