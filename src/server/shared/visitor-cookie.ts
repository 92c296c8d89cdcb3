// The browser's visitor id (cookie xt_vid): a random value given to a browser when it likes a work, so that one
// person liking anonymously and then logged in (or the reverse) in the same browser counts once
// (domain/work-visits.ts countStar). Only its hash with the day's salt is stored; it lives two days, as the
// once-a-day records do. In shared because the API and the pages both read and set it.
import { randomBytes } from 'node:crypto';

export const VISITOR_COOKIE = 'xt_vid';
const VISITOR_COOKIE_MAX_AGE_S = 2 * 24 * 60 * 60;

export const isVisitorId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{32}$/.test(v);
export const newVisitorId = (): string => randomBytes(16).toString('hex');

/** Cookie options: script cannot read it, other sites' requests do not carry it on writes. */
export const visitorCookieOptions = (secure: boolean) =>
  ({ path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: VISITOR_COOKIE_MAX_AGE_S }) as const;
