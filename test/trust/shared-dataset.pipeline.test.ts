// The scanner over the shared dataset's real skills (almost all benign, security skills among them): no
// repository is judged malicious, few suspicious, and every finding is grounded. Skips when ../shared is absent.
import { describe, expect, it } from "vitest";
import { scanRepository } from "../../src/build/trust/scan.js";
import { SHARED_DATASET, sharedDatasetPresent } from "../../src/node/shared-dataset.js";
import { scanInputsFromFolder } from "../../src/node/trust-inputs.js";
import { groundingProblems } from "./support/grounding.js";

const present = sharedDatasetPresent();
if (!present) console.warn(`skipping the shared-dataset trust test: no dataset at ${SHARED_DATASET}`);

describe.skipIf(!present)("the scanner on the shared dataset", () => {
  it("finds no real repository malicious, at most 2% suspicious, every finding grounded", { timeout: 600_000 }, async () => {
    const inputs = await scanInputsFromFolder(SHARED_DATASET);
    expect(inputs.length).toBeGreaterThan(400);
    const counts = { malicious: [] as string[], suspicious: [] as string[] };
    const problems: string[] = [];
    for (const input of inputs) {
      const result = scanRepository(input);
      if (result.verdict !== "clean") counts[result.verdict].push(`${input.owner}/${input.repo}`);
      problems.push(...groundingProblems(input, result).map((p) => `${input.owner}/${input.repo} ${p}`));
    }
    expect(counts.malicious).toEqual([]);
    expect(counts.suspicious.length / inputs.length).toBeLessThanOrEqual(0.02);
    expect(problems).toEqual([]);
  });
});
