// Where a webhook may be sent. Only http(s) URLs without credentials, and only to public unicast
// addresses: private, loopback, link-local, unique-local, CGNAT, multicast and reserved ranges are
// refused unless the operator allows private targets. The check runs on the URL's literal address
// and on every address a name resolves to, at connect time (the socket's lookup), so a name cannot
// be re-pointed in between. An IPv6 address that carries an IPv4 one is judged by that IPv4 address
// (embedded-ipv4.ts), so `[::ffff:127.0.0.1]`, `[64:ff9b::a00:1]` or `[2002:7f00:1::]` is loopback
// or private like the address inside it, and the deprecated IPv4-compatible range ::/96 is refused.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import ipaddr from "ipaddr.js";
import { embeddedIPv4 } from "./embedded-ipv4.js";

export class TargetError extends Error {}

export interface AddressVerdict {
  /** The range that decides ("unicast" for a public address). */
  range: string;
  /** The IPv4 address the IPv6 one carries, and how, when that decided. */
  carried?: { ipv4: string; form: string };
}

/**
 * One spelling per address, as the URL parser writes it: without a zone id (`%eth0`, which says
 * which interface, not where) and with a dotted tail in hex. ipaddr.js reads `::a.b.c.d` as
 * IPv4-mapped where RFC 4291 (and the URL parser) read IPv4-compatible; going through the URL
 * parser first gives a literal of a URL and a resolved address the same reading.
 */
function canonical(address: string): string {
  const bare = address.replace(/%.*$/s, "");
  if (!bare.includes(":")) return bare;
  try {
    return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return bare;
  }
}

/** The range an address is judged by; an IPv6 address carrying an IPv4 one takes the IPv4's range. */
export function judgeAddress(address: string): AddressVerdict {
  const plain = canonical(address);
  if (!ipaddr.isValid(plain)) throw new TargetError(`${address} is not an IP address`);
  const parsed = ipaddr.parse(plain);
  if (parsed.kind() === "ipv4") return { range: parsed.range() };
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (!embedded) return { range: v6.range() };
  for (const ipv4 of embedded.ipv4) {
    const range = ipv4.range();
    if (range !== "unicast") return { range, carried: { ipv4: ipv4.toString(), form: embedded.form } };
  }
  // Public IPv4 inside: the IPv6 form decides (the deprecated IPv4-compatible form is never a target).
  return embedded.refused ? { range: embedded.refused } : { range: "unicast" };
}

/** The range of an address ("unicast" for a public one). */
export const addressRange = (address: string): string => judgeAddress(address).range;

export const isPublicAddress = (address: string): boolean => addressRange(address) === "unicast";

export function checkAddress(address: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const { range, carried } = judgeAddress(address);
  if (range !== "unicast") {
    const inside = carried ? `: it carries the IPv4 address ${carried.ipv4} (${carried.form})` : "";
    throw new TargetError(
      `refusing to send to ${address} (${range} address)${inside}; pass --allow-private to allow private, loopback and link-local targets`,
    );
  }
}

/** Parses and checks a subscription URL (scheme, credentials, literal addresses). */
export function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetError(`--url must be an absolute http(s) URL (got ${JSON.stringify(raw.slice(0, 200))})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TargetError(`--url must use http or https (got ${url.protocol})`);
  if (url.username || url.password) throw new TargetError("--url must not carry credentials; the signature authenticates the sender");
  // The URL parser has already normalised every spelling of a literal (hex, octal, expanded IPv6).
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (ipaddr.isValid(host)) checkAddress(host, allowPrivate);
  else if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost")))
    throw new TargetError(`refusing to send to ${host} (loopback); pass --allow-private to allow it`);
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** The resolver behind the guard: node's `dns.lookup` with `all: true`; tests pass one that answers as a rebinding name would. */
export type Resolve = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: Resolve = (hostname, options, callback) => dnsLookup(hostname, { ...options, all: true }, callback);

/** A socket `lookup` that resolves as usual and fails the connection if any answer is not allowed. */
export function guardedLookup(allowPrivate: boolean, resolve: Resolve = systemResolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      try {
        for (const a of addresses) checkAddress(a.address, allowPrivate);
      } catch (e) {
        return callback(Object.assign(e as Error, { code: "EPRIVATE" }), "");
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
      callback(null, first.address, first.family);
    });
  };
}

/** Resolves a URL's host now and checks every address (the early check of `add`, `test`, `redeliver`). */
export async function checkResolved(url: URL, allowPrivate: boolean): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host) || allowPrivate) return;
  const { lookup } = await import("node:dns/promises");
  const addresses = await lookup(host, { all: true }).catch((e: Error) => {
    throw new TargetError(`cannot resolve ${host}: ${e.message}`);
  });
  for (const a of addresses) checkAddress(a.address, allowPrivate);
}
