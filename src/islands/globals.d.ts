// Globals shared by the shell's browser code and the islands (set by htmx, boot.ts and shell.ts).
import type { IslandContext } from './boot';
import type { ShellApi } from './shell/types';
import type { XtApi } from './shell/http';

declare global {
  interface Window {
    /** htmx 2 (static/build/htmx.min.js, loaded before the modules). Only the calls the shell makes are typed. */
    htmx?: {
      ajax(verb: string, path: string, context: { target?: string | Element; swap?: string; push?: string; source?: Element }): Promise<void>;
      process(elt: Element): void;
    };
    /** The island loader (boot.ts): activate an island by element or by name. */
    xtIslands?: { activate(target: HTMLElement | string, trigger: string): Promise<void> };
    /** The shell's settings and navigation, for islands (shell.ts). */
    xtShell?: ShellApi;
    /** fetch for /api with the shell's error handling (SPEC §8): resolves with the envelope, rejects on HTTP errors. */
    xtApi?: XtApi;
  }
}

export type { IslandContext };
