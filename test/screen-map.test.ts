// docs/screens.md is generated (scripts/screen-map.ts): it must be what the script writes from the code as it is.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { buildScreenMap, SCREEN_MAP_FILE } from '../scripts/screen-map.js';

it('docs/screens.md is current (run `npm run screens` after adding or moving a screen)', async () => {
  expect(readFileSync(SCREEN_MAP_FILE, 'utf8')).toBe(await buildScreenMap());
});
