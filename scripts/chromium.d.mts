/** The first Chromium that exists and answers `--version` (CHROMIUM_PATH, else the usual Debian paths), or undefined. */
export function findChromium(): string | undefined;
