// teaching-open's stored passwords (kept aside in sys_user.legacy_password by an import): not a hash but the
// username encrypted with a key derived from the password, PBEWithMD5AndDES (PKCS#5 v1.5 PBES1) with the
// account's salt and 1000 iterations: d = MD5(password ‖ salt), then d = MD5(d) 999 more times; DES key = d[0..8],
// IV = d[8..16]; DES-CBC with PKCS#5 padding over the UTF-8 username, written as lowercase hex.
//
// Checking a password needs only encryption: encrypt the username with the key the candidate password derives
// and compare. Nothing is ever decrypted. OpenSSL 3 keeps single DES in its legacy provider, which Node does
// not load; triple DES (des-ede3-cbc, in the default provider) with one key K‖K‖K is E_K(D_K(E_K(x))) = E_K(x),
// single DES exactly (the keying option TDEA keeps for compatibility), so no DES code of our own is needed.
import { createCipheriv, createHash, timingSafeEqual } from 'node:crypto';

const ITERATIONS = 1000;
/** SunJCE's PBEKey takes printable ASCII only; teaching-open stored null for any other password. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const HEX = /^(?:[0-9a-fA-F]{16})+$/;

/** Key and IV of PBEWithMD5AndDES for `password` and `salt` (both as bytes: ASCII password, UTF-8 salt). */
export function deriveLegacyKey(password: string, salt: string): { key: Buffer; iv: Buffer } {
  let d = createHash('md5').update(Buffer.from(password, 'latin1')).update(Buffer.from(salt, 'utf8')).digest();
  for (let i = 1; i < ITERATIONS; i++) d = createHash('md5').update(d).digest();
  return { key: d.subarray(0, 8), iv: d.subarray(8, 16) };
}

/** teaching-open's stored value for this username, password and salt; null when the anchor could store none. */
export function legacyCipher(username: string, password: string, salt: string): string | null {
  if (!PRINTABLE_ASCII.test(password)) return null;
  const { key, iv } = deriveLegacyKey(password, salt);
  const cipher = createCipheriv('des-ede3-cbc', Buffer.concat([key, key, key]), iv);
  return Buffer.concat([cipher.update(Buffer.from(username, 'utf8')), cipher.final()]).toString('hex');
}

/**
 * True when `password` is the one teaching-open's `stored` value was made with (for this username and salt).
 * A stored value that is not whole DES blocks in hex never matches.
 */
export function verifyLegacyPassword(password: string, username: string, salt: string | null | undefined, stored: string | null | undefined): boolean {
  if (!stored || !HEX.test(stored) || salt == null) return false;
  const candidate = legacyCipher(username, password, salt);
  if (candidate === null || candidate.length !== stored.length) return false;
  return timingSafeEqual(Buffer.from(candidate, 'ascii'), Buffer.from(stored.toLowerCase(), 'ascii'));
}
