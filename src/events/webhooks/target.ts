// Where a webhook may be sent. Only http(s) URLs without credentials, and only to public unicast
// addresses: private, loopback, link-local, unique-local, CGNAT, multicast and reserved ranges are
// refused unless the operator allows private targets. The check runs on every address a name
// resolves to, at connect time (the socket's lookup), so a name cannot be re-pointed in between.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import ipaddr from "ipaddr.js";

export class TargetError extends Error {}

/** The range of an address ("unicast" for a public one), IPv4-mapped IPv6 seen as IPv4. */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) throw new TargetError(`${address} is not an IP address`);
  return ipaddr.process(address).range();
}

export const isPublicAddress = (address: string): boolean => addressRange(address) === "unicast";

export function checkAddress(address: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const range = addressRange(address);
  if (range !== "unicast") {
    throw new TargetError(
      `refusing to send to ${address} (${range} address); pass --allow-private to allow private, loopback and link-local targets`,
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
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) checkAddress(host, allowPrivate);
  else if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost")))
    throw new TargetError(`refusing to send to ${host} (loopback); pass --allow-private to allow it`);
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A socket `lookup` that resolves as usual and fails the connection if any answer is not allowed. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
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
