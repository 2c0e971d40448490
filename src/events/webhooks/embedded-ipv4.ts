// The IPv4 address an IPv6 address carries, for the webhook guard: a packet to such an address can
// end at that IPv4 host (a dual-stack socket, a NAT64 gateway, a 6to4 or Teredo relay), so it is
// judged by it. The forms (the IANA special-purpose registry names them):
// - IPv4-mapped ::ffff:0:0/96 and IPv4-translated ::ffff:0:0:0/96: the last 32 bits;
// - IPv4-compatible ::/96 (deprecated by RFC 4291, never a real destination): the last 32 bits, and
//   refused even when they are public;
// - NAT64 64:ff9b::/96 (RFC 6052): the last 32 bits. The local-use NAT64 prefix 64:ff9b:1::/48
//   (RFC 8215) places the IPv4 where the local operator chose and is not globally reachable: it is
//   left to its own range, which the guard refuses;
// - 6to4 2002::/16 (RFC 3056): bits 16-47;
// - Teredo 2001::/32 (RFC 4380): the server in bits 32-63 and the client, inverted, in bits 96-127;
//   both must be public.
import ipaddr from "ipaddr.js";

export interface Embedded {
  form: string;
  ipv4: ipaddr.IPv4[];
  /** The range that refuses the address even when every IPv4 inside is public. */
  refused?: string;
}

const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

export function embeddedIPv4(address: ipaddr.IPv6): Embedded | undefined {
  const p = address.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((w) => w === 0);
  if (zeros(0, 6)) {
    // :: and ::1 are IPv6's own unspecified and loopback addresses, not IPv4 carriers.
    if (p[6] === 0 && p[7]! <= 1) return undefined;
    return { form: "IPv4-compatible IPv6", ipv4: [v4(p[6]!, p[7]!)], refused: "ipv4Compatible" };
  }
  if (zeros(0, 5) && p[5] === 0xffff) return { form: "IPv4-mapped IPv6", ipv4: [v4(p[6]!, p[7]!)] };
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return { form: "IPv4-translated IPv6", ipv4: [v4(p[6]!, p[7]!)] };
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return { form: "NAT64", ipv4: [v4(p[6]!, p[7]!)] };
  if (p[0] === 0x2002) return { form: "6to4", ipv4: [v4(p[1]!, p[2]!)] };
  if (p[0] === 0x2001 && p[1] === 0) return { form: "Teredo", ipv4: [v4(p[2]!, p[3]!), v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)] };
  return undefined;
}
