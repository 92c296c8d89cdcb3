// The HTML document around every page: one stylesheet per page family, scripts deferred, no inline script.
import type { Child } from 'hono/jsx';

export interface DocumentProps {
  title: string;
  styles: string[];
  scripts?: string[];
  bodyClass?: string;
  children: Child;
}

export function Document({ title, styles, scripts = [], bodyClass, children }: DocumentProps) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {styles.map((href) => (
          <link rel="stylesheet" href={href} />
        ))}
        {scripts.map((src) => (
          <script src={src} defer />
        ))}
      </head>
      <body class={bodyClass}>{children}</body>
    </html>
  );
}

/** `page title · brand name`, or the brand name alone (SPEC §2). */
export const documentTitle = (brandName: string, pageTitle?: string) =>
  pageTitle ? `${pageTitle} · ${brandName}` : brandName;
