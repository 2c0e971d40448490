// What the installer reads from the API, narrowed to the fields it uses: the client satisfies this
// interface, and tests may hand it any object that does. The answers are someone else's claims, so
// plan.ts checks every field the installer acts on before it is used.

/** One file of a skill folder as the files listing gives it. */
export interface FileEntry {
  path: string;
  size: number;
  kind: string;
  sha: string;
  sha256: string;
  skill: string;
  /** Git mode when not 100644 (100755: executable), when the API gives it. */
  mode?: string;
}

export interface FindingLike {
  rule: string;
  kind: string;
  severity: string;
  file: string;
  line: number;
  excerpt: string;
  why: string;
}

export interface DetailForInstall {
  owner: string;
  repo: string;
  name: string;
  skills: { name: string; path: string }[];
  indexedCommit?: string;
  trust?: { verdict: string; findings: FindingLike[] };
}

export interface SkillSource {
  getSkill(owner: string, repo: string): Promise<{ data: DetailForInstall }>;
  listSkillFiles(owner: string, repo: string): Promise<{ data: FileEntry[] }>;
  getSkillContent(owner: string, repo: string, params: { path: string }): Promise<{ data: { content: string; sha256?: string } }>;
}
