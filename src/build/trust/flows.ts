// Checks that look at a whole skill folder rather than one line: credentials read in one place and sent out
// in another, a reverse shell spread over several lines, and a skill that claims to stay offline or read-only
// while its scripts do otherwise.
import type { Severity } from "../../schemas/trust.js";
import type { FactSite, FileScan } from "./engine.js";
import { isCode } from "./files.js";
import { sequenceFindings } from "./sequences.js";
import type { Fact, FileView, Hit } from "./types.js";

export interface SkillFolder {
  skill: string;
  /** The SKILL.md's text (frontmatter included), empty when the folder's SKILL.md was not scanned. */
  declared: string;
  description: string;
  files: { view: FileView; scan: FileScan }[];
}

/** Claims that the skill never touches the network. */
const CLAIMS_OFFLINE =
  /\b(?:works?|runs?|operates?)\s{1,3}(?:fully\s{1,3}|entirely\s{1,3}|completely\s{1,3}|100%\s{1,3})?offline\b|\bno\s{1,3}(?:network|internet)\s{1,3}(?:access|calls?|connections?|requests?|needed|required)\b|\b(?:fully\s{1,3}|100%\s{1,3})?(?:local|offline)[- ]only\b|\bnever\s{1,3}(?:sends?|uploads?|transmits?|shares?)\s{1,3}(?:any\s{1,3}|your\s{1,3})?(?:data|anything|information|files)\b|\bno\s{1,3}data\s{1,3}(?:ever\s{1,3})?leaves\b|\bdoes\s{1,3}not\s{1,3}(?:connect\s{1,3}to|access)\s{1,3}the\s{1,3}(?:internet|network)\b|\bwithout\s{1,3}(?:any\s{1,3})?network\s{1,3}access\b/i;
/** Claims that the skill changes nothing. */
const CLAIMS_READ_ONLY =
  /\bread[- ]only\b(?!\s{1,3}(?:access|token|key|mode\s{1,3}for|queries|sql|database|replica|credentials?|user|role|transaction|file ?system))|\bnever\s{1,3}(?:modifies|writes|deletes|changes)\b|\bdoes\s{1,3}not\s{1,3}(?:modify|write|delete|change)\s{1,3}(?:any\s{1,3})?(?:files?|anything|data)\b|\bnon-destructive\b/i;
/** "The installed path may be read-only": the claim is about something else than the skill. */
const SOMETHING_ELSE =
  /\b(?:path|dir\w{0,8}|folder|file ?system|location|mount\w{0,3}|volume|disk|drive|files?|database|replica|copy)\s{1,3}(?:may|might|could|can|will|is|are)\s{1,3}(?:be\s{1,3})?(?:mounted\s{1,3})?$/i;

/** The first match of a claim that is made about the skill itself. */
function claimAboutTheSkill(claim: RegExp, body: string): RegExpExecArray | null {
  const all = new RegExp(claim.source, `${claim.flags}g`);
  for (let m = all.exec(body); m !== null; m = all.exec(body)) {
    if (!SOMETHING_ELSE.test(body.slice(Math.max(0, m.index - 48), m.index))) return m;
  }
  return null;
}

/** The description itself names the credential it handles (a cookie sync, an SSH manager): a declared purpose. */
const DECLARES_SECRETS = /\b(?:cookies?|credentials?|ssh|keychain|passwords?|wallets?|tokens?|secrets?|sessions?|login|auth\w{0,10})\b/i;

export function folderFindings(folder: SkillFolder): Hit[] {
  const hits: Hit[] = [];
  const code = folder.files.filter((f) => isCode(f.view.lang) || f.view.lang === "config");
  const fact = (name: Fact, where: "any" | "code" = "any"): FactSite | undefined => {
    for (const f of where === "code" ? code : folder.files) {
      const site = f.scan.facts.get(name);
      if (site) return site;
    }
    return undefined;
  };

  const creds = fact("reads-credentials");
  const secret = fact("reads-secret");
  const collector = fact("sends-to-collector");
  const send = fact("sends-data");
  if ((creds && (collector || send)) || (secret && collector)) {
    const sink = (collector ?? send)!;
    const source = (creds ?? secret)!;
    // A folder whose description names the secret it syncs to its own service is doing its declared job.
    const declared = !collector && DECLARES_SECRETS.test(folder.description);
    hits.push({
      rule: "credential-exfiltration",
      kind: "exfiltration",
      severity: declared ? "low" : "critical",
      file: sink.file,
      line: sink.line,
      at: sink.at,
      why: `Secrets read at ${source.file}:${source.line} can leave the machine here; a skill must not send credentials anywhere but the service it documents.`,
    });
  }

  for (const f of code) hits.push(...sequenceFindings(f.view, f.scan));

  const body = folder.declared;
  const net = fact("network", "code");
  const change = fact("deletes", "code") ?? fact("sends-data", "code");
  if (body && (net || change)) {
    const offline = net && CLAIMS_OFFLINE.exec(body);
    if (offline && net) {
      hits.push(
        deceptive(
          net,
          "high",
          `The skill says "${offline[0]}" but this file uses the network; correct the description or remove the network call.`,
        ),
      );
    }
    const readOnly = change && claimAboutTheSkill(CLAIMS_READ_ONLY, body);
    if (readOnly && change) {
      // Data sent away under a read-only claim is worse than a file deleted: the user cannot get it back.
      const sends = fact("sends-data", "code");
      const site = sends ?? change;
      hits.push(
        deceptive(
          site,
          sends ? "high" : "medium",
          `The skill says "${readOnly[0]}" but this file ${sends ? "sends data away" : "deletes files"}; correct the description or the script.`,
        ),
      );
    }
  }
  return hits;
}

function deceptive(site: FactSite, severity: Severity, why: string): Hit {
  return { rule: "declared-vs-actual", kind: "deceptive-metadata", severity, file: site.file, line: site.line, at: site.at, why };
}
