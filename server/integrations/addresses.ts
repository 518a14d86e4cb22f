// Where the server may call out for a company: the addresses companies type (an AI server's
// baseUrl, n8n and webhook URLs, Typebot, a Dialogflow key's token_uri). One host running its
// own Ollama on localhost needs private addresses, so they are allowed by default. A reseller
// whose companies are strangers sets OUTBOUND_PRIVATE_ADDRESSES=deny: then an address that is,
// or resolves to, a loopback, private, link-local (cloud metadata), shared (CGNAT), unique-local
// or otherwise non-public address is refused, redirects are not followed (a public server
// could point at a private one), and a name DNS cannot answer for is refused too (the system's
// resolver could still map it to an internal host).
import { AppError } from "../http/errors.ts";

export type PrivateAddresses = "allow" | "deny";
type Resolve = (host: string, type: "A" | "AAAA") => Promise<string[]>;

const resolveDns: Resolve = (host, type) => Deno.resolveDns(host, type);

export class AddressPolicy {
  constructor(
    readonly privateAddresses: PrivateAddresses,
    readonly resolve: Resolve = resolveDns,
  ) {}

  /** What fetch does with a redirect under this policy. */
  get redirect(): RequestRedirect {
    return this.privateAddresses === "deny" ? "error" : "follow";
  }

  /** Refuses (ERR_ADDRESS_NOT_ALLOWED, naming `field`) an address this installation may not call. */
  async check(url: string, field: string): Promise<void> {
    if (this.privateAddresses === "allow") return;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
    const refuse = (why: string) => {
      throw new AppError("ERR_ADDRESS_NOT_ALLOWED", 400, `${host} ${why}`, { field });
    };
    if (host === "localhost" || host.endsWith(".localhost")) refuse("is this server itself");
    const literal = isIp(host) ? [host] : null;
    const addresses = literal ?? await this.#lookup(host);
    if (!addresses.length) refuse("has no address DNS can confirm");
    if (addresses.some((a) => !isPublic(a))) refuse("is a private or reserved address");
  }

  async #lookup(host: string): Promise<string[]> {
    const found = await Promise.all(
      (["A", "AAAA"] as const).map((type) => this.resolve(host, type).catch(() => [])),
    );
    return found.flat();
  }
}

/** Any address (tests, and installations that allow private ones). */
export const ANY_ADDRESS = new AddressPolicy("allow");

const isIp = (host: string) => /^[\d.]+$/.test(host) || host.includes(":");

/** Whether an IPv4 or IPv6 address is a public unicast one. */
export function isPublic(address: string): boolean {
  const v4 = ipv4(address);
  if (v4) return publicV4(v4);
  const v6 = ipv6(address);
  if (!v6) return false;
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  const embedded = v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff ||
    v6[0] === 0x64 && v6[1] === 0xff9b && v6.slice(2, 6).every((g) => g === 0);
  if (embedded) return publicV4([v6[6] >> 8, v6[6] & 255, v6[7] >> 8, v6[7] & 255]);
  const first = v6[0];
  // 2000::/3 is the global unicast range; within it, documentation (2001:db8::/32) is not.
  return (first & 0xe000) === 0x2000 && !(first === 0x2001 && v6[1] === 0x0db8);
}

function ipv4(a: string): number[] | null {
  const parts = a.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) {
    return null;
  }
  return parts.map(Number);
}

function publicV4([a, b, c]: number[]): boolean {
  return !(a === 0 || a === 10 || a === 127 || a >= 224 || // this network, private, loopback, multicast, reserved
    a === 100 && b >= 64 && b <= 127 || // shared (CGNAT)
    a === 169 && b === 254 || // link-local, cloud metadata
    a === 172 && b >= 16 && b <= 31 || a === 192 && b === 168 || // private
    a === 192 && b === 0 && (c === 0 || c === 2) || // protocol assignments, documentation
    a === 198 && (b === 18 || b === 19) || // benchmarking
    a === 198 && b === 51 && c === 100 || a === 203 && b === 0 && c === 113); // documentation
}

/** The eight 16-bit groups of an IPv6 address, or null. */
function ipv6(a: string): number[] | null {
  let text = a.split("%")[0];
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = ipv4(tail[1]);
    if (!v4) return null;
    text = text.slice(0, -tail[1].length) +
      `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s ? s.split(":") : []);
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}
