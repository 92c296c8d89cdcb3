// Reads the shell settings cookie (`xt_settings`, written by the browser as JSON) so the server renders the
// user's theme, layout and colour on the first paint. Every field is validated on its own: a bad or missing
// value falls back to its default and the rest of the cookie still counts.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { DEFAULT_SETTINGS as D, PRESET_COLORS, SETTINGS_COOKIE, type PresetColor, type ShellSettings } from '../../templates/shell/settings.js';

const PRESETS = PRESET_COLORS.map((p) => p.color) as [PresetColor, ...PresetColor[]];

const flag = (fallback: boolean) => z.boolean().catch(fallback);

const schema = z.object({
  theme: z.enum(['dark', 'light']).catch(D.theme),
  // Only the presets: the value becomes a class name, and theme.css has rules for exactly these.
  color: z
    .string()
    .transform((v) => PRESETS.find((p) => p.toLowerCase() === v.toLowerCase()))
    .pipe(z.enum(PRESETS))
    .catch(D.color),
  layout: z.enum(['sidemenu', 'topmenu']).catch(D.layout),
  contentWidth: z.enum(['Fixed', 'Fluid']).catch(D.contentWidth),
  fixedHeader: flag(D.fixedHeader),
  autoHideHeader: flag(D.autoHideHeader),
  fixSiderbar: flag(D.fixSiderbar),
  colorWeak: flag(D.colorWeak),
  multipage: flag(D.multipage),
  collapsed: flag(D.collapsed),
});

/** Parses a cookie value; anything unreadable gives the defaults. The coupling rules of SPEC §4 are applied. */
export function parseSettings(raw: string | undefined): ShellSettings {
  let json: unknown = {};
  if (raw) {
    try {
      json = JSON.parse(raw);
    } catch {
      json = {};
    }
  }
  const parsed = schema.safeParse(json && typeof json === 'object' && !Array.isArray(json) ? json : {});
  const s: ShellSettings = parsed.success ? parsed.data : { ...D };
  // Hide-on-scroll needs a fixed header; Fluid width and a fixed sidebar belong to one layout each.
  if (!s.fixedHeader) s.autoHideHeader = false;
  if (s.layout === 'sidemenu') s.contentWidth = 'Fixed';
  if (s.layout === 'topmenu') s.fixSiderbar = false;
  return s;
}

export const readSettings = (c: Context): ShellSettings => parseSettings(getCookie(c, SETTINGS_COOKIE));
