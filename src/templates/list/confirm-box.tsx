// Confirmation of a destructive action that names what it affects (e.g. every department deleted with a
// branch): an antd modal in the #xt-modal slot (htmx), or a card page of its own without JavaScript. 确定 posts
// `hidden` plus confirmed=1 to `action`; 取消 and × go back. Styles: list.css (.xt-confirm-box).
import type { Child } from 'hono/jsx';
import { Button, cx, LinkButton } from '../antd.js';
import { navAttrs } from './list-view.js';

export interface ConfirmBoxProps {
  asDialog: boolean;
  title: string;
  text: Child;
  /** What the action affects, listed (the first 30, then a count). */
  items?: string[];
  action: string;
  hidden: Record<string, string>;
  back: string;
  /** 确定 in red (default) for destructive actions. */
  danger?: boolean;
  /** Extra class of the frame (a screen's own scope). */
  class?: string;
  /** Extra stylesheets the frame links (a screen's own). */
  stylesheets?: string[];
}

export function ConfirmBox(p: ConfirmBoxProps) {
  const links = ['/static/css/list.css', ...(p.stylesheets ?? [])].map((href) => <link rel="stylesheet" href={href} />);
  const body = (
    <form method="post" action={p.action} class="xt-confirm" id="xt-confirm-form" hx-post={p.action} hx-target="#content">
      {Object.entries(p.hidden).map(([k, v]) => (
        <input type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name="confirmed" value="1" />
      <p class="xt-confirm-text">{p.text}</p>
      {p.items && p.items.length > 0 && (
        <ul class="xt-confirm-items">
          {p.items.slice(0, 30).map((i) => (
            <li>{i}</li>
          ))}
          {p.items.length > 30 && <li>……等共 {p.items.length} 个</li>}
        </ul>
      )}
    </form>
  );
  const footer = (
    <>
      <LinkButton {...navAttrs(p.back)}>取消</LinkButton>
      <Button type="primary" danger={p.danger !== false} htmlType="submit" form="xt-confirm-form">
        确定
      </Button>
    </>
  );
  if (!p.asDialog) {
    return (
      <section class={cx('ant-card ant-card-bordered app xt-form-page xt-confirm-box', p.class)}>
        {links}
        <div class="ant-card-body">
          <h2 class="xt-page-title">{p.title}</h2>
          {body}
          <div class="xt-form-actions">{footer}</div>
        </div>
      </section>
    );
  }
  return (
    <div class={cx('ant-modal-root app ant-modal-css-var xt-modal-root xt-confirm-box', p.class)}>
      {links}
      <div class="ant-modal-mask" />
      <div class="ant-modal-wrap" role="presentation">
        <div class="ant-modal app ant-modal-css-var" role="dialog" aria-modal="true" aria-labelledby="xt-confirm-title" style="width:480px">
          <div class="ant-modal-container">
            <a class="ant-modal-close" {...navAttrs(p.back)} aria-label="关闭">
              <span class="ant-modal-close-x">×</span>
            </a>
            <div class="ant-modal-header">
              <div class="ant-modal-title" id="xt-confirm-title">
                {p.title}
              </div>
            </div>
            <div class="ant-modal-body">{body}</div>
            <div class="ant-modal-footer">{footer}</div>
          </div>
        </div>
      </div>
    </div>
  );
}
