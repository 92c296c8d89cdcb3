// GET /sys/common/static/<key>: stored files (covers, works, avatars). Keys are server-generated;
// the path is confined to the files directory and served with nosniff and a sandboxing CSP. Scratch projects go
// out as application/x.scratch.sb3 (the players fetch them same-origin); `?download=1` names the download after
// the uploaded file.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BACKPACK_DIR } from '../../domain/backpack.js';
import { unitFileAccess } from '../../domain/courses.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { courseViewer } from '../teaching/course-access.js';
import { fail } from '../envelope.js';

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

export function registerFileRoutes(r: ApiRoutes) {
  r.get('/sys/common/static/*', PUBLIC, async (c) => {
    const { filesDir } = c.get('deps').config;
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path.replace(/^.*?\/sys\/common\/static\//, ''));
    } catch {
      return fail(c, '文件不存在', 404, 404); // malformed percent-encoding names no file
    }
    if (!rel || rel.includes('\0') || rel.includes('\\') || rel.split('/').some((s) => s === '..' || s === '.' || s === '')) {
      return fail(c, '文件不存在', 404, 404);
    }
    // Backpack files belong to one user each and are served only to them (api/teaching/scratch-backpack.ts).
    if (rel.split('/')[0] === BACKPACK_DIR) return fail(c, '文件不存在', 404, 404);
    const full = path.resolve(filesDir, rel);
    if (!full.startsWith(path.resolve(filesDir) + path.sep)) return fail(c, '文件不存在', 404, 404);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(full);
    } catch {
      return fail(c, '文件不存在', 404, 404);
    }
    if (!stat.isFile()) return fail(c, '文件不存在', 404, 404);
    // Course-unit media follow the course visibility rule and the show-to-students flags, whatever the URL.
    const access = await unitFileAccess(c.get('deps').db, await courseViewer(c), rel);
    if (access === 'denied') return fail(c, '无课程权限', 403, 403);
    const type = TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Content-Length': String(stat.size),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': access === 'free' ? 'public, max-age=86400' : 'private, no-store',
    };
    // Anything but media is a download; `?download=1` makes media one too, under the name it was uploaded with.
    const download = c.req.query('download') === '1' || c.req.query('download') === 'true';
    if (download || (!type.startsWith('image/') && !type.startsWith('video/') && !type.startsWith('audio/'))) {
      const stored = path.basename(full);
      const original = download ? await originalName(c.get('deps').db, rel, path.extname(full)) : null;
      headers['Content-Disposition'] = original ? contentDisposition(original, stored) : `attachment; filename="${stored}"`;
    }
    const stream = Readable.toWeb(fs.createReadStream(full)) as unknown as ReadableStream;
    return new Response(stream, { status: 200, headers });
  });
}
