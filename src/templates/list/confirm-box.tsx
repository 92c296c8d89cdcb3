// The one confirmation of a destructive action. With htmx the button asks in place (`confirmAttrs`, confirm-attrs.ts: hx-confirm,
// then it posts confirmed=1); without JavaScript the handler answers this box instead (pages/confirm.tsx), in
// the dialog frame: an antd modal in the #xt-modal slot, or a card page of its own. It names what the action
// affects (e.g. every department deleted with a branch). 确定 posts `hidden` plus confirmed=1 to `action`;
// 取消 and × go back. Styles: list.css (.xt-confirm-box).
import type { Child } from 'hono/jsx';
import { Button, cx, LinkButton } from '../antd.js';
import { DialogFrame } from './dialog-frame.js';
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
  const footer = (
    <>
      <LinkButton {...navAttrs(p.back)}>取消</LinkButton>
      <Button type="primary" danger={p.danger !== false} htmlType="submit" form="xt-confirm-form">
        确定
      </Button>
    </>
  );
  return (
    <DialogFrame title={p.title} back={p.back} asDialog={p.asDialog} width={480} footer={footer} class={cx('xt-confirm-box', p.class)} stylesheets={p.stylesheets}>
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
    </DialogFrame>
  );
}
