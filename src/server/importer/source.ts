// The teaching-open database being read: MySQL or MariaDB through mysql2, read-only. Rows come in pages ordered
// by the table's key (keyset paging, never OFFSET), so a table of a million works is read in constant memory and
// a run stopped midway reads the same pages again. Datetimes arrive as the strings Xuetang stores
// ('YYYY-MM-DD HH:mm:ss', dateStrings), so no time zone ever shifts them.
import type { Connection, RowDataPacket } from 'mysql2/promise';

export type SourceRow = Record<string, unknown>;

export interface Source {
  /** mysql://user@host:port/db — the URL without its password, for reports. */
  readonly label: string;
  /** Column names of a table, lower-cased; null when the database has no such table (an older version). */
  columns(table: string): Promise<string[] | null>;
  count(table: string): Promise<number>;
  /** Every table of the database (lower-case names). */
  tables(): Promise<string[]>;
  /** Pages of rows ordered by `key` (a column, lower-cased names), `pageSize` at a time. */
  pages(table: string, key: string, pageSize: number): AsyncGenerator<SourceRow[]>;
  /** The `columns` of the rows whose `column` is one of `values` (a lookup over an indexed few, not paged). */
  rowsWhere(table: string, columns: readonly string[], column: string, values: readonly string[]): Promise<SourceRow[]>;
  close(): Promise<void>;
}

/** Parses `mysql://USER:PASS@HOST:PORT/DB`; throws a Chinese message for anything else. */
export function parseSourceUrl(raw: string): { host: string; port: number; user: string; password: string; database: string; label: string } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`--from 不是有效的地址：${raw}（应为 mysql://用户:密码@主机:端口/数据库）`);
  }
  if (u.protocol !== 'mysql:' && u.protocol !== 'mariadb:') throw new Error('--from 只支持 mysql://（MySQL 或 MariaDB）');
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!database || !u.hostname) throw new Error('--from 缺少主机或数据库名（mysql://用户:密码@主机:端口/数据库）');
  const user = decodeURIComponent(u.username || 'root');
  const port = u.port ? Number(u.port) : 3306;
  return { host: u.hostname, port, user, password: decodeURIComponent(u.password), database, label: `mysql://${user}@${u.hostname}:${port}/${database}` };
}

export async function openSource(url: string): Promise<Source> {
  const cfg = parseSourceUrl(url);
  const mysql = await import('mysql2/promise');
  let conn: Connection;
  try {
    conn = await mysql.createConnection({
      host: cfg.host,
      port: cfg.port,
      user: cfg.user,
      password: cfg.password,
      database: cfg.database,
      dateStrings: true,
      // Big integers and decimals as strings: nothing loses precision on the way; the writer converts.
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
      charset: 'utf8mb4',
      connectTimeout: 10_000,
    });
  } catch (err) {
    throw new Error(`无法连接 teaching-open 数据库 ${cfg.label}：${(err as Error).message}`, { cause: err });
  }
  // Reading only; one consistent snapshot would hold a million-row table's undo for minutes, so each page is
  // its own statement (a re-run catches what changed meanwhile).
  await conn.query('SET SESSION TRANSACTION READ ONLY');
  const columnCache = new Map<string, string[] | null>();
  const quote = (name: string) => '`' + name.replace(/`/g, '``') + '`';

  return {
    label: cfg.label,
    async columns(table) {
      if (columnCache.has(table)) return columnCache.get(table)!;
      const [rows] = await conn.query<RowDataPacket[]>(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position',
        [cfg.database, table],
      );
      const cols = rows.length ? rows.map((r) => String(r.name).toLowerCase()) : null;
      columnCache.set(table, cols);
      return cols;
    },
    async tables() {
      const [rows] = await conn.query<RowDataPacket[]>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name', [cfg.database]);
      return rows.map((r) => String(r.name).toLowerCase());
    },
    async count(table) {
      const [rows] = await conn.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${quote(table)}`);
      return Number(rows[0].n);
    },
    async *pages(table, key, pageSize) {
      let after: unknown = null;
      for (;;) {
        const [rows] = await conn.query<RowDataPacket[]>(
          after === null
            ? `SELECT * FROM ${quote(table)} ORDER BY ${quote(key)} LIMIT ?`
            : `SELECT * FROM ${quote(table)} WHERE ${quote(key)} > ? ORDER BY ${quote(key)} LIMIT ?`,
          after === null ? [pageSize] : [after, pageSize],
        );
        if (!rows.length) return;
        const page = rows.map(lowerKeys);
        yield page;
        if (rows.length < pageSize) return;
        after = page[page.length - 1][key];
      }
    },
    async rowsWhere(table, columns, column, values) {
      if (!values.length) return [];
      const [rows] = await conn.query<RowDataPacket[]>(
        `SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)} WHERE ${quote(column)} IN (?)`,
        [values],
      );
      return rows.map(lowerKeys);
    },
    async close() {
      await conn.end();
    },
  };
}

/** teaching-open spells a few key columns in capitals (sys_user_depart.ID): rows are read with lower-case names. */
function lowerKeys(row: RowDataPacket): SourceRow {
  const out: SourceRow = {};
  for (const [k, v] of Object.entries(row)) out[k.toLowerCase()] = v;
  return out;
}
