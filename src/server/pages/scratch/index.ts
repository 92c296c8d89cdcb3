// The Scratch pages: the editor (/scratch3/index.html) and the player (/scratch3/player.html). Standalone
// documents (not the shell), open to visitors: a visitor may create and download but not save, and plays only
// the works they may see (the API decides).
import type { Hono } from 'hono';
import type { PageEnv } from '../context.js';
import { registerScratchEditor } from './editor.js';
import { registerPlayerPage } from './player.js';

export function registerScratchPages(app: Hono<PageEnv>): void {
  registerScratchEditor(app);
  registerPlayerPage(app);
}
