// Caller identity: IPv4 addresses count alone, IPv6 addresses by their /64, mapped IPv4 as IPv4.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressBucket, parseIPv6 } from "../../../src/api/rate-limit/address.js";
import { readCredential } from "../../../src/api/rate-limit/credential.js";

describe("client address buckets", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["010.000.000.001", "10.0.0.1"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["[2001:db8:1:2::9]", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["::ffff:198.51.100.4", "198.51.100.4"],
    ["::ffff:c633:6404", "198.51.100.4"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
  ])("%s counts as %s", (raw, bucket) => expect(addressBucket(raw)).toBe(bucket));

  it.each([
    null,
    "",
    "unknown",
    "1.2.3",
    "1.2.3.256",
    "1.2.3.4.5",
    "2001:db8:::1",
    "1::2::3",
    "2001:db8:1:2:3:4:5:6:7",
    "12345::",
    "1.2.3.4::",
    ":1:2:3:4:5:6:7",
    "g::1",
  ])("%j is unparsable and shares the unknown bucket", (raw) => expect(addressBucket(raw)).toBe("unknown"));

  it("groups every address of a /64 together and separates distinct /64s", () => {
    const group = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
    fc.assert(
      fc.property(group, group, (a, b) => {
        const text = (g: number[]) => g.map((x) => x.toString(16)).join(":");
        const sameNetwork = [...a.slice(0, 4), ...b.slice(4)];
        if (a.slice(0, 5).every((x) => x === 0)) return; // IPv4-mapped and friends have their own rule
        expect(addressBucket(text(sameNetwork))).toBe(addressBucket(text(a)));
        expect(parseIPv6(text(a))).toEqual(a);
        const differs = a.slice(0, 4).some((x, i) => x !== b[i]);
        if (differs && !b.slice(0, 5).every((x) => x === 0)) expect(addressBucket(text(b))).not.toBe(addressBucket(text(a)));
      }),
    );
  });

  it("parses the compressed form of any address to the same groups", () => {
    fc.assert(
      fc.property(fc.ipV6(), (text) => {
        const groups = parseIPv6(text);
        expect(groups).toHaveLength(8);
        const expanded = groups!.map((g) => g.toString(16)).join(":");
        expect(parseIPv6(expanded)).toEqual(groups);
      }),
    );
  });
});

describe("Authorization header", () => {
  it("distinguishes no credential, a bearer token and anything else", () => {
    expect(readCredential(null)).toEqual({ kind: "none" });
    expect(readCredential("Bearer abc")).toEqual({ kind: "bearer", token: "abc" });
    expect(readCredential("bearer  abc ")).toEqual({ kind: "bearer", token: "abc" });
    for (const bad of ["", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer a b", "abc"]) {
      expect(readCredential(bad).kind).toBe("malformed");
    }
  });
});
