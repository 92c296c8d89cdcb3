// Readiness (GET /readyz, for a load balancer's health check; /healthz only says the process answers): 200 when
// every check of the list answers within CHECK_TIMEOUT_MS, 503 otherwise, and 503 at once while the node drains
// (SIGTERM: main.ts), so the balancer stops sending it requests before it goes. The list is composed by whoever
// starts the app (main.ts, tests): the database, Redis when REDIS_URL is set, and the file storage (the files
// folder under DATA_DIR must be writable; with STORAGE_URL the bucket must take, show and remove a probe object).
// The answer names each check with ok or failed, never the error (it is public); errors go to the log.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { FileStore } from './storage/store.js';

export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; rejects (or takes longer than CHECK_TIMEOUT_MS) when it does not. */
  check(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2000;

/** The database answers a trivial query. */
export const databaseCheck = (db: Kysely<Database>): ReadinessCheck => ({
  name: 'database',
  check: async () => {
    await sql`select 1`.execute(db);
  },
});

/**
 * A folder can be written: a small file is created and removed (a full or read-only disk fails). Synchronous on
 * purpose: the asynchronous calls queue in libuv's thread pool behind password hashing (scrypt), so under a wave
 * of logins the probe timed out and a healthy node was taken out of the balancer.
 */
export const folderCheck = (name: string, dir: string): ReadinessCheck => ({
  name,
  check: async () => {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.ready-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe, { force: true });
  },
});

/** Redis (the limits' connection) answers a PING. */
const redisCheck = (limits: { ping(): Promise<void> }): ReadinessCheck => ({ name: 'redis', check: () => limits.ping() });

/** The bucket answers the store's ping (storage/s3.ts: a probe object written, read and removed, or HeadBucket). */
const storageCheck = (storage: FileStore): ReadinessCheck => ({ name: 'storage', check: () => storage.ping() });

/**
 * The checks of an app started as main.ts starts it: database, Redis when configured, and the file storage: the
 * bucket ('storage') when the store is S3, else the files folder ('files').
 */
export function defaultReadinessChecks(deps: {
  db: Kysely<Database>;
  config: Pick<Config, 'redisUrl' | 'filesDir'>;
  limits?: { kind: string; ping(): Promise<void> };
  storage?: Pick<FileStore, 'kind' | 'ping'>;
}): ReadinessCheck[] {
  const checks = [databaseCheck(deps.db)];
  if (deps.config.redisUrl && deps.limits?.kind === 'redis') checks.push(redisCheck(deps.limits));
  if (deps.storage?.kind === 's3') checks.push(storageCheck(deps.storage as FileStore));
  else checks.push(folderCheck('files', deps.config.filesDir));
  return checks;
}

export interface Readiness {
  ok: boolean;
  draining: boolean;
  checks: Record<string, 'ok' | 'failed'>;
}

/** Runs every check at once, each against the timeout. */
export async function readiness(checks: ReadinessCheck[], draining: boolean, onError: (name: string, err: unknown) => void): Promise<Readiness> {
  const results = await Promise.all(
    checks.map(async (c): Promise<[string, 'ok' | 'failed']> => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          c.check(),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS))),
        ]);
        return [c.name, 'ok'];
      } catch (err) {
        onError(c.name, err);
        return [c.name, 'failed'];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const checksOut = Object.fromEntries(results);
  return { ok: !draining && results.every(([, r]) => r === 'ok'), draining, checks: checksOut };
}
