// The public site's stylesheet, inlined into every public page: the first visit of a shared page then paints as
// soon as its HTML arrives, with no render-blocking round trip for /static/css/site.css (docs/public-speed.md).
// It is small (about 4 KB gzip) and the page cache stores the pages compressed, so inlining costs nothing per hit.
import fs from 'node:fs';
import path from 'node:path';

/** Where the stylesheet is (the server runs from the project root, as for the static files it serves). */
const FILE = path.resolve('static/css/site.css');
let cached: string | null | undefined;

/** The stylesheet's text, read once; null when it cannot be read (the pages then link it instead). */
export function siteCss(): string | null {
  if (cached === undefined) {
    try {
      // `</` cannot end the <style> element early (our own file has none; this keeps it so).
      cached = fs
        .readFileSync(FILE, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '') // comments
        .replace(/\s*\n\s*/g, '\n') // indentation and blank lines
        .replace(/<\//g, '<\\/')
        .trim();
    } catch {
      cached = null;
    }
  }
  return cached;
}
