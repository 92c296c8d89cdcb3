// Login throttling: 5 attempts per account and address, 50 per address, per 15 minutes. An attempt takes its
// point BEFORE the password is checked (an atomic increment), so attempts sent in parallel cannot all slip
// through while the first ones are still hashing; a successful login gives its point back to the address and
// starts the account's count over. The counts live where every limit of the app does (limits.ts: in Redis with
// REDIS_URL, shared by every process; in memory otherwise).
// The count an attempt gets back from its increment also decides whether it must carry an image captcha
// (after CAPTCHA_AFTER_FAILURES failures), so parallel attempts cannot dodge that either.
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Limits } from './limits.js';

export const ACCOUNT_ATTEMPTS = 5;
const ADDRESS_ATTEMPTS = 50;
export const THROTTLE_WINDOW_S = 15 * 60;

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
}

const accountKey = (ip: string, username: string) => `${ip}|${username.toLowerCase()}`;

const refused = (res: unknown): ThrottleAnswer => {
  // A store error without an insurance limiter would reject with an Error: refuse rather than let it through.
  const ms = res instanceof RateLimiterRes ? res.msBeforeNext : THROTTLE_WINDOW_S * 1000;
  return { ok: false, minutes: Math.max(1, Math.ceil(ms / 60000)) };
};

/** The login throttle counting in `limits` (Redis keys `${LIMIT_KEY_PREFIX}:login-account:…` and `…:login-ip:…`). */
export function loginThrottle(limits: Limits): LoginThrottle {
  const perAccount = limits.limiter('login-account', ACCOUNT_ATTEMPTS, THROTTLE_WINDOW_S);
  const perIp = limits.limiter('login-ip', ADDRESS_ATTEMPTS, THROTTLE_WINDOW_S);
  return {
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
