// Every limit of the app (login attempts, uploads, captcha images, registration, recovery, SMS, duplicate checks,
// Scratch asset and backpack saves, cloud-variable sockets) is declared once, by name, through one store that
// main.ts chooses: with REDIS_URL the counts live in Redis and hold across every process of the installation
// (N processes no longer allow N times as much); without it, each process counts in its own memory.
//   - limit(name, points, seconds): a fixed allowance per key and window (RateLimiterRedis: one Lua increment per
//     take). If Redis cannot answer, the process counts in memory meanwhile (the insurance limiter), so an outage
//     of Redis neither refuses everyone nor lifts the limits.
//   - concurrent(name): how many things (open sockets) hold a slot per key, with a cap. In Redis a slot is a member
//     of a sorted set scored by its expiry; the process that holds it renews it every SLOT_TTL_MS / 3, so the slots
//     of a process killed with SIGKILL free themselves within SLOT_TTL_MS.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Key prefix in Redis of the named limits: `${LIMIT_KEY_PREFIX}:${name}:${key}`. */
export const LIMIT_KEY_PREFIX = 'xuetang:limit';
/** Key prefix in Redis of the concurrency slots: `${SLOT_KEY_PREFIX}:${name}:${key}`. */
const SLOT_KEY_PREFIX = 'xuetang:slots';
/** A slot not renewed within this time is free (its process is gone). */
const SLOT_TTL_MS = 60_000;

export interface SharedLimit {
  /** Takes one point for `key`: false when its allowance is used up. */
  take(key: string): Promise<boolean>;
}

/** Slots under several keys taken together: all or none. */
interface SharedSlots {
  /** Takes a slot named `holder` under every key, each with its cap; false (nothing taken) when one is full. */
  open(keys: [key: string, cap: number][], holder: string): Promise<boolean>;
  /** Gives back the holder's slots (once per successful open). */
  close(keys: [key: string, cap: number][], holder: string): Promise<void>;
}

export interface Limits {
  /** 'redis' when every process shares the counts; 'memory' when this process counts alone. */
  readonly kind: 'memory' | 'redis';
  /** The limiter itself (login-throttle.ts needs reward and delete); the same name gives the same limiter. */
  limiter(name: string, points: number, seconds: number): RateLimiterAbstract;
  /** A limit of `points` per `seconds` for each key. The same name gives the same limit. */
  limit(name: string, points: number, seconds: number): SharedLimit;
  /** Concurrency slots (cloud-variable sockets). */
  concurrent(name: string): SharedSlots;
  /** Resolves when the store answers (readiness: a Redis PING); rejects otherwise. */
  ping(): Promise<void>;
  /** Frees this process's slots and closes the Redis connection, if any. */
  close(): Promise<void>;
}

type Make = (keyPrefix: string, points: number, seconds: number) => RateLimiterAbstract;

function limitsOver(kind: Limits['kind'], make: Make, concurrent: (name: string) => SharedSlots, ping: () => Promise<void>, close: () => Promise<void>): Limits {
  const limiters = new Map<string, RateLimiterAbstract>();
  const named = new Map<string, SharedLimit>();
  const slots = new Map<string, SharedSlots>();
  const limiter = (name: string, points: number, seconds: number) => {
    let l = limiters.get(name);
    if (!l) limiters.set(name, (l = make(`${LIMIT_KEY_PREFIX}:${name}`, points, seconds)));
    return l;
  };
  return {
    kind,
    limiter,
    limit(name, points, seconds) {
      let l = named.get(name);
      if (!l) {
        const counter = limiter(name, points, seconds);
        // A store error without insurance rejects with an Error: refused rather than let through.
        l = { take: (key) => counter.consume(key).then(() => true, () => false) };
        named.set(name, l);
      }
      return l;
    },
    concurrent(name) {
      let s = slots.get(name);
      if (!s) slots.set(name, (s = concurrent(name)));
      return s;
    },
    ping,
    close,
  };
}

const options = (keyPrefix: string, points: number, duration: number) => ({ keyPrefix, points, duration });

/** Counts held in this process's memory. */
function memorySlots(): SharedSlots {
  const held = new Map<string, Set<string>>();
  return {
    async open(keys, holder) {
      if (keys.some(([key, cap]) => !held.get(key)?.has(holder) && (held.get(key)?.size ?? 0) >= cap)) return false;
      for (const [key] of keys) {
        let s = held.get(key);
        if (!s) held.set(key, (s = new Set()));
        s.add(holder);
      }
      return true;
    },
    async close(keys, holder) {
      for (const [key] of keys) {
        const s = held.get(key);
        s?.delete(holder);
        if (s?.size === 0) held.delete(key);
      }
    },
  };
}

export function memoryLimits(): Limits {
  return limitsOver(
    'memory',
    (prefix, points, seconds) => new RateLimiterMemory(options(prefix, points, seconds)),
    memorySlots,
    async () => {},
    async () => {},
  );
}

// KEYS: the sorted sets; ARGV: now, expiry, holder, then one cap per key. Drops expired members, then adds the
// holder to every set unless one is full (a holder already in a set counts as there).
const OPEN_SLOTS = `
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[1])
  if not redis.call('ZSCORE', key, ARGV[3]) and redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIRE', key, ${SLOT_TTL_MS})
end
return 1`;

function redisSlots(client: Redis, process: string, name: string, onError: (err: Error) => void): { slots: SharedSlots; renew: () => Promise<void>; release: () => Promise<void> } {
  /** The slots this process holds: member → its keys. */
  const mine = new Map<string, string[]>();
  const member = (holder: string) => `${process}:${holder}`;
  const slots: SharedSlots = {
    async open(keys, holder) {
      const redisKeys = keys.map(([key]) => `${SLOT_KEY_PREFIX}:${name}:${key}`);
      const t = Date.now();
      try {
        const got = await client.eval(OPEN_SLOTS, redisKeys.length, ...redisKeys, t, t + SLOT_TTL_MS, member(holder), ...keys.map(([, cap]) => cap));
        if (got !== 1) return false;
      } catch (err) {
        // Redis down: this process's own caps (the callers count locally too) still hold.
        onError(err as Error);
        return true;
      }
      mine.set(member(holder), redisKeys);
      return true;
    },
    async close(_keys, holder) {
      const m = member(holder);
      const redisKeys = mine.get(m);
      if (!redisKeys) return;
      mine.delete(m);
      await Promise.all(redisKeys.map((k) => client.zrem(k, m))).catch(onError);
    },
  };
  const renew = async () => {
    const expiry = Date.now() + SLOT_TTL_MS;
    const pipeline = client.pipeline();
    for (const [m, redisKeys] of mine) for (const k of redisKeys) pipeline.zadd(k, 'XX', expiry, m).pexpire(k, SLOT_TTL_MS);
    if (mine.size) await pipeline.exec().catch(onError);
  };
  const release = async () => {
    const all = [...mine];
    mine.clear();
    await Promise.all(all.flatMap(([m, redisKeys]) => redisKeys.map((k) => client.zrem(k, m)))).catch(onError);
  };
  return { slots, renew, release };
}

/** Counts in Redis; ioredis is loaded here, so processes without REDIS_URL never load it. */
export async function redisLimits(url: string, onError: (err: Error) => void): Promise<Limits> {
  const { Redis } = await import('ioredis');
  // A command fails at once while Redis is unreachable (the in-memory insurance answers instead of a queue).
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on('error', onError);
  // Counting starts in Redis rather than in the insurance: wait (briefly) for the connection.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5000);
    timer.unref();
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const processId = randomUUID();
  const slotSets: ReturnType<typeof redisSlots>[] = [];
  const renewal = setInterval(() => void Promise.all(slotSets.map((s) => s.renew())), SLOT_TTL_MS / 3);
  renewal.unref();
  return limitsOver(
    'redis',
    (prefix, points, seconds) =>
      new RateLimiterRedis({
        ...options(prefix, points, seconds),
        storeClient: client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options(prefix, points, seconds)),
      }),
    (name) => {
      const s = redisSlots(client, processId, name, onError);
      slotSets.push(s);
      return s.slots;
    },
    async () => {
      const answer = await client.ping();
      if (answer !== 'PONG') throw new Error(`Redis answered ${answer}`);
    },
    async () => {
      clearInterval(renewal);
      await Promise.all(slotSets.map((s) => s.release()));
      await client.quit().catch(() => client.disconnect());
    },
  );
}

/** Used when an app was given no store (tests, tools): each app counts in its own memory. */
const own = new WeakMap<object, Limits>();

/** The app's limits (its AppDeps): deps.limits (main.ts: Redis with REDIS_URL), else this app's own memory. */
export function limitsOf(deps: { limits?: Limits }): Limits {
  if (deps.limits) return deps.limits;
  let l = own.get(deps);
  if (!l) own.set(deps, (l = memoryLimits()));
  return l;
}

/** `limitsOf(deps).limit(...)`: the named limit of this app. */
export const limitOf = (deps: { limits?: Limits }, name: string, points: number, seconds: number): SharedLimit => limitsOf(deps).limit(name, points, seconds);
