// Where a report's checked SQL runs, always read-only and time-capped:
//   - Xuetang's own SQLite file, and SQLite data sources: a separate read-only connection in a child process
//     (domain/sqlite-reader.ts), killed when its time is up;
//   - Xuetang's own PostgreSQL: a READ ONLY transaction with SET LOCAL statement_timeout, rolled back;
//   - PostgreSQL data sources: their own short connection, BEGIN READ ONLY + SET LOCAL statement_timeout;
//   - MySQL/MariaDB data sources (mysql2): START TRANSACTION READ ONLY with max_execution_time (MySQL) or
//     max_statement_time (MariaDB), and the client's own timeout.
// Rows are capped by the caller's LIMIT and again here.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ConnectionSpec } from './data-sources.js';
import type { SqlDialect } from './report-sql.js';
import { ReadError, readSqliteFile, type ReadQuery, type ReadResult } from './sqlite-reader.js';

export { ReadError };

export interface ReportLimits {
  /** Longest a report query may run. */
  timeoutMs: number;
  /** Longest a data source may take to accept a connection. */
  connectTimeoutMs: number;
  /** The largest page a report answers. */
  maxPageSize: number;
  /** The most rows an export writes. */
  exportRows: number;
}

export const REPORT_LIMITS: ReportLimits = { timeoutMs: 10_000, connectTimeoutMs: 5_000, maxPageSize: 500, exportRows: 10_000 };

export interface ReadSource {
  dialect: SqlDialect;
  /** Runs the queries in one read-only transaction (one connection), each capped at `maxRows`. */
  read(queries: ReadQuery[], maxRows: number): Promise<ReadResult[]>;
}

const timeoutMessage = (ms: number) => `报表查询超过${Math.round(ms / 1000)}秒，已停止`;

/** A database error in words a report designer can act on (timeouts and read-only refusals named as such). */
function readError(err: unknown, limits: ReportLimits): ReadError {
  if (err instanceof ReadError) return err;
  const e = err as { code?: string | number; errno?: number; message?: string };
  // PostgreSQL 57014 query_canceled; MySQL 3024 / MariaDB 1969 statement time exceeded; mysql2's own timeout.
  if (e.code === '57014' || e.errno === 3024 || e.errno === 1969 || e.code === 'PROTOCOL_SEQUENCE_TIMEOUT') return new ReadError(timeoutMessage(limits.timeoutMs), true);
  if (e.code === '25006' || e.errno === 1792) return new ReadError('报表只能读取数据，不能写入');
  return new ReadError(`报表查询失败：${String(e.message ?? err).slice(0, 300)}`);
}

/** Xuetang's own database. */
export function ownDatabase(deps: { db: Kysely<Database>; dialect: 'sqlite' | 'postgres'; sqliteFile?: string }, limits: ReportLimits): ReadSource {
  if (deps.dialect === 'sqlite') {
    return {
      dialect: 'sqlite',
      async read(queries, maxRows) {
        // An in-memory database (some tests, scripts) cannot be opened a second time, read-only.
        if (!deps.sqliteFile) throw new ReadError('报表只能读取保存在文件中的SQLite数据库（DATA_DIR），当前数据库在内存中');
        return readSqliteFile(deps.sqliteFile, queries, maxRows, limits.timeoutMs);
      },
    };
  }
  return {
    dialect: 'postgres',
    async read(queries, maxRows) {
      try {
        return await deps.db
          .transaction()
          .setAccessMode('read only')
          .execute(async (tx) => {
            await sql.raw(`SET LOCAL statement_timeout = ${Math.floor(limits.timeoutMs)}`).execute(tx);
            const out: ReadResult[] = [];
            for (const q of queries) {
              const r = await tx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(q.sql, q.params));
              out.push({ columns: r.rows[0] ? Object.keys(r.rows[0]) : [], rows: r.rows.slice(0, maxRows) });
            }
            return out;
          });
      } catch (err) {
        throw readError(err, limits);
      }
    },
  };
}

/** A data source's database, with its password (decrypted by the caller). */
export function externalDatabase(spec: ConnectionSpec, password: string | undefined, limits: ReportLimits): ReadSource {
  if (spec.engine === 'sqlite') return { dialect: 'sqlite', read: (queries, maxRows) => readSqliteFile(spec.file, queries, maxRows, limits.timeoutMs) };
  if (spec.engine === 'postgres') return { dialect: 'postgres', read: (queries, maxRows) => readPostgres(spec, password, queries, maxRows, limits) };
  return { dialect: 'mysql', read: (queries, maxRows) => readMysql(spec, password, queries, maxRows, limits) };
}

type NetworkSpec = Extract<ConnectionSpec, { engine: 'postgres' | 'mysql' }>;

async function readPostgres(spec: NetworkSpec, password: string | undefined, queries: ReadQuery[], maxRows: number, limits: ReportLimits): Promise<ReadResult[]> {
  const { default: pg } = await import('pg');
  // int8 (count(*)) and numeric as numbers, as Xuetang's own connection reads them; for this client only.
  const asNumber = (v: string) => Number(v);
  const types = { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 || oid === 1700 ? asNumber : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser };
  const client = new pg.Client({
    host: spec.host,
    port: spec.port,
    database: spec.database,
    user: spec.user,
    password,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    query_timeout: limits.timeoutMs + 2000,
    types,
  });
  try {
    await client.connect();
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.floor(limits.timeoutMs)}`);
    const out: ReadResult[] = [];
    for (const q of queries) {
      const r = await client.query({ text: q.sql, values: q.params, rowMode: 'array' });
      const columns = r.fields.map((f) => f.name);
      out.push({ columns, rows: (r.rows as unknown[][]).slice(0, maxRows).map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]]))) });
    }
    await client.query('ROLLBACK');
    return out;
  } catch (err) {
    throw connectError(err) ?? readError(err, limits);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function readMysql(spec: NetworkSpec, password: string | undefined, queries: ReadQuery[], maxRows: number, limits: ReportLimits): Promise<ReadResult[]> {
  const mysql = await import('mysql2/promise');
  let conn: Awaited<ReturnType<typeof mysql.createConnection>> | undefined;
  try {
    conn = await mysql.createConnection({
      host: spec.host,
      port: spec.port,
      database: spec.database,
      user: spec.user,
      password,
      connectTimeout: limits.connectTimeoutMs,
      multipleStatements: false,
      dateStrings: true,
      decimalNumbers: true,
      supportBigNumbers: true,
    });
    const [version] = (await conn.query('SELECT VERSION() AS v')) as unknown as [{ v: string }[]];
    // The server stops a statement past its time: MySQL counts in ms, MariaDB in seconds.
    if (/mariadb/i.test(version[0]?.v ?? '')) await conn.query(`SET SESSION max_statement_time = ${Math.max(1, Math.ceil(limits.timeoutMs / 1000))}`);
    else await conn.query(`SET SESSION max_execution_time = ${Math.floor(limits.timeoutMs)}`);
    await conn.query('START TRANSACTION READ ONLY');
    const out: ReadResult[] = [];
    for (const q of queries) {
      // execute: a server-side prepared statement, so the values are bound there, not escaped into the text.
      const [rows, fields] = (await conn.execute({ sql: q.sql, values: q.params, rowsAsArray: true, timeout: limits.timeoutMs + 2000 })) as unknown as [unknown[][], { name: string }[]];
      const columns = fields.map((f) => f.name);
      out.push({ columns, rows: rows.slice(0, maxRows).map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]]))) });
    }
    await conn.query('ROLLBACK');
    return out;
  } catch (err) {
    throw connectError(err) ?? readError(err, limits);
  } finally {
    conn?.destroy();
  }
}

/** A refused or unreachable connection, said as 数据库连接失败 (the password never appears in it). */
function connectError(err: unknown): ReadError | null {
  const e = err as { code?: string; message?: string };
  const codes = ['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EAI_AGAIN', '28P01', '28000', '3D000', 'ER_ACCESS_DENIED_ERROR', 'ER_BAD_DB_ERROR', 'ER_DBACCESS_DENIED_ERROR'];
  if ((e.code && codes.includes(e.code)) || /timeout expired|Connection terminated|connect ETIMEDOUT/i.test(e.message ?? '')) {
    return new ReadError(`数据库连接失败：${String(e.message ?? e.code).slice(0, 200)}`);
  }
  return null;
}
