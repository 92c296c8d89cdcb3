// Notice (and Scratch cloud variable) fan-out. Publishers (announcement release) call publish(); websocket connections subscribe per user.
// In process by default; a Redis-backed hub with the same interface joins several processes.
import { EventEmitter } from 'node:events';
import type { SessionsEnded } from '../domain/session-watch.js';
import type { PublicContent } from '../shared/public-content.js';

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

/** A Scratch cloud variable's new value, for every socket of that work but the one that set it. */
export interface CloudChange {
  name: string;
  value: string;
  /** The connection that made the change; it already has the value and is not sent it again. */
  origin: string;
}

/** A work's cloud variable changes, coalesced (realtime/cloud-limits.ts): each variable once, with its latest value. */
export interface CloudUpdate {
  workId: string;
  changes: CloudChange[];
}

export interface NoticeHub {
  publish(target: NoticeTarget): Promise<void>;
  /** Registers a listener for one user's notices; returns the unsubscribe function. */
  subscribe(userId: string, listener: (m: NoticeMessage) => void): () => void;
  /** Tells every process that sessions ended, so that their sockets close. */
  endSessions(ended: SessionsEnded): Promise<void>;
  /** Registers a listener for ended sessions (from any process); returns the unsubscribe function. */
  onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void;
  /** Sends a work's cloud variable changes to the sockets of that work, in every process. */
  publishCloud(update: CloudUpdate): Promise<void>;
  /** Registers a listener for one work's cloud variable changes; returns the unsubscribe function. */
  subscribeCloud(workId: string, listener: (update: CloudUpdate) => void): () => void;
  /**
   * Tells the other processes that public content changed, so that their page caches drop it (a hub joining
   * several processes only; this process's own listeners have heard it already).
   */
  publishPublicContent?(what: PublicContent): Promise<void>;
  /** Registers a listener for public content changes made by other processes; returns the unsubscribe function. */
  onPublicContent?(listener: (what: PublicContent) => void): () => void;
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
  deliverCloud(update: CloudUpdate) {
    this.emitter.emit(`cloud:${update.workId}`, update);
  }
  subscribeCloud(workId: string, listener: (update: CloudUpdate) => void): () => void {
    this.emitter.on(`cloud:${workId}`, listener);
    return () => this.emitter.off(`cloud:${workId}`, listener);
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
  async publishCloud(update: CloudUpdate) {
    this.local.deliverCloud(update);
  }
  subscribeCloud(workId: string, listener: (update: CloudUpdate) => void) {
    return this.local.subscribeCloud(workId, listener);
  }
  async close() {}
}
