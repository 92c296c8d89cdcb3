// Image captchas. A code is 4 characters without look-alikes, drawn with crypto randomness and rendered by
// svg-captcha; the client gets it as an SVG data URL. Only sha256(checkKey + ':' + code) is stored, for 5
// minutes, in sys_captcha (every process sees it). A new picture for a key replaces its previous code (only the
// newest is accepted). A check consumes every code of its key, right or wrong, so a code works once and cannot
// be guessed at repeatedly. The anchor (Redis, 10 minutes) let a solved code be
// reused until it expired.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from './ids.js';

const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const CAPTCHA_LENGTH = 4;
/** Lower-case letters and digits a child will not confuse (no 0/o, 1/l/i, 9/g/q, 2/z, 5/s, u/v …). */
const ALPHABET = 'abcdefhjkmnprtwxy34678';
/** The checkKey a client names its captcha by: the anchor's client sends Date.now(); ours sends 32 hex digits. */
export const CHECK_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const CAPTCHA_MISSING = '请输入验证码';
const CAPTCHA_INVALID = '验证码无效';
const CAPTCHA_WRONG = '验证码错误';

const hash = (checkKey: string, code: string) => createHash('sha256').update(`${checkKey}:${code.trim().toLowerCase()}`).digest('hex');

function randomCode(): string {
  let out = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

type Render = (text: string, options: Record<string, unknown>) => string;
let render: Render | undefined;
/** svg-captcha loads its font when first required: only processes that draw a captcha pay for it. */
async function renderer(): Promise<Render> {
  if (!render) {
    const mod = (await import('svg-captcha')) as unknown as { default: Render };
    render = mod.default;
  }
  return render;
}

/**
 * Stores a new code for `checkKey` and returns its picture as a data URL (`data:image/svg+xml;base64,…`).
 * `fixedCode` (XUETANG_TEST_CAPTCHA, tests only) replaces the random code.
 */
export async function issueCaptcha(db: Kysely<Database>, checkKey: string, opts: { fixedCode?: string; code?: string } = {}): Promise<{ image: string }> {
  const code = opts.code ?? opts.fixedCode ?? randomCode();
  const t = Date.now();
  await db.transaction().execute(async (tx) => {
    // Expired codes are swept as new ones are drawn (indexed on expires_at), and a new code replaces the key's
    // previous one: asking for 30 pictures must not leave 30 codes to try.
    await tx.deleteFrom('sys_captcha').where((eb) => eb.or([eb('expires_at', '<=', t), eb('check_key', '=', checkKey)])).execute();
    await tx.insertInto('sys_captcha').values({ id: newId(), check_key: checkKey, code_hash: hash(checkKey, code), expires_at: t + CAPTCHA_TTL_MS }).execute();
  });
  const svg = (await renderer())(code, { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f5f7fa' });
  return { image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export type CaptchaCheck = { ok: true } | { ok: false; message: string };

/**
 * Checks and consumes the codes of `checkKey` (all of them, whatever the answer). With `keepIfRight` (the
 * anchor's POST /sys/checkCaptcha, a form's early check) a right answer leaves the code for the request that
 * follows; a wrong one still consumes it, so the check is no guessing oracle.
 */
export async function checkCaptcha(db: Kysely<Database>, checkKey: unknown, captcha: unknown, opts: { keepIfRight?: boolean } = {}): Promise<CaptchaCheck> {
  const key = typeof checkKey === 'number' && Number.isSafeInteger(checkKey) ? String(checkKey) : checkKey;
  if (typeof captcha !== 'string' || captcha.trim() === '') return { ok: false, message: CAPTCHA_MISSING };
  if (typeof key !== 'string' || !CHECK_KEY_PATTERN.test(key) || captcha.length > 16) return { ok: false, message: CAPTCHA_INVALID };
  const rows = opts.keepIfRight
    ? await db.selectFrom('sys_captcha').select(['id', 'code_hash', 'expires_at']).where('check_key', '=', key).execute()
    : await db.deleteFrom('sys_captcha').where('check_key', '=', key).returning(['id', 'code_hash', 'expires_at']).execute();
  if (!rows.length) return { ok: false, message: CAPTCHA_WRONG };
  // Only the newest code counts: two processes drawing for one key at the same moment may both have stored one.
  const newest = rows.reduce((a, b) => (Number(b.expires_at) > Number(a.expires_at) || (Number(b.expires_at) === Number(a.expires_at) && b.id > a.id) ? b : a));
  const same = timingSafeEqual(Buffer.from(newest.code_hash, 'hex'), Buffer.from(hash(key, captcha), 'hex'));
  const match = same && Number(newest.expires_at) > Date.now();
  if (!match && opts.keepIfRight) await db.deleteFrom('sys_captcha').where('check_key', '=', key).execute();
  return match ? { ok: true } : { ok: false, message: CAPTCHA_WRONG };
}
