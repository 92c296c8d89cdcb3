// /home: welcome box and the gallery sections (精选作品, 最赞作品, 最新作品, 推荐课程); a section with
// nothing to show is left out.
import type { CourseModel, FrontMenuNode, WorkModel } from '../../server/upstream/client.js';
import { CourseCard, WorkCard } from './cards.js';
import { Hero } from './hero.js';
import { PublicLayout, type PublicViewer } from './layout.js';
import type { PublicLook } from './look.js';

export interface HomePageProps {
  brandName: string;
  brandDesc?: string;
  footerHtml: string;
  menu: FrontMenuNode[];
  viewer: PublicViewer | null;
  look?: PublicLook;
  featured: WorkModel[];
  liked: WorkModel[];
  latest: WorkModel[];
  courses: CourseModel[];
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

export function HomePage(p: HomePageProps) {
  const empty = !p.featured.length && !p.liked.length && !p.latest.length && !p.courses.length;
  return (
    <PublicLayout brandName={p.brandName} footerHtml={p.footerHtml} menu={p.menu} viewer={p.viewer} look={p.look} current="/home" banner>
      <Hero brandName={p.brandName} brandDesc={p.brandDesc} viewer={p.viewer} look={p.look} />
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
