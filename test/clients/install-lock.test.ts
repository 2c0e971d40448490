// skills-lock.json: every field of a lock read back is checked (a lock can arrive with a cloned
// project), the text written is one fixed form for one state, and the edits the commands make. With
// the folder state and the atomic writer the lock works with, on a real temporary disk.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sha256Hex } from "../../clients/typescript/src/install/digest.js";
import { InstallError } from "../../clients/typescript/src/install/errors.js";
import { folderState } from "../../clients/typescript/src/install/folder-state.js";
import {
  emptyLock,
  entriesFor,
  type Lock,
  type LockedSkill,
  parseLock,
  serializeLock,
  withoutSkill,
  withSkill,
} from "../../clients/typescript/src/install/lock.js";
import { readLock, writeLock } from "../../clients/typescript/src/install/lock-file.js";
import { removeFolder, replaceFolder } from "../../clients/typescript/src/install/writer.js";

const hex = (c: string) => c.repeat(64);
const pdf: LockedSkill = {
  name: "pdf",
  source: "anvil-dev/pdf",
  skillPath: "skills/pdf/SKILL.md",
  indexedCommit: "a".repeat(40),
  files: { "scripts/run.sh": hex("2"), "SKILL.md": hex("1") },
  executable: ["scripts/run.sh"],
};
const lockWith = (skills: Record<string, unknown>) => JSON.stringify({ version: 1, skills });

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), "install-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("parseLock", () => {
  it("reads back what serializeLock writes, for any order the state was built in", () => {
    const a = withSkill(withSkill(emptyLock(), ".claude/skills/pdf", pdf), ".agents/skills/pdf", pdf);
    const b = withSkill(withSkill(emptyLock(), ".agents/skills/pdf", pdf), ".claude/skills/pdf", { ...pdf, files: { ...pdf.files } });
    expect(serializeLock(a)).toBe(serializeLock(b));
    expect(parseLock(serializeLock(a), "skills-lock.json")).toEqual(a);
    const text = serializeLock(a);
    expect(text.endsWith("}\n")).toBe(true);
    // Keys sorted: the folders, and the files inside an entry.
    expect(text.indexOf(".agents/skills/pdf")).toBeLessThan(text.indexOf(".claude/skills/pdf"));
    expect(text.indexOf('"SKILL.md"')).toBeLessThan(text.indexOf('"scripts/run.sh"'));
    expect(JSON.parse(text).skills[".agents/skills/pdf"]).toEqual({
      name: "pdf",
      source: "anvil-dev/pdf",
      skillPath: "skills/pdf/SKILL.md",
      indexedCommit: "a".repeat(40),
      files: { "SKILL.md": hex("1"), "scripts/run.sh": hex("2") },
      executable: ["scripts/run.sh"],
    });
  });

  it.each([
    ["not JSON", "{", /not JSON/],
    ["another version", JSON.stringify({ version: 2, skills: {} }), /version is 2; this CLI reads version 1/],
    [
      "a folder that climbs out",
      lockWith({ "../../.bashrc.d/pdf": pdf }),
      /the folder "..\/..\/.bashrc.d\/pdf" is not safe: it climbs out with \.\./,
    ],
    ["an absolute folder", lockWith({ "/etc/pdf": pdf }), /is not safe: it is absolute/],
    ["a name that is not the folder's", lockWith({ ".agents/skills/other": pdf }), /name is not the last segment of its folder/],
    [
      "a file path that climbs out",
      lockWith({ ".agents/skills/pdf": { ...pdf, files: { "SKILL.md": hex("1"), "../x": hex("2") } } }),
      /files names "..\/x": it climbs out/,
    ],
    [
      "a digest that is not SHA-256",
      lockWith({ ".agents/skills/pdf": { ...pdf, files: { "SKILL.md": "abc" } } }),
      /is not a SHA-256 in hex/,
    ],
    ["no SKILL.md", lockWith({ ".agents/skills/pdf": { ...pdf, files: { "x.md": hex("1") } } }), /files has no SKILL.md/],
    ["a short commit", lockWith({ ".agents/skills/pdf": { ...pdf, indexedCommit: "abc1234" } }), /indexedCommit is not a 40-hex commit/],
    ["a bad source", lockWith({ ".agents/skills/pdf": { ...pdf, source: "a/b/c" } }), /source is not owner\/repo/],
    [
      "an executable file that is not locked",
      lockWith({ ".agents/skills/pdf": { ...pdf, executable: ["nope.sh"] } }),
      /executable is not a list/,
    ],
  ])("refuses %s, naming the file and the field", (_, text, message) => {
    expect(() => parseLock(text, "/p/skills-lock.json")).toThrow(InstallError);
    expect(() => parseLock(text, "/p/skills-lock.json")).toThrow(/^\/p\/skills-lock.json is not a valid lock file: /);
    expect(() => parseLock(text, "/p/skills-lock.json")).toThrow(message);
  });
});

describe("the commands' edits", () => {
  const lock: Lock = withSkill(
    withSkill(withSkill(emptyLock(), ".agents/skills/pdf", pdf), ".claude/skills/pdf", pdf),
    ".agents/skills/docx",
    { ...pdf, name: "docx", source: "anvil-dev/docx" },
  );

  it("find entries by name and by skills folder, in folder order", () => {
    expect(entriesFor(lock).map(([d]) => d)).toEqual([".agents/skills/docx", ".agents/skills/pdf", ".claude/skills/pdf"]);
    expect(entriesFor(lock, "pdf").map(([d]) => d)).toEqual([".agents/skills/pdf", ".claude/skills/pdf"]);
    expect(entriesFor(lock, "pdf", ".claude/skills").map(([d]) => d)).toEqual([".claude/skills/pdf"]);
    expect(entriesFor(lock, undefined, ".agents/skills").map(([d]) => d)).toEqual([".agents/skills/docx", ".agents/skills/pdf"]);
    expect(entriesFor(lock, "pdf", ".agents")).toEqual([]);
  });

  it("replace and drop one entry without touching the others", () => {
    const moved = withSkill(lock, ".agents/skills/pdf", { ...pdf, indexedCommit: "b".repeat(40) });
    expect(moved.skills[".agents/skills/pdf"]!.indexedCommit).toBe("b".repeat(40));
    expect(moved.skills[".claude/skills/pdf"]).toEqual(pdf);
    expect(Object.keys(withoutSkill(lock, ".claude/skills/pdf").skills).sort()).toEqual([".agents/skills/docx", ".agents/skills/pdf"]);
    expect(Object.keys(lock.skills)).toHaveLength(3);
  });
});

describe("the lock on disk", () => {
  it("reads as empty when absent, is replaced whole, and goes away when its last entry does", async () => {
    const dir = scratch();
    const file = join(dir, "skills-lock.json");
    expect(await readLock(file)).toEqual(emptyLock());
    const lock = withSkill(emptyLock(), ".agents/skills/pdf", pdf);
    await writeLock(file, lock);
    expect(readFileSync(file, "utf8")).toBe(serializeLock(lock));
    expect(await readLock(file)).toEqual(lock);
    expect(readdirSync(dir)).toEqual(["skills-lock.json"]);
    await writeLock(file, withoutSkill(lock, ".agents/skills/pdf"));
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a broken lock rather than reading it as empty", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "skills-lock.json"), "[]");
    await expect(readLock(join(dir, "skills-lock.json"))).rejects.toThrow(/is not a valid lock file: not an object/);
  });
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe("folderState", () => {
  it("tells an untouched folder from an edited, extended, shortened or missing one", async () => {
    const root = scratch();
    const folder = join(root, "pdf");
    const files = { "SKILL.md": sha256Hex(bytes("# pdf\n")), "scripts/run.sh": sha256Hex(bytes("echo hi\n")) };
    expect(await folderState(folder, files)).toEqual({ state: "missing" });
    mkdirSync(join(folder, "scripts"), { recursive: true });
    writeFileSync(join(folder, "SKILL.md"), "# pdf\n");
    writeFileSync(join(folder, "scripts", "run.sh"), "echo hi\n");
    expect(await folderState(folder, files)).toEqual({ state: "unchanged" });
    writeFileSync(join(folder, "SKILL.md"), "# pdf, edited\n");
    writeFileSync(join(folder, "notes.md"), "mine\n");
    rmSync(join(folder, "scripts", "run.sh"));
    expect(await folderState(folder, files)).toEqual({ state: "changed", changed: ["SKILL.md", "notes.md", "scripts/run.sh"] });
  });

  it("counts a symlink put in the folder as a change, without following it", async () => {
    const root = scratch();
    const folder = join(root, "pdf");
    mkdirSync(folder);
    writeFileSync(join(folder, "SKILL.md"), "# pdf\n");
    symlinkSync("/etc/hostname", join(folder, "link"));
    expect(await folderState(folder, { "SKILL.md": sha256Hex(bytes("# pdf\n")) })).toEqual({ state: "changed", changed: ["link"] });
  });
});

describe("replaceFolder", () => {
  const files = [
    { path: "SKILL.md", bytes: bytes("# pdf\n"), executable: false },
    { path: "scripts/deep/run.sh", bytes: bytes("#!/bin/sh\necho hi\n"), executable: true },
  ];

  it("writes the folder with its modes, and on commit leaves nothing else beside it", async () => {
    const root = scratch();
    const target = join(root, ".agents", "skills", "pdf");
    const swap = await replaceFolder(root, target, files);
    await swap.commit();
    expect(readFileSync(join(target, "scripts", "deep", "run.sh"), "utf8")).toBe("#!/bin/sh\necho hi\n");
    expect(statSync(join(target, "scripts", "deep", "run.sh")).mode & 0o111).not.toBe(0);
    expect(statSync(join(target, "SKILL.md")).mode & 0o111).toBe(0);
    expect(readdirSync(join(root, ".agents", "skills"))).toEqual(["pdf"]);
  });

  it("makes a global root that does not exist yet, and unmakes it when the write fails", async () => {
    const home = scratch();
    const root = join(home, ".config", "opencode");
    const clash = [...files, { path: "SKILL.md", bytes: bytes("again\n"), executable: false }];
    await expect(replaceFolder(root, join(root, "skills", "pdf"), clash)).rejects.toThrow();
    expect(readdirSync(home)).toEqual([]);
    const swap = await replaceFolder(root, join(root, "skills", "pdf"), files);
    await swap.undo();
    expect(readdirSync(home)).toEqual([]);
    await (await replaceFolder(root, join(root, "skills", "pdf"), files)).commit();
    expect(readdirSync(join(root, "skills", "pdf")).sort()).toEqual(["SKILL.md", "scripts"]);
  });

  it("undo puts the previous folder back, byte for byte", async () => {
    const root = scratch();
    const target = join(root, "pdf");
    mkdirSync(target);
    writeFileSync(join(target, "SKILL.md"), "old\n");
    const swap = await replaceFolder(root, target, files);
    expect(readFileSync(join(target, "SKILL.md"), "utf8")).toBe("# pdf\n");
    await swap.undo();
    expect(readdirSync(root)).toEqual(["pdf"]);
    expect(readdirSync(target)).toEqual(["SKILL.md"]);
    expect(readFileSync(join(target, "SKILL.md"), "utf8")).toBe("old\n");
  });

  it("fails without a trace: no stage, no parent folders it made, the old folder untouched", async () => {
    const root = scratch();
    // Two files at one path: the second write fails part-way through the stage.
    const clash = [...files, { path: "SKILL.md", bytes: bytes("again\n"), executable: false }];
    await expect(replaceFolder(root, join(root, ".agents", "skills", "pdf"), clash)).rejects.toThrow();
    expect(readdirSync(root)).toEqual([]);
    mkdirSync(join(root, "pdf"));
    writeFileSync(join(root, "pdf", "SKILL.md"), "old\n");
    await expect(replaceFolder(root, join(root, "pdf"), clash)).rejects.toThrow();
    expect(readdirSync(root)).toEqual(["pdf"]);
    expect(readFileSync(join(root, "pdf", "SKILL.md"), "utf8")).toBe("old\n");
  });

  it("refuses to write or remove through a symlinked folder, and a path that climbs out", async () => {
    const root = scratch();
    const elsewhere = scratch();
    symlinkSync(elsewhere, join(root, ".agents"));
    await expect(replaceFolder(root, join(root, ".agents", "skills", "pdf"), files)).rejects.toThrow(/it is a symlink/);
    await expect(removeFolder(root, join(root, ".agents", "skills", "pdf"))).rejects.toThrow(/it is a symlink/);
    expect(readdirSync(elsewhere)).toEqual([]);
    await expect(replaceFolder(root, join(root, "x"), [{ path: "../escape", bytes: bytes("x"), executable: false }])).rejects.toThrow(
      /climbs out/,
    );
    expect(readdirSync(root)).toEqual([".agents"]);
  });

  it("removeFolder takes the empty skills folders above with it, up to the root", async () => {
    const root = scratch();
    const swap = await replaceFolder(root, join(root, ".agents", "skills", "pdf"), files);
    await swap.commit();
    writeFileSync(join(root, "skills-lock.json"), "{}");
    await removeFolder(root, join(root, ".agents", "skills", "pdf"));
    expect(readdirSync(root)).toEqual(["skills-lock.json"]);
  });
});
