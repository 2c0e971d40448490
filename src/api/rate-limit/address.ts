// The client address a caller is counted by. IPv4 counts per address; IPv6 counts per /64, the
// block one subscriber or host normally holds, so rotating addresses inside it does not reset the
// budget. IPv4-mapped IPv6 counts as the IPv4 address it carries. An IPv6 caller is also counted in
// its /48, the block a site is commonly given, under a coarser ceiling: whoever holds a /48 holds
// 65,536 /64s, and without it would hold as many budgets.

export interface AddressBuckets {
  /** Where the caller's own budget is counted: an IPv4 address, an IPv6 /64, or "unknown". */
  bucket: string;
  /** For IPv6, the /48 whose ceiling the caller also counts against; null otherwise. */
  network: string | null;
}

const prefix = (groups: readonly number[], count: number) =>
  `${groups
    .slice(0, count)
    .map((g) => g.toString(16))
    .join(":")}::/${count * 16}`;

/** The counting buckets of a `CF-Connecting-IP` value; anything unparsable shares the "unknown" bucket. */
export function addressBuckets(raw: string | null): AddressBuckets {
  const unknown = { bucket: "unknown", network: null };
  if (!raw) return unknown;
  const text = raw
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  const v4 = parseIPv4(text);
  if (v4) return { bucket: v4.join("."), network: null };
  const v6 = parseIPv6(text);
  if (!v6) return unknown;
  const mapped = v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff;
  if (mapped) return { bucket: [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff].join("."), network: null };
  return { bucket: prefix(v6, 4), network: prefix(v6, 3) };
}

/** The caller's own counting bucket (see addressBuckets). */
export const addressBucket = (raw: string | null): string => addressBuckets(raw).bucket;

function parseIPv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => o >= 0 && o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address in any RFC 4291 text form, or null. */
export function parseIPv6(text: string): number[] | null {
  if (!text.includes(":")) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string | undefined, last: boolean): number[] | null => {
    if (!half) return [];
    const out: number[] = [];
    const parts = half.split(":");
    for (const [i, part] of parts.entries()) {
      if (last && i === parts.length - 1 && part.includes(".")) {
        const v4 = parseIPv4(part);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) out.push(parseInt(part, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0], halves.length === 1);
  const tail = halves.length === 2 ? groups(halves[1], true) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  if (head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}
