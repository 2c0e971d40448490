// What one script does over several lines, which no single line shows: a socket handed to a shell (a reverse
// shell in Python, Node or PowerShell), a decoded blob kept in a variable and evaluated later, a start-up file
// written with a command that downloads and runs code. Each check first asks for a cheap word the pattern
// cannot do without, so a script without it costs one `includes`.
import type { FileScan } from "./engine.js";
import type { FileView, Hit } from "./types.js";

export function sequenceFindings(view: FileView, scan: FileScan): Hit[] {
  const text = scan.lines.join("\n");
  return [...reverseShell(view, scan, text), ...evalOfDecoded(view, scan, text), ...persistentRemoteRun(scan)];
}

const REVERSE_SHELL_WHY = "A socket wired to a shell's input and output is a reverse shell; remove it.";

/** A socket whose descriptors or streams become a shell's input and output. */
function reverseShell(view: FileView, scan: FileScan, text: string): Hit[] {
  const wired = ["dup2", "GetStream", "fileno()", ".pipe("].some((w) => text.includes(w));
  if (!wired) return [];
  // Python and PowerShell: descriptors duplicated onto the shell's, or a stream read and run.
  const socket = /\bsocket\.socket\(|\.connect\(\s{0,4}\(|\bnet\.Socket\(|\bTCPClient\b/.test(text);
  const shell = /\bpty\.spawn\(|["']\/bin\/(?:ba|z)?sh["']|\bcmd\.exe\b|\biex\b|Invoke-Expression/.test(text);
  let index = socket && shell ? scan.lines.findIndex((l) => /\bdup2\(|GetStream\(/.test(l)) : -1;
  // Python: the socket's descriptor given to a shell started by subprocess (stdin=s.fileno()).
  if (index === -1 && socket && shell) index = scan.lines.findIndex((l) => /\bstdin\s{0,2}=\s{0,2}\w{1,40}\.fileno\(\)/.test(l));
  // Node: a client socket piped into a spawned shell's stdin.
  if (index === -1 && /\bnew\s{1,4}net\.Socket\(|\bnet\.(?:connect|createConnection)\(|\btls\.connect\(/.test(text)) {
    const nodeShell =
      /\b(?:spawn|exec|execFile)\(\s{0,4}["'](?:\/bin\/)?(?:ba|z|da)?sh["']|\b(?:spawn|exec|execFile)\(\s{0,4}["'](?:cmd\.exe|powershell(?:\.exe)?)["']/;
    if (nodeShell.test(text)) index = scan.lines.findIndex((l) => /\.pipe\(\s{0,4}\w{1,40}\.stdin\s{0,4}\)/.test(l));
  }
  if (index === -1) return [];
  const at = Math.max(0, scan.lines[index]!.search(/dup2|GetStream|stdin|\.pipe/));
  return [
    { rule: "socket-shell", kind: "reverse-shell", severity: "critical", file: view.path, line: index + 1, at, why: REVERSE_SHELL_WHY },
  ];
}

/** A decoding call whose result is kept in a variable: `code = base64.b64decode(BLOB)`, `const p = atob(s)`. */
const DECODED_INTO =
  /^\s{0,16}(?:(?:const|let|var)\s{1,4})?([A-Za-z_$][\w$]{0,40})\s{0,4}=\s{0,4}[^\n=]{0,80}?\b(?:atob|b64decode|b32decode|b85decode|a85decode|decodebytes|fromhex|unhexlify|a2b_base64|decodeURIComponent|unescape|fromCharCode|decompress|marshal\.loads|Buffer\.from\([^\n)]{1,80},\s{0,4}["'](?:base64|hex)["'])/;
/** Calls that run their argument as code. */
const RUNS_CODE = /\b(?:exec|eval|compile|Function|execSync|os\.system|os\.popen|runInThisContext|runInNewContext)\s{0,4}\(/;
const EVAL_WHY = "Code decoded into a variable and evaluated further down runs what no reader sees; ship the code as source.";

/** A decoded text stored in a variable and later run as code (the same, split over lines, as eval-decoded). */
function evalOfDecoded(view: FileView, scan: FileScan, text: string): Hit[] {
  if (!/\b(?:exec|eval|compile|Function|execSync|system|popen|runIn\w{0,10}Context)\s{0,4}\(/.test(text)) return [];
  const decoded = new Map<string, number>();
  for (let i = 0; i < scan.lines.length; i++) {
    const line = scan.lines[i]!;
    if (line.length > 2000) continue;
    const d = DECODED_INTO.exec(line);
    if (d) {
      decoded.set(d[1]!, i);
      continue;
    }
    if (decoded.size === 0) continue;
    const run = RUNS_CODE.exec(line);
    if (!run) continue;
    // The variable among the call's arguments (`new Function("require", payload)`, `exec(code)`).
    const args = line.slice(run.index + run[0].length, run.index + run[0].length + 160);
    for (const name of decoded.keys()) {
      if (new RegExp(String.raw`(?:^|[^\w$.])${name.replace(/\$/g, "\\$")}(?![\w$])`).test(args)) {
        return [
          { rule: "eval-decoded", kind: "obfuscation", severity: "high", file: view.path, line: i + 1, at: run.index, why: EVAL_WHY },
        ];
      }
    }
  }
  return [];
}

const PERSISTENCE = new Set(["shell-rc-append", "crontab-entry", "launch-agent", "autostart-entry", "systemd-unit"]);
const REMOTE_RUN = new Set(["pipe-to-shell", "download-and-run", "decode-to-shell"]);
/** A line that writes text somewhere: the remote command on it goes into the file just opened. */
const WRITES =
  /\.write(?:lines)?\(|\bprint\(|\becho\b|\bprintf\b|>>|\bappendFile\w{0,4}\(|\bwriteFile\w{0,4}\(|\bAdd-Content\b|\bOut-File\b/;

/**
 * A start-up file (shell rc, crontab, launch agent, autostart, systemd unit) opened on one line and written
 * with a download-and-run command on one of the next three: an implant that fetches code at every start.
 */
function persistentRemoteRun(scan: FileScan): Hit[] {
  const out: Hit[] = [];
  const remote = scan.hits.filter((h) => REMOTE_RUN.has(h.rule) && h.severity !== "low");
  if (remote.length === 0) return out;
  for (const p of scan.hits) {
    if (!PERSISTENCE.has(p.rule) || p.severity === "critical") continue;
    const into = remote.find((r) => r.line > p.line && r.line <= p.line + 3 && WRITES.test(scan.lines[r.line - 1] ?? ""));
    if (!into) continue;
    out.push({
      ...p,
      severity: "critical",
      why: `A start-up file is written here and line ${into.line} puts a command into it that downloads and runs code at every start; remove both.`,
    });
  }
  return out;
}
