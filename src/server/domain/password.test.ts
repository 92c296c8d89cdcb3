// Password hashing: OWASP's scrypt cost by default (the test suite lowers it with XUETANG_TEST_SCRYPT_N),
// older hashes keep verifying and are marked for rehashing, generated passwords have letters and digits.
import { afterEach, describe, expect, it } from 'vitest';
import { currentCost, generatedPasswordCost, generatePassword, hashPassword, needsRehash, OWASP_SCRYPT, verifyPassword } from './password.js';

const knob = process.env.XUETANG_TEST_SCRYPT_N;
afterEach(() => {
  if (knob === undefined) delete process.env.XUETANG_TEST_SCRYPT_N;
  else process.env.XUETANG_TEST_SCRYPT_N = knob;
});

describe('scrypt cost', () => {
  it('is OWASP’s N=2^17, r=8, p=1 without the test knob, and such hashes verify', async () => {
    delete process.env.XUETANG_TEST_SCRYPT_N;
    expect(currentCost()).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await hashPassword('Kite-2026-blue');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('Kite-2026-blue', hash)).toBe(true);
    expect(await verifyPassword('Kite-2026-red', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  }, 20_000);

  it('keeps verifying hashes of the former cost (N=2^14) and marks them for rehashing', async () => {
    delete process.env.XUETANG_TEST_SCRYPT_N;
    const old = await hashPassword('Kite-2026-blue', { N: 16384, r: 8, p: 1 });
    expect(await verifyPassword('Kite-2026-blue', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash('not-a-hash')).toBe(true);
  });

  it('hashes passwords it generated for a roster at N=2^14, marked for rehashing at the first login', async () => {
    delete process.env.XUETANG_TEST_SCRYPT_N;
    expect(generatedPasswordCost()).toEqual({ N: 2 ** 14, r: 8, p: 1 });
    const hash = await hashPassword(generatePassword(10), generatedPasswordCost());
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(needsRehash(hash)).toBe(true);
    // Never above the current cost (the test knob may be lower).
    process.env.XUETANG_TEST_SCRYPT_N = '4096';
    expect(generatedPasswordCost().N).toBe(4096);
  });

  it('refuses a test knob that is not a power of two in range', () => {
    for (const bad of ['1000', '512', String(2 ** 18), 'fast']) {
      process.env.XUETANG_TEST_SCRYPT_N = bad;
      expect(() => currentCost()).toThrow(/XUETANG_TEST_SCRYPT_N/);
    }
    process.env.XUETANG_TEST_SCRYPT_N = '4096';
    expect(currentCost()).toEqual({ ...OWASP_SCRYPT, N: 4096 });
  });
});

describe('verifyPassword without a usable hash', () => {
  it('answers false for a missing or malformed hash (after hashing against a dummy)', async () => {
    expect(await verifyPassword('anything-1', undefined)).toBe(false);
    expect(await verifyPassword('anything-1', 'scrypt$invalid')).toBe(false);
    expect(await verifyPassword('anything-1', 'scrypt$99999999999$8$1$c2FsdA==$a2V5')).toBe(false);
  });
});

describe('generatePassword', () => {
  it('always mixes letters and digits', () => {
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword(10);
      expect(pw).toHaveLength(10);
      expect(pw).toMatch(/\d/);
      expect(pw).toMatch(/[A-Za-z]/);
    }
  });
});
