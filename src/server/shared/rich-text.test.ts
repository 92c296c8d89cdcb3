// The rich-text rules themselves: what formatting survives, what cannot (overlays, classes, layout), and
// which images may be shown (this site's own files only).
import { describe, expect, it } from 'vitest';
import { isOwnImagePath, sanitizeRichHtml as clean } from './rich-text.js';

describe('styles and classes', () => {
  it('drops a full-screen overlay: class, position, inset, z-index, background shorthand', () => {
    const out = clean('<div class="ant-modal-mask xt-shell" style="position:fixed;inset:0;z-index:9999;background:#000;opacity:.9">系统维护中</div>');
    expect(out).toBe('<div>系统维护中</div>');
  });

  it('keeps the text formatting an editor produces, with bounded values', () => {
    const out = clean(
      '<p style="color:#c00;background-color:rgb(255, 255, 0);text-align:center;font-size:16px;font-weight:bold;font-style:italic;text-decoration:underline line-through;line-height:1.5">通知</p>',
    );
    expect(out).toBe(
      '<p style="color:#c00;background-color:rgb(255, 255, 0);text-align:center;font-size:16px;font-weight:bold;font-style:italic;text-decoration:underline line-through;line-height:1.5">通知</p>',
    );
    expect(clean('<span style="font-size:2em;color:red">大</span>')).toBe('<span style="font-size:2em;color:red">大</span>');
  });

  it.each([
    ['a huge font', 'font-size:400px'],
    ['a tiny font', 'font-size:1px'],
    ['a relative size without bound', 'font-size:50vw'],
    ['a negative margin', 'margin-top:-2000px'],
    ['a width', 'width:100vw'],
    ['a height', 'height:100vh'],
    ['a transform', 'transform:translate(-50%,-50%)'],
    ['display none', 'display:none'],
    ['a background image (remote tracking)', 'background-image:url(https://evil.example/t.gif)'],
    ['a colour that smuggles a url', 'background-color:url(https://evil.example/t.gif)'],
    ['an upper-case position', 'POSITION:fixed'],
    ['an expression', 'color:expression(alert(1))'],
  ])('drops %s', (_label, style) => {
    expect(clean(`<p style="${style}">x</p>`)).toBe('<p>x</p>');
  });
});

describe('images', () => {
  it.each([
    ['a remote image', 'https://evil.example/pixel.gif?reader=1'],
    ['a plain-http remote image', 'http://evil.example/pixel.gif'],
    ['a protocol-relative image', '//evil.example/pixel.gif'],
    ['a data: image', 'data:image/png;base64,iVBORw0KGgo='],
    ['a javascript: image', 'javascript:alert(1)'],
    ['a path outside the file routes', '/api/sys/user/list'],
    ['a file path climbing out', '/api/sys/common/static/../../sys/logout'],
    ['an encoded climb', '/api/sys/common/static/%2e%2e/%2E%2E/sys/logout'],
    ['a query string', '/api/sys/common/static/a.png?x=1'],
    ['a relative path', 'pic.png'],
  ])('removes %s entirely', (_label, src) => {
    expect(clean(`<p>前<img src="${src}" alt="图">后</p>`)).toBe('<p>前后</p>');
  });

  it('keeps pictures stored on this site and its static files, with sane sizes only', () => {
    expect(clean('<img src="/api/sys/common/static/upload/20260101/a%E5%9B%BE.png" alt="图" width="320" height="99999" onerror="x()">')).toBe(
      '<img src="/api/sys/common/static/upload/20260101/a%E5%9B%BE.png" alt="图" width="320" />',
    );
    expect(clean('<img src="/static/favicon.svg" width="100%">')).toBe('<img src="/static/favicon.svg" />');
  });

  it('recognises own image paths', () => {
    expect(isOwnImagePath('/api/sys/common/static/a/b.png')).toBe(true);
    expect(isOwnImagePath('/api/sys/common/static//evil.example/b.png')).toBe(false);
    expect(isOwnImagePath('/static/..%2fapi/x')).toBe(false);
    expect(isOwnImagePath('/static/%E0%A4%A')).toBe(false);
    expect(isOwnImagePath(undefined)).toBe(false);
  });
});

describe('what stayed as before', () => {
  it('still removes scripts, handlers and javascript: links, and keeps links safe', () => {
    expect(clean('<p onclick="x()">你好<script>alert(1)</script><a href="javascript:alert(2)">坏</a><a href="https://example.org" target="_blank">好</a></p>')).toBe(
      '<p>你好<a rel="noopener noreferrer">坏</a><a href="https://example.org" target="_blank" rel="noopener noreferrer">好</a></p>',
    );
    expect(clean('<a href="//evil.example/">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(clean(null)).toBe('');
  });
});
