// The frame of the 开发示例 pages (pages/demo/): a page header, the "how to copy this" note naming the source
// files, and the few pieces the gallery shows that no other screen had yet (steps, result, progress, cards).
// The forms and lists themselves are the shared templates (list/form-view, list/list-view, list/row-table).
import type { Child } from 'hono/jsx';
import { cx } from '../antd.js';

export const GALLERY_CSS = '/static/css/gallery.css';

/** The files a developer copies from, with what each holds. */
export interface SourceFile {
  path: string;
  what: string;
}

export function GalleryPage({ title, intro, sources, children }: { title: string; intro: string; sources: SourceFile[]; children: Child }) {
  return (
    <div class="xt-gallery">
      <link rel="stylesheet" href="/static/css/list.css" />
      <link rel="stylesheet" href={GALLERY_CSS} />
      <section class="ant-card ant-card-bordered app xt-gallery-head">
        <div class="ant-card-body">
          <h2 class="xt-gallery-title">{title}</h2>
          <p class="xt-gallery-intro">{intro}</p>
        </div>
      </section>
      {children}
      <SourceNote sources={sources} />
    </div>
  );
}

/** "How to copy this": where the page's code lives. */
export function SourceNote({ sources }: { sources: SourceFile[] }) {
  return (
    <aside class="ant-card ant-card-bordered app xt-source-note" aria-label="如何复制">
      <div class="ant-card-body">
        <h3>如何复制这个示例</h3>
        <p>本页由以下源文件组成，复制后改成自己的字段、接口和菜单即可（新页面还需在 src/server/db/seed/menus.ts 登记菜单并授权）：</p>
        <ul>
          {sources.map((s) => (
            <li>
              <code>{s.path}</code>
              <span class="xt-source-what">{s.what}</span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/** antd Steps (horizontal): steps before `current` are finished. */
export function StepsBar({ steps, current }: { steps: string[]; current: number }) {
  return (
    <ol class="xt-steps" aria-label="步骤">
      {steps.map((title, i) => (
        <li class={cx('xt-step', i < current && 'xt-step-finish', i === current && 'xt-step-process')} {...(i === current ? { 'aria-current': 'step' } : {})}>
          <span class="xt-step-icon">{i < current ? '✓' : i + 1}</span>
          <span class="xt-step-title">{title}</span>
        </li>
      ))}
    </ol>
  );
}

/** antd Result (success): a heading, a line of text, details and actions. */
export function ResultBox({ title, text, children, actions }: { title: string; text?: string; children?: Child; actions?: Child }) {
  return (
    <div class="ant-result ant-result-success app xt-gallery-result" role="status">
      <div class="xt-result-check" aria-hidden="true">
        ✓
      </div>
      <div class="ant-result-title">{title}</div>
      {text && <div class="ant-result-subtitle">{text}</div>}
      {actions && <div class="ant-result-extra">{actions}</div>}
      {children && <div class="ant-result-content">{children}</div>}
    </div>
  );
}

/** Label/value pairs (antd Descriptions, one column). */
export function DetailList({ items }: { items: [string, Child][] }) {
  return (
    <dl class="xt-detail-list">
      {items.map(([label, value]) => (
        <div class="xt-detail-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A progress bar (antd Progress, line). */
export function ProgressBar({ percent, status }: { percent: number; status?: 'success' | 'normal' | 'exception' }) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <span class={cx('xt-progress', `xt-progress-${status ?? (p >= 100 ? 'success' : 'normal')}`)} role="progressbar" aria-valuenow={String(p)} aria-valuemin="0" aria-valuemax="100">
      <span class="xt-progress-track">
        <span class="xt-progress-bar" style={`width:${p}%`} />
      </span>
      <span class="xt-progress-text">{p}%</span>
    </span>
  );
}
