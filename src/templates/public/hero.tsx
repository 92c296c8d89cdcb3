// The row under the public header (teaching-open's Banner + welcome box): the configured banner images with
// their links, or the brand name and description when there are none, and the welcome box. The banner is a
// horizontally scrolling strip (CSS scroll snapping): complete without JavaScript; banner.js only advances
// it every few seconds.
import { EMPTY_LOOK, type PublicBanner, type PublicLook } from './look.js';
import { loginHref, viewerName, type PublicViewer } from './layout.js';

/** The welcome box; an anonymous visitor is offered 登录/注册 while 开放注册 is on, 登录 alone otherwise. */
function Welcome({ brandName, viewer, avatar, allowReg = false }: { brandName: string; viewer: PublicViewer | null; avatar?: string | null; allowReg?: boolean }) {
  const name = viewer ? viewerName(viewer) : '';
  return (
    <aside class="xt-welcome" aria-label="欢迎">
      {!viewer && avatar ? (
        <img class="xt-avatar xt-avatar-img" src={avatar} alt="" width="56" height="56" />
      ) : (
        <span class="xt-avatar" aria-hidden="true">
          {viewer ? Array.from(name)[0] ?? '学' : '学'}
        </span>
      )}
      {viewer ? (
        <>
          <p class="xt-welcome-text">欢迎您，{name}</p>
          <p class="xt-welcome-actions">
            <a class="xt-btn xt-btn-primary" href="/account/center">
              我的作品
            </a>
            <a class="xt-btn" href="/teaching/mineCourse/cardList">
              我的课程
            </a>
          </p>
        </>
      ) : (
        <>
          <p class="xt-welcome-text">欢迎来到{brandName}</p>
          <a class="xt-btn xt-btn-primary" href={loginHref('/home')}>
            {allowReg ? '登录/注册' : '登录'}
          </a>
        </>
      )}
    </aside>
  );
}

/** The banner images; each links to its line of `bannerLinks` (a link of another site opens in a new tab). */
function Banner({ banners, brandName }: { banners: PublicBanner[]; brandName: string }) {
  return (
    <section class="xt-banner" aria-label="轮播图" aria-roledescription="carousel" data-banner>
      <ul class="xt-banner-track" tabindex={0}>
        {banners.map((b, i) => {
          const img = (
            <img
              src={b.src}
              alt={`${brandName} 轮播图 ${i + 1}/${banners.length}`}
              width="900"
              height="300"
              decoding="async"
              {...(i > 0 ? { loading: 'lazy' } : {})}
            />
          );
          return (
            <li class="xt-banner-slide" aria-roledescription="slide">
              {b.href ? (
                <a href={b.href} {...(/^https?:/i.test(b.href) ? { target: '_blank', rel: 'noopener' } : {})}>
                  {img}
                </a>
              ) : (
                img
              )}
            </li>
          );
        })}
      </ul>
      {banners.length > 1 ? (
        <p class="xt-banner-count" aria-hidden="true">
          {banners.length} 张，左右滑动查看
        </p>
      ) : null}
    </section>
  );
}

/**
 * The row of /home and /index (brand text or banner, and the welcome box) and, with `slim`, the banner row of
 * the other list pages (only when banner images are configured; the welcome box then shows from 769 px up).
 */
export function Hero({
  brandName,
  brandDesc,
  viewer,
  look = EMPTY_LOOK,
  heading = true,
  slim = false,
}: {
  brandName: string;
  brandDesc?: string;
  viewer: PublicViewer | null;
  look?: PublicLook;
  heading?: boolean;
  slim?: boolean;
}) {
  const banner = look.banners.length > 0;
  if (slim && !banner) return null;
  return (
    <div class={banner ? (slim ? 'xt-hero xt-hero-banner xt-hero-slim' : 'xt-hero xt-hero-banner') : 'xt-hero'}>
      <div class="xt-wrap xt-hero-inner">
        {banner ? (
          <div class="xt-hero-text">
            {heading ? <h1 class="xt-sr">{brandName}</h1> : null}
            <Banner banners={look.banners} brandName={brandName} />
          </div>
        ) : (
          <div class="xt-hero-text">
            {heading ? <h1>{brandName}</h1> : <p class="xt-hero-brand">{brandName}</p>}
            {brandDesc ? <p>{brandDesc}</p> : null}
          </div>
        )}
        <Welcome brandName={brandName} viewer={viewer} avatar={look.logo2} allowReg={look.allowReg} />
      </div>
    </div>
  );
}
