// The trust gate: the scanner's verdict in the detail decides whether a skill may be installed.
// Malicious: never. Suspicious: only once the user has seen the findings and said yes. A detail
// without a verdict comes from a server that cannot vouch for the skill, and is refused too.
import { InstallError } from "./errors.js";
import type { DetailForInstall, FindingLike } from "./source.js";

export type TrustGate = { action: "install" } | { action: "ask"; findings: string[] };

/** One line per finding: severity, kind, where, and why. */
export const findingLines = (findings: readonly FindingLike[]): string[] =>
  findings.map((f) => `  ${f.severity} ${f.kind} at ${f.file}:${f.line}: ${f.why} (rule ${f.rule}; ${JSON.stringify(f.excerpt)})`);

export function trustGate(detail: DetailForInstall): TrustGate {
  const source = `${detail.owner}/${detail.repo}`;
  const trust = detail.trust;
  if (trust === undefined || !Array.isArray(trust.findings))
    throw new InstallError(`refusing ${source}: the API gave no trust verdict for it, so nothing vouches for its files`);
  switch (trust.verdict) {
    case "clean":
      return { action: "install" };
    case "suspicious":
      return { action: "ask", findings: findingLines(trust.findings) };
    case "malicious":
      throw new InstallError(`refusing ${source}: the directory judged it malicious`, findingLines(trust.findings));
    default:
      throw new InstallError(`refusing ${source}: unknown trust verdict ${JSON.stringify(trust.verdict)}`);
  }
}
