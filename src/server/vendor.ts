// Third-party browser bundles served as they ship (scripts/build.mjs copies them to static/vendor/ with .br and
// .gz beside each script): the Scratch editor (AGPL-3.0) and the player engine (MPL-2.0). Each lives in a
// folder named by its version, so its URLs can be cached for a year.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const SCRATCH_GUI = '@scratch/scratch-gui-standalone';
export const SCAFFOLDING = '@turbowarp/scaffolding';

/** Where npm installed a package (the process runs from the project root, as `serveStatic` assumes). */
export const packageDir = (pkg: string): string => path.resolve('node_modules', pkg);

const versions = new Map<string, string>();
/** The installed version of a package (read once). */
export function packageVersion(pkg: string): string {
  let v = versions.get(pkg);
  if (!v) {
    v = (JSON.parse(readFileSync(path.join(packageDir(pkg), 'package.json'), 'utf8')) as { version: string }).version;
    versions.set(pkg, v);
  }
  return v;
}

/** The folder name under static/vendor/ (matches scripts/build.mjs): <name without scope>@<version>. */
export const vendorFolder = (pkg: string): string => `${pkg.replace(/^@[^/]+\//, '')}@${packageVersion(pkg)}`;

/** The URL of a file of a vendor bundle, e.g. vendorUrl(SCAFFOLDING, 'scaffolding-min.js'). */
export const vendorUrl = (pkg: string, file: string): string => `/static/vendor/${vendorFolder(pkg)}/${file}`;
