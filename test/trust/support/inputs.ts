// Building ScanInputs for tests: a one-skill repository from a SKILL.md body and optional folder files.
import { createHash } from "node:crypto";
import type { ScanInput } from "../../../src/build/trust/scan.js";
import type { FolderFile } from "../../../src/schemas/dataset.js";

export const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
/** The git blob id of a text: sha1("blob <bytes>\0" + text). */
export const gitBlobSha = (s: string) =>
  createHash("sha1")
    .update(`blob ${Buffer.byteLength(s)}\0${s}`)
    .digest("hex");

export function folderFile(path: string, content: string, skill = "SKILL.md", mode?: string): FolderFile {
  return {
    path,
    skill,
    kind: "text",
    size: Buffer.byteLength(content),
    sha: gitBlobSha(content),
    sha256: sha256(content),
    ...(mode ? { mode } : {}),
    content,
  };
}

export function oneSkill(
  body: string,
  opts: { description?: string; name?: string; files?: Record<string, string>; owner?: string } = {},
): ScanInput {
  const name = opts.name ?? "helper";
  const description = opts.description ?? "A helper skill";
  const content = `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
  return {
    owner: opts.owner ?? "acme",
    repo: name,
    name,
    description,
    skills: [{ path: "SKILL.md", name, description, sha: gitBlobSha(content), size: Buffer.byteLength(content), content }],
    folderFiles: Object.entries(opts.files ?? {}).map(([p, c]) => folderFile(p, c)),
  };
}
