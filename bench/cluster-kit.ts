// The pieces of the cluster proof (bench/cluster.ts): Xuetang nodes (the built dist/server.mjs) sharing one
// PostgreSQL database, one Redis and one bucket (or, with BENCH_CLUSTER_STORAGE=folder, one DATA_DIR), and a small round-robin
// proxy in front of them, as nginx would be: it asks each node's /readyz every 200 ms and sends requests only to
// ready ones, retries a request on another node when it could not reach one (connection refused: nothing was
// sent), and says which node answered (X-Cluster-Node).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface NodeOptions {
  name: string;
  port: number;
  env: Record<string, string>;
}

/** One Xuetang process; start() and kill() may be called again (a restart keeps the name and port). */
export class XuetangNode {
  child: ChildProcess | null = null;
  readonly base: string;
  constructor(readonly o: NodeOptions) {
    this.base = `http://127.0.0.1:${o.port}`;
  }

  async start(): Promise<void> {
    if (!fs.existsSync('dist/server.mjs')) throw new Error('run `npm run build` first');
    const child = spawn(process.execPath, ['dist/server.mjs'], {
      env: { ...process.env, PORT: String(this.o.port), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...this.o.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${this.base}/readyz`)).ok) return;
      } catch {
        /* not up yet */
      }
      if (i > 1200 || child.exitCode !== null) throw new Error(`node ${this.o.name} did not start`);
      await sleep(50);
    }
  }

  /** SIGKILL (a crash) or SIGTERM (a graceful stop); resolves when the process has exited. */
  async stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<number> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return 0;
    const t = performance.now();
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
    this.child = null;
    return performance.now() - t;
  }
}

const UPSTREAM_TIMEOUT_MS = 20_000;

export interface ProxyStats {
  /** Requests answered, per node name. */
  served: Map<string, number>;
  /** Requests that found no node to reach, or whose node failed after the request was sent (502). */
  failed: number;
  /** Requests retried on another node after a refused connection. */
  retried: number;
}

/** The round-robin proxy on a free loopback port. */
export async function startProxy(nodes: XuetangNode[]): Promise<{ base: string; stats: ProxyStats; close: () => Promise<void> }> {
  const ready = new Map<XuetangNode, boolean>(nodes.map((n) => [n, false]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const stats: ProxyStats = { served: new Map(), failed: 0, retried: 0 };
  let stopped = false;
  const probe = async () => {
    while (!stopped) {
      await Promise.all(
        nodes.map(async (n) => {
          try {
            const res = await fetch(`${n.base}/readyz`, { signal: AbortSignal.timeout(1000) });
            ready.set(n, res.ok);
            await res.body?.cancel();
          } catch {
            ready.set(n, false);
          }
        }),
      );
      await sleep(200);
    }
  };
  void probe();
  let turn = 0;
  /** The next ready node after the last one used, skipping those tried already. */
  const pick = (tried: Set<XuetangNode>) => {
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[(turn + i) % nodes.length];
      if (ready.get(n) && !tried.has(n)) {
        turn = (turn + i + 1) % nodes.length;
        return n;
      }
    }
    return nodes.find((n) => !tried.has(n)) ?? null;
  };

  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, tried: Set<XuetangNode>) => {
    const node = pick(tried);
    if (!node) {
      stats.failed++;
      res.writeHead(502, { 'Content-Type': 'text/plain' }).end('no node');
      return;
    }
    tried.add(node);
    const up = http.request(
      { host: '127.0.0.1', port: node.o.port, method: req.method, path: req.url, headers: { ...req.headers, host: req.headers.host }, agent },
      (answer) => {
        stats.served.set(node.o.name, (stats.served.get(node.o.name) ?? 0) + 1);
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-cluster-node': node.o.name });
        answer.pipe(res);
      },
    );
    // A request a node never answers is an error to see, not a virtual user stuck until the end.
    up.setTimeout(UPSTREAM_TIMEOUT_MS, () => up.destroy(Object.assign(new Error(`${node.o.name} did not answer ${req.method} ${req.url} within ${UPSTREAM_TIMEOUT_MS} ms`), { code: 'ETIMEDOUT' })));
    up.on('error', (err: NodeJS.ErrnoException) => {
      // Not sent (refused), or sent on a kept-alive socket the node had just closed (Node's documented retry case).
      const unsent = err.code === 'ECONNREFUSED' || (up.reusedSocket && err.code === 'ECONNRESET');
      if (unsent && !res.headersSent) {
        ready.set(node, false);
        stats.retried++;
        forward(req, body, res, tried);
        return;
      }
      stats.failed++;
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' }).end(`node ${node.o.name} failed: ${err.message}`);
      else res.destroy();
    });
    up.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, new Set()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    stats,
    close: async () => {
      stopped = true;
      agent.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Waits until `pred` holds (polling every 20 ms), at most `ms`; the elapsed ms, or null when it never held. */
export async function until(pred: () => Promise<boolean> | boolean, ms: number): Promise<number | null> {
  const t = performance.now();
  while (performance.now() - t < ms) {
    if (await pred()) return performance.now() - t;
    await sleep(20);
  }
  return null;
}
