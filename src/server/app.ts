// Composes the process: security headers, /api, static files, and the HTML pages.
import { serveStatic } from '@hono/node-server/serve-static';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { createApi } from './api/index.js';
import type { AppDeps } from './context.js';
import { createPages, pageNotFound } from './pages/index.js';
import { fail } from './api/envelope.js';
import { httpTransport, inProcessTransport, Upstream } from './upstream/client.js';
import { attachWebSocket } from './realtime/websocket.js';
import { RequestRecorder } from './monitor/recorder.js';
import { clientIp } from './api/request-meta.js';
import type { Server } from 'node:net';
import { requestBodyLimit } from './body-limit.js';
import { VIDEO_EMBED_HOSTS } from './shared/video-hosts.js';
import { onPublicContentChange, publicContentChanged } from './shared/public-content.js';
import { queueWorkView } from './domain/works.js';
import { packageDir, SCRATCH_GUI, vendorFolder } from './vendor.js';
import { defaultReadinessChecks, readiness } from './readiness.js';
import { guardStore, storageMediaOrigins } from './domain/storage-errors.js';

/** Marks the pages' in-process API calls (the upstream client), which the request recorder does not count twice. */
const UPSTREAM_CALL = Symbol('upstream call');

export function createApp(deps: AppDeps) {
  // The caller's deps object itself, not a copy: main.ts and tests attach the scheduler to it after creation.
  const monitor = (deps.monitor ??= new RequestRecorder());
  // Every failure of the store becomes one error the API answers with 503 (domain/storage-errors.ts).
  deps.storage = guardStore(deps.storage);
  const app = new Hono();
  // Graceful shutdown (drain(), main.ts on SIGTERM): /readyz fails so the balancer stops sending requests here,
  // requests that still come are served but with Connection: close (the client's next request opens a connection
  // to another node), and websocket upgrades are refused (the client retries elsewhere).
  let draining = false;
  const checks = deps.readinessChecks ?? defaultReadinessChecks(deps);
  app.use('*', async (c, next) => {
    if (draining && c.req.header('Upgrade')?.toLowerCase() === 'websocket') return c.text('server restarting', 503);
    await next();
    // Also for a request that was in flight when the drain began.
    if (draining) c.res.headers.set('Connection', 'close');
  });
  // 请求追踪 / HTTP服务: every request the server answers (secrets redacted), timed from the first middleware.
  app.use(
    '*',
    monitor.middleware({
      isUpstream: (env) => !!(env as Record<symbol, unknown> | undefined)?.[UPSTREAM_CALL],
      user: (c) => (c as Context<{ Variables: { user?: { id: string; username: string } | null } }>).get('user'),
      ip: (c) => clientIp(c, deps.config.trustProxy) || null,
    }),
  );
  // Content-Security-Policy: everything from this origin only. Images may also be data: URIs (antd's CSS
  // uses them) and blob: URLs (the avatar preview shows the chosen file before upload); rich text may only
  // show our own files (src/server/shared/rich-text.ts), so no other host learns who read what. Frames: our own pages only (Scratch editors, same-origin iframe menu items);
  // only our own pages may frame us. No <base>, no plugins, forms post only here.
  /** ws: and wss: sources for the host this request came to (the browser's `location.host`). */
  const ownWebSocket = (c: { req: { url: string } }) => {
    const host = new URL(c.req.url).host;
    return /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host) ? `ws://${host} wss://${host}` : '';
  };
  // The student's course pages show unit videos: players of the allow-listed hosts (外部) in frames, and
  // linked videos (链接) from any https address. Every other page keeps frames and media to this origin.
  const coursePage = (c: { req: { path: string } }) => c.req.path.startsWith('/teaching/mineCourse/');
  const videoFrames = (c: { req: { path: string } }) => (coursePage(c) ? VIDEO_EMBED_HOSTS.map((h) => `https://${h}`).join(' ') : '');
  const videoMedia = (c: { req: { path: string } }) => (coursePage(c) ? 'https:' : '');
  // The Scratch editor and player pages (/scratch3/*) run third-party engines: the player's compiler needs
  // eval, the engines make workers and blob:/data: images, fonts and sounds. Still nothing from another origin.
  const scratchPage = (c: { req: { path: string } }) => c.req.path.startsWith('/scratch3/');
  // The editor (scratch-gui-standalone 15.1.1) runs Paper.js in a sandboxed srcdoc iframe, which inherits this
  // policy: its one inline bootstrap script is allowed by its hash (recompute it when the GUI version changes;
  // Chromium's console names the hash it wanted).
  const GUI_SANDBOX_SCRIPT = "'sha256-AIzpsAr2DJF6Z9BaBAxpkIJ+YqMmAt9+K0Pkb30/BGE='";
  const scratchEval = (c: { req: { path: string } }) => (scratchPage(c) ? `'unsafe-eval' ${GUI_SANDBOX_SCRIPT}` : '');
  const scratchBlob = (c: { req: { path: string } }) => (scratchPage(c) ? 'blob: data:' : '');
  const CODE_WORKER = /^\/static\/build\/(blockly|python)\/(?:[a-z0-9-]+\.)?worker\.js$/; // python/worker.js: skulpt's classic worker
  // Stored files may come from the bucket (signed addresses of videos and sounds) or STORAGE_PUBLIC_URL (public
  // media; api/sys/files.ts redirects there): their origins join img-src and media-src, found once from the store.
  let storageOrigins = '';
  void storageMediaOrigins(deps.storage).then((o) => (storageOrigins = o));
  const storageMedia = () => storageOrigins;
  const pageHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', storageMedia],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'", scratchEval],
      workerSrc: ["'self'", scratchBlob],
      fontSrc: ["'self'", scratchBlob],
      // The notice websocket goes to this host. CSP3 'self' covers ws:/wss: of the same host in current
      // browsers; the explicit sources are for older engines (Chromium cores of school PCs, Safari < 15.4).
      connectSrc: ["'self'", ownWebSocket, scratchBlob],
      frameSrc: ["'self'", videoFrames],
      mediaSrc: ["'self'", videoMedia, scratchBlob, storageMedia],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
  });
  // Stored files carry their own sandboxing policy (files.ts); every other response gets the page policy.
  app.use('*', async (c, next) => {
    await pageHeaders(c, next);
    if ((c.req.path.startsWith('/api/sys/common/static/') || c.req.path.startsWith('/api/teaching/scratch/backpack/getFile/')) && c.res.ok) {
      c.res.headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
    }
    // The code editors' program runners (积木编程, 图形化Python): dedicated workers whose policy is their own
    // response's. They evaluate the child's generated program, so 'unsafe-eval' is theirs alone (the pages never
    // have it); with no other source the program can load, fetch or open nothing, not even from this origin.
    if (CODE_WORKER.test(c.req.path) && c.res.ok) {
      c.res.headers.set('Content-Security-Policy', "default-src 'none'; script-src 'self' 'unsafe-eval'");
    }
    // A page anyone may share (the anonymous public pages: Cache-Control public) holds nothing of a user for an
    // opener to learn, so it drops the opener isolation: Chromium puts a Cross-Origin-Opener-Policy page in a new
    // renderer process, which delayed the first paint of a visitor's first page (docs/public-speed.md). Pages of a
    // session keep it.
    if (c.res.headers.get('Cache-Control')?.startsWith('public') && c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.res.headers.delete('Cross-Origin-Opener-Policy');
    }
  });
  // Pages and JSON gzip to a fraction; the files route streams stored files uncompressed (they carry a length).
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/sys/common/static/') || c.req.path.startsWith('/static/vendor/') || c.req.path.startsWith('/chunks/')) return next();
    return compress()(c, next);
  });
  // Request bodies are capped before any handler reads them (body-limit.ts: 1 MB; uploads and imports more).
  app.use('*', requestBodyLimit());
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    const r = await readiness(checks, draining, (name, err) => deps.config.logLevel !== 'silent' && console.error(`[readyz] ${name}:`, err instanceof Error ? err.message : err));
    c.header('Cache-Control', 'no-store');
    return c.json(r, r.ok ? 200 : 503);
  });

  // The notice websocket answers before the JSON API (whose catch-all would take /api/websocket/*).
  const ws = attachWebSocket(app, deps);
  const api = createApi(deps);
  app.route('/api', api.app);

  // Vendor bundles: versioned folders, precompressed (brotli/gzip) at build time.
  app.use(
    '/static/vendor/*',
    serveStatic({
      root: './',
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // The Scratch editor (unmodified) loads its own files from the site root (webpack publicPath "/"): code chunks
  // (/chunks/, content-hashed, precompressed beside the bundle), interface images (/static/assets/, hashed names)
  // and block icons (/static/blocks-media/, basePath "/") from the package, and its extension worker.
  const guiFolder = `static/vendor/${vendorFolder(SCRATCH_GUI)}`;
  const guiStatic = path.relative(process.cwd(), path.join(packageDir(SCRATCH_GUI), 'dist'));
  const immutable = (_p: string, c: Context) => {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
  };
  app.use('/chunks/*', serveStatic({ root: guiFolder, precompressed: true, onFound: immutable }));
  app.use('/extension-worker.js', serveStatic({ root: guiFolder, precompressed: true, onFound: (_p, c) => void c.header('Cache-Control', 'public, max-age=86400') }));
  app.use('/static/assets/*', serveStatic({ root: guiStatic, onFound: immutable }));
  app.use('/static/blocks-media/*', serveStatic({ root: guiStatic, onFound: (_p, c) => void c.header('Cache-Control', 'public, max-age=86400') }));
  // A chunk that is not there is a plain 404 (not the login page the page guard would show).
  app.get('/chunks/*', (c) => c.text('Not Found', 404));
  app.use(
    '/static/*',
    serveStatic({
      root: './',
      onFound: (path, c) => {
        // Built bundles carry no content hash yet: revalidate rather than cache forever.
        c.header('Cache-Control', path.includes('/build/') ? 'public, max-age=300' : 'public, max-age=3600');
      },
    }),
  );

  // With several processes (REDIS_URL), a change of public content made here reaches the others' page caches,
  // and theirs reach ours.
  // `unsubscribe` collects what close() ends: listeners of process-wide signals hold this app (tests run many apps
  // in one process, one after another).
  const unsubscribe: (() => void)[] = [];
  unsubscribe.push(
    onPublicContentChange((what, remote) => {
      if (!remote && deps.hub.publishPublicContent) {
        deps.hub.publishPublicContent(what).catch((err: Error) => deps.config.logLevel !== 'silent' && console.error(`[pages] cache invalidation not sent: ${err.message}`));
      }
    }),
  );
  const offHub = deps.hub.onPublicContent?.((what) => publicContentChanged(what, true));
  if (offHub) unsubscribe.push(offHub);

  const transport = deps.config.upstreamUrl
    ? httpTransport(deps.config.upstreamUrl)
    : inProcessTransport((url, init, env) => app.request(url, init, { ...(env as object), [UPSTREAM_CALL]: true } as never));
  app.route('/', createPages({
    upstream: new Upstream(transport),
    config: deps.config,
    pageCacheClock: deps.pageCacheClock,
    // Views of cached work pages, batched in this process (domain/works.ts); with an HTTP upstream the pages ask
    // that backend's countView instead.
    countWorkView: deps.config.upstreamUrl ? undefined : (workId, { ip }) => queueWorkView(deps.db, workId, { userId: null, ip }),
    unsubscribe,
  }));
  app.notFound((c) => {
    if (c.req.path.startsWith('/api/')) return fail(c, '路径不存在，请检查路径是否正确', 404, 404);
    if (c.req.path.startsWith('/static/')) return c.text('Not Found', 404);
    return pageNotFound(c);
  });
  // The server that serves `app` must get the websocket upgrade: injectWebSocket(serve(...)).
  monitor.countWebSockets(ws.count);
  const injectWebSocket = (server: Parameters<typeof ws.injectWebSocket>[0]) => {
    ws.injectWebSocket(server);
    monitor.watchServer(server as unknown as Server);
  };
  /** Closes the websockets and drops this app's listeners of process-wide signals (the database stays open). */
  const close = () => {
    ws.closeAll();
    for (const off of unsubscribe.splice(0)) off();
  };
  /** Starts draining: readiness fails, new sockets are refused, open ones are closed with 1012 (clients reconnect). */
  const drain = async () => {
    draining = true;
    await ws.drain();
  };
  return { app, apiRoutes: api.routes, injectWebSocket, closeWebSockets: ws.closeAll, drain, close, monitor };
}
