// A Scratch cloud variable client for tests: speaks the editor's newline-separated JSON and collects every line
// the server sends (one frame may hold several).
import WebSocket from 'ws';

export interface Line {
  method: string;
  name?: string;
  value?: string;
  reply?: string;
  message?: string;
}

/** A cloud client: collects every line the server sends (frames may hold several). */
export function cloudClient(url: string, opts: WebSocket.ClientOptions & { protocols?: string[] } = {}) {
  const { protocols, ...rest } = opts;
  const ws = new WebSocket(url, protocols, rest);
  const lines: Line[] = [];
  const waiters: { pred: (m: Line) => boolean; resolve: (m: Line) => void }[] = [];
  ws.on('message', (data) => {
    for (const text of data.toString().split('\n')) {
      if (!text) continue;
      const m = JSON.parse(text) as Line;
      lines.push(m);
      for (const w of [...waiters]) if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    lines,
    closed,
    opened,
    async send(...msgs: object[]) {
      await opened;
      ws.send(msgs.map((m) => `${JSON.stringify(m)}\n`).join(''));
    },
    next(pred: (m: Line) => boolean, timeoutMs = 5000): Promise<Line> {
      const seen = lines.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching line within ${timeoutMs} ms; got ${JSON.stringify(lines)}`)), timeoutMs);
        waiters.push({ pred, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}
