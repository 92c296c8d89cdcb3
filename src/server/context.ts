// What every request handler can reach: the database, the configuration and the realtime hub.
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect } from './db/connect.js';
import type { Database, SysPermission } from './db/schema.js';
import type { Limits } from './domain/limits.js';
import type { Grants } from './domain/permissions.js';
import type { SessionUser } from './domain/sessions.js';
import type { SmsSender } from './domain/sms.js';
import type { RequestRecorder } from './monitor/recorder.js';
import type { NoticeHub } from './realtime/hub.js';
import type { RequestMemo } from './shared/request-memo.js';
import type { ReadinessCheck } from './readiness.js';
import type { FileStore } from './storage/index.js';

export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** SQLite: the database file (reports open it read-only beside the app's connection); absent in memory. */
  sqliteFile?: string;
  config: Config;
  /** Where every file is kept (storage/: the local folder, or a bucket with STORAGE_URL); nothing else touches files. */
  storage: FileStore;
  hub: NoticeHub;
  /** Where every limit counts (domain/limits.ts: Redis with REDIS_URL); without one, each app counts in its own memory. */
  limits?: Limits;
  /** The 定时任务 scheduler of this process (main.ts starts one); the API reloads it after job changes. */
  scheduler?: { reload(): Promise<void> };
  /** The HTTP server's numbers and recent requests (系统监控); createApp makes one when none is given. */
  monitor?: RequestRecorder;
  /** The clock of the public page cache (tests move it rather than wait out its TTL). */
  pageCacheClock?: () => number;
  /**
   * What GET /readyz asks (readiness.ts); by default the database, Redis (with REDIS_URL) and the files folder.
   * main.ts composes the list; the object storage's check goes into it.
   */
  readinessChecks?: ReadinessCheck[];
  /** Tests: the SMS sender to use instead of SMS_URL's (api/sys/sms.ts). */
  smsSender?: SmsSender;
}

export interface ApiEnv {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    /** Where the token came from; cookie-authenticated writes must pass the same-origin check. */
    tokenSource: 'header' | 'cookie' | null;
    /** The user's button codes and menus, loaded on first use within a request. */
    grants?: Grants;
    /** The user's granted permission rows (menus and buttons), loaded on first use within a request. */
    permissionRows?: Promise<SysPermission[]>;
    /** The page request's memo, for a read the pages' upstream client made in process (shared/request-memo.ts). */
    memo?: RequestMemo;
  };
}
