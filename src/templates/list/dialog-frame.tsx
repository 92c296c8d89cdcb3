// The one dialog frame of the server-rendered screens: an antd modal (or a right-hand drawer) for the #xt-modal
// slot (htmx), or a card page of its own without JavaScript. pages/dialog-page.tsx decides which one a request
// gets; forms (form-view.tsx), confirmations (confirm-box.tsx) and every screen's own dialogs render inside it.
import type { Child } from 'hono/jsx';
import { cx } from '../antd.js';

export interface DialogFrameProps {
  title: Child;
  /** Where 关闭 goes (the list the dialog was opened from). */
  back: string;
  asDialog: boolean;
  width?: number;
  children: Child;
  /** Buttons of the footer; default a single 关闭. */
  footer?: Child;
  /** 'drawer': slides in at the right edge, full height (antd Drawer; forms of tree screens such as 前台菜单管理). */
  variant?: 'modal' | 'drawer';
  /** Extra class of the frame (a screen's own scope, e.g. a confirmation's). */
  class?: string;
  /** Extra stylesheets the frame links (a screen's own). */
  stylesheets?: string[];
}

/** The close link: htmx reloads the list into #content (closing the dialog); without JS it is a link. */
export const CloseLink = ({ back, label = '关闭', class: klass }: { back: string; label?: string; class?: string }) => (
  <a class={klass} href={back} hx-get={back} hx-target="#content" hx-push-url="true">
    <span>{label}</span>
  </a>
);

export function DialogFrame(p: DialogFrameProps) {
  const footer = p.footer ?? <CloseLink back={p.back} class="ant-btn app ant-btn-color-default ant-btn-variant-outlined" />;
  const links = ['/static/css/list.css', '/static/css/tree.css', ...(p.stylesheets ?? [])].map((href) => <link rel="stylesheet" href={href} />);
  if (!p.asDialog) {
    return (
      <section class={cx('ant-card ant-card-bordered app xt-form-page xt-dialog-page', p.class)}>
        {links}
        <div class="ant-card-head">
          <div class="ant-card-head-wrapper">
            <h2 class="ant-card-head-title">{p.title}</h2>
          </div>
        </div>
        <div class="ant-card-body">
          {p.children}
          <div class="xt-form-actions">{footer}</div>
        </div>
      </section>
    );
  }
  return (
    <div class={cx('ant-modal-root app ant-modal-css-var xt-modal-root', p.variant === 'drawer' && 'xt-drawer-root', p.class)}>
      {links}
      <div class="ant-modal-mask" />
      <div class="ant-modal-wrap" role="presentation">
        <div class="ant-modal app ant-modal-css-var" role="dialog" aria-modal="true" aria-labelledby="xt-dialog-title" style={`width:${p.width ?? 800}px`}>
          <div class="ant-modal-container">
            <a class="ant-modal-close" href={p.back} hx-get={p.back} hx-target="#content" hx-push-url="true" aria-label="关闭">
              <span class="ant-modal-close-x">×</span>
            </a>
            <div class="ant-modal-header">
              <div class="ant-modal-title" id="xt-dialog-title">
                {p.title}
              </div>
            </div>
            <div class="ant-modal-body">{p.children}</div>
            <div class="ant-modal-footer">{footer}</div>
          </div>
        </div>
      </div>
    </div>
  );
}
