// The webhook guard on every spelling of an address: IPv4 inside IPv6 (mapped, translated,
// compatible, NAT64, 6to4, Teredo) judged by the IPv4 address, written compressed, expanded, dotted,
// zero-padded, in capitals and with zone ids; as a URL's literal and as the answer of a resolver at
// connect time (a name re-pointed after the early check, as DNS rebinding does). A redirect is an
// answer, never followed.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, SendError } from "../../src/events/webhooks/send.js";
import { addressRange, checkAddress, checkUrl, type Resolve } from "../../src/events/webhooks/target.js";

/** Addresses that must be refused, each with the range that refuses it; every spelling of each. */
const REFUSED: [range: string, spellings: string[]][] = [
  [
    "loopback",
    [
      // IPv4-compatible ::/96 carrying 127.0.0.1 (the address that passed before)
      "::7f00:1",
      "::127.0.0.1",
      "0:0:0:0:0:0:7f00:1",
      "0:0:0:0:0:0:127.0.0.1",
      "0000:0000:0000:0000:0000:0000:7f00:0001",
      "::7F00:1",
      "::0:7f00:1",
      "::7f00:1%eth0",
      "::127.0.0.1%25lo",
      "::7f12:3456",
      // IPv4-mapped ::ffff:0:0/96 and IPv4-translated ::ffff:0:0:0/96
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "0:0:0:0:0:FFFF:7F00:0001",
      "0000:0000:0000:0000:0000:ffff:127.0.0.1",
      "::ffff:0:127.0.0.1",
      "::ffff:0:7f00:1%1",
      // NAT64 64:ff9b::/96
      "64:ff9b::127.0.0.1",
      "64:ff9b::7f00:1",
      "0064:FF9B:0000:0000:0000:0000:7F00:0001",
      // 6to4 2002::/16
      "2002:7f00:1::",
      "2002:7f00:0001:0:0:0:0:1",
      "2002:7F00:1::%eth0",
      // Teredo 2001::/32: a public server, the client 127.0.0.1 stored inverted
      "2001:0:4136:e378:8000:63bf:80ff:fffe",
      // IPv6's own loopback
      "::1",
      "0:0:0:0:0:0:0:1",
    ],
  ],
  ["private", ["::a00:1", "::10.0.0.1", "::ffff:192.168.0.1", "64:ff9b::c0a8:1", "2002:c0a8:101::1", "2002:0a00:0001::"]],
  [
    "linkLocal",
    ["::169.254.169.254", "::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe", "2002:a9fe:a9fe::1", "fe80::1", "fe80::1%eth0", "FE80::1"],
  ],
  ["carrierGradeNat", ["::ffff:100.64.0.1", "2002:6440:1::"]],
  ["unspecified", ["::", "::0.0.0.0", "::ffff:0.0.0.0", "64:ff9b::0.0.0.1"]],
  // Teredo with a private server
  ["private", ["2001:0:a00:1:8000:63bf:f7f7:f7f7"]],
  // IPv4-compatible with a public IPv4: deprecated, never a real destination
  ["ipv4Compatible", ["::808:808", "::8.8.8.8", "0:0:0:0:0:0:8.8.8.8"]],
  // Local-use NAT64 (RFC 8215): where the IPv4 sits is the local operator's choice
  ["rfc6052", ["64:ff9b:1::7f00:1", "64:ff9b:1:0:0:0:808:808"]],
  ["uniqueLocal", ["fd00::1", "FD12:3456::1%eth0"]],
  ["multicast", ["::ffff:224.0.0.1", "ff02::1"]],
];

/** Public addresses, bare or carried: allowed. */
const ALLOWED = [
  "93.184.216.34",
  "2606:4700:4700::1111",
  "::ffff:8.8.8.8",
  "::ffff:808:808",
  "64:ff9b::8.8.8.8",
  "2002:808:808::1",
  "2001:0:4136:e378:8000:63bf:f7f7:f7f7", // Teredo: server 65.54.227.120, client 8.8.8.8
];

describe("the address guard", () => {
  it("refuses every spelling of a non-public address, resolved or literal, naming the range", () => {
    for (const [range, spellings] of REFUSED) {
      for (const address of spellings) {
        expect(addressRange(address), address).toBe(range);
        expect(() => checkAddress(address, false), address).toThrow(new RegExp(`\\(${range} address\\)`));
        expect(() => checkAddress(address, true), address).not.toThrow();
        // As a URL's literal (the URL parser refuses zone ids in a host, so those are resolver answers only).
        if (address.includes("%")) continue;
        expect(() => checkUrl(`http://[${address}]:8080/hook`, false), address).toThrow(new RegExp(`\\(${range} address\\)`));
        expect(checkUrl(`http://[${address}]:8080/hook`, true).href).toBeTruthy();
      }
    }
  });

  it("says which IPv4 address decided", () => {
    expect(() => checkUrl("http://[::7f00:1]/", false)).toThrow(
      /refusing to send to ::7f00:1 \(loopback address\): it carries the IPv4 address 127\.0\.0\.1 \(IPv4-compatible IPv6\)/,
    );
    expect(() => checkAddress("2001:0:4136:e378:8000:63bf:80ff:fffe", false)).toThrow(/127\.0\.0\.1 \(Teredo\)/);
    expect(() => checkAddress("2002:c0a8:101::1", false)).toThrow(/192\.168\.1\.1 \(6to4\)/);
  });

  it("allows public addresses, bare or carried", () => {
    for (const address of ALLOWED) {
      expect(addressRange(address), address).toBe("unicast");
      expect(() => checkUrl(`https://${address.includes(":") ? `[${address}]` : address}/hook`, false), address).not.toThrow();
    }
  });

  it("refuses IPv4 spellings the URL parser folds (hex, octal, short) and loopback names", () => {
    for (const url of [
      "http://0x7f.1/",
      "http://0177.0.0.1/",
      "http://2130706433/",
      "http://127.1/",
      "http://localhost./",
      "http://a.localhost/",
    ])
      expect(() => checkUrl(url, false), url).toThrow(/loopback/);
  });
});

describe("the guard at connect time", () => {
  let server: Server;
  let port: number;
  let received: string[];
  let reply: { status: number; location?: string };
  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      req.resume();
      req.on("end", () => {
        res.writeHead(reply.status, reply.location ? { location: reply.location } : {});
        res.end();
      });
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  /** A resolver answering `addresses` for every name, as an attacker's DNS would once the early check has passed. */
  const answering =
    (...addresses: string[]): Resolve =>
    (_name, _options, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
      );

  const send = (resolve: Resolve, allowPrivate: boolean) =>
    postJson(`http://hooks.example.test:${port}/hook`, "{}", {}, { timeoutMs: 5000, allowPrivate, resolve });

  it("a name that resolves to a loopback address in any spelling is refused before a byte is sent", async () => {
    received = [];
    reply = { status: 204 };
    for (const spelling of ["127.0.0.1", "::ffff:127.0.0.1", "::7f00:1", "64:ff9b::7f00:1", "::1"]) {
      const error = await send(answering(spelling), false).catch((e: unknown) => e);
      expect(error, spelling).toBeInstanceOf(SendError);
      expect((error as SendError).kind).toBe("refused");
      expect((error as SendError).message).toMatch(/\(loopback address\)/);
    }
    // One private answer among public ones is enough to refuse.
    const mixed = await send(answering("93.184.216.34", "10.0.0.7"), false).catch((e: unknown) => e);
    expect((mixed as SendError).message).toMatch(/refusing to send to 10\.0\.0\.7 \(private address\)/);
    expect(received).toEqual([]);
    // The same resolver with private targets allowed reaches the receiver: the refusal above is the guard's.
    expect((await send(answering("127.0.0.1"), true)).status).toBe(204);
    expect(received).toEqual(["POST /hook"]);
  });

  it("a redirect is an answer: never followed to where it points", async () => {
    received = [];
    reply = { status: 307, location: "http://169.254.169.254/latest/meta-data" };
    const answer = await send(answering("127.0.0.1"), true);
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe("http://169.254.169.254/latest/meta-data");
    expect(received).toEqual(["POST /hook"]);
  });
});
