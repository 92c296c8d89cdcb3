import { defineConfig } from 'vitest/config';

// Unit and API tests sit beside the code (src/**) or under test/. Playwright owns e2e/.
// JSX is compiled for hono/jsx (server templates and pages). A React island test opts in per file with
//   /** @jsxImportSource react */   and   // @vitest-environment happy-dom   (install happy-dom first).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'hono/jsx' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'e2e/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Test-only: scrypt at N=2^14 instead of OWASP's 2^17 (domain/password.ts), so the hundreds of logins
    // of the suite take ~30 ms each rather than ~0.7 s. Child servers the tests spawn inherit it.
    env: { XUETANG_TEST_SCRYPT_N: '16384' },
  },
});
