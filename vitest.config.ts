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
  },
});
