import { defineConfig } from 'vitest/config';
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'hono/jsx' } },
  test: { include: ['/tmp/annbench/*.test.ts'], environment: 'node', pool: 'forks', testTimeout: 600_000, hookTimeout: 60_000 },
  server: { fs: { allow: ['/work/main', '/tmp/annbench'] } },
});
