// vitest global setup: probe the services some tests need (test/services.ts), then migrate and seed once per run into
// templates that every test file copies (src/server/db/test-db.ts). The returned function drops the templates.
import pg from 'pg';
import { buildTemplates, testDatabaseUrl } from '../src/server/db/test-db.js';
import { probeServices } from './services.js';

export default async function setup(): Promise<() => Promise<void>> {
  await probeServices();
  const url = testDatabaseUrl();
  // TEST_DATABASE_URL asks for the PostgreSQL leg: without the database there is nothing to run it on.
  if (url && !(await postgresAnswers(url))) {
    throw new Error(`PostgreSQL not reachable at ${url}: start it, or unset TEST_DATABASE_URL to test on SQLite only`);
  }
  const t = performance.now();
  const teardown = await buildTemplates();
  console.log(`[templates] migrated and seeded the test templates in ${Math.round(performance.now() - t)} ms`);
  return teardown;
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
