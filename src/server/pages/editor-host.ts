// The boot data of the creation pages' shared host (templates/editor-host.tsx, src/islands/code-host/host.ts):
// who is logged in, the site's name and logo, the public address for share links, and where a login returns to.
import type { Context } from 'hono';
import type { EditorBoot } from '../../templates/editor-host.js';
import { siteConfig, type PageEnv } from './context.js';

/** A stored file key as a URL of the files route; our own favicon when the site has no logo. */
const logoUrl = (key: string | undefined) => (key && /^[A-Za-z0-9][A-Za-z0-9_\-./]*$/.test(key) && !key.includes('..') ? `/api/sys/common/static/${key}` : '/static/favicon.svg');

export async function editorBoot(c: Context<PageEnv>): Promise<EditorBoot> {
  const [cfg, me] = await Promise.all([siteConfig(c), c.get('token') ? c.get('upstream').me().catch(() => null) : Promise.resolve(null)]);
  const u = me?.body.success ? me.body.result : null;
  const url = new URL(c.req.url);
  return {
    user: u ? { id: u.id, username: u.username, realname: u.realname } : null,
    brandName: cfg.brandName,
    logo: logoUrl(cfg.logo2 || cfg.logo),
    here: url.pathname + url.search,
    ...(c.get('config').publicUrl ? { publicUrl: c.get('config').publicUrl } : {}),
  };
}

/** The pages are personal (the user's name): never stored by a shared cache. */
export const PRIVATE_PAGE = 'private, no-cache';
