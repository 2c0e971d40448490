// The client address a caller is counted by. IPv4 counts per address; IPv6 counts per /64, the
// block one subscriber or host normally holds, so rotating addresses inside it does not reset the
// budget. IPv4-mapped IPv6 counts as the IPv4 address it carries.

/** The counting bucket of a `CF-Connecting-IP` value; anything unparsable shares the "unknown" bucket. */
export function addressBucket(raw: string | null): string {
  if (!raw) return "unknown";
  const text = raw
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  const v4 = parseIPv4(text);
  if (v4) return v4.join(".");
  const v6 = parseIPv6(text);
  if (!v6) return "unknown";
  const mapped = v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff;
  if (mapped) return [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff].join(".");
  return `${v6
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

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
