// A websocket client for tests (Node 20 has no global WebSocket): collects JSON messages, waits for one.
import WebSocket from 'ws';

export interface Client {
  ws: WebSocket;
  messages: unknown[];
  /** Resolves with the first message (already received or coming) that satisfies `pred`. */
  next(pred?: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
}

export function connect(url: string, opts: WebSocket.ClientOptions & { protocols?: string[] } = {}): Client {
  const { protocols, ...rest } = opts;
  const ws = new WebSocket(url, protocols, rest);
  const messages: unknown[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    messages.push(m);
    for (const w of [...waiters]) if (w.pred(m)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  ws.on('error', () => {});
  return {
    ws,
    messages,
    closed,
    next(pred = () => true, timeoutMs = 5000) {
      const seen = messages.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching websocket message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)), timeoutMs);
        waiters.push({ pred, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}

export const opened = (c: Client) =>
  new Promise<void>((resolve, reject) => {
    if (c.ws.readyState === WebSocket.OPEN) return resolve();
    c.ws.once('open', () => resolve());
    c.ws.once('error', reject);
  });
