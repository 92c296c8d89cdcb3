// The bell's notice channel with a scripted socket and a manual clock: reconnect 5 s after a close, heartbeat
// after 20 s without traffic, the 6 s poll while the socket is down that stops at its first error, and no
// reconnecting after the server refuses the session (4401/4403).
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, NoticeChannel, POLL_MS, RECONNECT_MS, RESTART_RECONNECT_MS, socketUrl, type SocketLike } from './notice-socket.js';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code });
  }
}

/** A clock that runs timers only when told to. */
class Clock {
  now = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private next = 1;
  set = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, fn });
    return id;
  };
  clear = (id: unknown) => void this.timers.delete(id as number);
  async advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
      await Promise.resolve();
      await Promise.resolve();
    }
    this.now = end;
  }
}

function setup(opts: { pollFails?: boolean } = {}) {
  const clock = new Clock();
  const sockets: FakeSocket[] = [];
  const notices: unknown[] = [];
  const states: string[] = [];
  let polls = 0;
  const channel = new NoticeChannel({
    url: 'ws://x/api/websocket/u1',
    onNotice: (m) => notices.push(m),
    poll: async () => {
      polls++;
      if (opts.pollFails) throw new Error('down');
    },
    onState: (s) => states.push(s),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    setTimeout: clock.set,
    clearTimeout: clock.clear,
  });
  return { clock, sockets, notices, states, channel, polls: () => polls };
}

describe('NoticeChannel', () => {
  it('builds ws/wss URLs after the page protocol', () => {
    expect(socketUrl({ protocol: 'http:', host: 'a:3000' }, 'u 1')).toBe('ws://a:3000/api/websocket/u%201');
    expect(socketUrl({ protocol: 'https:', host: 'school.example' }, 'u1')).toBe('wss://school.example/api/websocket/u1');
  });

  it('passes topic and user pushes on, ignoring heartcheck and junk', () => {
    const t = setup();
    t.channel.start();
    t.sockets[0].open();
    t.sockets[0].receive({ cmd: 'topic', msgId: 'a', msgTxt: '通知' });
    t.sockets[0].receive({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    t.sockets[0].onmessage?.({ data: 'not json' });
    t.sockets[0].receive({ cmd: 'user', msgId: 'b', msgTxt: '私信', userId: 'u1' });
    expect(t.notices).toEqual([
      { cmd: 'topic', msgId: 'a', msgTxt: '通知' },
      { cmd: 'user', msgId: 'b', msgTxt: '私信', userId: 'u1' },
    ]);
  });

  it('sends HeartBeat after 20 s without traffic, and not while messages keep coming', async () => {
    const t = setup();
    t.channel.start();
    t.sockets[0].open();
    await t.clock.advance(HEARTBEAT_MS - 1);
    expect(t.sockets[0].sent).toEqual([]);
    t.sockets[0].receive({ cmd: 'heartcheck' });
    await t.clock.advance(HEARTBEAT_MS - 1);
    expect(t.sockets[0].sent).toEqual([]);
    await t.clock.advance(1);
    expect(t.sockets[0].sent).toEqual(['HeartBeat']);
    await t.clock.advance(HEARTBEAT_MS);
    expect(t.sockets[0].sent).toEqual(['HeartBeat', 'HeartBeat']);
  });

  it('reconnects 5 s after a close, polls every 6 s meanwhile, and stops polling once connected', async () => {
    const t = setup();
    t.channel.start();
    t.sockets[0].drop();
    expect(t.states).toEqual(['closed']);
    await t.clock.advance(RECONNECT_MS - 1);
    expect(t.sockets).toHaveLength(1);
    await t.clock.advance(1);
    expect(t.sockets).toHaveLength(2);
    t.sockets[1].drop();
    await t.clock.advance(POLL_MS - RECONNECT_MS);
    expect(t.polls()).toBe(1);
    await t.clock.advance(RECONNECT_MS);
    expect(t.sockets).toHaveLength(3);
    t.sockets[2].open();
    expect(t.channel.connected).toBe(true);
    expect(t.channel.polling).toBe(false);
    const before = t.polls();
    await t.clock.advance(POLL_MS * 3);
    expect(t.polls()).toBe(before);
  });

  it('reconnects within 2 s when its node restarts (1012: a rolling restart), not 5 s', async () => {
    const t = setup();
    t.channel.start();
    t.sockets[0].open();
    t.sockets[0].drop(1012);
    expect(t.states).toEqual(['open', 'closed']);
    await t.clock.advance(RESTART_RECONNECT_MS);
    expect(t.sockets).toHaveLength(2);
    t.sockets[1].open();
    expect(t.channel.connected).toBe(true);
  });

  it('stops the poll for good at its first error, while still trying to reconnect', async () => {
    const t = setup({ pollFails: true });
    t.channel.start();
    t.sockets[0].drop();
    await t.clock.advance(POLL_MS);
    expect(t.polls()).toBe(1);
    for (const s of t.sockets.slice(1)) s.drop();
    await t.clock.advance(POLL_MS * 5);
    for (const s of t.sockets) if (s.readyState === 0) s.drop();
    await t.clock.advance(POLL_MS * 5);
    expect(t.polls()).toBe(1);
    expect(t.sockets.length).toBeGreaterThan(3);
  });

  it('gives up when the server refuses the session (4401) or the user (4403)', async () => {
    for (const code of [4401, 4403]) {
      const t = setup();
      t.channel.start();
      t.sockets[0].drop(code);
      await t.clock.advance(RECONNECT_MS * 10);
      expect(t.sockets).toHaveLength(1);
      expect(t.polls()).toBe(0);
      expect(t.states).toEqual(['stopped']);
    }
  });
});
