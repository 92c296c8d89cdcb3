// /home: welcome box and the gallery sections (精选作品, 最赞作品, 最新作品, 推荐课程); a section with
// nothing to show is left out.
import type { CourseModel, FrontMenuNode, WorkModel } from '../../server/upstream/client.js';
import { CourseCard, WorkCard } from './cards.js';
import { loginHref, PublicLayout, viewerName, type PublicViewer } from './layout.js';

export interface HomePageProps {
  brandName: string;
  brandDesc?: string;
  footerHtml: string;
  menu: FrontMenuNode[];
  viewer: PublicViewer | null;
  featured: WorkModel[];
  liked: WorkModel[];
  latest: WorkModel[];
  courses: CourseModel[];
}

export function Welcome({ brandName, viewer }: { brandName: string; viewer: PublicViewer | null }) {
  const name = viewer ? viewerName(viewer) : '';
  return (
    <aside class="xt-welcome" aria-label="欢迎">
      <span class="xt-avatar" aria-hidden="true">
        {viewer ? Array.from(name)[0] ?? '学' : '学'}
      </span>
      {viewer ? (
        <>
          <p class="xt-welcome-text">欢迎您，{name}</p>
          <a class="xt-btn xt-btn-primary" href="/account/center">
            我的作品
          </a>
        </>
      ) : (
        <>
          <p class="xt-welcome-text">欢迎来到{brandName}</p>
          <a class="xt-btn xt-btn-primary" href={loginHref('/home')}>
            登录/注册
          </a>
        </>
      )}
    </aside>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: unknown }) {
  return (
    <section class="xt-section" aria-labelledby={id}>
      <h2 class="xt-section-title" id={id}>
        {title}
      </h2>
      <ul class="xt-grid">{children}</ul>
    </section>
  );
}

/** The banner row of /home and /index: brand name and description, and the welcome box. */
export function Hero({ brandName, brandDesc, viewer, heading = true }: { brandName: string; brandDesc?: string; viewer: PublicViewer | null; heading?: boolean }) {
  return (
    <div class="xt-hero">
      <div class="xt-wrap xt-hero-inner">
        <div class="xt-hero-text">
          {heading ? <h1>{brandName}</h1> : <p class="xt-hero-brand">{brandName}</p>}
          {brandDesc ? <p>{brandDesc}</p> : null}
        </div>
        <Welcome brandName={brandName} viewer={viewer} />
      </div>
    </div>
  );
}

export function HomePage(p: HomePageProps) {
  const empty = !p.featured.length && !p.liked.length && !p.latest.length && !p.courses.length;
  return (
    <PublicLayout brandName={p.brandName} footerHtml={p.footerHtml} menu={p.menu} viewer={p.viewer} current="/home">
      <Hero brandName={p.brandName} brandDesc={p.brandDesc} viewer={p.viewer} />
      <div class="xt-wrap">
        {p.featured.length ? (
          <Section id="featured" title="精选作品">
            {p.featured.map((w) => (
              <WorkCard work={w} />
            ))}
          </Section>
        ) : null}
        {p.liked.length ? (
          <Section id="liked" title="最赞作品">
            {p.liked.map((w) => (
              <WorkCard work={w} />
            ))}
          </Section>
        ) : null}
        {p.latest.length ? (
          <Section id="latest" title="最新作品">
            {p.latest.map((w) => (
              <WorkCard work={w} />
            ))}
          </Section>
        ) : null}
        {p.courses.length ? (
          <Section id="courses" title="推荐课程">
            {p.courses.map((c) => (
              <CourseCard course={c} />
            ))}
          </Section>
        ) : null}
        {empty ? <p class="xt-empty">还没有公开的作品和课程，敬请期待。</p> : null}
      </div>
    </PublicLayout>
  );
}
