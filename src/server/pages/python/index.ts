// The 图形化Python pages: the editor (/python/index.html) and the player (/python/player.html). Standalone documents
// (not the shell), open to visitors as the Scratch pages are: a visitor may create but not save, and plays only
// the works they may see (the API decides).
import type { Hono } from 'hono';
import type { PageEnv } from '../context.js';
import { registerPythonEditor } from './editor.js';
import { registerPythonPlayer } from './player.js';

export function registerPythonPages(app: Hono<PageEnv>): void {
  registerPythonEditor(app);
  registerPythonPlayer(app);
}
