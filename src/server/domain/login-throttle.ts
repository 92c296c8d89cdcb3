// Login throttling: 5 attempts per account and address, 50 per address, per 15 minutes. An attempt takes its
// point BEFORE the password is checked (an atomic increment), so attempts sent in parallel cannot all slip
// through while the first ones are still hashing; a successful login gives its point back to the address and
// starts the account's count over. With REDIS_URL the counts live in Redis and hold across processes
// (RateLimiterRedis: one Lua increment per attempt); if Redis cannot answer, each process counts in memory.
// The count an attempt gets back from its increment also decides whether it must carry an image captcha
// (after CAPTCHA_AFTER_FAILURES failures), so parallel attempts cannot dodge that either.
// Other limits that must hold across processes (password recovery) count through the same store: limit().
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export const ACCOUNT_ATTEMPTS = 5;
const ADDRESS_ATTEMPTS = 50;
export const THROTTLE_WINDOW_S = 15 * 60;
/** Key prefix in Redis (shared by every process of one installation). */
export const THROTTLE_KEY_PREFIX = 'xuetang:login';
/** Key prefix in Redis of the named limits (limit()): `${LIMIT_KEY_PREFIX}:${name}:${key}`. */
export const LIMIT_KEY_PREFIX = 'xuetang:limit';

/** From this attempt on (the 4th within the window, i.e. after 3 failures) the login also asks for an image captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;

/** `attempt`: this attempt's number for the account and address within the window (1 = first). */
type ThrottleAnswer = { ok: true; attempt: number } | { ok: false; minutes: number };

export interface LoginThrottle {
  /** Takes one attempt from the account's and the address's allowance; refuses when either is used up. */
  take(ip: string, username: string): Promise<ThrottleAnswer>;
  /** An attempt refused before its password was checked (no or a wrong captcha): both get their point back. */
  refund(ip: string, username: string): Promise<void>;
  /** After a correct password: the address gets its attempt back and the account's count starts over. */
  succeeded(ip: string, username: string): Promise<void>;
  /**
   * A limit of `points` per `seconds` for each key, counted where the login attempts are (Redis with REDIS_URL,
   * so every process shares it). The same name gives the same limit.
   */
  limit(name: string, points: number, seconds: number): SharedLimit;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

export interface SharedLimit {
  /** Takes one point for `key`: false when its allowance is used up (or the store failed with no fallback). */
  take(key: string): Promise<boolean>;
}

/** Makes a limiter of `points` per `seconds` under a key prefix, in memory or in Redis. */
type Store = (keyPrefix: string, points: number, seconds: number) => RateLimiterAbstract;

const accountKey = (ip: string, username: string) => `${ip}|${username.toLowerCase()}`;

const refused = (res: unknown): ThrottleAnswer => {
  // A store error without an insurance limiter would reject with an Error: refuse rather than let it through.
  const ms = res instanceof RateLimiterRes ? res.msBeforeNext : THROTTLE_WINDOW_S * 1000;
  return { ok: false, minutes: Math.max(1, Math.ceil(ms / 60000)) };
};

function throttleOver(store: Store, close = async () => {}): LoginThrottle {
  const perAccount = store(`${THROTTLE_KEY_PREFIX}:account`, ACCOUNT_ATTEMPTS, THROTTLE_WINDOW_S);
  const perIp = store(`${THROTTLE_KEY_PREFIX}:ip`, ADDRESS_ATTEMPTS, THROTTLE_WINDOW_S);
  const named = new Map<string, SharedLimit>();
  return {
    close,
    limit(name, points, seconds) {
      let l = named.get(name);
      if (!l) {
        const limiter = store(`${LIMIT_KEY_PREFIX}:${name}`, points, seconds);
        l = {
          take: (key) =>
            limiter.consume(key).then(
              () => true,
              () => false,
            ),
        };
        named.set(name, l);
      }
      return l;
    },
    async take(ip, username) {
      const key = accountKey(ip, username);
      let attempt: number;
      try {
        attempt = (await perAccount.consume(key)).consumedPoints;
      } catch (res) {
        return refused(res);
      }
      try {
        await perIp.consume(ip);
      } catch (res) {
        // Not attempted after all: the account keeps its point.
        await perAccount.reward(key).catch(() => undefined);
        return refused(res);
      }
      return { ok: true, attempt };
    },
    async refund(ip, username) {
      await Promise.all([perAccount.reward(accountKey(ip, username)), perIp.reward(ip)]).catch(() => undefined);
    },
    async succeeded(ip, username) {
      await Promise.all([perAccount.delete(accountKey(ip, username)), perIp.reward(ip)]);
    },
  };
}

const limits = (keyPrefix: string, points: number, duration: number) => ({ keyPrefix, points, duration });

export function memoryLoginThrottle(): LoginThrottle {
  return throttleOver((prefix, points, seconds) => new RateLimiterMemory(limits(prefix, points, seconds)));
}

/** Counts in Redis; ioredis is loaded here, so processes without REDIS_URL never load it. */
export async function redisLoginThrottle(url: string, onError: (err: Error) => void): Promise<LoginThrottle> {
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
  const store: Store = (prefix, points, seconds) =>
    new RateLimiterRedis({
      ...limits(prefix, points, seconds),
      storeClient: client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(limits(prefix, points, seconds)),
    });
  return throttleOver(store, async () => {
    await client.quit().catch(() => client.disconnect());
  });
}
