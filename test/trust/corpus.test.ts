// The development corpus (test/trust/corpus): every case gets its labelled verdict, the committed dataset
// files match the case sources, and every finding is grounded (its file exists, its line holds its excerpt).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ScanInput, scanRepository } from "../../src/build/trust/scan.js";
import { scanInputsFromFolder } from "../../src/node/trust-inputs.js";
import { Trust } from "../../src/schemas/trust.js";
import { corpusRows, type Label, toJsonl } from "./corpus/rows.js";
import { groundingProblems } from "./support/grounding.js";

const dir = join(import.meta.dirname, "corpus");
const labels: Label[] = readFileSync(join(dir, "labels.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));

describe("the development corpus", async () => {
  const inputs = await scanInputsFromFolder(dir);
  const byRepo = new Map<string, ScanInput>(inputs.map((i) => [`${i.owner}/${i.repo}`, i]));
  const results = labels.map((l) => ({ label: l, result: scanRepository(byRepo.get(`${l.owner}/${l.repo}`)!) }));

  it("is in the shared dataset's format and matches its sources", () => {
    const { skills, files, labels: generated } = corpusRows();
    expect(readFileSync(join(dir, "skills.jsonl"), "utf8")).toBe(toJsonl(skills));
    expect(readFileSync(join(dir, "files.jsonl"), "utf8")).toBe(toJsonl(files));
    expect(labels).toEqual(generated);
    expect(labels.filter((l) => l.verdict === "malicious").length).toBeGreaterThanOrEqual(40);
    expect(labels.filter((l) => l.verdict === "clean").length).toBeGreaterThanOrEqual(40);
    expect(inputs.length).toBe(labels.length);
  });

  it("covers every finding kind with a malicious case", () => {
    const kinds = new Set(labels.flatMap((l) => l.kinds));
    expect([...kinds].sort()).toEqual(
      [
        "backdoor",
        "credential-theft",
        "deceptive-metadata",
        "destructive",
        "exfiltration",
        "hidden-text",
        "obfuscation",
        "persistence",
        "prompt-injection",
        "remote-exec",
        "reverse-shell",
        "social-engineering",
        "tool-abuse",
      ].sort(),
    );
  });

  it("meets the targets: malicious cases flagged, none benign malicious, few benign suspicious", () => {
    // A case labelled suspicious is a malicious one whose right verdict is a warning (a deceptive description).
    const malicious = results.filter((r) => r.label.verdict !== "clean");
    const benign = results.filter((r) => r.label.verdict === "clean");
    const flagged = malicious.filter((r) => r.result.verdict !== "clean").length / malicious.length;
    const caught = malicious.filter((r) => r.result.verdict === "malicious").length / malicious.length;
    expect(flagged).toBeGreaterThanOrEqual(0.9);
    expect(caught).toBeGreaterThanOrEqual(0.8);
    expect(benign.filter((r) => r.result.verdict === "malicious").map((r) => r.label.repo)).toEqual([]);
    expect(benign.filter((r) => r.result.verdict === "suspicious").length / benign.length).toBeLessThanOrEqual(0.1);
  });

  it("gives every case its labelled verdict, with findings of the labelled kinds", () => {
    const wrong = results.filter((r) => r.result.verdict !== r.label.verdict).map((r) => `${r.label.repo}: ${r.result.verdict}`);
    expect(wrong).toEqual([]);
    for (const { label, result } of results.filter((r) => r.label.verdict !== "clean")) {
      const found = new Set(result.findings.map((f) => f.kind));
      expect(
        label.kinds.some((k) => found.has(k)),
        `${label.repo} has a finding of one of ${label.kinds}`,
      ).toBe(true);
    }
  });

  it("grounds every finding, and every result is a valid Trust", () => {
    for (const { label, result } of results) {
      Trust.parse(result);
      expect(groundingProblems(byRepo.get(`${label.owner}/${label.repo}`)!, result)).toEqual([]);
    }
  });
});
