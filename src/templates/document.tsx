// The HTML document around every page: one stylesheet per page family (linked, or inlined by the public pages),
// scripts deferred, no inline script.
import type { Child } from 'hono/jsx';

export interface DocumentProps {
  title: string;
  styles: string[];
  /** A stylesheet's text to put in the head as a <style> element (the public pages inline theirs). */
  inlineStyle?: string | null;
  scripts?: string[];
  /** ES module scripts (deferred by nature), after the classic ones. */
  modules?: string[];
  /** Extra head elements (meta configuration), placed before the scripts. */
  head?: Child;
  bodyClass?: string;
  /** An inline style of <body> (the public site's configured background; callers pass checked values only). */
  bodyStyle?: string;
  /** Classes on <html> (a page-wide filter belongs on the root, where it keeps fixed elements fixed). */
  htmlClass?: string;
  children: Child;
}

export function Document({ title, styles, inlineStyle, scripts = [], modules = [], head, bodyClass, bodyStyle, htmlClass, children }: DocumentProps) {
  return (
    <html lang="zh-CN" class={htmlClass}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {styles.map((href) => (
          <link rel="stylesheet" href={href} />
        ))}
        {inlineStyle ? <style dangerouslySetInnerHTML={{ __html: inlineStyle }} /> : null}
        {head}
        {scripts.map((src) => (
          <script src={src} defer />
        ))}
        {modules.map((src) => (
          <script type="module" src={src} />
        ))}
      </head>
      <body class={bodyClass} style={bodyStyle || undefined}>
        {children}
      </body>
    </html>
  );
}

/** `page title · brand name`, or the brand name alone (SPEC §2). */
export const documentTitle = (brandName: string, pageTitle?: string) =>
  pageTitle ? `${pageTitle} · ${brandName}` : brandName;
