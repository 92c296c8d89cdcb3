import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Test-only: scrypt at N=2^14 instead of OWASP's 2^17 (domain/password.ts), so the hundreds of logins of the suite
// take ~30 ms each rather than ~0.7 s. Set here too (not only in test.env) so the global setup's seeded templates
// hash at the same cost; child servers the tests spawn inherit it.
const SCRYPT_N = '16384';
process.env.XUETANG_TEST_SCRYPT_N = SCRYPT_N;

// Unit and API tests sit beside the code (src/**) or under test/. Playwright owns e2e/.
// JSX is compiled for hono/jsx (server templates and pages). A React island test opts in per file with
//   /** @jsxImportSource react */   and   // @vitest-environment happy-dom   (install happy-dom first).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'hono/jsx' } },
  test: {
    // Transformed modules are cached on disk (.cache/vitest, per checkout): each test file imports the whole app,
    // and transforming it again per file cost ~3 s of every file's ~5.
    experimental: { fsModuleCache: true, fsModuleCachePath: fileURLToPath(new URL('.cache/vitest', import.meta.url)) },
    // Migrates and seeds once into templates that each test file copies (src/server/db/test-db.ts).
    globalSetup: ['test/global-setup.ts'],
    // The default report, then the ten slowest files and one line per reason tests were skipped (a service that was
    // not there); with XUETANG_TEST_NO_SKIP=1 (CI) a skipped test fails the run.
    reporters: ['default', './test/summary-reporter.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'e2e/**'],
    environment: 'node',
    pool: 'forks',
    // Test files in one worker share the modules they import: every file imports the whole app, and importing it
    // again per file was about half the run (146 files: import 199 s of a 500 s run; without isolation 5 s). Each
    // file still gets its own app and database (test/harness.ts); state that must not cross files belongs to an
    // app instance, not to a module (e.g. the pages' site-config cache, pages/context.ts).
    isolate: false,
    // Two workers: vitest's default on 2 cores is one (cores - 1), which leaves a core idle while a test waits on
    // PostgreSQL, a child server or a timer.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    env: { XUETANG_TEST_SCRYPT_N: SCRYPT_N },
  },
});
