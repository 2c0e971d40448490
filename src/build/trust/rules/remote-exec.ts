// Running code fetched from elsewhere, and the install lures that lead to it.

import { worstHost } from "../hosts.js";
import { chain } from "../spans.js";
import type { Rule } from "../types.js";
import { byHost } from "./grade.js";

const SHELLS = String.raw`(?:sudo\s{1,4}(?:-\S{1,12}\s{1,4}){0,3})?(?:(?:ba|z|da|k|fi)?sh|python[0-9.]{0,4}|perl|ruby|node|php|iex|invoke-expression|pwsh|powershell)`;

/** What pipe-to-shell's alternatives need besides a download command: a pipe into a shell, `<(`/`$(`, or iex. */
const PIPE_TO_SHELL_TAIL = new RegExp(String.raw`\|\s{0,4}(?:${SHELLS}\b|iex)|<\(|\$\(|\biex\b`, "i");
/** What download-and-run needs after its download: running, opening or making executable what came down. */
const RUN_AFTER =
  /(?:&&|;|\|\|)\s{0,4}(?:sudo\s{1,4})?(?:chmod\s{1,4}(?:[ugoa]{0,3}\+x|[0-7]{3,4})|\.\/[\w.-]{1,80}|open\s{1,4}[\w./-]{1,80}|start-process|hdiutil\s{1,4}attach|installer\s{1,4}-pkg)/i;
const LURE_HOSTS: ReadonlySet<string> = new Set(["ip", "lure", "collector"]);
/** Characters a URL in these patterns never holds (some of what `[^\s"'`<>)]` leaves out: enough to bound it). */
const URL_STOPS = " \t\n\r\"'`<>)";
/** What `.` does not match. */
const DOT_STOPS = "\n\r\u2028\u2029";
/**
 * A download command as a word of its own: not inside a longer word, though a `\n` or `\t` escape may come
 * just before it (a command written into a file from a string literal: "\ncurl … | bash").
 */
const DOWNLOADERS = String.raw`(?<![\w.\-\u00C0-\uFFFF](?<!\\[nrt]))(?:curl|wget|iwr|invoke-webrequest|irm|invoke-restmethod)(?![\w\-\u00C0-\uFFFF])`;
const RUN_TAIL = String.raw`(?:&&|;|\|\|)\s{0,4}(?:sudo\s{1,4})?(?:chmod\s{1,4}(?:[ugoa]{0,3}\+x|[0-7]{3,4})|\.\/[\w.-]{1,80}|open\s{1,4}[\w./-]{1,80}|start-process|hdiutil\s{1,4}attach|installer\s{1,4}-pkg)`;
const ARCHIVE_EXT = "(?:exe|zip|dmg|pkg|msi|rar|7z|appimage|scr|bat|cmd|ps1|vbs|jar|bin|sh|command)";

export const REMOTE_EXEC_RULES: Rule[] = [
  {
    id: "pipe-to-shell",
    kind: "remote-exec",
    severity: { code: "medium", command: "medium", instruction: "medium", hidden: "high", config: "medium" },
    keys: ["curl", "wget", "iwr", "invoke-webrequest", "irm", "invoke-restmethod", "downloadstring"],
    re: new RegExp(
      // (?=(…))\1 takes the window atomically: it ends at the first pipe, so nothing is lost by not backtracking.
      String.raw`${DOWNLOADERS}(?=([^|\n]{0,400}))\1\|\s{0,4}${SHELLS}\b|\b(?:ba|z|da)?sh\s{1,4}(?:-c\s{1,4})?["']?(?:<\(|\$\()\s{0,4}(?:curl|wget)\b|\biex\b.{0,60}(?:downloadstring|iwr|invoke-webrequest|irm)\b|downloadstring\(.{0,200}\)\s{0,4}\|\s{0,4}iex`,
      "i",
    ),
    why: "Piping a download straight into a shell runs whatever that server sends; pin a vendor's installer by URL or ship the script in the skill.",
    chains: [
      chain("i", "|\n", [DOWNLOADERS, 17], 400, [String.raw`\|\s{0,4}${SHELLS}\b`, 120]),
      chain("i", "", [String.raw`\b(?:ba|z|da)?sh\s{1,4}(?:-c\s{1,4})?["']?(?:<\(|\$\()\s{0,4}(?:curl|wget)\b`, 40]),
      chain("i", DOT_STOPS, [String.raw`\biex\b`, 3], 60, [String.raw`(?:downloadstring|iwr|invoke-webrequest|irm)\b`, 17]),
      chain("i", DOT_STOPS, [String.raw`downloadstring\(`, 15], 200, [String.raw`\)\s{0,4}\|\s{0,4}iex`, 15]),
    ],
    needs: (text) => PIPE_TO_SHELL_TAIL.test(text),
    grade: (_m, line, env, base) => {
      const s = byHost(line, env, base, base);
      return env.ctx === "hidden" && s !== "critical" ? "high" : s;
    },
    facts: ["network"],
  },
  {
    id: "download-and-run",
    kind: "remote-exec",
    severity: { code: "medium", command: "medium", instruction: "medium", hidden: "high" },
    keys: ["curl", "wget", "invoke-webrequest", "iwr", "urlretrieve"],
    re: /\b(?:curl|wget|invoke-webrequest|iwr|urlretrieve)\b(?=([^\n;&|]{0,300}))\1(?:&&|;|\|\|)\s{0,4}(?:sudo\s{1,4})?(?:chmod\s{1,4}(?:[ugoa]{0,3}\+x|[0-7]{3,4})|\.\/[\w.-]{1,80}|open\s{1,4}[\w./-]{1,80}|start-process|hdiutil\s{1,4}attach|installer\s{1,4}-pkg)/i,
    why: "Downloading a file and running it in one go executes an unreviewed binary; publish it in the repository or use a package manager.",
    chains: [chain("i", "\n;&|", [String.raw`\b(?:curl|wget|invoke-webrequest|iwr|urlretrieve)\b`, 17], 300, [RUN_TAIL, 200])],
    needs: (text) => RUN_AFTER.test(text),
    grade: (_m, line, env, base) => byHost(line, env, base, base),
    facts: ["network", "downloads-file", "makes-executable"],
  },
  {
    id: "lure-host-download",
    kind: "remote-exec",
    severity: { code: "high", command: "high", instruction: "high", hidden: "critical", config: "medium" },
    keys: ["http", "curl", "wget", "download", "iwr", "invoke-webrequest"],
    re: /\b(?:curl|wget|iwr|invoke-webrequest|download\w{0,4}|fetch|get|install|grab|urlretrieve|urlopen|requests\.get)\b[^\n]{0,200}?(?:https?:\/\/|\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}[:/])|(?:https?|ftp):\/\/[^\s"'`<>)]{1,200}\.(?:exe|zip|dmg|pkg|msi|rar|7z|appimage|scr|bat|cmd|ps1|vbs|jar|bin|sh|command)\b/i,
    why: "This fetches a file from a bare IP address, a paste site, a URL shortener or an anonymous file host, where install lures live; host it with the project or link the vendor's own site.",
    chains: [
      chain(
        "i",
        "\n",
        [String.raw`\b(?:curl|wget|iwr|invoke-webrequest|download\w{0,4}|fetch|get|install|grab|urlretrieve|urlopen|requests\.get)\b`, 17],
        200,
        [String.raw`(?:https?:\/\/|\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}[:/])`, 16],
      ),
      chain("i", URL_STOPS, [String.raw`(?:https?|ftp):\/\/`, 8], 200, [String.raw`\.${ARCHIVE_EXT}\b`, 9]),
    ],
    // The grade keeps only lure hosts: a line without one cannot give a hit (minified code says "get" often).
    needs: (text, env) => /:\/\/|\d[:/]/.test(text) && LURE_HOSTS.has(worstHost(text, env.owner) ?? "unknown"),
    grade: (_m, line, env, base) => {
      const host = worstHost(line, env.owner);
      if (host !== "ip" && host !== "lure" && host !== "collector") return null;
      // A binary or archive from such a host, or a command to fetch one, is the lure itself.
      if (/\.(?:exe|zip|dmg|pkg|msi|rar|7z|appimage|scr|jar|bin)\b|\b(?:curl|wget|iwr|invoke-webrequest|urlretrieve)\b/i.test(line))
        return "critical";
      // A mere link to a shortener in prose is a habit of many READMEs, not yet a lure.
      return host === "lure" ? "medium" : base;
    },
    facts: ["network"],
  },
  {
    id: "fake-prerequisite",
    kind: "social-engineering",
    severity: { instruction: "medium", command: "medium", hidden: "high" },
    keys: [".exe", ".zip", ".dmg", ".pkg", ".msi", ".rar", ".7z", ".appimage", ".scr", ".jar", ".bin", ".tar.gz", ".tgz"],
    re: /\b(?:required|requires?|prerequisites?|must (?:first )?(?:install|download|run)|need to (?:install|download)|before (?:using|running)|download (?:and (?:install|run|extract))|install the (?:helper|agent|utility|driver|runtime|dependency|tool))\b[^\n]{0,300}?(?:https?|ftp):\/\/[^\s"'`<>)]{1,200}\.(?:exe|zip|dmg|pkg|msi|rar|7z|appimage|scr|jar|bin|tar\.gz|tgz)\b/i,
    why: "The skill asks for a prerequisite binary or archive from outside a package manager or vendor site; publish it with the project or install it from its vendor.",
    chains: [
      chain(
        "i",
        ["\n", URL_STOPS],
        [
          String.raw`\b(?:required|requires?|prerequisites?|must (?:first )?(?:install|download|run)|need to (?:install|download)|before (?:using|running)|download (?:and (?:install|run|extract))|install the (?:helper|agent|utility|driver|runtime|dependency|tool))\b`,
          30,
        ],
        300,
        [String.raw`(?:https?|ftp):\/\/`, 8],
        200,
        [String.raw`\.(?:exe|zip|dmg|pkg|msi|rar|7z|appimage|scr|jar|bin|tar\.gz|tgz)\b`, 9],
      ),
    ],
    grade: (_m, line, env, base) => byHost(line, env, base, base),
    facts: ["network"],
  },
  {
    id: "password-archive",
    kind: "social-engineering",
    severity: { code: "high", command: "high", instruction: "high", hidden: "critical" },
    keys: ["password", "passphrase", "pwd", "unzip", "7z", "unrar"],
    re: /\bunzip\s[^\n]{0,60}-P\s{0,2}\S|\b7za?\s{1,4}[xe]\b[^\n]{0,100}\s-p\S|\bunrar\s[^\n]{0,40}-p\S|\b(?:zip|rar|7z|archive)\b[^\n]{0,80}\b(?:password|passphrase|pass|pwd)\b\s{0,3}(?:is\s{1,3})?[:=]?\s{0,3}["'`*]{0,2}[\w@#$!-]{1,40}|\b(?:password|passphrase|pwd)\b\s{0,3}(?:is\s{1,3})?[:=]\s{0,3}["'`*]{0,2}[\w@#$!-]{1,40}["'`*]{0,2}[^\n]{0,80}\b(?:zip|rar|7z|archive|extract\w{0,3})\b/i,
    why: "A password-protected archive hides its contents from scanners, the lure's signature move; ship the files unpacked.",
    chains: [
      chain("i", "\n", [String.raw`\bunzip\s`, 6], 60, [String.raw`-P\s{0,2}\S`, 5]),
      chain("i", "\n", [String.raw`\b7za?\s{1,4}[xe]\b`, 8], 100, [String.raw`\s-p\S`, 4]),
      chain("i", "\n", [String.raw`\bunrar\s`, 6], 40, [String.raw`-p\S`, 3]),
      chain("i", "\n", [String.raw`\b(?:zip|rar|7z|archive)\b`, 7], 80, [
        String.raw`\b(?:password|passphrase|pass|pwd)\b\s{0,3}(?:is\s{1,3})?[:=]?\s{0,3}["'\`*]{0,2}[\w@#$!-]{1,40}`,
        70,
      ]),
      chain(
        "i",
        "\n",
        [String.raw`\b(?:password|passphrase|pwd)\b\s{0,3}(?:is\s{1,3})?[:=]\s{0,3}["'\`*]{0,2}[\w@#$!-]{1,40}["'\`*]{0,2}`, 70],
        80,
        [String.raw`\b(?:zip|rar|7z|archive|extract\w{0,3})\b`, 10],
      ),
    ],
    // With a download from anywhere but a vendor or the project itself on the same line, it is the lure itself.
    grade: (_m, line, env, base) => {
      const host = worstHost(line, env.owner);
      return host && host !== "vendor" && host !== "own" ? "critical" : base;
    },
  },
  {
    id: "quarantine-bypass",
    kind: "social-engineering",
    severity: { code: "medium", command: "medium", instruction: "medium", hidden: "high" },
    keys: ["xattr", "spctl", "executionpolicy", "unblock-file"],
    re: /\bxattr\s{1,4}(?:-[a-z]{1,3}\s{1,4}){0,3}com\.apple\.quarantine|\bxattr\s{1,4}-c\w{0,2}\s|\bspctl\s{1,4}--master-disable|set-executionpolicy\s{1,4}(?:bypass|unrestricted)|-executionpolicy\s{1,4}bypass|\bunblock-file\b/i,
    why: "Removing the operating system's quarantine or script policy silences the check meant for downloaded programs; sign the binary or let the user approve it.",
    grade: (_m, line, env, base) => byHost(line, env, base, base),
  },
  {
    id: "decode-to-shell",
    kind: "obfuscation",
    severity: { code: "high", command: "high", instruction: "high", hidden: "critical", config: "high" },
    keys: ["base64", "xxd", "openssl", "\\brev"],
    re: /\b(?:base64\s{1,4}(?:-\w{1,3}\s{1,4}){0,2}(?:-d|--decode|-D)\b|xxd\s{1,4}-r|openssl\s{1,4}(?:enc\s{1,4})?(?:-d\s{1,4})?-?base64\s{1,4}-d|\brev\b)[^\n]{0,80}\|\s{0,4}(?:sudo\s{1,4})?(?:ba|z|da|k)?sh\b/i,
    // Every hit pipes into a shell: a line that mentions base64 or a review without a pipe is not read.
    needs: (text) => text.includes("|"),
    why: "Decoding text and piping it into a shell hides the command from the reader; write the command out in plain text.",
    grade: (_m, _line, env, base) => (env.via.length > 0 ? "critical" : base),
  },
  {
    id: "eval-decoded",
    kind: "obfuscation",
    severity: { code: "high", command: "high", instruction: "high", hidden: "critical", config: "high" },
    keys: [
      "atob",
      "b64decode",
      "b32decode",
      "b85decode",
      "a85decode",
      "decodebytes",
      "buffer.from",
      "fromhex",
      "codecs.decode",
      "decompress",
      "marshal",
      "unhexlify",
      "a2b_base64",
      "unescape",
      "decodeuricomponent",
      "fromcharcode",
    ],
    re: /\b(?:eval|exec|execSync|Function|compile|os\.system|os\.popen|subprocess\.\w{1,12}|spawnSync|child_process\.\w{1,10})\s{0,4}\(\s{0,4}(?:[\w.]{1,40}\(\s{0,4}){0,3}(?:atob|base64\.\w{0,14}decode\w{0,6}|b64decode|b32decode|b85decode|a85decode|Buffer\.from|bytes\.fromhex|codecs\.decode|zlib\.decompress|gzip\.decompress|marshal\.loads|binascii\.(?:unhexlify|a2b_base64)|unescape|decodeURIComponent|String\.fromCharCode|bytearray\.fromhex)\b/i,
    why: "Evaluating decoded data runs code no reader can see; ship the code as source.",
  },
  {
    id: "powershell-encoded",
    kind: "obfuscation",
    severity: { code: "high", command: "high", instruction: "high", hidden: "critical", config: "high" },
    keys: ["powershell", "pwsh"],
    re: /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,120}\s-(?:e|ec|enc|encodedcommand)\s{1,4}[A-Za-z0-9+/=]{16,}/i,
    why: "An encoded PowerShell command hides what runs; write the script in plain text.",
  },
  {
    id: "packed-javascript",
    kind: "obfuscation",
    severity: { code: "medium", command: "medium", hidden: "high" },
    keys: ["eval(function(p,a,c,k,e"],
    re: /eval\(function\(p,a,c,k,e,[rd]\)/,
    why: "Packed JavaScript unpacks itself at run time so its behaviour cannot be read; ship the readable source.",
  },
];
