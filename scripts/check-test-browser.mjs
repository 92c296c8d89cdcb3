#!/usr/bin/env node
// First step of `npm test`: make sure the browser tests have a Chromium to drive, before minutes of other work.
// Found → say which. Missing, as root on Debian/Ubuntu → install Debian's package with apt-get (a package registry,
// never a browser download). Otherwise → stop at once with one line saying what to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

let found = findChromium();
const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH;
if (!found && canApt) {
  console.log('[test] Chromium not found: installing Debian\'s chromium package (apt-get install chromium) …');
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (run(['update']) && run(['install', '-y', '--no-install-recommends', 'chromium'])) found = findChromium();
}
if (!found) {
  const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not a Chromium that runs` : 'no Chromium at /usr/bin/chromium';
  console.error(`[test] ${where}: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH to a Chromium or Chrome), then npm test again`);
  process.exit(1);
}
console.log(`[test] browser tests use ${found}`);
