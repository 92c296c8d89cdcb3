// The site configuration's look of the public pages (网站配置): background, logos and the banner images with
// their links. Values are checked again here, whatever the API let through when they were saved: a colour is
// `#rrggbb`, an image is a stored file key (or a path of this site), a link is http(s) or a path of this site.
// Nothing of the raw configuration reaches a style attribute or a URL unchecked.

export interface PublicBanner {
  src: string;
  /** The click-through link (the banner image's line of `bannerLinks`); null for none. */
  href: string | null;
}

export interface PublicLook {
  /** `#rrggbb` or null. */
  bgColor: string | null;
  /** A URL of this site, or null. */
  bgImage: string | null;
  bgRepeat: 'no-repeat' | 'repeat' | 'repeat-x' | 'repeat-y';
  /** Header logo (config `logo`); null shows the built-in mark. */
  logo: string | null;
  /** The anonymous visitor's avatar in the welcome box (config `logo2`). */
  logo2: string | null;
  /** The default avatar of an account without one (config `avatar`). */
  avatar: string | null;
  banners: PublicBanner[];
  /** 开放注册 is on: the header and the welcome box offer 注册 (otherwise nothing links to a closed form). */
  allowReg: boolean;
}

export const EMPTY_LOOK: PublicLook = { bgColor: null, bgImage: null, bgRepeat: 'no-repeat', logo: null, logo2: null, avatar: null, banners: [], allowReg: false };

const REPEATS = ['no-repeat', 'repeat', 'repeat-x', 'repeat-y'] as const;
const MAX_BANNERS = 20;

/** A stored file key (`<folder>/<name>.<ext>`, no `..`) as the URL that serves it. */
const FILE_KEY = /^[A-Za-z0-9][A-Za-z0-9_\-./]*$/;

/** The URL of a configured image: a stored file key, or a path of this site's stored files or static assets. */
function configImageUrl(value: string | undefined | null): string | null {
  const v = (value ?? '').trim();
  if (!v || v.length > 500 || v.includes('..')) return null;
  if (/^\/(api\/sys\/common\/static|static)\/[A-Za-z0-9_\-./%]+$/.test(v)) return v;
  if (!FILE_KEY.test(v)) return null;
  return `/api/sys/common/static/${v.split('/').map(encodeURIComponent).join('/')}`;
}

/** A link a visitor may follow: http(s) or a path of this site (not `//host`). */
function configLink(value: string | undefined | null): string | null {
  const v = (value ?? '').trim();
  if (!v || v.length > 500) return null;
  if (/^https?:\/\/[^\s"'<>\\]+$/i.test(v)) return v;
  if (/^\/(?![/\\])[^\s"'<>\\]*$/.test(v)) return v;
  return null;
}

export function publicLook(cfg: Record<string, string | undefined>): PublicLook {
  const color = (cfg.homeBgColor ?? '').trim();
  const repeat = (cfg.homeBgRepeat ?? '').trim();
  const links = (cfg.bannerLinks ?? '').split(/\r?\n/);
  const banners: PublicBanner[] = [];
  (cfg.banner ?? '').split(',').forEach((key, i) => {
    const src = configImageUrl(key);
    if (src && banners.length < MAX_BANNERS) banners.push({ src, href: configLink(links[i]) });
  });
  return {
    bgColor: /^#[0-9a-fA-F]{6}$/.test(color) ? color.toLowerCase() : null,
    bgImage: configImageUrl(cfg.file_homeBg),
    bgRepeat: (REPEATS as readonly string[]).includes(repeat) ? (repeat as PublicLook['bgRepeat']) : 'no-repeat',
    logo: configImageUrl(cfg.logo),
    logo2: configImageUrl(cfg.logo2),
    avatar: configImageUrl(cfg.avatar),
    banners,
    allowReg: cfg.allowReg === '1',
  };
}

/** The body's inline style for the configured background; '' when nothing is configured. Inputs are checked
 * above (a colour is six hex digits; an image URL has no quote, parenthesis, space or backslash). */
export function backgroundStyle(look: PublicLook): string {
  const parts: string[] = [];
  if (look.bgColor) parts.push(`background-color:${look.bgColor}`);
  if (look.bgImage && /^[A-Za-z0-9_\-./%]+$/.test(look.bgImage)) {
    parts.push(`background-image:url("${look.bgImage}")`, `background-repeat:${look.bgRepeat}`, 'background-position:center top');
  }
  return parts.join(';');
}
