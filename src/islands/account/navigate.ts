// Navigation inside the shell without React: the shell's htmx navigation when present (only #content
// changes; the header and its websocket stay), else a normal page load.
import type {} from '../globals';

export function navigate(url: string): void {
  if (window.xtShell) window.xtShell.navigate(url);
  else location.assign(url);
}
