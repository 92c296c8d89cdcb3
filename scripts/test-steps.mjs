#!/usr/bin/env node
// `npm test`: every check and test step, timed. The static checks (typecheck, eslint + knip, the layering check)
// and the build do not depend on each other and each keeps one core busy, so they run two at a time on a 2-core
// machine; each one's output is printed whole when it ends (never interleaved), and the run still fails when any
// of them fails (the others finish first, so one run shows every failure). Vitest and Playwright then run one
// after the other, streaming. The end is one line per step with its seconds (`.ci/run` shows it for each leg).
//   TEST_STEPS_PARALLEL=1 npm test       the checks and the build one at a time (default: two at a time)
//   TEST_STEPS=typecheck,eslint npm test  only these steps (names as in the summary)
import { spawn } from 'node:child_process';
import os from 'node:os';

// Steps that only read the sources, and the build (it writes static/build and dist, which none of them reads). The
// build goes first: on a fresh clone it is the longest (compressing the Scratch editor); the others share the other core.
const CHECKS = [
  ['build', 'node scripts/build.mjs'],
  ['typecheck', 'npm run --silent typecheck'],
  ['eslint', 'npx eslint .'],
  ['knip', 'npx knip'],
  ['depcruise', 'npm run --silent lint:deps'],
];
// The file-handling tests again on an S3 bucket (TEST_STORAGE=s3: test/storage-kit.ts starts s3rver and gives each
// test app a bucket of its own), on both legs. Vitest matches each name as a part of a test file's path.
const STORAGE_TESTS = [
  'src/server/storage/',
  'src/server/readiness.test.ts',
  'src/server/api/sys/upload',
  'src/server/api/sys/files.test.ts',
  'src/server/api/sys/file-admin.test.ts',
  'src/server/api/sys/import-run.test.ts',
  'src/server/api/teaching/work-desk.test.ts',
  'src/server/api/teaching/work-import.test.ts',
  'src/server/domain/work-submit.test.ts',
  'src/server/api/teaching/scratch-assets.test.ts',
  'src/server/pages/teaching/scratch-assets.test.ts',
  'src/server/api/teaching/scratch-backpack.test.ts',
  'src/server/api/teaching/course',
  'src/server/pages/teaching/courses.test.ts',
  'src/server/pages/public-courses.test.ts',
  'src/server/pages/scratch/player.test.ts',
  'src/server/importer/',
  'src/server/domain/scheduler/jobs.test.ts',
  'src/server/monitor/system.test.ts',
];
// The cluster proof (bench/cluster.ts --ci: two built nodes on PostgreSQL and Redis, ~60 s) runs on the PostgreSQL
// leg only (TEST_DATABASE_URL set): it makes its own database on that server.
const TESTS = [
  ['vitest', 'npx vitest run'],
  ['storage', `TEST_STORAGE=s3 npx vitest run ${STORAGE_TESTS.join(' ')}`],
  ['playwright', 'npx playwright test'],
  ...(process.env.TEST_DATABASE_URL ? [['cluster', `npx tsx bench/cluster.ts --ci`]] : []),
];

const seconds = [];
const elapsed = (t) => (performance.now() - t) / 1000;

/** Runs one command; `stream` prints as it goes, else the output is kept and printed when it ends. */
function run(name, command, stream) {
  const t = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      const s = elapsed(t);
      seconds.push([name, s, code === 0]);
      if (!stream) {
        const text = Buffer.concat(out).toString().trimEnd();
        console.log(`\n---- ${name} ----${text ? `\n${text}` : ''}`);
      }
      console.log(`[test] ${name}: ${code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`} in ${s.toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

/** Runs the steps with at most `width` at once; true when every one passed. */
async function pool(steps, width) {
  const queue = [...steps];
  let ok = true;
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) ok = (await run(step[0], step[1], width === 1)) && ok;
  };
  await Promise.all(Array.from({ length: width }, lane));
  return ok;
}

function summary(t) {
  console.log('\nSeconds per step:');
  for (const [name, s, ok] of seconds) console.log(`  ${s.toFixed(1).padStart(7)} s  ${name}${ok ? '' : '  (failed)'}`);
  console.log(`  ${elapsed(t).toFixed(1).padStart(7)} s  npm test in all`);
}

const only = process.env.TEST_STEPS?.split(',').map((s) => s.trim()).filter(Boolean);
const chosen = ([name]) => !only || only.includes(name);
if (only) {
  const unknown = only.filter((n) => ![['browser'], ['cluster'], ...CHECKS, ...TESTS].some(([name]) => name === n));
  if (unknown.length) {
    console.error(`[test] TEST_STEPS: no step named ${unknown.join(', ')}`);
    process.exit(1);
  }
}

const t = performance.now();
let ok = chosen(['browser']) ? await run('browser', 'node scripts/check-test-browser.mjs', true) : true;
const width = Number(process.env.TEST_STEPS_PARALLEL) || Math.min(2, Math.max(1, os.availableParallelism()));
if (ok) ok = await pool(CHECKS.filter(chosen), width);
for (const [name, command] of TESTS.filter(chosen)) if (ok) ok = await run(name, command, true);
summary(t);
process.exit(ok ? 0 : 1);
