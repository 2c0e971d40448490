// `skills-directory install`, `update`, `remove` and `installed` end to end: the built CLI run as a
// process against two test sites served by wrangler pages dev, the directory before and after a crawl
// (version 1 and 2 of install-site.ts). Every byte written is compared with the dataset, the lock
// file with what the API says, and every refusal must leave the project exactly as it was.
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { buildCliPackage, type Run, runCli } from "./cli-package.js";
import { tamperHostile, trustFixtures } from "./install-hostile.js";
import { EXTRACT_SH, installRecords, sha256, writeInstallDataset } from "./install-site.js";

const LIMITS = { RATE_LIMIT_ANONYMOUS: "1000000", RATE_LIMIT_AUTHENTICATED: "1000000", RATE_LIMIT_PREMIUM: "1000000" };

let work: string;
let pkg: { dir: string; bin: string };
const servers: PagesDev[] = [];
let v1: string;
let v2: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "skills-install-"));
  pkg = buildCliPackage();
  const sites = await Promise.all(
    ([1, 2] as const).map(async (version) => {
      const dir = join(work, `v${version}`);
      await writeInstallDataset(join(dir, "data"), version);
      await build({ dataDir: join(dir, "data"), outDir: join(dir, "site"), page: false, workers: 1 });
      await trustFixtures(join(dir, "site"));
      if (version === 1) await tamperHostile(join(dir, "site"));
      return join(dir, "site");
    }),
  );
  for (const siteDir of sites) servers.push(await startPagesDev({ siteDir, vars: LIMITS }));
  [v1, v2] = servers.map((s) => s.api) as [string, string];
}, 300_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const s of servers) rmSync(s.persistTo, { recursive: true, force: true });
  rmSync(pkg.dir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** A fresh project folder and home folder. */
function project() {
  const root = mkdtempSync(join(work, "project-"));
  const cwd = join(root, "app");
  const home = join(root, "home");
  mkdirSync(cwd);
  mkdirSync(home);
  const cli = (args: string[], api = v1): Promise<Run> => runCli(pkg.bin, args, cwd, { SKILLS_API_URL: api, HOME: home });
  return { root, cwd, home, cli };
}

/** Everything under `dir` (hidden files, empty folders and links included), with type, mode and digest. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string, rel: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      const r = rel ? `${rel}/${name}` : name;
      const s = lstatSync(path);
      if (s.isSymbolicLink()) out.push(`${r} -> ${readlinkSync(path)}`);
      else if (s.isDirectory()) {
        out.push(`${r}/`);
        walk(path, r);
      } else out.push(`${r} ${(s.mode & 0o777).toString(8)} ${createHash("sha256").update(readFileSync(path)).digest("hex")}`);
    }
  };
  walk(dir, "");
  return out;
}

const api = async (base: string, path: string) => {
  const res = await fetch(`${base}${path}`);
  // biome-ignore lint/suspicious/noExplicitAny: the tests read fields of the detail and the listing
  return (await res.json()) as { data: any };
};

const dataset = (version: 1 | 2) => installRecords(version).find((r) => r.repo === "pdf-tools")!;
/** The files of the pdf skill's folder in the dataset, by path inside the folder. */
function pdfFolder(version: 1 | 2): Record<string, string> {
  const r = dataset(version);
  const out: Record<string, string> = { "SKILL.md": r.files.find((f) => f.path === "skills/pdf/SKILL.md")!.content };
  for (const f of r.folderFiles ?? []) if (f.path.startsWith("skills/pdf/")) out[f.path.slice("skills/pdf/".length)] = f.content!;
  return out;
}

describe("install <owner>/<repo>", () => {
  it("writes every file of the skill's folder, byte for byte, nested folders and the script's mode kept, and locks it", async () => {
    const p = project();
    const r = await p.cli(["install", "kit/pdf-tools"]);
    const detail = (await api(v1, "/skills/kit/pdf-tools")).data;
    const listing = (await api(v1, "/skills/kit/pdf-tools/files")).data as { path: string; sha256: string; mode?: string }[];
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`installed pdf from kit/pdf-tools@${detail.indexedCommit.slice(0, 7)} in .agents/skills/pdf (4 files)\n`);
    const folder = join(p.cwd, ".agents", "skills", "pdf");
    const expected = pdfFolder(1);
    expect(Object.keys(expected).sort()).toEqual(["SKILL.md", "reference/forms/fields.md", "reference/guide.md", "scripts/extract.sh"]);
    for (const [rel, content] of Object.entries(expected)) expect(readFileSync(join(folder, rel), "utf8"), rel).toBe(content);
    const script = listing.find((f) => f.path === "skills/pdf/scripts/extract.sh")!;
    const scriptMode = lstatSync(join(folder, "scripts", "extract.sh")).mode & 0o777;
    // Executable exactly when the listing says its git mode is 100755.
    expect(scriptMode).toBe(script.mode === "100755" ? 0o755 : 0o644);
    expect(tree(p.cwd).filter((l) => !l.startsWith(".agents/skills/pdf/"))).toEqual([
      ".agents/",
      ".agents/skills/",
      expect.stringMatching(/^skills-lock\.json 644 /),
    ]);
    expect(tree(folder)).toEqual(
      ["reference/", "reference/forms/", "scripts/", ...Object.keys(expected)]
        .sort()
        .map((rel) =>
          rel.endsWith("/") ? rel : `${rel} ${(rel.endsWith(".sh") ? scriptMode : 0o644).toString(8)} ${sha256(expected[rel]!)}`,
        ),
    );
    const lock = JSON.parse(readFileSync(join(p.cwd, "skills-lock.json"), "utf8"));
    expect(lock).toEqual({
      version: 1,
      skills: {
        ".agents/skills/pdf": {
          name: "pdf",
          source: "kit/pdf-tools",
          skillPath: "skills/pdf/SKILL.md",
          indexedCommit: detail.indexedCommit,
          files: Object.fromEntries(Object.entries(expected).map(([rel, content]) => [rel, sha256(content)])),
          ...(script.mode === "100755" ? { executable: ["scripts/extract.sh"] } : {}),
        },
      },
    });
    // The lock's digests are the listing's.
    for (const [rel, digest] of Object.entries(lock.skills[".agents/skills/pdf"].files))
      expect(listing.find((f) => f.path === `skills/pdf/${rel}`)!.sha256).toBe(digest);
  });

  it("installs another skill of the repository by name into an agent's folder, and --global into the user's", async () => {
    const p = project();
    const r = await p.cli(["install", "kit/pdf-tools/pdf-ocr", "--agent", "claude-code"]);
    expect([r.status, r.stderr]).toEqual([0, ""]);
    expect(tree(join(p.cwd, ".claude"))).toEqual([
      "skills/",
      "skills/pdf-ocr/",
      `skills/pdf-ocr/SKILL.md 644 ${sha256(dataset(1).files[1]!.content)}`,
      `skills/pdf-ocr/notes.txt 644 ${sha256("OCR notes: tesseract, 300 dpi.\n")}`,
    ]);
    const g = await p.cli(["install", "kit/pdf-tools", "--agent", "codex", "--global"]);
    expect([g.status, g.stderr]).toEqual([0, ""]);
    expect(g.stdout).toMatch(/in skills\/pdf \(4 files\)\n$/);
    expect(readFileSync(join(p.home, ".codex", "skills", "pdf", "SKILL.md"), "utf8")).toBe(pdfFolder(1)["SKILL.md"]);
    expect(Object.keys(JSON.parse(readFileSync(join(p.home, ".codex", "skills-lock.json"), "utf8")).skills)).toEqual(["skills/pdf"]);
    const none = await p.cli(["install", "kit/pdf-tools/no-such"]);
    expect(none.status).toBe(1);
    expect(none.stderr).toBe('error: kit/pdf-tools has no skill named "no-such"; its skills are: pdf, pdf-ocr\n');
  });

  it("with --dir writes inside the project, and refuses a folder outside it", async () => {
    const p = project();
    expect((await p.cli(["install", "kit/pdf-tools", "--dir", "vendor/skills"])).status).toBe(0);
    expect(readdirSync(join(p.cwd, "vendor", "skills", "pdf")).sort()).toEqual(["SKILL.md", "reference", "scripts"]);
    expect(Object.keys(JSON.parse(readFileSync(join(p.cwd, "skills-lock.json"), "utf8")).skills)).toEqual(["vendor/skills/pdf"]);
    const before = tree(p.root);
    const out = await p.cli(["install", "kit/pdf-tools", "--dir", "../outside"]);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/^error: --dir "..\/outside" is outside the current project/);
    expect(tree(p.root)).toEqual(before);
  });

  it("shows progress on stderr: one line a file with --verbose, nothing when not a terminal", async () => {
    const p = project();
    const quiet = await p.cli(["install", "kit/many-pages"]);
    expect([quiet.status, quiet.stderr]).toEqual([0, ""]);
    const q = project();
    const loud = await q.cli(["install", "kit/many-pages", "--verbose"]);
    expect(loud.status).toBe(0);
    const lines = loud.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(41);
    for (const line of lines) expect(line).toMatch(/^fetched (\d+)\/41 (SKILL\.md|pages\/page-\d\d\.md) \(\d+ bytes\)$/);
    expect(lines.map((l) => Number(/fetched (\d+)/.exec(l)![1]))).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    expect(tree(join(p.cwd, ".agents"))).toEqual(tree(join(q.cwd, ".agents")));
  });
});

describe("the lock", () => {
  it("restores exactly the locked files, leaves an intact folder alone, and lists what is installed", async () => {
    const p = project();
    expect((await p.cli(["install", "kit/pdf-tools"])).status).toBe(0);
    expect((await p.cli(["install", "kit/pdf-tools/pdf-ocr", "--agent", "cursor"])).status).toBe(0);
    const installed = tree(p.cwd);
    rmSync(join(p.cwd, ".agents"), { recursive: true });
    const r = await p.cli(["install"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(
      /^restored pdf in \.agents\/skills\/pdf \(kit\/pdf-tools@[0-9a-f]{7}, 4 files\)\npdf-ocr in \.cursor\/skills\/pdf-ocr is as locked/,
    );
    expect(tree(p.cwd)).toEqual(installed);
    const list = await p.cli(["installed"]);
    expect(list.stdout.split("\n").map((l) => l.split(/\s{2,}/))).toEqual([
      ["NAME", "SOURCE", "FILES", "STATE", "FOLDER"],
      ["pdf", expect.stringMatching(/^kit\/pdf-tools@[0-9a-f]{7}$/), "4", "unchanged", ".agents/skills/pdf"],
      ["pdf-ocr", expect.stringMatching(/^kit\/pdf-tools@[0-9a-f]{7}$/), "2", "unchanged", ".cursor/skills/pdf-ocr"],
      [""],
    ]);
    writeFileSync(join(p.cwd, ".cursor", "skills", "pdf-ocr", "notes.txt"), "mine\n");
    const json = JSON.parse((await p.cli(["list", "--installed", "--json"])).stdout);
    expect(json.skills.map((s: { dir: string; state: string; changed?: string[] }) => [s.dir, s.state, s.changed])).toEqual([
      [".agents/skills/pdf", "unchanged", undefined],
      [".cursor/skills/pdf-ocr", "changed", ["notes.txt"]],
    ]);
  });

  it("fails the restore naming the file when the directory now serves different bytes, and --update takes them", async () => {
    const p = project();
    expect((await p.cli(["install", "kit/pdf-tools"])).status).toBe(0);
    const lockBefore = readFileSync(join(p.cwd, "skills-lock.json"), "utf8");
    rmSync(join(p.cwd, ".agents", "skills", "pdf"), { recursive: true });
    const before = tree(p.root);
    const r = await p.cli(["install"], v2);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `error: .agents/skills/pdf/scripts/extract.sh: the directory now serves different bytes for skills/pdf/scripts/extract.sh (locked ${sha256(EXTRACT_SH[1])}, served ${sha256(EXTRACT_SH[2])}); --update installs what it serves now\n`,
    );
    expect(tree(p.root)).toEqual(before);
    const u = await p.cli(["install", "--update"], v2);
    expect([u.status, u.stderr]).toEqual([0, ""]);
    const commit = (await api(v2, "/skills/kit/pdf-tools")).data.indexedCommit as string;
    expect(u.stdout).toMatch(
      new RegExp(`^updated pdf in \\.agents/skills/pdf: kit/pdf-tools@[0-9a-f]{7} -> ${commit.slice(0, 7)} \\(5 files\\)\\n$`),
    );
    for (const [rel, content] of Object.entries(pdfFolder(2)))
      expect(readFileSync(join(p.cwd, ".agents", "skills", "pdf", rel), "utf8")).toBe(content);
    const lock = JSON.parse(readFileSync(join(p.cwd, "skills-lock.json"), "utf8"));
    expect(lock.skills[".agents/skills/pdf"].indexedCommit).toBe(commit);
    expect(lock.skills[".agents/skills/pdf"].files["reference/changelog.md"]).toBe(sha256("# Changes\n\n- keep the layout\n"));
    expect(lockBefore).not.toBe(readFileSync(join(p.cwd, "skills-lock.json"), "utf8"));
  });

  it("update brings a skill to what is served now, and says when it already is", async () => {
    const p = project();
    expect((await p.cli(["install", "kit/pdf-tools"])).status).toBe(0);
    const same = await p.cli(["update"]);
    expect(same.stdout).toMatch(/^pdf in \.agents\/skills\/pdf is up to date \(kit\/pdf-tools@[0-9a-f]{7}\)\n$/);
    const r = await p.cli(["update", "pdf"], v2);
    expect([r.status, r.stderr]).toEqual([0, ""]);
    expect(r.stdout).toMatch(/^updated pdf in \.agents\/skills\/pdf: /);
    expect(readFileSync(join(p.cwd, ".agents", "skills", "pdf", "scripts", "extract.sh"), "utf8")).toBe(EXTRACT_SH[2]);
    const missing = await p.cli(["update", "docx"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^error: docx is not installed \(no entry in .*skills-lock\.json\)\n$/);
  });

  it("never replaces or removes a folder the user changed, unless --force", async () => {
    const p = project();
    expect((await p.cli(["install", "kit/pdf-tools"])).status).toBe(0);
    const skill = join(p.cwd, ".agents", "skills", "pdf", "SKILL.md");
    writeFileSync(skill, "my own edits\n");
    writeFileSync(join(p.cwd, ".agents", "skills", "pdf", "mine.md"), "notes\n");
    const before = tree(p.root);
    for (const args of [["install", "kit/pdf-tools"], ["update"], ["remove", "pdf"], ["install", "--update"]]) {
      const r = await p.cli(args, v2);
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr).toBe(
        "error: .agents/skills/pdf was changed since it was installed; --force replaces it\n  changed: SKILL.md\n  changed: mine.md\n",
      );
      expect(tree(p.root)).toEqual(before);
    }
    const forced = await p.cli(["install", "kit/pdf-tools", "--force"]);
    expect([forced.status, forced.stderr]).toEqual([0, ""]);
    expect(readFileSync(skill, "utf8")).toBe(pdfFolder(1)["SKILL.md"]);
    expect(readdirSync(join(p.cwd, ".agents", "skills", "pdf")).sort()).toEqual(["SKILL.md", "reference", "scripts"]);
    // A folder that was never installed is not replaced either.
    mkdirSync(join(p.cwd, ".claude", "skills", "pdf"), { recursive: true });
    writeFileSync(join(p.cwd, ".claude", "skills", "pdf", "SKILL.md"), "hand-made\n");
    const foreign = await p.cli(["install", "kit/pdf-tools", "--agent", "claude-code"]);
    expect(foreign.status).toBe(1);
    expect(foreign.stderr).toMatch(/^error: \.claude\/skills\/pdf already exists and was not installed by skills-directory/);
  });

  it("remove takes the folder and its entry away; the lock goes with the last one", async () => {
    const p = project();
    expect((await p.cli(["install", "kit/pdf-tools"])).status).toBe(0);
    expect((await p.cli(["install", "kit/pdf-tools", "--agent", "gemini-cli"])).status).toBe(0);
    const twice = await p.cli(["remove", "pdf"]);
    expect(twice.status).toBe(1);
    expect(twice.stderr).toBe(
      "error: pdf is installed in 2 folders (.agents/skills/pdf, .gemini/skills/pdf); say which with --agent or --dir\n",
    );
    const one = await p.cli(["remove", "pdf", "--agent", "gemini-cli"]);
    expect([one.status, one.stdout]).toEqual([0, "removed pdf from .gemini/skills/pdf\n"]);
    expect(readdirSync(p.cwd).sort()).toEqual([".agents", "skills-lock.json"]);
    expect((await p.cli(["remove", "pdf"])).status).toBe(0);
    expect(readdirSync(p.cwd)).toEqual([]);
    expect((await p.cli(["installed"])).stdout).toMatch(/^no skill installed/);
  });

  it("refuses a lock that would write outside the project, before anything is fetched or written", async () => {
    const p = project();
    const hostile = {
      version: 1,
      skills: {
        "../../escape/pdf": {
          name: "pdf",
          source: "kit/pdf-tools",
          skillPath: "skills/pdf/SKILL.md",
          indexedCommit: "a".repeat(40),
          files: { "SKILL.md": "b".repeat(64) },
        },
      },
    };
    writeFileSync(join(p.cwd, "skills-lock.json"), JSON.stringify(hostile));
    const before = tree(p.root);
    const r = await p.cli(["install"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /skills-lock\.json is not a valid lock file: the folder "\.\.\/\.\.\/escape\/pdf" is not safe: it climbs out with \.\.\n$/,
    );
    expect(tree(p.root)).toEqual(before);
  });
});

describe("refusals leave nothing on disk", () => {
  const refused = async (args: string[], stderr: RegExp | string) => {
    const p = project();
    const r = await p.cli(args);
    expect(r.status).toBe(1);
    if (typeof stderr === "string") expect(r.stderr).toBe(stderr);
    else expect(r.stderr).toMatch(stderr);
    expect(r.stdout).toBe("");
    expect(tree(p.root)).toEqual(["app/", "home/"]);
    return r;
  };

  it("a malicious skill, with its findings", async () => {
    const r = await refused(
      ["install", "kit/evil-tool", "--yes", "--force"],
      /^error: refusing kit\/evil-tool: the directory judged it malicious\n {2}critical /,
    );
    expect(r.stderr).toContain("at SKILL.md:");
  });

  it("a suspicious skill with no terminal and no --yes, after showing its findings; --yes installs it", async () => {
    const r = await refused(
      ["install", "kit/odd-tool"],
      /^kit\/odd-tool was judged suspicious; the scanner's findings:\n {2}\w+ [\w-]+ at .+\nerror: not installed: kit\/odd-tool was judged suspicious; read the findings above, and pass --yes to install it anyway\n$/s,
    );
    expect(r.stderr).not.toContain("[y/N]");
    const p = project();
    const yes = await p.cli(["install", "kit/odd-tool", "--yes"]);
    expect(yes.status).toBe(0);
    expect(yes.stderr).toMatch(/installing it anyway \(--yes\)\n$/);
    expect(readdirSync(join(p.cwd, ".agents", "skills"))).toEqual(["odd-tool"]);
  });

  it("a folder listing paths that climb out or are absolute, naming each", async () => {
    await refused(
      ["install", "kit/traversal"],
      'error: refusing kit/traversal: 2 files cannot be installed safely\n  "../../escape.sh": it climbs out with ..\n  "/tmp/absolute.sh": it is absolute\n',
    );
  });

  it("a folder holding a symlink, and one holding a binary file the API cannot serve", async () => {
    await refused(
      ["install", "kit/with-symlink"],
      "error: refusing kit/with-symlink: 1 file cannot be installed safely\n  secrets: a symlink file, which the installer never writes\n",
    );
    await refused(
      ["install", "kit/with-binary"],
      "error: refusing kit/with-binary: 1 file cannot be installed safely\n  assets/logo.png: a binary file, which the API does not serve\n",
    );
  });

  it("a file whose bytes do not match its listed digest", async () => {
    await refused(
      ["install", "kit/bad-digest"],
      new RegExp(
        `^error: notes\\.md: the bytes served do not match its SHA-256 \\(expected ${"0".repeat(64)}, got ${sha256("notes\n")}\\); nothing was written\\n$`,
      ),
    );
  });
});

describe("the command line", () => {
  it("says what is wrong with a flag in one line", async () => {
    const p = project();
    const r = await p.cli(["install", "kit/pdf-tools", "--agent", "vim"]);
    expect([r.status, r.stderr]).toEqual([
      1,
      'error: unknown agent "vim"; the agents are: claude-code, codex, cursor, github-copilot, gemini-cli, opencode\n',
    ]);
    const flag = await p.cli(["install", "kit/pdf-tools", "--agnet", "codex"]);
    expect([flag.status, flag.stderr]).toEqual([2, "skills-directory: unknown option --agnet (see skills-directory install --help)\n"]);
    expect(tree(p.root)).toEqual(["app/", "home/"]);
  });
});
