// Notice fan-out. Publishers (announcement release) call publish(); websocket connections subscribe per user.
// In process by default; a Redis-backed hub with the same interface joins several processes.
import { EventEmitter } from 'node:events';
import type { SessionsEnded } from '../domain/session-watch.js';

/** Message pushed to shells, in the anchor's websocket vocabulary: cmd topic (to all) or user (to some). */
export interface NoticeMessage {
  cmd: 'topic' | 'user';
  msgId?: string;
  msgTxt?: string;
  userId?: string;
}

export interface NoticeTarget {
  /** 'all' or the ids of the users to reach. */
  users: 'all' | string[];
  message: NoticeMessage;
}

export interface NoticeHub {
  publish(target: NoticeTarget): Promise<void>;
  /** Registers a listener for one user's notices; returns the unsubscribe function. */
  subscribe(userId: string, listener: (m: NoticeMessage) => void): () => void;
  /** Tells every process that sessions ended, so that their sockets close. */
  endSessions(ended: SessionsEnded): Promise<void>;
  /** Registers a listener for ended sessions (from any process); returns the unsubscribe function. */
  onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void;
  close(): Promise<void>;
}

/** Delivers a target to local listeners; shared by the in-process and the Redis hub. */
export class LocalDelivery {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  deliver(target: NoticeTarget) {
    if (target.users === 'all') this.emitter.emit('*', target.message);
    else for (const id of target.users) this.emitter.emit(`u:${id}`, { ...target.message, userId: id });
  }
  subscribe(userId: string, listener: (m: NoticeMessage) => void): () => void {
    this.emitter.on(`u:${userId}`, listener);
    this.emitter.on('*', listener);
    return () => {
      this.emitter.off(`u:${userId}`, listener);
      this.emitter.off('*', listener);
    };
  }
  endSessions(ended: SessionsEnded) {
    this.emitter.emit('sessions-ended', ended);
  }
  onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void {
    this.emitter.on('sessions-ended', listener);
    return () => this.emitter.off('sessions-ended', listener);
  }
}

export class InProcessHub implements NoticeHub {
  private readonly local = new LocalDelivery();
  async publish(target: NoticeTarget) {
    this.local.deliver(target);
  }
  subscribe(userId: string, listener: (m: NoticeMessage) => void) {
    return this.local.subscribe(userId, listener);
  }
  async endSessions(ended: SessionsEnded) {
    this.local.endSessions(ended);
  }
  onSessionsEnded(listener: (ended: SessionsEnded) => void) {
    return this.local.onSessionsEnded(listener);
  }
  async close() {}
}
