// The shell's notice channel (SPEC §4, §7, §9): a websocket to /api/websocket/<userId> (ws or wss after the
// page's protocol). A `topic` or `user` message means "reload the notices". The socket reconnects 5 s after
// an error or close (sooner, within RESTART_RECONNECT_MS, after 1012: its node is restarting and the others answer), and sends `HeartBeat` after 20 s without traffic. While the socket is not open, the
// notices are polled every 6 s; the poll stops for good at its first error (SPEC §8 "notice loading
// failure stops the poll timer") and pauses whenever the socket is open.
import type { NoticeMessage } from './types.js';

export const RECONNECT_MS = 5_000;
export const HEARTBEAT_MS = 20_000;
export const POLL_MS = 6_000;
/** The server closes with 1012 when its node drains (a rolling restart): reconnect at a random moment within this. */
export const RESTART_RECONNECT_MS = 2_000;
const SERVICE_RESTART = 1012;
/** Close codes of the server: no valid session / another user's channel. Reconnecting cannot help. */
const FATAL_CLOSE_CODES = [4401, 4403];

export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface NoticeChannelOptions {
  url: string;
  /** A push arrived (cmd topic or user). */
  onNotice(m: NoticeMessage): void;
  /** Poll once; a rejection stops the poll. */
  poll(): Promise<void>;
  /** The socket is closed for good (4401/4403) — e.g. the session ended. */
  onFatal?(code: number): void;
  /** 'open' when the socket opens, 'closed' when it is down (the poll runs meanwhile), 'stopped' for good. */
  onState?(state: 'open' | 'closed' | 'stopped'): void;
  createSocket?: (url: string) => SocketLike;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

const OPEN = 1;

export function socketUrl(loc: { protocol: string; host: string }, userId: string): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/api/websocket/${encodeURIComponent(userId)}`;
}

export class NoticeChannel {
  private socket: SocketLike | null = null;
  private reconnectTimer: unknown = null;
  private heartbeatTimer: unknown = null;
  private pollTimer: unknown = null;
  private pollStopped = false;
  private stopped = false;
  private readonly set: (fn: () => void, ms: number) => unknown;
  private readonly clear: (h: unknown) => void;
  private readonly create: (url: string) => SocketLike;

  constructor(private readonly o: NoticeChannelOptions) {
    this.set = o.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
    this.clear = o.clearTimeout ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.create = o.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  }

  /** Whether the socket is open now. */
  get connected(): boolean {
    return !!this.socket && this.socket.readyState === OPEN;
  }

  /** Whether the fallback poll is scheduled. */
  get polling(): boolean {
    return this.pollTimer !== null;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    for (const t of [this.reconnectTimer, this.heartbeatTimer, this.pollTimer]) if (t !== null) this.clear(t);
    this.reconnectTimer = this.heartbeatTimer = this.pollTimer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onopen = s.onmessage = s.onerror = s.onclose = null;
      try {
        s.close(1000);
      } catch {
        /* already closed */
      }
    }
  }

  private connect(): void {
    if (this.stopped) return;
    let s: SocketLike;
    try {
      s = this.create(this.o.url);
    } catch {
      this.o.onState?.('closed');
      this.onDown();
      return;
    }
    this.socket = s;
    s.onopen = () => {
      this.stopPoll();
      this.armHeartbeat();
      this.o.onState?.('open');
    };
    s.onmessage = (ev) => {
      this.armHeartbeat();
      let m: NoticeMessage | null;
      try {
        m = JSON.parse(String(ev.data)) as NoticeMessage;
      } catch {
        return;
      }
      if (m && (m.cmd === 'topic' || m.cmd === 'user')) this.o.onNotice(m);
    };
    // An error is followed by a close; the close decides what happens next.
    s.onerror = () => {};
    s.onclose = (ev) => {
      if (this.socket !== s) return;
      this.socket = null;
      if (this.heartbeatTimer !== null) this.clear(this.heartbeatTimer);
      this.heartbeatTimer = null;
      if (FATAL_CLOSE_CODES.includes(ev.code)) {
        this.stop();
        this.o.onState?.('stopped');
        this.o.onFatal?.(ev.code);
        return;
      }
      this.o.onState?.('closed');
      // Spread over the window, so a node's clients do not all arrive at the others at once.
      this.onDown(ev.code === SERVICE_RESTART ? Math.round(Math.random() * RESTART_RECONNECT_MS) : RECONNECT_MS);
    };
  }

  /** The socket failed or closed: poll meanwhile, and try again in `ms` (one pending attempt at a time). */
  private onDown(ms = RECONNECT_MS): void {
    if (this.stopped) return;
    this.startPoll();
    if (this.reconnectTimer !== null) return;
    this.reconnectTimer = this.set(() => {
      this.reconnectTimer = null;
      this.connect();
    }, ms);
  }

  private armHeartbeat(): void {
    if (this.heartbeatTimer !== null) this.clear(this.heartbeatTimer);
    this.heartbeatTimer = this.set(() => {
      this.heartbeatTimer = null;
      if (this.socket && this.socket.readyState === OPEN) {
        this.socket.send('HeartBeat');
        this.armHeartbeat();
      }
    }, HEARTBEAT_MS);
  }

  private startPoll(): void {
    if (this.pollStopped || this.pollTimer !== null || this.stopped) return;
    this.pollTimer = this.set(() => {
      this.pollTimer = null;
      if (this.connected || this.stopped) return;
      this.o.poll().then(
        () => this.startPoll(),
        () => {
          this.pollStopped = true;
        },
      );
    }, POLL_MS);
  }

  private stopPoll(): void {
    if (this.pollTimer !== null) this.clear(this.pollTimer);
    this.pollTimer = null;
  }
}
