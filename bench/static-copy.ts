// A plain file server for the FCP comparison of bench/public.ts: serves a folder of saved responses (manifest.json:
// URL → file and type: the pages' HTML and their images) and /static/* from disk, gzip for text when asked (as
// the app sends it). Started by the bench as its own process, pinned to the server's core, so that the static copy
// and the app answer from the same CPU.
//   node --import tsx bench/static-copy.ts <port> <folder>
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const [port, folder] = [Number(process.argv[2]), process.argv[3]];
const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Record<string, { file: string; type: string }>;
const saved = new Map(Object.entries(manifest).map(([url, m]) => [url, { type: m.type, body: fs.readFileSync(path.join(folder, m.file)) }]));
const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png' };

http
  .createServer((req, res) => {
    const url = req.url ?? '/';
    const send = (type: string, body: Buffer) => {
      const zip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && /^text\/|svg|javascript/.test(type);
      res.writeHead(200, { 'Content-Type': type, ...(zip ? { 'Content-Encoding': 'gzip' } : {}) });
      res.end(zip ? gzipSync(body) : body);
    };
    const hit = saved.get(url);
    if (hit) return send(hit.type, hit.body);
    const pathname = decodeURIComponent(url.split('?')[0]);
    const file = path.join(process.cwd(), pathname);
    if (pathname.startsWith('/static/') && !pathname.includes('..') && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return send(TYPES[path.extname(file)] ?? 'application/octet-stream', fs.readFileSync(file));
    }
    res.writeHead(404).end();
  })
  .listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
