// Report queries on SQLite files run in a child process on a read-only connection (better-sqlite3
// `readonly: true`, `query_only`). better-sqlite3 is synchronous and cannot interrupt a statement, so a runaway
// query in this process would stall every request; in a child it is stopped by SIGKILL when its time is up,
// and the next query starts a new child. One child per process serves the queries one at a time.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

export interface ReadQuery {
  sql: string;
  params: unknown[];
}
export interface ReadResult {
  columns: string[];
  rows: Record<string, unknown>[];
}

export class ReadError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

// The child's program (CommonJS, run with `node -e`): it receives {id, file, queries, maxRows} and answers
// {id, results} or {id, error}. It opens each file read-only once and refuses a statement that returns no rows.
const CHILD = String.raw`
'use strict';
const Database = require(process.env.XT_BETTER_SQLITE3);
const open = new Map();
function connection(file) {
  let db = open.get(file);
  if (!db) {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    open.set(file, db);
    if (open.size > 8) {
      const [oldest, old] = open.entries().next().value;
      old.close();
      open.delete(oldest);
    }
  }
  return db;
}
process.on('disconnect', () => process.exit(0));
process.on('message', (m) => {
  try {
    const db = connection(m.file);
    const results = m.queries.map((q) => {
      const st = db.prepare(q.sql);
      if (!st.reader) throw new Error('not a query');
      const columns = st.columns().map((c) => c.name);
      const rows = [];
      for (const r of st.raw(true).iterate(...q.params)) {
        rows.push(r);
        if (rows.length >= m.maxRows) break;
      }
      return { columns, rows };
    });
    process.send({ id: m.id, results });
  } catch (e) {
    process.send({ id: m.id, error: String((e && e.message) || e) });
  }
});
`;

interface Job {
  id: number;
  file: string;
  queries: ReadQuery[];
  maxRows: number;
  timeoutMs: number;
  resolve(r: ReadResult[]): void;
  reject(e: Error): void;
}

type Answer = { id: number; results?: { columns: string[]; rows: unknown[][] }[]; error?: string };

const MAX_WAITING = 16;

class SqliteReader {
  private child?: ChildProcess;
  private current?: { job: Job; timer: NodeJS.Timeout };
  private readonly waiting: Job[] = [];
  private nextId = 1;

  read(file: string, queries: ReadQuery[], maxRows: number, timeoutMs: number): Promise<ReadResult[]> {
    if (this.waiting.length >= MAX_WAITING) return Promise.reject(new ReadError('报表查询繁忙，请稍后再试'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, file, queries, maxRows, timeoutMs, resolve, reject });
      this.pump();
    });
  }

  private spawnChild(): ChildProcess {
    const child = spawn(process.execPath, ['-e', CHILD], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
      // Only what it needs: no configuration (keys, URLs) reaches the child.
      env: { XT_BETTER_SQLITE3: createRequire(import.meta.url).resolve('better-sqlite3') },
    });
    child.unref();
    child.channel?.unref();
    child.on('message', (m: Answer) => this.answered(child, m));
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
      if (this.current && this.childOf === child) this.finish(undefined, new ReadError('报表查询进程意外退出'));
    });
    child.on('error', () => undefined);
    return child;
  }

  /** The child the current job was sent to. */
  private childOf?: ChildProcess;

  private pump() {
    if (this.current) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.child ??= this.spawnChild();
    const child = this.child;
    const timer = setTimeout(() => {
      // Time is up: the statement cannot be interrupted, so its process goes.
      if (this.child === child) this.child = undefined;
      child.kill('SIGKILL');
      this.finish(undefined, new ReadError(`报表查询超过${Math.round(job.timeoutMs / 1000)}秒，已停止`, true));
    }, job.timeoutMs);
    this.current = { job, timer };
    this.childOf = child;
    child.send({ id: job.id, file: job.file, queries: job.queries, maxRows: job.maxRows });
  }

  private answered(child: ChildProcess, m: Answer) {
    if (!this.current || this.childOf !== child || m.id !== this.current.job.id) return;
    if (m.error !== undefined) return this.finish(undefined, new ReadError(m.error));
    const results = (m.results ?? []).map((r) => ({
      columns: r.columns,
      rows: r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c, row[i]]))),
    }));
    this.finish(results);
  }

  private finish(results?: ReadResult[], error?: Error) {
    const cur = this.current;
    if (!cur) return;
    clearTimeout(cur.timer);
    this.current = undefined;
    this.childOf = undefined;
    if (error) cur.job.reject(error);
    else cur.job.resolve(results!);
    this.pump();
  }
}

let reader: SqliteReader | undefined;

/** Runs read-only queries on a SQLite file in the reader process, within `timeoutMs`, at most `maxRows` rows each. */
export function readSqliteFile(file: string, queries: ReadQuery[], maxRows: number, timeoutMs: number): Promise<ReadResult[]> {
  reader ??= new SqliteReader();
  return reader.read(file, queries, maxRows, timeoutMs);
}
