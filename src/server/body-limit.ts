// Request body limits, applied to every request before a handler reads its body (pages and /api alike).
// hono's bodyLimit refuses a declared Content-Length above the limit without reading anything, and reads a
// chunked body only until it passes the limit; the node server then drains at most a little of the rest and
// closes the connection. Most bodies are forms and JSON; uploads and imports get their own, larger limits.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { envelope } from './api/envelope.js';
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from './api/excel.js';
import { TOO_LARGE, UPLOAD_TOO_LARGE } from './api/sys/upload.js';
import { MAX_PROJECT_BYTES, MAX_UPLOAD_BYTES } from './domain/uploads.js';
import { MAX_ASSET_BYTES } from './domain/scratch-assets.js';
import { MAX_BODY_BYTES, MAX_THUMBNAIL_BYTES } from './domain/backpack.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Multipart framing around the files of a form (boundaries, part headers, the other fields). */
const FRAMING = 256 * 1024;

interface Limit {
  path: RegExp;
  maxSize: number;
  message: string;
}

const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)}MB`;
const tooMuch = (n: number) => `请求数据过大，不能超过${megabytes(n)}`;
const MB = 1024 * 1024;

/** Routes whose bodies carry files; first match wins. Everything else gets DEFAULT_BODY_LIMIT. */
const LIMITS: Limit[] = [
  // One file: 10 MB, or 30 MB for a Scratch project (the route tells them apart once it has read the body).
  { path: /^\/api\/sys\/common\/upload$/, maxSize: Math.max(MAX_UPLOAD_BYTES, MAX_PROJECT_BYTES) + FRAMING, message: UPLOAD_TOO_LARGE },
  { path: /^\/api\/.+\/importExcel$/, maxSize: MAX_IMPORT_BYTES + FRAMING, message: IMPORT_TOO_LARGE },
  // Page forms that hand their files to the API: the avatar, the site config's images, list imports.
  { path: /^\/account\/settings\/base$/, maxSize: MAX_UPLOAD_BYTES + FRAMING, message: TOO_LARGE },
  { path: /^\/sys\/sysConfig\/save$/, maxSize: 3 * MAX_UPLOAD_BYTES + FRAMING, message: `上传的图片合计不能超过${megabytes(3 * MAX_UPLOAD_BYTES)}` },
  // Course and unit forms carry covers, a map, videos, projects, materials and lesson plans (10 MB each).
  { path: /^\/course\/(course|courseUnit)\/save$/, maxSize: 5 * MAX_UPLOAD_BYTES + FRAMING, message: `一次上传的文件合计不能超过${megabytes(5 * MAX_UPLOAD_BYTES)}，请分几次保存` },
  // 布置班级作业 carries a cover, a document and a starter file; 我的作业's 提交作业 one file.
  { path: /^\/work\/additionalWork\/save$/, maxSize: 3 * MAX_UPLOAD_BYTES + FRAMING, message: `一次上传的文件合计不能超过${megabytes(3 * MAX_UPLOAD_BYTES)}，请分几次保存` },
  // (The handed-in file may be a Scratch project, up to 30 MB.)
  { path: /^\/center\/myAdditionalWork\/submit$/, maxSize: Math.max(MAX_UPLOAD_BYTES, MAX_PROJECT_BYTES) + FRAMING, message: UPLOAD_TOO_LARGE },
  // Scratch素材库: one file per upload; the page form of a sprite carries several costumes and sounds.
  { path: /^\/api\/teaching\/teachingScratchAssets\/upload$/, maxSize: MAX_ASSET_BYTES + FRAMING, message: `素材文件不能超过${megabytes(MAX_ASSET_BYTES)}` },
  { path: /^\/scratch\/assets\/save$/, maxSize: 3 * MAX_ASSET_BYTES + FRAMING, message: `一次上传的素材文件合计不能超过${megabytes(3 * MAX_ASSET_BYTES)}，请分几次保存` },
  // The Scratch backpack: one item as base64 JSON (4/3 of the content and thumbnail, plus the other fields).
  { path: /^\/api\/teaching\/scratch\/backpack\/save$/, maxSize: Math.ceil(((MAX_BODY_BYTES + MAX_THUMBNAIL_BYTES) * 4) / 3) + 64 * 1024, message: `书包内容不能超过${megabytes(MAX_BODY_BYTES)}` },
  { path: /^\/(?!api\/).+\/import$/, maxSize: MAX_IMPORT_BYTES + FRAMING, message: IMPORT_TOO_LARGE },
  // Announcements may carry 500,000 characters of rich text (3 bytes each in UTF-8, up to 9 url-encoded in the
  // page form) or up to 100,000 recipient ids.
  { path: /^\/api\/sys\/annountCement\/(add|edit)$/, maxSize: 4 * MB, message: tooMuch(4 * MB) },
  { path: /^\/isystem\/annountCement\/(save|preview)$/, maxSize: 5 * MB, message: tooMuch(5 * MB) },
];

const DEFAULT: Omit<Limit, 'path'> = { maxSize: DEFAULT_BODY_LIMIT, message: tooMuch(DEFAULT_BODY_LIMIT) };

/** The limit that applies to a path. */
const bodyLimitFor = (path: string): Omit<Limit, 'path'> => LIMITS.find((l) => l.path.test(path)) ?? DEFAULT;

/** 413 in the envelope for the API and htmx (the shell shows its message), as a short page for plain forms. */
function tooLarge(c: Context, message: string) {
  if (c.req.path.startsWith('/api/') || c.req.header('HX-Request')) return c.json(envelope(false, message, 413, null), 413);
  return c.html(`<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>请求数据过大</title><p>${message}</p></html>`, 413);
}

export function requestBodyLimit(): MiddlewareHandler {
  const handlers = new Map<Omit<Limit, 'path'>, MiddlewareHandler>();
  for (const l of [...LIMITS, DEFAULT]) handlers.set(l, bodyLimit({ maxSize: l.maxSize, onError: (c) => tooLarge(c, l.message) }));
  return (c, next) => handlers.get(bodyLimitFor(c.req.path))!(c, next);
}
