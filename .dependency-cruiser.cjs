/**
 * Layering rules of docs/ARCHITECTURE.md §3, checked in CI: `npm run lint:deps`
 * (npx depcruise src --config .dependency-cruiser.cjs).
 *
 *   pages, templates  ──▶ (never) db, domain        pages reach data only through the upstream client
 *   domain            ──▶ (never) api, pages, templates, islands
 *   islands           ──▶ (never) server code, templates
 *   server/shared     ──▶ (never) any other project module (neutral helpers both domain and templates use)
 *   contracts         ──▶ (never) any other project module (the /api contract: paths, parameters, result types)
 *   resources         ──▶ (never) anything but contracts, server/shared and domain/time (declarations are pure data)
 *   db                ──▶ (never) anything above it (api, pages, domain, upstream, realtime, templates);
 *                         the one exception: db/seed may use domain/{ids,password,time,day-log}.ts and the
 *                         online forms' DDL (domain/cgform-ddl.ts, cgforms.ts) for the sample form
 *   no circular dependencies
 *
 * Type-only imports count (tsPreCompilationDeps): a layer must not even know another layer's types.
 * Test files (*.test.ts[x]) are exempt from the layering rules (they may set up data through lower
 * layers), but not from the cycle rule.
 */
// Tests, and the kits only tests import (*.test-kit.ts).
const TEST = '\\.test(-kit)?\\.tsx?$';
const DB = '^src/server/db/';
const SEED = '^src/server/db/seed/';
const DOMAIN = '^src/server/domain/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Circular dependencies make module start order fragile and layers impossible to separate.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'pages-templates-not-data',
      severity: 'error',
      comment: 'Pages and templates get data only through the upstream client (src/server/upstream), never from db or domain.',
      from: { path: '^src/(server/pages|templates)/', pathNot: TEST },
      to: { path: `${DB}|${DOMAIN}` },
    },
    {
      name: 'domain-not-above',
      severity: 'error',
      comment: 'Domain rules must not depend on the API, pages, templates or browser code.',
      from: { path: DOMAIN, pathNot: TEST },
      to: { path: '^src/(server/(api|pages)|templates|islands)/' },
    },
    {
      name: 'islands-no-server',
      severity: 'error',
      comment: 'Islands are browser code: no server modules, no hono/jsx templates.',
      from: { path: '^src/islands/', pathNot: TEST },
      to: { path: '^src/(server|templates)/' },
    },
    {
      name: 'shared-is-neutral',
      severity: 'error',
      comment:
        'src/server/shared holds pure helpers used by several layers (e.g. the rich-text sanitiser, used by domain and templates); it imports no other project module.',
      from: { path: '^src/server/shared/', pathNot: TEST },
      to: { path: '^src/', pathNot: '^src/server/shared/' },
    },
    {
      name: 'contracts-are-leaves',
      severity: 'error',
      comment: 'The contracts (paths, parameters and result types of the /api) are read by the API, the pages, the upstream client and the declarations: they import only one another.',
      from: { path: '^src/server/contracts/', pathNot: TEST },
      to: { path: '^src/', pathNot: '^src/server/contracts/' },
    },
    {
      name: 'resources-not-above',
      severity: 'error',
      comment:
        'The resource declarations are pure data both the API and the pages read: they import only contracts, shared helpers and the clock (domain/time.ts, which imports nothing).',
      from: { path: '^src/server/resources/', pathNot: TEST },
      to: { path: '^src/', pathNot: '^src/server/((resources|contracts|shared)/|domain/time\\.ts$)' },
    },
    {
      name: 'db-not-above',
      severity: 'error',
      comment: 'The database layer imports nothing above it.',
      from: { path: DB, pathNot: `${SEED}|${TEST}` },
      to: { path: '^src/(server/(api|pages|domain|upstream|realtime)|templates)/' },
    },
    {
      name: 'seed-not-above',
      severity: 'error',
      comment:
        'The seed may use domain/ids, domain/password, domain/time (ids, password hashing, clock), domain/day-log (the one writer of the class record, which needs only those) and the online forms\' DDL (domain/cgform-ddl, domain/cgforms: the sample form\'s table is made as 同步数据库 makes it) and nothing else above db.',
      from: { path: SEED, pathNot: TEST },
      to: {
        path: '^src/(server/(api|pages|domain|upstream|realtime)|templates)/',
        pathNot: `^src/server/domain/(ids|password|time|day-log|cgform-ddl|cgforms)\\.ts$`,
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: './tsconfig.json' },
    // Lets `./x.js` specifiers (TypeScript ESM style) resolve to `./x.ts`.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.jsx'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
