// API test harness: a fresh migrated + seeded database (a copy of the run's template: in-memory SQLite, or a
// PostgreSQL database of its own when TEST_DATABASE_URL is set; src/server/db/test-db.ts), the real app on top, helpers to log in and call the API. With
// `listen: true` the app also listens on a loopback port with the websocket attached (realtime tests).
import { serve, type ServerType } from '@hono/node-server';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/server/app.js';
import { loadConfig, type Config } from '../src/server/config.js';
import { openTestStorage } from './storage-kit.js';
import type { AppDeps } from '../src/server/context.js';
import type { FileStore } from '../src/server/storage/index.js';
import type { Limits } from '../src/server/domain/limits.js';
import { sql } from 'kysely';
import { connect } from '../src/server/db/connect.js';
import { freshDatabase, TEST_PASSWORDS, testDatabaseUrl, type TestDatabase } from '../src/server/db/test-db.js';
import { InProcessHub, type NoticeHub } from '../src/server/realtime/hub.js';

export const ADMIN_PASSWORD = TEST_PASSWORDS.admin;
export const DEMO_PASSWORD = TEST_PASSWORDS.demo;

/**
 * The dialect the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else SQLite. CI runs the suite once
 * without it and once with it, so every `describe.each(dialects)` runs on both (the PostgreSQL leg used to repeat
 * the SQLite runs as well).
 */
export const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['postgres'] : ['sqlite'];

export interface ApiAnswer<T = any> {
  status: number;
  body: { success: boolean; message: string; code: number; result: T; timestamp: number };
}

export interface TestApp {
  deps: AppDeps;
  db: TestDatabase['db'];
  dialect: 'sqlite' | 'postgres';
  app: ReturnType<typeof createApp>['app'];
  /** Every registered /api route with its access rule (authorisation matrix tests). */
  apiRoutes: ReturnType<typeof createApp>['apiRoutes'];
  /**
   * The local folder the seeded files were copied into (the store's root on a local store). Tests read and write
   * stored files through `deps.storage`, so they run on S3 too; only tests of the local layout itself look here.
   */
  filesDir: string;
  /** Base URL when started with `listen: true`. */
  baseUrl?: string;
  port?: number;
  /** Logs in through the API and returns the session token. */
  login(username: string, password?: string): Promise<string>;
  /** Calls /api<path> with an optional token (X-Access-Token) and JSON body. */
  api<T = any>(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<ApiAnswer<T>>;
  /** Raw request to the app (any path). */
  request(path: string, init?: RequestInit): Promise<Response>;
  userId(username: string): Promise<string>;
  /** Graceful shutdown's first step (app.ts drain()): readiness fails, sockets close with 1012. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  dialect?: 'sqlite' | 'postgres';
  demoContent?: boolean;
  hub?: NoticeHub;
  listen?: boolean;
  config?: Partial<Config>;
  /** Where the limits count (e.g. redisLimits); by default the app counts in its own memory. */
  limits?: Limits;
  /** The clock of the public page cache (a test moves it past the TTL instead of waiting). */
  pageCacheClock?: () => number;
  /** What /readyz asks (default: the app's own, readiness.ts). */
  readinessChecks?: AppDeps['readinessChecks'];
  /** Wraps the test's store (a store that fails on purpose: a bucket down). */
  wrapStorage?: (store: FileStore) => FileStore;
  /** SQLite: the copy lives in a file (as in production) instead of memory, so a second, read-only connection can open it (reports). */
  sqliteOnFile?: boolean;
}

export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-test-files-'));
  // A copy of the run's seeded template (src/server/db/test-db.ts), its seeded files copied into filesDir; the
  // test's store is opened on that folder (on S3 the kit uploads them to the test's bucket).
  let t = await freshDatabase(opts.dialect, opts.demoContent ?? true ? 'demo' : 'plain', filesDir);
  const storage = await openTestStorage(filesDir);
  let sqliteFile: string | undefined;
  if (opts.sqliteOnFile && t.dialect === 'sqlite') {
    sqliteFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-test-db-')), 'xuetang.db');
    await sql`VACUUM INTO ${sqliteFile}`.execute(t.db);
    await t.close();
    const conn = connect({ sqliteFile });
    t = { db: conn.db, dialect: 'sqlite', close: async () => {
      await conn.close();
      fs.rmSync(path.dirname(sqliteFile!), { recursive: true, force: true });
    } };
  }
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.dirname(filesDir) }),
    filesDir,
    // Tests write rows straight into the database (no API write, so no invalidation) and read pages right after:
    // the public page cache is off unless a test turns it on (src/server/pages/page-cache.test.ts does).
    pageCacheTtlMs: 0,
    ...opts.config,
  };
  const hub = opts.hub ?? new InProcessHub();
  const deps: AppDeps = { db: t.db, dialect: t.dialect, sqliteFile, config, storage: opts.wrapStorage ? opts.wrapStorage(storage.store) : storage.store, hub, limits: opts.limits, pageCacheClock: opts.pageCacheClock, readinessChecks: opts.readinessChecks };
  const created = createApp(deps);
  const { app } = created;

  let server: ServerType | undefined;
  let baseUrl: string | undefined;
  let port: number | undefined;
  if (opts.listen) {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        resolve();
      });
    });
    created.injectWebSocket(server!);
    port = (server!.address() as AddressInfo).port;
    baseUrl = `http://127.0.0.1:${port}`;
  }

  const request = (p: string, init?: RequestInit) =>
    Promise.resolve(app.request(`http://127.0.0.1${p}`, init, { incoming: { socket: { remoteAddress: '127.0.0.1' } } } as never));

  const api: TestApp['api'] = async (method, p, o = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    if (o.token) headers['X-Access-Token'] = o.token;
    let body: string | undefined;
    if (o.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    }
    const res = await request(`/api${p}`, { method, headers, body });
    return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
  };

  return {
    deps,
    db: t.db,
    dialect: t.dialect,
    app,
    apiRoutes: created.apiRoutes,
    drain: created.drain,
    filesDir,
    baseUrl,
    port,
    request,
    api,
    async login(username, password) {
      const pw = password ?? (username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
      const res = await api<{ token: string }>('POST', '/sys/login', { body: { username, password: pw } });
      if (!res.body.success) throw new Error(`login ${username} failed: ${res.body.message}`);
      return res.body.result.token;
    },
    async userId(username) {
      return (await t.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    },
    async close() {
      // Also drops the app's listeners of process-wide signals: the next test file in this worker starts its own app.
      created.close();
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      if (!opts.hub) await hub.close();
      await t.close();
      await storage.close();
    },
  };
}
