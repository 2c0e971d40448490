// Path safety of the installer: which paths from the API or a lock may become places on disk, where
// a listed file lands in the installed folder, which names may be folder names, and which targets
// --agent, --global and --dir name.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENTS, targetFor } from "../../clients/typescript/src/install/agents.js";
import { InstallError } from "../../clients/typescript/src/install/errors.js";
import { checkedPath, folderOf, isSkillName, relativeToSkill, unsafeReason } from "../../clients/typescript/src/install/paths.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { PlatformsFile } from "../../src/schemas/dataset.js";

describe("unsafeReason", () => {
  it.each([["SKILL.md"], ["scripts/run.sh"], ["a/b/c/d.txt"], [".hidden/file"], ["..dots-are-a-name"], ["name..md"]])(
    "accepts %s",
    (path) => {
      expect(unsafeReason(path)).toBeUndefined();
    },
  );

  it.each([
    ["", "it is empty"],
    ["/etc/passwd", "it is absolute"],
    ["C:/Windows/system.ini", "it is absolute"],
    ["c:evil", "it is absolute"],
    ["../outside", "it climbs out with .."],
    ["skills/pdf/../../../etc/cron.d/x", "it climbs out with .."],
    ["a/..", "it climbs out with .."],
    ["a\\..\\b", "it holds a backslash"],
    ["a//b", "it has an empty or . segment"],
    ["./a", "it has an empty or . segment"],
    ["a/", "it has an empty or . segment"],
    ["a\0b", "it holds a NUL character"],
  ])("refuses %j: %s", (path, reason) => {
    expect(unsafeReason(path)).toBe(reason);
    expect(() => checkedPath(path, "the file")).toThrow(InstallError);
    expect(() => checkedPath(path, "the file")).toThrow(`refusing the file ${JSON.stringify(path)}: ${reason}`);
  });
});

describe("where a listed file lands", () => {
  it("is its path below the SKILL.md's folder, nested folders kept", () => {
    expect(folderOf("skills/pdf/SKILL.md")).toBe("skills/pdf");
    expect(folderOf("SKILL.md")).toBe("");
    expect(relativeToSkill("skills/pdf/SKILL.md", "skills/pdf/SKILL.md")).toBe("SKILL.md");
    expect(relativeToSkill("skills/pdf/scripts/deep/run.sh", "skills/pdf/SKILL.md")).toBe("scripts/deep/run.sh");
    expect(relativeToSkill("README.md", "SKILL.md")).toBe("README.md");
  });

  it("is nowhere for a file outside the folder, including a sibling whose name starts the same", () => {
    expect(relativeToSkill("skills/other/SKILL.md", "skills/pdf/SKILL.md")).toBeUndefined();
    expect(relativeToSkill("skills/pdf-ocr/SKILL.md", "skills/pdf/SKILL.md")).toBeUndefined();
    expect(relativeToSkill("README.md", "skills/pdf/SKILL.md")).toBeUndefined();
  });
});

describe("isSkillName", () => {
  it("takes the Agent Skills names and nothing that could be a path", () => {
    for (const name of ["pdf", "pdf-tools", "k8s-2", "résumé", "文档"]) expect(isSkillName(name), name).toBe(true);
    for (const name of ["", "..", ".", "a/b", "a\\b", "PDF", "-pdf", "pdf-", "a--b", "a b", "x".repeat(65)])
      expect(isSkillName(name), name).toBe(false);
  });
});

describe("targetFor", () => {
  const cwd = join("/", "home", "ada", "project");
  const home = join("/", "home", "ada");

  it("is .agents/skills/ in the project by default, with the lock at the project's root", () => {
    expect(targetFor({ cwd, home })).toEqual({ root: cwd, lockFile: join(cwd, "skills-lock.json"), skills: ".agents/skills" });
  });

  it("is each agent's project folder, and its user folder with --global, the lock beside it", () => {
    expect(targetFor({ cwd, home, agent: "claude-code" }).skills).toBe(".claude/skills");
    expect(targetFor({ cwd, home, agent: "github-copilot" }).skills).toBe(".github/skills");
    expect(targetFor({ cwd, home, agent: "claude-code", global: true })).toEqual({
      root: join(home, ".claude"),
      lockFile: join(home, ".claude", "skills-lock.json"),
      skills: "skills",
    });
    expect(targetFor({ cwd, home, agent: "opencode", global: true })).toEqual({
      root: join(home, ".config", "opencode"),
      lockFile: join(home, ".config", "opencode", "skills-lock.json"),
      skills: "skills",
    });
    expect(targetFor({ cwd, home, global: true }).root).toBe(join(home, ".agents"));
  });

  it("is --dir inside the project, and refuses one outside it or combined with --agent", () => {
    expect(targetFor({ cwd, home, dir: "tools/skills" }).skills).toBe("tools/skills");
    expect(targetFor({ cwd, home, dir: join(cwd, "x") }).skills).toBe("x");
    expect(() => targetFor({ cwd, home, dir: "../elsewhere" })).toThrow(/outside the current project/);
    expect(() => targetFor({ cwd, home, dir: "/tmp/x" })).toThrow(/outside the current project/);
    expect(() => targetFor({ cwd, home, dir: "x", agent: "codex" })).toThrow(/without --agent or --global/);
    expect(() => targetFor({ cwd, home, agent: "chatgpt" })).toThrow(/unknown agent "chatgpt"; the agents are: claude-code, codex/);
  });

  it("names the agents the issue names, each folder one the directory lists for that platform", () => {
    expect(Object.keys(AGENTS)).toEqual(["claude-code", "codex", "cursor", "github-copilot", "gemini-cli", "opencode"]);
    const platforms = PlatformsFile.parse(JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "platforms.json"), "utf8"))).platforms;
    for (const [id, folders] of Object.entries(AGENTS)) {
      const paths = platforms.find((p) => p.id === id)?.installPaths;
      expect(paths, id).toEqual([`${folders.project}/`, `~/${folders.global}/`]);
    }
  });
});
