// Lint: eslint's and typescript-eslint's recommended rules (without type information, so it stays quick on a
// 2-core machine; the type checker itself runs as `npm run typecheck`). Part of `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'static/build/**', 'static/vendor/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      // `_`-prefixed parameters and variables are deliberately unused (a callback's place-holder, a rest sibling).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Plain JavaScript run by Node (the build script, tool configs): no type checker stands behind no-undef
    // there, so it keeps running, told about Node's globals; .cjs files are CommonJS.
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { Buffer: 'readonly', URL: 'readonly', performance: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
  },
  {
    // Migrations take Kysely<any> on purpose: a migration must not depend on today's table types (Kysely's
    // own advice). Tests and benchmarks read loosely typed JSON answers.
    files: ['src/server/db/migrations/**', '**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
