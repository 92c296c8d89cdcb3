// What a run did, table by table, in the words an administrator reads on 数据迁移 and in the terminal.
// Lists (missing files, unmapped menus …) keep their first LIST_CAP entries and count the rest, so a report of a
// million works stays small.
const LIST_CAP = 200;

export interface TableReport {
  /** The teaching-open table read. */
  table: string;
  /** Its Chinese name. */
  label: string;
  read: number;
  imported: number;
  updated: number;
  unchanged: number;
  /** reason → how many rows were skipped for it. */
  skipped: Record<string, number>;
  /** reason → the first few rows skipped for it (their id or name). */
  examples: Record<string, string[]>;
  /** The table does not exist in the source (an older teaching-open). */
  absent?: boolean;
  seconds: number;
}

export interface CappedList<T> {
  items: T[];
  total: number;
}

export interface ImportReport {
  source: string;
  dryRun: boolean;
  tables: TableReport[];
  /** Files the database names that were not in --files (their keys). */
  missingFiles: CappedList<string>;
  /** Project files that failed the checks of an upload: kept aside under import-rejected/, never dropped. */
  rejectedFiles: CappedList<{ key: string; reason: string; keptAs: string }>;
  /** Absolute http(s) addresses left as links (or fetched with --fetch-remote). */
  remoteFiles: CappedList<{ url: string; fetched: boolean }>;
  /** teaching-open menu entries and buttons Xuetang has no counterpart for: their grants were not given. */
  unmappedMenus: CappedList<{ name: string; url: string; perms: string }>;
  /** Anything else worth reading: jobs not mapped, dictionaries kept … */
  notes: string[];
}

export function emptyReport(source: string, dryRun: boolean): ImportReport {
  const list = () => ({ items: [], total: 0 });
  return { source, dryRun, tables: [], missingFiles: list(), rejectedFiles: list(), remoteFiles: list(), unmappedMenus: list(), notes: [] };
}

export function pushCapped<T>(list: CappedList<T>, item: T): void {
  list.total++;
  if (list.items.length < LIST_CAP) list.items.push(item);
}

export function newTableReport(table: string, label: string): TableReport {
  return { table, label, read: 0, imported: 0, updated: 0, unchanged: 0, skipped: {}, examples: {}, seconds: 0 };
}

export function skip(t: TableReport, reason: string, example: string): void {
  t.skipped[reason] = (t.skipped[reason] ?? 0) + 1;
  const ex = (t.examples[reason] ??= []);
  if (ex.length < 5) ex.push(example);
}

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

/** The report as the terminal prints it (and the screen shows under 报告). */
export function reportText(r: ImportReport): string {
  const out: string[] = [];
  out.push(`${r.dryRun ? '试运行（未写入任何数据）' : '导入'}：${r.source}`);
  out.push('');
  out.push('表 | 读取 | 新增 | 更新 | 未变 | 跳过');
  for (const t of r.tables) {
    if (t.absent) {
      out.push(`${t.label}（${t.table}）| 源库无此表`);
      continue;
    }
    out.push(`${t.label}（${t.table}）| ${t.read} | ${t.imported} | ${t.updated} | ${t.unchanged} | ${sum(t.skipped)}`);
    for (const [reason, n] of Object.entries(t.skipped)) out.push(`    跳过 ${n} 条：${reason}（如 ${t.examples[reason]?.join('、') ?? ''}）`);
  }
  const section = <T>(title: string, list: CappedList<T>, line: (x: T) => string) => {
    if (!list.total) return;
    out.push('');
    out.push(`${title}：${list.total} 个${list.total > list.items.length ? `（列出前 ${list.items.length} 个）` : ''}`);
    for (const x of list.items) out.push(`    ${line(x)}`);
  };
  section('缺少的文件', r.missingFiles, (k) => k);
  section('未通过检查的作品文件（已另存，未丢弃）', r.rejectedFiles, (f) => `${f.key}：${f.reason} → ${f.keptAs}`);
  section('外部地址（七牛等）', r.remoteFiles, (f) => `${f.url}${f.fetched ? '（已下载）' : '（保留为链接）'}`);
  section('学堂没有对应菜单的权限（未授予）', r.unmappedMenus, (m) => `${m.name} ${m.url || m.perms}`);
  if (r.notes.length) {
    out.push('');
    out.push('说明：');
    for (const n of r.notes) out.push(`    ${n}`);
  }
  return out.join('\n');
}
