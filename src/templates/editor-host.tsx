// The bar every creation page shares (Scratch /scratch3/, 积木编程 /blockly/, 图形化Python /python/): the site's
// logo and name, the status line the host script writes, the user's name, 保存 / 提交 (logged in) or 登录后可保存,
// and 返回. The host script (src/islands/code-host/host.ts) reads the boot data block and drives the buttons.
import type { Child } from 'hono/jsx';
import { raw } from 'hono/html';

/** What the host script needs from the server (JSON in a data block: the pages run no inline script). */
export interface EditorBoot {
  user: { id: string; username: string; realname: string } | null;
  brandName: string;
  logo: string;
  /** The site's public address (share links), when configured. */
  publicUrl?: string;
  /** This page's path and query (where the login page sends the visitor back to). */
  here: string;
}

/** Serialised for a <script type="application/json"> block: `<` escaped so no text can close the element. */
const jsonBlock = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/** The boot data block (in the head, before the host script). */
export function EditorBootData({ boot }: { boot: EditorBoot }) {
  return <script type="application/json" id="xt-editor-boot">{raw(jsonBlock(boot))}</script>;
}

/**
 * The top bar. `extra`: the editor's own items before the user's name (Scratch: its source and licence link).
 * `readOnly`: a player or viewer (no 保存 / 提交, no login hint).
 */
export function EditorBar({ boot, extra, readOnly }: { boot: EditorBoot; extra?: Child; readOnly?: boolean }) {
  return (
    <header class="xt-ed-bar" role="banner">
      <a class="xt-ed-brand" href="/home" title="首页">
        <img src={boot.logo} alt="" width="28" height="28" />
        <span>{boot.brandName}</span>
      </a>
      <span class="xt-ed-status" id="xt-ed-status" role="status" aria-live="polite">
        编辑器加载中……
      </span>
      <span class="xt-ed-spacer" />
      {extra}
      {boot.user ? (
        <>
          <span class="xt-ed-user" title={boot.user.username}>
            {boot.user.realname || boot.user.username}
          </span>
          {readOnly ? null : (
            <>
              <button type="button" class="xt-ed-btn xt-ed-save" id="xt-ed-save" disabled>
                保存
              </button>
              <button type="button" class="xt-ed-btn xt-ed-submit" id="xt-ed-submit" disabled>
                提交
              </button>
            </>
          )}
        </>
      ) : (
        <>
          <span class="xt-ed-user">未登录</span>
          {readOnly ? null : (
            <a class="xt-ed-hint" href={`/user/login?redirect=${encodeURIComponent(boot.here)}`}>
              登录后可保存
            </a>
          )}
        </>
      )}
      <a class="xt-ed-btn xt-ed-back" href="/account/center">
        返回
      </a>
    </header>
  );
}
