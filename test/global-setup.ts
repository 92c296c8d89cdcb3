// vitest global setup: migrate and seed once per run into templates that every test file copies
// (src/server/db/test-db.ts). The returned function drops them when the run ends.
import { buildTemplates } from '../src/server/db/test-db.js';

export default async function setup(): Promise<() => Promise<void>> {
  const t = performance.now();
  const teardown = await buildTemplates();
  console.log(`[templates] migrated and seeded test templates in ${Math.round(performance.now() - t)} ms`);
  return teardown;
}
