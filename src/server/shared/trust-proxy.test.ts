// TRUST_PROXY parsing and the X-Forwarded-For walk (from the right, past trusted hops only).
import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy } from './trust-proxy.js';

describe('clientAddress', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientAddress('198.51.100.7', '1.2.3.4', undefined)).toBe('198.51.100.7');
    expect(clientAddress('::ffff:198.51.100.7', undefined, undefined)).toBe('198.51.100.7');
    expect(clientAddress(undefined, '1.2.3.4', parseTrustProxy('1'))).toBe('local');
  });

  it('with a hop count, takes the address that many hops from the right', () => {
    const one = parseTrustProxy('1');
    // The client wrote "6.6.6.6"; nginx appended the address it saw.
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.5', one)).toBe('203.0.113.5');
    expect(clientAddress('127.0.0.1', '203.0.113.5', one)).toBe('203.0.113.5');
    expect(clientAddress('127.0.0.1', undefined, one)).toBe('127.0.0.1');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.5, 10.0.0.9', parseTrustProxy('2'))).toBe('203.0.113.5');
  });

  it('with addresses, walks past trusted proxies only', () => {
    const trust = parseTrustProxy('127.0.0.1/32,10.0.0.0/8');
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.5, 10.1.2.3', trust)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:127.0.0.1', '203.0.113.5', trust)).toBe('203.0.113.5');
    // A peer that is not a trusted proxy is the client, whatever it claims.
    expect(clientAddress('198.51.100.7', '1.2.3.4', trust)).toBe('198.51.100.7');
    // Everything trusted: the leftmost address.
    expect(clientAddress('127.0.0.1', '10.0.0.5', trust)).toBe('10.0.0.5');
    // A hop that is not an address ends the walk at the last good one.
    expect(clientAddress('127.0.0.1', '1.2.3.4, <script>, 10.0.0.1', trust)).toBe('10.0.0.1');
    expect(clientAddress('127.0.0.1', '[2001:db8::1]:4711', trust)).toBe('2001:db8::1');
  });

  it('trusts IPv6 ranges', () => {
    const trust = parseTrustProxy('::1,fd00::/8');
    expect(clientAddress('::1', '2001:db8::5, fd12::1', trust)).toBe('2001:db8::5');
  });
});

describe('parseTrustProxy', () => {
  it.each(['0', '11', 'yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8,', 'fd00::/129'])('refuses %s', (v) => {
    expect(() => parseTrustProxy(v)).toThrow(/TRUST_PROXY/);
  });
  it('keeps the ranges it parsed', () => {
    expect(parseTrustProxy(' 127.0.0.1 , 10.0.0.0/8 ')).toMatchObject({ ranges: ['127.0.0.1/32', '10.0.0.0/8'] });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
  });
});
