import { isIP } from 'node:net';

/**
 * What the server trusts of X-Forwarded-For (TRUST_PROXY), in the forms fastify's own `trustProxy`
 * takes: `false` (none: the socket address is the client), a hop count (that many proxies in front,
 * the nearest one first), or the proxies' addresses and CIDRs (also `loopback`, `linklocal`,
 * `uniquelocal`), so that a request that did not come through one of them is judged by its socket
 * address. `true` (trust whoever connects) is refused: a caller reaching the app without the proxy
 * could then pick its own address and escape every per-IP limit.
 */
export type TrustProxy = false | number | string;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust X-Forwarded-For from any caller: set the number of proxies in front ' +
        '(e.g. 1) or their addresses/CIDRs (e.g. 172.28.0.10 or 10.0.0.0/8,loopback)',
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY hop count must be at most 10, got ${hops}`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !validEntry(entry));
  if (bad.length) {
    throw new Error(
      `TRUST_PROXY must be a hop count or proxy addresses/CIDRs (or loopback, linklocal, uniquelocal); ` +
        `not understood: ${bad.map((b) => `"${b}"`).join(', ')}`,
    );
  }
  return entries.join(',');
}
