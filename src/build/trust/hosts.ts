// Where a URL points, as the install-lure and exfiltration rules weigh it. A vendor's own installer
// (bun.sh, rustup, astral.sh…) or the project's own GitHub is the known benign pattern; a bare IP, a paste
// site, a URL shortener, an anonymous file host or a tunnel is where lures and stolen data go.

export type HostClass = "own" | "vendor" | "ip" | "lure" | "collector" | "unknown";

/** Hosts of vendors that publish an official `curl … | sh` installer or packages (suffix match). */
const VENDOR = [
  "bun.sh",
  "rustup.rs",
  "sh.rustup.rs",
  "astral.sh",
  "deno.land",
  "deno.com",
  "get.docker.com",
  "docker.com",
  "nodesource.com",
  "brew.sh",
  "get.pnpm.io",
  "pnpm.io",
  "python-poetry.org",
  "ollama.com",
  "ollama.ai",
  "claude.ai",
  "anthropic.com",
  "openai.com",
  "sdkman.io",
  "get.helm.sh",
  "fly.io",
  "vercel.com",
  "starship.rs",
  "tailscale.com",
  "k3s.io",
  "doppler.com",
  "paradigm.xyz",
  "opencode.ai",
  "cursor.com",
  "cursor.sh",
  "go.dev",
  "golang.org",
  "nodejs.org",
  "python.org",
  "pyenv.run",
  "mise.run",
  "jdx.dev",
  "volta.sh",
  "determinate.systems",
  "nixos.org",
  "dot.net",
  "microsoft.com",
  "aka.ms",
  "chocolatey.org",
  "scoop.sh",
  "awscli.amazonaws.com",
  "dl.google.com",
  "cloud.google.com",
  "sdk.cloud.google.com",
  "railway.app",
  "railway.com",
  "yarnpkg.com",
  "pixi.sh",
  "prefix.dev",
  "modular.com",
  "sentry.io",
  "supabase.com",
  "cloudflare.com",
  "hashicorp.com",
  "jetify.com",
  "zed.dev",
  "npmjs.org",
  "npmjs.com",
  "pypi.org",
  "pythonhosted.org",
  "crates.io",
  "githubusercontent.com/homebrew",
  "githubusercontent.com/nvm-sh",
  "gitlab.com/gitlab-org",
  "foundry.paradigm.xyz",
  "get.sdkman.io",
  "install.python-poetry.org",
  "getcomposer.org",
  "rvm.io",
  "nvm.sh",
  "wasmer.io",
  "wasmtime.dev",
  "bytecodealliance.org",
  "flutter.dev",
  "dart.dev",
  "julialang.org",
  "r-project.org",
  "posit.co",
  "rstudio.com",
  "expo.dev",
  "netlify.com",
  "heroku.com",
  "digitalocean.com",
  "stripe.com",
  "github.com/cli",
  "cli.github.com",
  "get.jenkins.io",
  "apache.org",
  "kubernetes.io",
  "k8s.io",
  "terraform.io",
  "pulumi.com",
  "gradle.org",
  "maven.apache.org",
  "oracle.com",
  "adoptium.net",
  "sh.vector.dev",
  "browserbase.com",
  "trailofbits.com",
  "semgrep.dev",
  "convex.dev",
  "neon.tech",
  "turso.tech",
  "encore.dev",
  "moonrepo.dev",
  "proto.moonrepo.dev",
  "uv.dev",
  "bazel.build",
  "ziglang.org",
  "swift.org",
  "apple.com",
];

/** Paste sites, shorteners, anonymous file hosts, tunnels and dynamic DNS: never a vendor's installer. */
const LURE = [
  "pastebin.com",
  "paste.ee",
  "hastebin.com",
  "ghostbin.com",
  "rentry.co",
  "rentry.org",
  "glot.io",
  "controlc.com",
  "justpaste.it",
  "dpaste.org",
  "dpaste.com",
  "pastes.io",
  "paste.rs",
  "privatebin.net",
  "bit.ly",
  "tinyurl.com",
  "is.gd",
  "goo.gl",
  "cutt.ly",
  "rb.gy",
  "shorturl.at",
  "ow.ly",
  "t.ly",
  "tiny.cc",
  "rebrand.ly",
  "buff.ly",
  "v.gd",
  "mega.nz",
  "mega.co.nz",
  "mediafire.com",
  "anonfiles.com",
  "gofile.io",
  "catbox.moe",
  "transfer.sh",
  "0x0.st",
  "file.io",
  "pixeldrain.com",
  "sendspace.com",
  "uploadfiles.io",
  "temp.sh",
  "bashupload.com",
  "oshi.at",
  "ngrok.io",
  "ngrok-free.app",
  "ngrok.app",
  "trycloudflare.com",
  "serveo.net",
  "loca.lt",
  "localtunnel.me",
  "duckdns.org",
  "ddns.net",
  "hopto.org",
  "no-ip.com",
  "no-ip.org",
  "zapto.org",
  "sytes.net",
  "freemyip.com",
];

/** Endpoints that capture what is sent to them: request bins, interaction servers. */
const COLLECTOR = [
  "webhook.site",
  "requestbin.com",
  "requestbin.net",
  "pipedream.net",
  "hookbin.com",
  "beeceptor.com",
  "interact.sh",
  "oast.fun",
  "oast.pro",
  "oast.live",
  "oast.site",
  "oast.online",
  "oast.me",
  "burpcollaborator.net",
  "oastify.com",
  "canarytokens.com",
  "dnslog.cn",
  "ceye.io",
  "requestcatcher.com",
  "postb.in",
  "ptsv2.com",
  "ptsv3.com",
];

const VENDOR_SET = new Set(VENDOR);
const LURE_SET = new Set(LURE);
const COLLECTOR_SET = new Set(COLLECTOR);

/** The host is one of the list's domains or under one: a walk over its dot suffixes, not over the list. */
function matches(host: string, list: ReadonlySet<string>): boolean {
  for (let at = 0; at !== -1; at = host.indexOf(".", at) + 1 || -1) {
    if (list.has(at === 0 ? host : host.slice(at))) return true;
  }
  return false;
}

/** The URLs of a line (bounded length), scheme included. */
export const URL_RE = /\b(?:https?|ftp):\/\/[^\s"'`<>)\]}|\\]{1,300}/gi;

/** A bare IPv4 address used as a host (after //, @ or a command), not a version number. */
const IP_HOST = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isPublicIp(host: string): boolean {
  const m = IP_HOST.exec(host);
  if (!m) return host.startsWith("[") && !host.startsWith("[::1]");
  const [a, b] = [Number(m[1]), Number(m[2])];
  if ([a, b, Number(m[3]), Number(m[4])].some((n) => n > 255)) return false;
  // Loopback, private, link-local and unspecified addresses are a developer's own machine or network.
  if (a === 127 || a === 10 || a === 0 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254))
    return false;
  return true;
}

/** Classifies a URL (or a bare host[:port][/path]) for a repository of `owner`. */
export function classifyUrl(url: string, owner: string): HostClass {
  const noScheme = url.replace(/^[a-z]{2,8}:\/\//i, "");
  const slash = noScheme.indexOf("/");
  const authority = (slash === -1 ? noScheme : noScheme.slice(0, slash)).replace(/^[^@]{0,100}@/, "");
  const host = authority.replace(/:\d{1,5}$/, "").toLowerCase();
  const path = slash === -1 ? "" : noScheme.slice(slash).toLowerCase();
  if (IP_HOST.test(host) || host.startsWith("[")) return isPublicIp(host) ? "ip" : "own";
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return "own";
  if (matches(host, COLLECTOR_SET)) return "collector";
  if (/^(?:discord(?:app)?\.com|ptb\.discord\.com|canary\.discord\.com)$/.test(host) && /^\/api\/webhooks\/\d/.test(path))
    return "collector";
  if (host === "api.telegram.org" && /^\/bot\d{5,}:/.test(path)) return "collector";
  if (matches(host, LURE_SET)) return "lure";
  const first = path.split("/")[1] ?? "";
  const own = owner.toLowerCase();
  // A gist is a paste site on GitHub: another account's raw gist is where a lure keeps its script.
  if (host === "gist.githubusercontent.com" || host === "gist.github.com") return first.toLowerCase() === own ? "own" : "lure";
  if (
    host === "github.com" ||
    host === "raw.githubusercontent.com" ||
    host === "codeload.github.com" ||
    host === "objects.githubusercontent.com"
  )
    return first === own ? "own" : matches(`${host}/${first}`, VENDOR_SET) ? "vendor" : "unknown";
  if (host === `${own}.github.io`) return "own";
  if (matches(host, VENDOR_SET)) return "vendor";
  return "unknown";
}

const RANK: Record<HostClass, number> = { collector: 0, ip: 1, lure: 2, unknown: 3, vendor: 4, own: 5 };

/** Commands that take a bare IP address as the host they reach. */
const REACHES_HOST = /\b(?:curl|wget|nc|ncat|socat|iwr|invoke-webrequest|scp|ssh|fetch|connect|urlopen|requests)\b/i;

/** The last line classified: several rules grade the same line one after another. */
let lastLine: string | undefined;
let lastOwner = "";
let lastWorst: HostClass | undefined;

/** The worst host class among a line's URLs and bare IP hosts, or undefined when it names none. */
export function worstHost(line: string, owner: string): HostClass | undefined {
  if (line === lastLine && owner === lastOwner) return lastWorst;
  let worst: HostClass | undefined;
  const consider = (c: HostClass) => {
    if (worst === undefined || RANK[c] < RANK[worst]) worst = c;
  };
  for (const m of line.matchAll(URL_RE)) {
    consider(classifyUrl(m[0], owner));
    if (worst === "collector") break; // nothing is worse
  }
  // Scheme-less hosts after a download command: `curl 203.0.113.9/x`, `wget -qO- 198.51.100.7:8080/s`.
  if (worst !== "collector" && worst !== "ip" && REACHES_HOST.test(line)) {
    for (const m of line.matchAll(/(?:^|[\s"'=@(])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?=[:/"'\s)]|$)/g)) {
      if (isPublicIp(m[1]!)) {
        consider("ip");
        break;
      }
    }
  }
  lastLine = line;
  lastOwner = owner;
  lastWorst = worst;
  return worst;
}
