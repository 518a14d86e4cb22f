// The client's address behind a load balancer. X-Forwarded-For is anyone's to write, so it is
// read only when the connection comes from a proxy the operator named (TRUSTED_PROXIES), and
// from the right: each trusted hop appended the address it saw, the first untrusted one from
// the right is the client.
import { BlockList, isIP } from "node:net";

/** "10.0.0.0/8", "172.16.0.0/12", "192.0.2.7", "fd00::/8": whether each entry is one. */
export function proxyEntryError(entry: string): string | null {
  const [address, bits, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return `not an address or address/bits: ${entry}`;
  if (bits === undefined) return null;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128) ? null : `bad prefix length: ${entry}`;
}

export type TrustCheck = (address: string) => boolean;

export function trustedProxies(entries: readonly string[]): TrustCheck {
  if (!entries.length) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/");
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? "ipv4" : "ipv6");
  };
}

/** An IPv4 client seen on a dual-stack socket ("::ffff:203.0.113.9") is the IPv4 address. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

export function clientAddress(peer: string, forwardedFor: string | undefined, trusted: TrustCheck): string {
  if (!forwardedFor || !trusted(peer)) return unmapped(peer);
  const hops = forwardedFor.split(",").map((h) => h.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isIP(unmapped(hops[i]))) return unmapped(peer);
    if (!trusted(hops[i])) return unmapped(hops[i]);
  }
  return hops.length ? unmapped(hops[0]) : unmapped(peer);
}
