// GET /sys/common/static/<key>: stored files (covers, works, avatars), read from the file store (deps.storage).
// Keys are server-generated and checked (isSafeKey); files are served with nosniff and a sandboxing CSP. Scratch
// projects go out as application/x.scratch.sb3 (the players fetch them same-origin); `?download=1` names the
// download after the uploaded file. Every access rule is checked here first, on either backend; then, on a bucket,
// videos and sounds are redirected to a short-lived signed address and public media to STORAGE_PUBLIC_URL.
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isPrivateKey } from '../../domain/private-files.js';
import { unitFileAccess } from '../../domain/courses.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { courseViewer } from '../teaching/course-access.js';
import { fail } from '../envelope.js';
import { isSafeKey } from '../../storage/index.js';
import type { ByteRange } from '../../storage/store.js';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  // Scratch素材库 costumes (checked for script on upload; the sandboxing CSP blocks it anyway).
  '.svg': 'image/svg+xml',
  '.sb3': 'application/x.scratch.sb3',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
  // The code editors' projects (积木编程, 图形化Python): read by their players with fetch; a download otherwise.
  '.json': 'application/json; charset=utf-8',
  '.py': 'text/x-python; charset=utf-8',
};

/** The name a stored file was uploaded with (sys_file.file_name), ending in the stored extension. */
async function originalName(db: Kysely<Database>, key: string, ext: string): Promise<string | null> {
  const row = await db.selectFrom('sys_file').select('file_name').where('file_path', '=', key).executeTakeFirst();
  // eslint-disable-next-line no-control-regex -- control characters must not reach the Content-Disposition header
  const name = (row?.file_name ?? '').replace(/[\u0000-\u001f\u007f"\\/]/g, '_').trim();
  if (!name) return null;
  return name.toLowerCase().endsWith(ext.toLowerCase()) ? name : `${name}${ext}`;
}

/** attachment with an ASCII fallback name and the real one in RFC 5987 form (Chinese names survive). */
function contentDisposition(name: string, fallback: string): string {
  const ascii = /^[\x20-\x7e]+$/.test(name) ? name : fallback;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** How long a signed address of the bucket stays valid (the browser follows the redirect at once). */
const SIGNED_URL_SECONDS = 300;

export function registerFileRoutes(r: ApiRoutes) {
  r.get('/sys/common/static/*', PUBLIC, async (c) => {
    const { db, storage } = c.get('deps');
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path.replace(/^.*?\/sys\/common\/static\//, ''));
    } catch {
      return fail(c, '文件不存在', 404, 404); // malformed percent-encoding names no file
    }
    if (!isSafeKey(rel)) return fail(c, '文件不存在', 404, 404);
    // Private keys: backpack files belong to one user each and are served only to them (api/teaching/scratch-backpack.ts);
    // database backups copied into a bucket are served to nobody (domain/private-files.ts).
    if (isPrivateKey(rel)) return fail(c, '文件不存在', 404, 404);
    // A store that does not answer throws here: 503 (domain/storage-errors.ts), never a 404 for a file that exists.
    const info = await storage.stat(rel);
    if (!info) return fail(c, '文件不存在', 404, 404);
    // Course-unit media follow the course visibility rule and the show-to-students flags, whatever the URL.
    const access = await unitFileAccess(db, await courseViewer(c), rel);
    if (access === 'denied') return fail(c, '无课程权限', 403, 403);
    const ext = path.posix.extname(rel);
    const type = TYPES[ext.toLowerCase()] ?? 'application/octet-stream';
    const media = type.startsWith('image/') || type.startsWith('video/') || type.startsWith('audio/');
    const cacheControl = access === 'free' ? 'public, max-age=86400' : 'private, no-store';
    // Anything but media is a download; `?download=1` makes media one too, under the name it was uploaded with.
    const download = c.req.query('download') === '1' || c.req.query('download') === 'true';
    let disposition: string | undefined;
    if (download || !media) {
      const stored = path.posix.basename(rel);
      const original = download ? await originalName(db, rel, ext) : null;
      // A stored name may be Chinese (files imported from teaching-open keep their keys): headers carry only ASCII.
      const ascii = /^[\x20-\x7e]+$/.test(stored) ? stored : `file${ext}`;
      disposition = original || ascii !== stored ? contentDisposition(original ?? stored, ascii) : `attachment; filename="${stored}"`;
    }
    // A public picture, video or sound with STORAGE_PUBLIC_URL: from the CDN (no script runs in an <img> or <video>,
    // and they need no CORS); downloads and files the players fetch stay here, with their headers.
    if (access === 'free' && media && !disposition) {
      const publicUrl = storage.publicUrl(rel);
      if (publicUrl) return redirect(publicUrl, cacheControl);
    }
    // Videos and sounds on a bucket (after the check above): from a short-lived signed address, which also answers
    // Range requests (seeking); the type and any download name go with it.
    if (type.startsWith('video/') || type.startsWith('audio/')) {
      const signed = await storage.signedUrl(rel, { expiresIn: SIGNED_URL_SECONDS, contentType: type, ...(disposition ? { disposition } : {}) });
      if (signed) return redirect(signed, 'private, no-store');
    }
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': cacheControl,
      ...(disposition ? { 'Content-Disposition': disposition } : {}),
    };
    // A video seeking asks for a range (browsers only seek in media that answer 206).
    const range = byteRange(c.req.header('Range'), info.size);
    if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${info.size}` } });
    const body = await storage.get(rel, range ?? undefined);
    if (!body) return fail(c, '文件不存在', 404, 404);
    headers['Content-Length'] = String(body.size);
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${info.size}`;
    return new Response(Readable.toWeb(body.stream) as unknown as ReadableStream, { status: range ? 206 : 200, headers });
  });
}

/**
 * The one byte range a `Range: bytes=…` header asks for within `size` bytes (players ask for one when a video seeks):
 * null for no header, one that is not a single byte range (then the whole file is sent), 'unsatisfiable' for one
 * that starts past the end.
 */
function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]); // the last N bytes
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

function redirect(location: string, cacheControl: string): Response {
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' } });
}
