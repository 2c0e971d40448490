// Turns dataset-format rows (skills.jsonl + files.jsonl: owner, repo, path, raw, blobSha, size, mode) into
// the scanner's inputs, one per repository, as the build would hand them over after a crawl: SKILL.md files
// parsed by the crawler's own parser, every other file a FolderFile of the deepest SKILL.md folder holding
// it. Used by the scanner's tests and benchmark on the shared dataset and the development corpus.
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { ScanInput } from "../build/trust/scan.js";
import { choosePrimary } from "../ingest/primary.js";
import { parseSkillFile } from "../ingest/skill-file.js";
import type { FolderFile, SkillFile } from "../schemas/dataset.js";
import { DatasetSkill } from "../schemas/shared-dataset.js";

export async function readRows(file: string): Promise<DatasetSkill[]> {
  if (!existsSync(file)) return [];
  const out: DatasetSkill[] = [];
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) out.push(DatasetSkill.parse(JSON.parse(line)));
  return out;
}

/** The folder of a SKILL.md path ("" for a root SKILL.md). */
const folderOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "");

/** The deepest SKILL.md whose folder holds `path`. */
export function owningSkill(path: string, skillPaths: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const s of skillPaths) {
    const dir = folderOf(s);
    if ((dir === "" || path.startsWith(`${dir}/`)) && (best === undefined || dir.length > folderOf(best).length)) best = s;
  }
  return best;
}

export function scanInputsFromRows(skillRows: readonly DatasetSkill[], fileRows: readonly DatasetSkill[]): ScanInput[] {
  const byRepo = new Map<string, { owner: string; repo: string; skills: DatasetSkill[]; files: DatasetSkill[] }>();
  const group = (r: DatasetSkill) => {
    const key = `${r.owner}/${r.repo}`;
    let g = byRepo.get(key);
    if (!g) byRepo.set(key, (g = { owner: r.owner, repo: r.repo, skills: [], files: [] }));
    return g;
  };
  for (const r of skillRows) if (r.mode !== "120000") group(r).skills.push(r);
  for (const r of fileRows) group(r).files.push(r);
  const inputs: ScanInput[] = [];
  for (const g of byRepo.values()) {
    const skills: SkillFile[] = g.skills.flatMap((s) => {
      const parsed = parseSkillFile(s.raw, s.path, g.repo);
      const name = parsed.ok ? parsed.skill.name : (folderOf(s.path).split("/").pop() ?? g.repo);
      const description = parsed.ok ? parsed.skill.description : "";
      return [{ path: s.path, name: name || g.repo, description, sha: s.blobSha, size: s.size, content: s.raw }];
    });
    if (skills.length === 0) continue;
    const skillPaths = skills.map((s) => s.path);
    const folderFiles: FolderFile[] = g.files
      .flatMap((f) => {
        const skill = owningSkill(f.path, skillPaths);
        if (!skill) return [];
        const symlink = f.mode === "120000";
        return [
          {
            path: f.path,
            skill,
            kind: symlink ? ("symlink" as const) : ("text" as const),
            size: f.size,
            sha: f.blobSha,
            sha256: createHash("sha256").update(f.raw, "utf8").digest("hex"),
            ...(f.mode && f.mode !== "100644" ? { mode: f.mode } : {}),
            ...(symlink ? { target: f.raw } : { content: f.raw }),
          },
        ];
      })
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const primary = choosePrimary(skills, g.repo) ?? skills[0]!;
    inputs.push({ owner: g.owner, repo: g.repo, name: primary.name, description: primary.description, skills, folderFiles });
  }
  return inputs;
}

/** Every repository of a dataset folder (skills.jsonl, and files.jsonl when present) as scanner inputs. */
export async function scanInputsFromFolder(dir: string): Promise<ScanInput[]> {
  return scanInputsFromRows(await readRows(join(dir, "skills.jsonl")), await readRows(join(dir, "files.jsonl")));
}
