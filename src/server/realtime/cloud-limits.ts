// What keeps Scratch cloud variables from being turned against the server (cloud-data.ts uses it). Without these,
// one student with N sockets on one work made the server send ~10·N² messages a second (every accepted set went
// to every other socket), and 150 sockets kept it from answering anything for seconds. So, in each process:
//   - sockets are counted per user and work, per user and per work, and refused beyond the caps;
//   - messages draw on allowances (token buckets) shared by all sockets of the same user and work, of the same
//     user, and of the same work, instead of one allowance per socket;
//   - a work's changes go out coalesced: the first change at once, then the latest value of each changed variable
//     at most every `flushMs`, as one hub message (so also one Redis message) — fan-out no longer grows with the
//     number of sets, only with the number of sockets;
//   - a socket whose unsent bytes pass `maxBufferedBytes` (a client that does not read) is dropped.
// With several processes (REDIS_URL) the socket caps also hold across all of them (cloud-data.ts takes a shared slot
// per socket through domain/limits.ts); the message allowances stay per process: they guard this process's CPU and
// fan-out, and a socket's messages all reach the one process it is connected to.
import type { CloudChange, CloudUpdate } from './hub.js';

export interface CloudLimits {
  /** Open sockets of one user on one work (the editor and a player or two in other tabs). */
  socketsPerUserWork: number;
  /** Open sockets of one user on all works. */
  socketsPerUser: number;
  /** Open sockets on one work (a class playing a public game together). */
  socketsPerWork: number;
  /** Messages a second of one user on one work, all their sockets together (the editor sends at most 10). */
  userWorkRate: number;
  /** Messages a second of one user on all works. */
  userRate: number;
  /** Messages a second on one work, all users together. */
  workRate: number;
  /** Messages of one socket dropped within a second after which that socket is closed (4429). */
  dropsBeforeClose: number;
  /** A work's changes are sent at most this often (ms), each variable with its latest value. */
  flushMs: number;
  /** Bytes waiting to be sent to one socket after which it is dropped (it does not read). */
  maxBufferedBytes: number;
}

export const CLOUD_LIMITS: CloudLimits = {
  socketsPerUserWork: 5,
  socketsPerUser: 20,
  socketsPerWork: 200,
  userWorkRate: 10,
  userRate: 20,
  workRate: 100,
  dropsBeforeClose: 30,
  flushMs: 100,
  maxBufferedBytes: 256 * 1024,
};

interface Slot {
  sockets: number;
  /** Token bucket: `rate` tokens a second, at most `rate` kept. */
  tokens: number;
  refilledAt: number;
  rate: number;
  cap: number;
}

const SWEEP_MS = 10_000;

/** The keys one socket counts under: its user and work, its user, its work. */
export interface CloudKeys {
  userId: string;
  workId: string;
}

/** Socket counts and message allowances of this process, per user and work, per user and per work. */
export class CloudSlots {
  private readonly slots = new Map<string, Slot>();
  private sweptAt = 0;
  constructor(
    private readonly limits: CloudLimits,
    private readonly now: () => number = Date.now,
  ) {}

  private keys({ userId, workId }: CloudKeys): [string, number, number][] {
    const l = this.limits;
    return [
      [`uw:${userId}:${workId}`, l.socketsPerUserWork, l.userWorkRate],
      [`u:${userId}`, l.socketsPerUser, l.userRate],
      [`w:${workId}`, l.socketsPerWork, l.workRate],
    ];
  }

  private slot(key: string, cap: number, rate: number): Slot {
    let s = this.slots.get(key);
    if (!s) {
      s = { sockets: 0, tokens: rate, refilledAt: this.now(), rate, cap };
      this.slots.set(key, s);
    }
    return s;
  }

  /** Counts a socket in; false (nothing counted) when one of its caps is reached. */
  open(k: CloudKeys): boolean {
    const slots = this.keys(k).map(([key, cap, rate]) => this.slot(key, cap, rate));
    if (slots.some((s) => s.sockets >= s.cap)) {
      this.forget(k);
      return false;
    }
    for (const s of slots) s.sockets++;
    return true;
  }

  /** Counts a socket out (once per successful open). */
  close(k: CloudKeys) {
    for (const [key] of this.keys(k)) {
      const s = this.slots.get(key);
      if (s) s.sockets--;
    }
    this.forget(k);
  }

  /** Takes one message from each allowance of the socket, or none when one of them is spent. */
  take(k: CloudKeys): boolean {
    const t = this.now();
    const slots = this.keys(k).map(([key, cap, rate]) => this.slot(key, cap, rate));
    for (const s of slots) {
      s.tokens = Math.min(s.rate, s.tokens + ((t - s.refilledAt) / 1000) * s.rate);
      s.refilledAt = t;
    }
    if (slots.some((s) => s.tokens < 1)) return false;
    for (const s of slots) s.tokens -= 1;
    return true;
  }

  /**
   * Forgets the socket's keys that have no socket left and a refilled allowance (a new socket would start from a
   * full one anyway); now and then every such key, so that those closed with a spent allowance go too.
   */
  private forget(k: CloudKeys) {
    const t = this.now();
    const idle = (s: Slot) => s.sockets <= 0 && s.tokens + ((t - s.refilledAt) / 1000) * s.rate >= s.rate;
    for (const [key] of this.keys(k)) {
      const s = this.slots.get(key);
      if (s && idle(s)) this.slots.delete(key);
    }
    if (t - this.sweptAt < SWEEP_MS) return;
    this.sweptAt = t;
    for (const [key, s] of this.slots) if (idle(s)) this.slots.delete(key);
  }

  /** Keys held (tests and 系统监控 could read it; it stays small when sockets close). */
  get size() {
    return this.slots.size;
  }
}

interface Pending {
  changes: Map<string, CloudChange>;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Coalesces a work's changes before they reach the hub: the first change goes out at once; changes within the
 * next `flushMs` wait and go out together, each variable with its latest value (and the connection that set
 * it, which is not sent it back).
 */
export class CloudCoalescer {
  private readonly works = new Map<string, Pending>();
  constructor(
    private readonly flushMs: number,
    private readonly publish: (update: CloudUpdate) => void,
  ) {}

  change(workId: string, change: CloudChange) {
    let p = this.works.get(workId);
    if (!p) {
      p = { changes: new Map() };
      this.works.set(workId, p);
    }
    // Re-inserted so that the batch lists variables in the order of their latest change.
    p.changes.delete(change.name);
    p.changes.set(change.name, change);
    if (!p.timer) this.flush(workId, p);
  }

  private flush(workId: string, p: Pending) {
    if (p.changes.size === 0) {
      this.works.delete(workId);
      return;
    }
    const changes = [...p.changes.values()];
    p.changes.clear();
    this.publish({ workId, changes });
    p.timer = setTimeout(() => {
      p.timer = undefined;
      this.flush(workId, p);
    }, this.flushMs);
    p.timer.unref?.();
  }

  /** Stops (server shutdown: the sockets are closing, and every value is stored already). */
  close() {
    for (const p of this.works.values()) clearTimeout(p.timer);
    this.works.clear();
  }
}
