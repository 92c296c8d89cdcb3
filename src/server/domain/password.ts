// Password hashing with scrypt (node:crypto): `scrypt$N$r$p$salt$hash`, salt and hash base64. The cost
// parameters travel with each hash, so raising them leaves older hashes valid; a successful login with a
// hash made at a lower cost rehashes the password at the current one (needsRehash).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt advice (Password Storage Cheat Sheet): N=2^17, r=8, p=1, about 128 MiB per hash. */
export const OWASP_SCRYPT: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEYLEN = 32;
/** Stored hashes claiming more than this are refused rather than computed (memory 128·N·r). */
const MAX_N = 2 ** 20;

/**
 * The cost new hashes get. XUETANG_TEST_SCRYPT_N is a test-only knob (vitest and Playwright set it): a test
 * suite logs in hundreds of times, and at OWASP's cost each login takes about 0.7 s on a 2-core machine.
 * Production never sets it.
 */
export function currentCost(): ScryptCost {
  const raw = process.env.XUETANG_TEST_SCRYPT_N;
  if (!raw) return OWASP_SCRYPT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 2 ** 10 || n > OWASP_SCRYPT.N || (n & (n - 1)) !== 0) {
    throw new Error(`XUETANG_TEST_SCRYPT_N must be a power of two between 1024 and ${OWASP_SCRYPT.N}`);
  }
  return { ...OWASP_SCRYPT, N: n };
}

/**
 * The cost of a password this server generates for someone else (roster imports): at OWASP's cost each hash
 * takes ~0.7 s of a core here, so a school's roster of a few hundred accounts would outlast a proxy's 60 s. A
 * generated password is 10+ random characters of 55 (≥ 57 bits), out of reach of offline guessing even at
 * N=2^14; the account must change it at first login, and that login rehashes at the current cost anyway.
 */
export function generatedPasswordCost(): ScryptCost {
  const current = currentCost();
  return current.N <= 2 ** 14 ? current : { ...current, N: 2 ** 14 };
}

/** Node refuses scrypt above maxmem (32 MiB by default); allow the cost's 128·N·r bytes and some room. */
const options = (c: ScryptCost): ScryptOptions => ({ N: c.N, r: c.r, p: c.p, maxmem: 2 * 128 * c.N * c.r });

export async function hashPassword(password: string, cost: ScryptCost = currentCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, options(cost));
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parse(stored: string | null | undefined) {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, saltB64, keyB64] = parts;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const ok = [cost.N, cost.r, cost.p].every((x) => Number.isInteger(x) && x > 0) && cost.N <= MAX_N && cost.r * cost.p < 2 ** 30;
  return ok ? { cost, salt: Buffer.from(saltB64, 'base64'), key: Buffer.from(keyB64, 'base64') } : null;
}

const DUMMY_SALT = randomBytes(16);

/**
 * True when `password` matches the stored hash. Without a usable hash (unknown account, or a row holding no
 * scrypt hash) the password is still hashed at the current cost, so the answer takes as long as for a real
 * account and its timing does not tell which usernames exist.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length === 0) {
    await scrypt(password.normalize('NFKC'), DUMMY_SALT, KEYLEN, options(currentCost()));
    return false;
  }
  const key = await scrypt(password.normalize('NFKC'), parsed.salt, parsed.key.length, options(parsed.cost));
  return timingSafeEqual(key, parsed.key);
}

/** True when a hash was made at a lower cost than the current one (rehash it at the next successful login). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const now = currentCost();
  return parsed.cost.N < now.N || parsed.cost.r < now.r || parsed.cost.p < now.p;
}

/** A readable random password for generated accounts (no look-alike characters), with letters and digits. */
export function generatePassword(length = 12): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const bytes = randomBytes(length);
    let out = '';
    for (const b of bytes) out += alphabet[b % alphabet.length];
    // The password policy asks for two kinds of characters; a draw of letters only is drawn again.
    if (/\d/.test(out) && /[A-Za-z]/.test(out)) return out;
  }
}
