// Which peers may name the client in X-Forwarded-For (TRUST_PROXY), and the client address that follows.
// Behind a reverse proxy every request comes from the proxy's socket; the proxy appends the address it saw to
// X-Forwarded-For. Anything left of that was written by the client and proves nothing, so the chain is read
// from the right, skipping only hops we trust. Without TRUST_PROXY the header is ignored altogether.
import { BlockList, isIP } from 'node:net';

export type TrustProxy =
  /** This many proxies stand in front of us (TRUST_PROXY=1): the client is that many hops from the right. */
  | { hops: number }
  /** Proxies at these addresses (TRUST_PROXY=127.0.0.1/32,10.0.0.0/8): the client is the first other hop. */
  | { ranges: string[]; list: BlockList };

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is 1.2.3.4; `[::1]` is ::1; `1.2.3.4:5678` is 1.2.3.4. */
function normalizeIp(raw: string): string | null {
  let s = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) s = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(':'));
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(s)) s = s.slice(7);
  return isIP(s) ? s.toLowerCase() : null;
}

/** Parses TRUST_PROXY; throws an Error whose message says what is wrong. */
export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim();
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops < 1 || hops > 10) throw new Error('TRUST_PROXY as a number of proxies must be between 1 and 10');
    return { hops };
  }
  const list = new BlockList();
  const ranges: string[] = [];
  for (const entry of v.split(',').map((x) => x.trim())) {
    const m = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(entry);
    const address = m && normalizeIp(m[1]);
    const family = address ? isIP(address) : 0;
    const prefix = m?.[2] === undefined ? (family === 4 ? 32 : 128) : Number(m[2]);
    if (!address || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`TRUST_PROXY must be a number of proxies (e.g. 1) or addresses/CIDRs separated by commas (e.g. 127.0.0.1/32,10.0.0.0/8); "${entry}" is neither`);
    }
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
    ranges.push(`${address}/${prefix}`);
  }
  return { ranges, list };
}

const trusted = (trust: { list: BlockList }, ip: string) => trust.list.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6');

/**
 * The client's address: the socket peer, or with TRUST_PROXY the X-Forwarded-For hop that the trusted proxies
 * vouch for. A hop that is not an address ends the walk at the last good one.
 */
export function clientAddress(socket: string | undefined, forwardedFor: string | undefined, trust: TrustProxy | undefined): string {
  const peer = socket ? (normalizeIp(socket) ?? socket) : 'local';
  if (!trust || !forwardedFor || !socket) return peer;
  // Nearest first: the socket peer, then X-Forwarded-For from its right end.
  const hops = [peer, ...forwardedFor.split(',').reverse()];
  let client = peer;
  for (let i = 1; i < hops.length; i++) {
    const vouched = 'hops' in trust ? i <= trust.hops : trusted(trust, client);
    if (!vouched) break;
    const next = normalizeIp(hops[i]);
    if (!next) break;
    client = next;
  }
  return client;
}
