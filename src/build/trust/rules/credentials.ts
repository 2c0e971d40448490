// Reading credential stores, and sending data out: each alone is often a tool doing its job; together, in one
// skill folder, they are theft (src/build/trust/flows.ts joins them).

import { chain } from "../spans.js";
import type { Rule } from "../types.js";
import { READS } from "./grade.js";

const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE|/home/[\w.-]{1,32}|/Users/[\w.-]{1,32}|/root|expanduser\(\s{0,2}["']~|homedir\(\)|Path\.home\(\)|os\.homedir\(\))`;

/** A line that reads (not writes, generates or merely uses) the matched store. */
const reads = (line: string) => READS.test(line) && !/\bssh-keygen\b|\bssh-add\b|\bchmod\b|\bchown\b|\bmkdir\b/.test(line);

/** Verbs that send, and the secrets and the places outside the machine they are sent to. */
const SEND_VERB = String.raw`\b(?:send|upload|post|transmit|forward|exfiltrate|share|e-?mail|attach|report|include|paste|copy)\b`;
const SECRET = String.raw`(?:~[/\\]\.ssh|\bid_(?:rsa|ed25519)\b|private keys?|\.env\b|environment variables|\.aws|credentials? files?|all (?:api )?(?:keys|tokens|secrets|passwords)|(?:saved |stored |browser )(?:passwords|cookies)|seed phrases?|wallet files?|keychain)`;
const OUTSIDE = String.raw`(?:https?:\/\/|\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b|[\w.+-]{1,64}@[\w-]{1,63}\.[\w.]{2,20}|webhook)`;
/**
 * Putting a secret in the agent's answer is sending it too (the transcript is stored, shared, logged): verbs
 * that show, the secrets no answer needs (private keys, cloud credential files, seed phrases), and the answer.
 */
const SHOW_VERB = String.raw`\b(?:include|paste|show|print|display|output|reveal|dump|copy|put|add|echo)\b`;
const PRIVATE_SECRET = String.raw`(?:~[/\\]\.ssh[/\\](?![\w.-]{0,40}\.pub\b)[\w.-]{1,40}|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)|\.aws[/\\]credentials|credentials? files?|private keys?|seed phrases?|recovery phrases?|wallet files?|keychain)`;
const TRANSCRIPT = String.raw`\b(?:in|into|to|with)\s{1,3}(?:your|the|this)\s{1,3}(?:answer|reply|response|output|chat|conversation|message|summary)\b`;

export const CREDENTIAL_RULES: Rule[] = [
  {
    id: "reads-ssh-keys",
    kind: "credential-theft",
    severity: { code: "high", command: "high", instruction: "medium", hidden: "critical", config: "medium" },
    keys: [".ssh", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa"],
    re: new RegExp(
      String.raw`${HOME}[/\\]{1,2}\.ssh\b(?![/\\](?:config|known_hosts|authorized_keys)\b)|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)`,
      "i",
    ),
    why: "Reading private SSH keys gives away access to every server they open; a skill should never read them.",
    grade: (_m, line, _env, base) => (reads(line) && !/\.pub\b/.test(line) ? base : null),
    facts: ["reads-credentials"],
  },
  {
    id: "reads-cloud-credentials",
    kind: "credential-theft",
    severity: { code: "medium", command: "medium", instruction: "medium", hidden: "critical", config: "low" },
    keys: [
      ".aws",
      "gcloud",
      "application_default_credentials",
      ".azure",
      ".kube",
      ".docker",
      ".npmrc",
      ".pypirc",
      ".netrc",
      ".git-credentials",
      "hosts.yml",
    ],
    re: /\.aws[/\\]credentials|\.config[/\\]gcloud\b|application_default_credentials\.json|\.azure[/\\](?:accesstokens|msal_token_cache)|\.kube[/\\]config\b|\.docker[/\\]config\.json|\.npmrc\b|\.pypirc\b|\.netrc\b|\.git-credentials\b|\.config[/\\]gh[/\\]hosts\.yml/i,
    why: "Reading another tool's credential file takes secrets the skill was not given; ask the user for the one credential it needs.",
    grade: (_m, line, _env, base) => (reads(line) && !/>\s{0,2}["']?\S{0,40}(?:npmrc|pypirc|netrc)/.test(line) ? base : null),
    facts: ["reads-credentials"],
  },
  {
    id: "reads-browser-data",
    kind: "credential-theft",
    severity: { code: "high", command: "high", instruction: "medium", hidden: "critical", config: "medium" },
    keys: ["login data", "cookies", "logins.json", "key3.db", "key4.db", "local state", "chrome", "firefox", "brave", "edge"],
    re: /\bLogin Data\b|\blogins\.json\b|\bkey[34]\.db\b|\bcookies\.sqlite\b|[/\\]Cookies\b["']|["']Local State["']|(?:Google[/\\]Chrome|Chromium|BraveSoftware|Microsoft[/\\]Edge|Mozilla[/\\]Firefox)[/\\](?:User Data|Profiles|Default)\b/i,
    why: "Reading a browser's saved passwords, cookies or profile takes over the user's accounts; a skill that needs a session should ask the user to sign in.",
    grade: (_m, line, env, base) => {
      if (!reads(line) && !/sqlite|connect\(|open|copy/i.test(line)) return "low";
      // A cookie or profile sync that its own SKILL.md announces is doing its declared job.
      return /\b(?:cookies?|browser (?:profile|session)s?)\b/i.test(env.declared) ? "medium" : base;
    },
    facts: ["reads-credentials"],
  },
  {
    id: "reads-crypto-wallet",
    kind: "credential-theft",
    severity: { code: "high", command: "high", instruction: "medium", hidden: "critical", config: "medium" },
    keys: ["wallet", "metamask", "exodus", "electrum", "keystore", "nkbihfbeogaeaoehlefnkodbefgpgknn", "solana", "phantom"],
    re: /\bwallet\.dat\b|\bexodus[/\\](?:exodus\.wallet|wallet)|\belectrum[/\\]wallets\b|\.ethereum[/\\]keystore\b|nkbihfbeogaeaoehlefnkodbefgpgknn|\bbfnaelmomeimhlpmgjnjophhpkkoljpa\b|\bmetamask[/\\]|solana[/\\]id\.json\b|Local Extension Settings/i,
    why: "Reading wallet files or wallet extension storage can empty the user's funds; a skill should never touch them.",
    grade: (_m, line, _env, base) => (reads(line) || /Local Extension Settings|nkbihfbe|bfnaelmo/i.test(line) ? base : null),
    facts: ["reads-credentials"],
  },
  {
    id: "dumps-keychain",
    kind: "credential-theft",
    severity: { code: "high", command: "high", instruction: "low", hidden: "critical", config: "medium" },
    keys: ["dump-keychain", "cryptunprotectdata", "login.keychain", "vaultcmd", "cmdkey", "lsass", "mimikatz", "sekurlsa"],
    re: /\bsecurity\s{1,4}dump-keychain\b|\bCryptUnprotectData\b|\blogin\.keychain(?:-db)?\b|\bvaultcmd\b|\bcmdkey\s{1,4}\/list\b|\blsass(?:\.exe)?\b|\bmimikatz\b|\bsekurlsa\b/i,
    why: "Dumping the system keychain or credential vault takes every stored password; keep only the skill's own secret, under its own name.",
    facts: ["reads-credentials"],
  },
  {
    id: "dumps-environment",
    kind: "credential-theft",
    severity: { code: "medium", command: "medium", instruction: "medium", hidden: "high", config: "low" },
    keys: ["printenv", "env |", "env|", "env >", "env>", "$(env", "environ", "process.env", "env:"],
    re: /(?:^|[;&|]\s{0,4}|\$\()\s{0,2}(?:printenv|env)\s{0,4}(?:$|\||>|\))|json\.dumps?\(\s{0,4}(?:dict\(\s{0,4})?os\.environ\b|\bdict\(\s{0,4}os\.environ\s{0,4}\)|\bstr\(\s{0,4}os\.environ\s{0,4}\)|JSON\.stringify\(\s{0,4}process\.env\s{0,4}[,)]|\{\s{0,4}(\w{1,20})\s{0,4}:\s{0,4}(\w{1,20})\s{0,4}for\s{1,4}\1\s{0,4},\s{0,4}\2\s{1,4}in\s{1,4}os\.environ\.items\(\)\s{0,4}\}|\b(?:get-childitem|gci|dir|ls)\s{1,4}env:/i,
    why: "Collecting the whole environment gathers every secret in it; read only the variables the skill needs.",
    facts: ["reads-credentials"],
  },
  {
    id: "harvests-env-files",
    kind: "credential-theft",
    severity: { code: "medium", command: "medium", instruction: "medium", hidden: "high" },
    keys: [".env"],
    re: /\bfind\s[^\n]{0,120}-name\s{1,4}["']?\*?\.env\b|\bglob\w{0,4}\([^\n]{0,60}\*\*[/\\]\*?\.env\b|["']\*\*[/\\]\.env["']|\brglob\(\s{0,4}["']\.env/i,
    why: "Searching the disk for .env files collects other projects' secrets; read only the skill's own configuration.",
    facts: ["reads-credentials"],
  },
  {
    id: "reads-secret",
    kind: "credential-theft",
    severity: {},
    factOnly: true,
    keys: ["environ", "getenv", "process.env", "env[", "${", "$env:", ".env"],
    re: /\b(?:os\.environ|os\.getenv|getenv|process\.env|ENV\[|\$\{?|\$env:)[\w.[("' ]{0,4}[A-Z0-9_]{0,40}(?:TOKEN|SECRET|_KEY|PASSWORD|PASSWD|CREDENTIAL)|(?:\bcat|open\(|readFile\w{0,4}\(|read_text\()[^\n]{0,40}\.env\b(?!\.example|\.sample|\.template)/,
    why: "",
    facts: ["reads-secret"],
  },
  {
    id: "sends-data",
    kind: "exfiltration",
    severity: {},
    factOnly: true,
    // One key in every alternative of the pattern, as narrow as it allows: "post" and "put" alone sent
    // every line with "input", "output" or "postgres" through the pattern.
    keys: [
      "curl",
      "wget",
      ".post",
      ".put",
      ".patch",
      "urlopen(",
      "request(",
      "fetch(",
      "method",
      "nc ",
      "ncat",
      "netcat",
      "scp ",
      "smtplib",
      "sendmail",
      "send(",
      "sendall",
      "ftplib",
      "socket.connect",
    ],
    re: /\bcurl\b[^\n]{0,300}?\s(?:-d|--data\S{0,12}|-F|--form|-T|--upload-file|-X\s{0,2}(?:POST|PUT))\b|\bwget\b[^\n]{0,200}--post-(?:data|file)|\b(?:requests|httpx|session|client|axios|got|ky|superagent)\.(?:post|put|patch)\s{0,2}\(|\burlopen\([^\n]{0,120}data=|\bRequest\([^\n]{0,160}(?:data=|method=["']POST)|\bfetch\([^\n]{0,200}method:\s{0,2}["'](?:POST|PUT)|\bmethod:\s{0,2}["'](?:POST|PUT)["']|\b(?:nc|ncat|netcat)\s{1,4}(?:-\w{1,4}\s{1,4}){0,3}[\w.-]{3,100}\s{1,4}\d{2,5}\b|\bscp\s[^\n]{0,200}\s[\w.-]{1,64}@[\w.-]{1,100}:|\bsmtplib\b|\bsendmail\b|-method\s{1,4}(?:post|put)\b|\.(?:sendall|send)\(|ftplib|\bsocket\.connect\(/i,
    why: "",
    chains: [
      chain("i", "\n", [String.raw`\bcurl\b`, 4], 300, [
        String.raw`\s(?:-d|--data\S{0,12}|-F|--form|-T|--upload-file|-X\s{0,2}(?:POST|PUT))\b`,
        30,
      ]),
      chain("i", "\n", [String.raw`\bwget\b`, 4], 200, ["--post-(?:data|file)", 11]),
      chain("i", "\n", [String.raw`\burlopen\(`, 8], 120, ["data=", 5]),
      chain("i", "\n", [String.raw`\bRequest\(`, 8], 160, [`(?:data=|method=["']POST)`, 12]),
      chain("i", "\n", [String.raw`\bfetch\(`, 6], 200, [String.raw`method:\s{0,2}["'](?:POST|PUT)`, 14]),
      // The destination found by its "@", up to 65 characters into it.
      chain("i", "\n", [String.raw`\bscp\s`, 4], 200, [String.raw`@[\w.-]{1,100}:`, 102, 65]),
      chain("i", "", [
        String.raw`\b(?:requests|httpx|session|client|axios|got|ky|superagent)\.(?:post|put|patch)\s{0,2}\(|\bmethod:\s{0,2}["'](?:POST|PUT)["']|\b(?:nc|ncat|netcat)\s{1,4}(?:-\w{1,4}\s{1,4}){0,3}[\w.-]{3,100}\s{1,4}\d{2,5}\b|\bsmtplib\b|\bsendmail\b|-method\s{1,4}(?:post|put)\b|\.(?:sendall|send)\(|ftplib|\bsocket\.connect\(`,
        200,
      ]),
    ],
    facts: ["sends-data", "network"],
  },
  {
    id: "network-use",
    kind: "exfiltration",
    severity: {},
    factOnly: true,
    keys: [
      "curl",
      "wget",
      "requests.",
      "urllib",
      "http.client",
      "httpx",
      "aiohttp",
      "axios",
      "fetch(",
      "socket.",
      "websocket",
      "net.connect",
      "https.get",
      "http.get",
      "https.request",
      "http.request",
      "invoke-webrequest",
      "invoke-restmethod",
    ],
    re: /\b(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod)\b|\b(?:requests\.\w{3,7}\(|urllib\w{0,8}\.|http\.client|httpx\.|aiohttp\.|axios[.(]|fetch\(|socket\.(?:socket|create_connection)\(|new\s{1,4}WebSocket\(|net\.connect\(|https?\.(?:get|request)\()/i,
    why: "",
    // Talking to the user's own machine (a dev server, a health check) is not the network a claim is about.
    grade: (_m, line, _env, base) =>
      /\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0)\b|\[::1\]/.test(line) && !/https?:\/\/(?!localhost|127\.|0\.0\.0\.0|\[::1\])/.test(line)
        ? null
        : base,
    facts: ["network"],
  },
  {
    id: "exfil-endpoint",
    kind: "exfiltration",
    severity: { code: "high", command: "high", instruction: "high", hidden: "critical", config: "high" },
    keys: [
      "webhook.site",
      "requestbin",
      "pipedream",
      "hookbin",
      "beeceptor",
      "interact.sh",
      "oast.",
      "burpcollaborator",
      "oastify",
      "dnslog",
      "ceye.io",
      "requestcatcher",
      "postb.in",
      "ptsv",
      "discord",
      "telegram",
    ],
    re: /\b(?:[\w-]{1,63}\.){0,4}(?:webhook\.site|requestbin\.(?:com|net)|pipedream\.net|hookbin\.com|beeceptor\.com|interact\.sh|oast\.(?:fun|pro|live|site|online|me)|burpcollaborator\.net|oastify\.com|dnslog\.cn|ceye\.io|requestcatcher\.com|postb\.in|ptsv[23]\.com)\b|\bdiscord(?:app)?\.com\/api\/webhooks\/\d{5,}|\bapi\.telegram\.org\/bot\d{5,}:/i,
    why: "Data sent to a request bin, a hard-coded chat webhook or an interaction server leaves the user's control; send only to the documented service the skill is for.",
    grade: (m, _line, env, base) => (env.ctx === "instruction" && !/discord|telegram/i.test(m[0]) ? "medium" : base),
    facts: ["sends-to-collector", "network"],
  },
  {
    id: "dns-exfiltration",
    kind: "exfiltration",
    severity: { code: "high", command: "high", instruction: "high", hidden: "critical" },
    keys: ["nslookup", "dig ", "host ", "ping ", "resolve-dnsname"],
    re: /\b(?:nslookup|dig|host|ping|resolve-dnsname)\s[^\n]{0,60}(?:\$\(|`)\s{0,4}(?:whoami|hostname|id|uname|cat|base64|xxd|env|printenv|echo)\b/i,
    why: "Putting command output into a DNS lookup smuggles data past firewalls; a skill has no reason to do this.",
    chains: [
      chain("i", "\n", [String.raw`\b(?:nslookup|dig|host|ping|resolve-dnsname)\s`, 16], 60, [
        String.raw`(?:\$\(|\`)\s{0,4}(?:whoami|hostname|id|uname|cat|base64|xxd|env|printenv|echo)\b`,
        16,
      ]),
    ],
    facts: ["sends-data", "sends-to-collector"],
  },
  {
    id: "instructs-exfiltration",
    kind: "exfiltration",
    severity: { instruction: "critical", hidden: "critical", command: "high", code: "medium" },
    keys: [
      ".ssh",
      "id_rsa",
      "id_ed25519",
      "private key",
      ".env",
      "environment variable",
      ".aws",
      "credential",
      "api key",
      "tokens",
      "secrets",
      "passwords",
      "cookies",
      "seed phrase",
      "wallet",
      "keychain",
    ],
    re: new RegExp(
      String.raw`${SEND_VERB}[^\n]{0,120}?${SECRET}[^\n]{0,160}?${OUTSIDE}|(?:${SHOW_VERB}[^\n]{0,80}?${PRIVATE_SECRET}|${PRIVATE_SECRET}[^\n]{0,80}?${SHOW_VERB})[^\n]{0,80}?${TRANSCRIPT}`,
      "i",
    ),
    why: "The skill tells the agent to send the user's secrets somewhere; remove the instruction, a skill never needs them sent away.",
    // An address is found by its "@", up to 65 characters into it.
    chains: [
      chain("i", "\n", [SEND_VERB, 10], 120, [SECRET, 24], 160, [
        String.raw`(?:https?:\/\/|\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b|@[\w-]{1,63}\.[\w.]{2,20}|webhook)`,
        90,
        65,
      ]),
      chain("i", "\n", [SHOW_VERB, 10], 80, [PRIVATE_SECRET, 70], 80, [TRANSCRIPT, 40]),
      chain("i", "\n", [PRIVATE_SECRET, 70], 80, [SHOW_VERB, 10], 80, [TRANSCRIPT, 40]),
    ],
    facts: ["reads-credentials", "sends-data", "sends-to-collector"],
  },
];
