// 资讯管理 (/news/list): the declared list and form. The content field gets a live preview rendered through the
// one sanitiser (as the API stores it); without JavaScript it is a plain HTML textarea.
import type { Hono } from 'hono';
import type { FieldSpec } from '../../resources/spec.js';
import { NEWS_ROUTE, newsFields, newsForm, newsList } from '../../resources/news.js';
import { inputClass } from '../../../templates/antd.js';
import type { ControlContext } from '../../../templates/list/form-view.js';
import { RichHtml } from '../../../templates/rich-html.js';
import type { PageEnv } from '../context.js';
import { registerListPage } from '../list-page.js';

const MAX_PREVIEW = newsFields.rule('newsContent').max;

const STYLE = `
.xt-news-preview-label { margin: 8px 0 4px; color: rgba(0,0,0,.45); font-size: 12px; }
.xt-news-preview { min-height: 48px; max-height: 300px; overflow: auto; padding: 8px 12px; border: 1px dashed #d9d9d9; border-radius: 6px; background: #fafafa; word-break: break-word; }
.xt-news-preview img { max-width: 100%; }
`;

function ContentEditor({ ctx, f }: { ctx: ControlContext; f: FieldSpec }) {
  const html = ctx.value === null || ctx.value === undefined ? '' : String(ctx.value);
  if (ctx.mode === 'detail') {
    return (
      <div class="xt-news-preview">
        <style>{STYLE}</style>
        <RichHtml html={html} />
      </div>
    );
  }
  return (
    <>
      <style>{STYLE}</style>
      <textarea
        id={`f-${f.key}`}
        name={f.key}
        class={inputClass({ error: !!ctx.error, extra: 'xt-textarea' })}
        rows={10}
        placeholder="请输入内容（HTML）"
        {...(ctx.error ? { 'aria-invalid': 'true', 'aria-describedby': `f-${f.key}-error` } : {})}
        hx-post={`${NEWS_ROUTE}/preview`}
        hx-trigger="input changed delay:500ms"
        hx-target="#xt-news-preview"
        hx-swap="innerHTML"
      >
        {html}
      </textarea>
      <div class="xt-news-preview-label">预览（按保存时的规则清理后显示）</div>
      <div id="xt-news-preview" class="xt-news-preview" aria-live="polite">
        <RichHtml html={html} />
      </div>
    </>
  );
}

export function registerNewsPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: newsList,
    form: newsForm,
    renderControl: (f, ctx) => (f.key === 'newsContent' ? <ContentEditor ctx={ctx} f={f} /> : undefined),
  });

  // Live preview: the content as visitors will see it, through the sanitiser the API applies on save.
  app.post(`${NEWS_ROUTE}/preview`, async (c) => {
    const form = await c.req.parseBody();
    const html = typeof form.newsContent === 'string' ? form.newsContent.slice(0, MAX_PREVIEW) : '';
    return c.html(String(<RichHtml html={html} />));
  });
}
