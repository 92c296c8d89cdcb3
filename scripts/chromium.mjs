// Where the browser tests find Chromium: CHROMIUM_PATH when set, else the usual places of a Debian or Ubuntu
// package. Playwright never downloads a browser here (playwright.config.ts drives this one).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'];

/** The first Chromium that exists and answers `--version`, or undefined. */
export function findChromium() {
  const paths = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : CANDIDATES;
  return paths.find((p) => existsSync(p) && spawnSync(p, ['--version'], { stdio: 'ignore', timeout: 20_000 }).status === 0);
}
