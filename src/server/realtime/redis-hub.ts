// Notice fan-out across processes: publish() goes to a Redis channel; every process (the publisher included)
// subscribes to it and delivers to its own websocket listeners. Same interface as the in-process hub.
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { SessionsEnded } from '../domain/session-watch.js';
import { PUBLIC_CONTENT_KINDS, type PublicContent } from '../shared/public-content.js';
import { LocalDelivery, type CloudUpdate, type NoticeHub, type NoticeMessage, type NoticeTarget } from './hub.js';

const NOTICE_CHANNEL = 'xuetang:notices';
/** Ended sessions travel on their own channel, beside the notices: `<channel>:sessions`. */
const SESSIONS_SUFFIX = ':sessions';
/** Scratch cloud variable changes: `<channel>:cloud`. */
const CLOUD_SUFFIX = ':cloud';
/** Public content changes (page caches): `<channel>:public`. */
const PUBLIC_SUFFIX = ':public';

interface PublicChange {
  what: PublicContent;
  /** The process that made it (it does not hear its own change twice). */
  origin: string;
}

function isPublicChange(v: unknown): v is PublicChange {
  if (!v || typeof v !== 'object') return false;
  const p = v as PublicChange;
  return PUBLIC_CONTENT_KINDS.includes(p.what) && typeof p.origin === 'string';
}

export interface RedisHubOptions {
  channel?: string;
  /** Called when a message on the channel is not a notice we understand, or Redis reports an error. */
  onError?: (err: Error) => void;
}

function isTarget(v: unknown): v is NoticeTarget {
  if (!v || typeof v !== 'object') return false;
  const t = v as NoticeTarget;
  const usersOk = t.users === 'all' || (Array.isArray(t.users) && t.users.every((u) => typeof u === 'string'));
  return usersOk && !!t.message && (t.message.cmd === 'topic' || t.message.cmd === 'user');
}

const stringList = (v: unknown) => v === undefined || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
function isSessionsEnded(v: unknown): v is SessionsEnded {
  if (!v || typeof v !== 'object') return false;
  const e = v as SessionsEnded;
  return stringList(e.sessionIds) && stringList(e.userIds) && (e.exceptSessionId === undefined || typeof e.exceptSessionId === 'string');
}

function isCloudUpdate(v: unknown): v is CloudUpdate {
  if (!v || typeof v !== 'object') return false;
  const u = v as CloudUpdate;
  return (
    typeof u.workId === 'string' &&
    Array.isArray(u.changes) &&
    u.changes.every((c) => !!c && typeof c === 'object' && typeof c.origin === 'string' && typeof c.name === 'string' && typeof c.value === 'string')
  );
}

export class RedisHub implements NoticeHub {
  private readonly local = new LocalDelivery();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly sessionsChannel: string;
  private readonly cloudChannel: string;
  private readonly publicChannel: string;
  private readonly publicListeners = new EventEmitter();
  private readonly origin = randomUUID();
  private readonly ready: Promise<unknown>;

  /** Connects a hub; ioredis is loaded here, so processes without REDIS_URL never load it. */
  static async create(url: string, opts: RedisHubOptions = {}): Promise<RedisHub> {
    const { Redis } = await import('ioredis');
    return new RedisHub(Redis, url, opts);
  }

  private constructor(RedisClient: typeof Redis, url: string, opts: RedisHubOptions = {}) {
    this.channel = opts.channel ?? NOTICE_CHANNEL;
    this.sessionsChannel = this.channel + SESSIONS_SUFFIX;
    this.cloudChannel = this.channel + CLOUD_SUFFIX;
    this.publicChannel = this.channel + PUBLIC_SUFFIX;
    this.publicListeners.setMaxListeners(0);
    const onError = opts.onError ?? ((err: Error) => console.error(`[realtime] redis: ${err.message}`));
    // Commands wait (queued) while Redis reconnects instead of failing at once; a publish that cannot be
    // delivered within a few retries is reported to the caller.
    this.pub = new RedisClient(url, { maxRetriesPerRequest: 3, lazyConnect: false });
    this.sub = new RedisClient(url, { maxRetriesPerRequest: null, lazyConnect: false });
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.ready = this.sub.subscribe(this.channel, this.sessionsChannel, this.cloudChannel, this.publicChannel);
    this.sub.on('message', (channel, text) => {
      if (channel !== this.channel && channel !== this.sessionsChannel && channel !== this.cloudChannel && channel !== this.publicChannel) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        onError(new Error('ignored a message that is not JSON'));
        return;
      }
      if (channel === this.publicChannel) {
        if (!isPublicChange(parsed)) onError(new Error('ignored a message that is not a public content change'));
        else if (parsed.origin !== this.origin) this.publicListeners.emit('change', parsed.what);
      } else if (channel === this.cloudChannel) {
        if (isCloudUpdate(parsed)) this.local.deliverCloud(parsed);
        else onError(new Error('ignored a message that is not a cloud variable change'));
      } else if (channel === this.sessionsChannel) {
        if (isSessionsEnded(parsed)) this.local.endSessions(parsed);
        else onError(new Error('ignored a message that is not a list of ended sessions'));
      } else if (isTarget(parsed)) this.local.deliver(parsed);
      else onError(new Error('ignored a message that is not a notice'));
    });
  }

  /** Resolves once the subscription is active (messages published before that are not seen here). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async publish(target: NoticeTarget): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(target));
  }

  subscribe(userId: string, listener: (m: NoticeMessage) => void): () => void {
    return this.local.subscribe(userId, listener);
  }

  /** Closes this process's sockets at once (even if Redis is away), and the other processes' through Redis. */
  async endSessions(ended: SessionsEnded): Promise<void> {
    this.local.endSessions(ended);
    await this.pub.publish(this.sessionsChannel, JSON.stringify(ended));
  }

  onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void {
    return this.local.onSessionsEnded(listener);
  }

  async publishCloud(update: CloudUpdate): Promise<void> {
    await this.pub.publish(this.cloudChannel, JSON.stringify(update));
  }

  subscribeCloud(workId: string, listener: (update: CloudUpdate) => void): () => void {
    return this.local.subscribeCloud(workId, listener);
  }

  async publishPublicContent(what: PublicContent): Promise<void> {
    await this.pub.publish(this.publicChannel, JSON.stringify({ what, origin: this.origin } satisfies PublicChange));
  }

  onPublicContent(listener: (what: PublicContent) => void): () => void {
    this.publicListeners.on('change', listener);
    return () => this.publicListeners.off('change', listener);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
