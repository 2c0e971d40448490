// What a skill does to the machine: staying on it (persistence), letting someone in (backdoors, reverse
// shells) and destroying data.
import { chain } from "../spans.js";
import type { Rule } from "../types.js";

/** The same line fetches or runs something remote: what turns a scheduler entry into an implant. */
const REMOTE = /\b(?:curl|wget|nc|ncat|base64|eval|iwr|invoke-webrequest|python[0-9.]{0,4}\s{1,3}-c)\b|\/dev\/tcp\/|https?:\/\//i;

export const SYSTEM_RULES: Rule[] = [
  {
    id: "dev-tcp-shell",
    kind: "reverse-shell",
    severity: { code: "critical", command: "critical", instruction: "critical", hidden: "critical", config: "critical" },
    keys: ["/dev/tcp/", "/dev/udp/"],
    re: /\/dev\/(?:tcp|udp)\/[\w.-]{1,100}\/\d{1,5}/,
    why: "Redirecting a shell to /dev/tcp hands a remote machine control of the user's shell; remove it.",
    grade: (_m, line, _env, base) => (/\b(?:sh|bash|exec|0<&|>&|<>)\b|>&|<&/.test(line) ? base : "high"),
    facts: ["sends-data", "network"],
  },
  {
    id: "netcat-shell",
    kind: "reverse-shell",
    severity: { code: "critical", command: "critical", instruction: "critical", hidden: "critical", config: "critical" },
    keys: ["nc ", "ncat", "netcat", "mkfifo", "socat", "nc.exe"],
    re: /\b(?:nc|ncat|netcat)(?:\.exe)?\b[^\n]{0,100}\s-(?:e|c)\s{0,4}["']?\S{0,20}(?:sh|bash|cmd(?:\.exe)?|powershell)\b|\bmkfifo\b[^\n]{0,160}\b(?:nc|ncat|netcat|openssl\s{1,4}s_client)\b|\bsocat\b[^\n]{0,120}\bexec:[^\n]{0,40}(?:sh|bash)\b/i,
    why: "Netcat or socat wired to a shell gives a remote machine a shell on the user's computer; remove it.",
    chains: [
      chain("i", "\n", [String.raw`\b(?:nc|ncat|netcat)(?:\.exe)?\b`, 10], 100, [
        String.raw`\s-(?:e|c)\s{0,4}["']?\S{0,20}(?:sh|bash|cmd(?:\.exe)?|powershell)\b`,
        40,
      ]),
      chain("i", "\n", [String.raw`\bmkfifo\b`, 6], 160, [String.raw`\b(?:nc|ncat|netcat|openssl\s{1,4}s_client)\b`, 20]),
      chain("i", "\n", [String.raw`\bsocat\b`, 5], 120, [String.raw`\bexec:`, 5], 40, [String.raw`(?:sh|bash)\b`, 4]),
    ],
    facts: ["sends-data", "network"],
  },
  {
    id: "socket-shell",
    kind: "reverse-shell",
    severity: { code: "critical", command: "critical", instruction: "critical", hidden: "critical" },
    keys: ["dup2", "pty.spawn", "tcpclient", "getstream"],
    re: /\bsocket\b[^\n]{0,300}\bdup2\b[^\n]{0,300}(?:\/bin\/\w{0,4}sh|pty\.spawn|subprocess)|\bdup2\b[^\n]{0,300}\bpty\.spawn\b|\bNet\.Sockets\.TCPClient\b[^\n]{0,400}\bGetStream\b|\bTCPClient\b[^\n]{0,400}\biex\b/i,
    why: "A socket wired to a shell's input and output is a reverse shell; remove it.",
    chains: [
      chain("i", "\n", [String.raw`\bsocket\b`, 6], 300, [String.raw`\bdup2\b`, 4], 300, [
        String.raw`(?:\/bin\/\w{0,4}sh|pty\.spawn|subprocess)`,
        14,
      ]),
      chain("i", "\n", [String.raw`\bdup2\b`, 4], 300, [String.raw`\bpty\.spawn\b`, 9]),
      chain("i", "\n", [String.raw`\bNet\.Sockets\.TCPClient\b`, 21], 400, [String.raw`\bGetStream\b`, 9]),
      chain("i", "\n", [String.raw`\bTCPClient\b`, 9], 400, [String.raw`\biex\b`, 3]),
    ],
    facts: ["sends-data", "network"],
  },
  {
    id: "authorized-keys-write",
    kind: "backdoor",
    severity: { code: "high", command: "high", instruction: "high", hidden: "critical", config: "medium" },
    keys: ["authorized_keys"],
    re: /authorized_keys2?\b/,
    why: "Adding an SSH key to authorized_keys lets its holder log in to the machine; let users manage their own keys.",
    grade: (_m, line, _env, base) => {
      if (!/>>|>\s|\btee\b|\bwrite\w{0,6}\b|open\([^\n]{0,80}["'][aw]|appendFile|echo\b|cat\s[^\n]{0,80}>/.test(line)) return null;
      return /\bssh-(?:rsa|ed25519|dss)\s{1,3}AAAA|\becdsa-sha2-nistp\d{3}\s{1,3}AAAA/.test(line) ? "critical" : base;
    },
  },
  {
    id: "adds-user",
    kind: "backdoor",
    severity: { code: "medium", command: "medium", instruction: "medium", hidden: "high" },
    keys: ["useradd", "adduser", "net user", "dscl", "nopasswd", "sudoers"],
    re: /\b(?:useradd|adduser)\b|\bnet\s{1,4}user\s{1,4}\S{1,40}\s{1,4}\S{1,60}\s{1,4}\/add\b|\bdscl\s{1,4}\.\s{1,4}-create\s{1,4}\/Users\b|NOPASSWD\s{0,3}:\s{0,3}ALL|>>?\s{0,3}\/etc\/sudoers/i,
    why: "Creating accounts or password-less sudo opens the machine to others; document the change and let the user make it.",
    grade: (_m, line, env, base) => {
      // An image's own service user (a Dockerfile, or a RUN line quoted from one).
      if (env.file.lang === "dockerfile" || /^\s{0,8}RUN\b/.test(line)) return null;
      return /NOPASSWD\s{0,3}:\s{0,3}ALL|\/etc\/sudoers/i.test(line) && /echo|>>|tee/.test(line) ? "critical" : base;
    },
  },
  {
    id: "crontab-entry",
    kind: "persistence",
    severity: { code: "medium", command: "medium", instruction: "low", hidden: "medium" },
    keys: ["crontab", "/etc/cron", "/var/spool/cron"],
    re: /\|\s{0,4}crontab\s{1,4}-|\bcrontab\s{1,4}(?:-u\s{1,4}\S{1,32}\s{1,4})?[\w./-]{1,100}(?:\.txt|\.cron|\.tab)?\s{0,4}$|(?:>>?|\btee\b[^\n]{0,20})\s{0,4}\/etc\/cron|\/var\/spool\/cron/i,
    why: "Installing a cron job keeps code running after the skill is done; say so in the skill and let the user schedule it.",
    grade: (_m, line, _env, base) => (REMOTE.test(line) ? "high" : base),
  },
  {
    id: "launch-agent",
    kind: "persistence",
    severity: { code: "medium", command: "medium", instruction: "low", hidden: "medium" },
    keys: ["launchagents", "launchdaemons", "launchctl"],
    re: /Library\/Launch(?:Agents|Daemons)\b|\blaunchctl\s{1,4}(?:load|bootstrap|submit|enable)\b/i,
    why: "A launchd job starts again at every login; say so in the skill and let the user install it.",
    grade: (_m, line, _env, base) => (REMOTE.test(line) ? "high" : base),
  },
  {
    id: "systemd-unit",
    kind: "persistence",
    severity: { code: "low", command: "low", hidden: "medium" },
    keys: ["systemd", "systemctl"],
    re: /\/etc\/systemd\/system\/|\.config\/systemd\/user\/|\bsystemctl\s{1,4}(?:--user\s{1,4})?enable\b/i,
    why: "A systemd unit keeps a service running across reboots; document it so the user knows what stays behind.",
    grade: (_m, line, _env, base) => (REMOTE.test(line) ? "high" : base),
  },
  {
    id: "autostart-entry",
    kind: "persistence",
    severity: { code: "medium", command: "medium", instruction: "low", hidden: "high", config: "medium" },
    keys: ["autostart", "currentversion\\run", "startup", "schtasks", "scheduledtask"],
    re: /\.config\/autostart\b|CurrentVersion\\{1,2}Run(?:Once)?\b|Start Menu\\{1,2}Programs\\{1,2}Startup|\bschtasks(?:\.exe)?\s{1,4}\/create\b|\b(?:New|Register)-ScheduledTask\b/i,
    why: "An autostart entry or scheduled task runs code at every start; let the user set it up knowingly.",
    grade: (_m, line, _env, base) => (REMOTE.test(line) ? "high" : base),
  },
  {
    id: "shell-rc-append",
    kind: "persistence",
    severity: { code: "medium", command: "medium", instruction: "low", hidden: "high" },
    keys: ["bashrc", "zshrc", ".profile", "bash_profile", "zprofile", "zshenv", "config.fish"],
    re: /(?:>>|\btee\s{1,4}-a\s{1,4})\s{0,4}["']?(?:~|\$HOME|\$\{HOME\})\/\.(?:bashrc|zshrc|profile|bash_profile|zprofile|zshenv|config\/fish\/config\.fish)\b|\b(?:open|appendFile\w{0,4}|write_text|writeFile\w{0,4})\([^\n]{0,80}\.(?:bashrc|zshrc|bash_profile|zprofile|zshenv)\b/i,
    why: "Appending to a shell start-up file runs that line in every new shell; do it only at the user's request and say what is added.",
    grade: (_m, line, env, base) => {
      if (REMOTE.test(line)) return "high";
      // Adding a PATH entry or an alias that the skill tells the user about is the benign pattern.
      return /\b(?:PATH|alias|export|source|completion|eval\s{1,3}"\$\()/.test(line) ||
        /\b(?:bashrc|zshrc|shell (?:profile|config|rc)|rc file|your profile)\b/i.test(env.declared)
        ? "low"
        : base;
    },
  },
  {
    id: "git-hook-install",
    kind: "persistence",
    severity: { code: "low", command: "low" },
    keys: [".git/hooks", "hookspath"],
    re: /\.git\/hooks\/[\w-]{1,40}|\bcore\.hooksPath\b/,
    why: "A git hook runs at every commit in that repository; install it only when the user asks and show what it runs.",
    grade: (_m, line, _env, base) => (REMOTE.test(line) ? "medium" : base),
  },
  {
    id: "wipes-home-or-root",
    kind: "destructive",
    severity: { code: "critical", command: "critical", instruction: "high", hidden: "critical", config: "high" },
    keys: ["\\brm ", "rmtree", "remove-item", "rimraf", "--no-preserve-root"],
    re: /\brm\s{1,4}(?:-{1,2}[a-zA-Z-]{1,20}\s{1,4}){1,5}(?:["']?(?:\/|\/\*|~|~\/|~\/\*|\$HOME|\$HOME\/|\$HOME\/\*|\$\{HOME\}|\$\{HOME\}\/\*|\/(?:home|Users|etc|usr|var|boot)\/?\*?)["']?)(?=\s|$|[;&|)])|--no-preserve-root|\b(?:shutil\.)?rmtree\(\s{0,4}(?:["']\/["']|(?:os\.path\.)?expanduser\(\s{0,4}["']~["']\s{0,4}\)|Path\.home\(\)|["']~["'])\s{0,4}[,)]|\brimraf\(\s{0,4}(?:os\.homedir\(\)|["']\/["'])|Remove-Item\s[^\n]{0,60}(?:C:\\\*?|\$env:USERPROFILE|\$HOME|~)\s[^\n]{0,40}-Recurse/i,
    why: "This deletes the home folder or the whole file system; delete only the files the skill itself created.",
    grade: (m, line, _env, base) => {
      if (/\brm\s/.test(m[0]) && !/-\w{0,6}[rR]|--recursive/.test(m[0])) return null;
      // Quoted as an argument to another program (a validator, a test), not run, unless a shell gets it.
      const before = line.slice(0, m.index);
      if (/["']\s{0,2}$/.test(before) && !/\b(?:sh|bash|zsh|eval|exec|system|ssh|sudo)\b[^"']{0,20}["']\s{0,2}$/.test(before))
        return "medium";
      return base;
    },
    facts: ["deletes"],
  },
  {
    id: "disk-wipe",
    kind: "destructive",
    severity: { code: "critical", command: "critical", instruction: "high", hidden: "critical" },
    // `format c: /q` by its switch: "format" alone is in most prose.
    keys: ["\\bdd ", "mkfs", "shred", "diskutil", ":/q", ": /q", ":  /q", ":/y", ": /y", ":  /y", "wipefs", "cipher"],
    re: /\bdd\s[^\n]{0,60}\bof=\/dev\/(?:sd[a-z]|nvme\d|disk\d|hd[a-z]|xvd[a-z]|mmcblk\d)|\bmkfs(?:\.\w{1,8})?\s[^\n]{0,30}\/dev\/(?:sd[a-z]|nvme\d|disk\d|hd[a-z]|xvd[a-z])|\bshred\s[^\n]{0,40}\/dev\/|\bdiskutil\s{1,4}(?:eraseDisk|secureErase|zeroDisk|randomDisk)\b|\bformat\s{1,4}[a-z]:\s{0,2}\/[qy]|\bwipefs\s{1,4}-a\b|\bcipher\s{1,4}\/w:/i,
    why: "This wipes a disk; a skill should never erase devices.",
    chains: [
      chain("i", "\n", [String.raw`\bdd\s`, 3], 60, [String.raw`\bof=\/dev\/(?:sd[a-z]|nvme\d|disk\d|hd[a-z]|xvd[a-z]|mmcblk\d)`, 20]),
      chain("i", "\n", [String.raw`\bmkfs(?:\.\w{1,8})?\s`, 14], 30, [String.raw`\/dev\/(?:sd[a-z]|nvme\d|disk\d|hd[a-z]|xvd[a-z])`, 12]),
      chain("i", "\n", [String.raw`\bshred\s`, 6], 40, [String.raw`\/dev\/`, 5]),
      chain("i", "", [
        String.raw`\bdiskutil\s{1,4}(?:eraseDisk|secureErase|zeroDisk|randomDisk)\b|\bformat\s{1,4}[a-z]:\s{0,2}\/[qy]|\bwipefs\s{1,4}-a\b|\bcipher\s{1,4}\/w:`,
        30,
      ]),
    ],
    grade: (_m, line, _env, base) => (/\bdd\s/.test(line) && !/if=\/dev\/(?:zero|u?random)/.test(line) ? "medium" : base),
    facts: ["deletes"],
  },
  {
    id: "mass-delete",
    kind: "destructive",
    severity: { code: "high", command: "high", instruction: "medium", hidden: "critical" },
    keys: ["\\bfind ", "\\bdel ", "remove-item"],
    re: /\bfind\s{1,4}(?:\/|~|\$HOME|\$\{HOME\})\s[^\n]{0,120}(?:-delete\b|-exec\s{1,4}rm\b)|\bdel\s{1,4}(?:\/[sfq]\s{1,4}){1,3}[a-z]:\\|\bRemove-Item\s{1,4}-Recurse\s{1,4}-Force\s{1,4}(?:C:\\|~|\$env:USERPROFILE)/i,
    why: "Deleting files across the whole disk or home folder destroys data the skill does not own; limit deletes to the skill's own files.",
    chains: [
      chain("i", "\n", [String.raw`\bfind\s{1,4}(?:\/|~|\$HOME|\$\{HOME\})\s`, 16], 120, [String.raw`(?:-delete\b|-exec\s{1,4}rm\b)`, 12]),
      chain("i", "", [
        String.raw`\bdel\s{1,4}(?:\/[sfq]\s{1,4}){1,3}[a-z]:\\|\bRemove-Item\s{1,4}-Recurse\s{1,4}-Force\s{1,4}(?:C:\\|~|\$env:USERPROFILE)`,
        80,
      ]),
    ],
    facts: ["deletes"],
  },
  {
    id: "force-push",
    kind: "destructive",
    severity: { code: "low", command: "low" },
    keys: ["--force", " -f"],
    re: /\bgit\s{1,4}push\s[^\n]{0,80}(?:--force(?!-with-lease)\b|\s-f\b)/,
    why: "A force push rewrites shared history others depend on; prefer --force-with-lease on your own branch.",
    chains: [chain("", "\n", [String.raw`\bgit\s{1,4}push\s`, 13], 80, [String.raw`(?:--force(?!-with-lease)\b|\s-f\b)`, 8])],
  },
  {
    id: "deletes-files",
    kind: "destructive",
    severity: {},
    factOnly: true,
    keys: ["\\brm ", "rmtree", "unlink", "os.remove", "rmsync", "fs.rm", "rimraf", "remove-item"],
    re: /\brm\s{1,4}-|\b(?:shutil\.rmtree|os\.remove|os\.unlink|unlinkSync|rmSync|fs\.rm|fs\.unlink|rimraf|Remove-Item)\b/,
    why: "",
    // Cleaning up its own temporary files, caches and build output is not changing the user's data.
    grade: (_m, line, _env, base) =>
      /\b(?:te?mp\w{0,12}|TMP\w{0,12}|cache|trap|cleanup|clean|mktemp|apt\/lists|build|dist|node_modules|__pycache__|\.pyc|scratch|work(?:dir)?)\b/i.test(
        line,
      )
        ? null
        : base,
    facts: ["deletes"],
  },
];
