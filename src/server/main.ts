// Start: configuration → database (migrate, seed) → app → listen.
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { ConfigError, loadConfig, publicUrlNotice, type Config } from './config.js';
import { connect } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { firstStartBanner } from './db/seed/banner.js';
import { seedIfEmpty } from './db/seed/index.js';
import { flushWorkViews } from './domain/works.js';
import { memoryLimits, redisLimits } from './domain/limits.js';
import { InProcessHub, type NoticeHub } from './realtime/hub.js';
import { RedisHub } from './realtime/redis-hub.js';
import { openStorage } from './storage/index.js';
import path from 'node:path';
import { Scheduler } from './domain/scheduler/scheduler.js';
import { startRuntimeWatch } from './monitor/system.js';
import { defaultReadinessChecks } from './readiness.js';

/** Requests still running this long after SIGTERM are cut. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

async function main() {
  const started = performance.now();
  // Node.js信息 shows event-loop delay and GC since the start.
  startRuntimeWatch();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.testCaptcha && config.logLevel === 'info') console.error('WARNING: XUETANG_TEST_CAPTCHA is set: every captcha shows the same code. Test use only.');
  // Said once, at start: without the site's address, shared pages never take one from a request (pages/share.ts).
  const notice = publicUrlNotice(config);
  if (notice && config.logLevel === 'info') console.log(notice);
  const sqliteFile = path.join(config.dataDir, 'xuetang.db');
  const storage = await openStorage(config);
  const { db, dialect, close } = connect({
    databaseUrl: config.databaseUrl,
    sqliteFile,
    pgSchema: process.env.PG_SCHEMA || undefined,
  });
  if (process.env.PG_SCHEMA && dialect === 'postgres') {
    await db.schema.createSchema(process.env.PG_SCHEMA).ifNotExists().execute();
  }
  await migrateToLatest(db, dialect === 'postgres' ? process.env.PG_SCHEMA || 'public' : undefined);
  const report = await seedIfEmpty(db, {
    adminPassword: config.adminPassword,
    demoPassword: config.demoPassword,
    demoContent: config.demoContent,
    storage,
  });
  if (report.seeded && config.logLevel !== 'silent') {
    for (const line of firstStartBanner(report.accounts)) console.log(line);
  }
  // With REDIS_URL, notices published by any process reach websockets connected to every process.
  const hub: NoticeHub = config.redisUrl ? await RedisHub.create(config.redisUrl) : new InProcessHub();
  if (hub instanceof RedisHub) {
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('Redis at REDIS_URL did not answer within 10 s')), 10_000).unref());
    await Promise.race([hub.whenReady(), timeout]);
  }
  // With REDIS_URL, every limit (login attempts, uploads, captcha, registration, …) counts across processes.
  const limits = config.redisUrl
    ? await redisLimits(config.redisUrl, (err) => config.logLevel !== 'silent' && console.error(`[limits] redis: ${err.message}`))
    : memoryLimits();
  // 定时任务: every process runs a scheduler; the run table's unique claim lets one of them run each due job.
  const scheduler = new Scheduler({
    env: { db, dialect, dataDir: config.dataDir, storage, mail: config, hub },
    onError: (err) => config.logLevel !== 'silent' && console.error('[scheduler]', err),
  });
  await scheduler.start();
  // GET /readyz: the database, Redis (with REDIS_URL), the file store (the bucket, or the files folder).
  const readinessChecks = defaultReadinessChecks({ db, config, limits, storage });
  const { app, injectWebSocket, drain } = createApp({ db, dialect, sqliteFile: dialect === 'sqlite' ? sqliteFile : undefined, config, storage, hub, limits, scheduler, readinessChecks });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    if (config.logLevel !== 'silent') {
      const ms = Math.round(performance.now() - started);
      console.log(`Xuetang listening on http://${info.address === '0.0.0.0' ? '127.0.0.1' : info.address}:${info.port} (${dialect}, ready in ${ms} ms)`);
    }
  });
  injectWebSocket(server);
  server.on('error', (err: NodeJS.ErrnoException) => {
    const reason = err.code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT to another one)` : err.message;
    console.error(`Xuetang could not start: ${reason}`);
    process.exit(1);
  });
  // Graceful shutdown (a rolling restart drops no request): stop accepting connections, let the requests in flight
  // finish (at most SHUTDOWN_TIMEOUT_MS), close the websockets with 1012 so their clients reconnect to another node,
  // then stop the scheduler (waiting for a running job), write the views of cached work pages still queued
  // (domain/works.ts), and close Redis and the database.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (config.logLevel !== 'silent') console.log(`Xuetang: ${signal}, finishing the requests in flight`);
    const drained = drain();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const hardStop = setTimeout(() => (server as Partial<import('node:http').Server>).closeAllConnections?.(), SHUTDOWN_TIMEOUT_MS);
    hardStop.unref();
    void Promise.all([drained, closed])
      .then(() => scheduler.stop())
      .then(() => flushWorkViews(db))
      .catch(() => {})
      .then(() => Promise.all([hub.close(), limits.close(), close()]))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(`Xuetang could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
