// The shape of a development corpus case: a repository of files, the verdict it should get and why.
import type { FindingKind, TrustVerdict } from "../../../src/schemas/trust.js";

export interface CorpusCase {
  repo: string;
  /** Finding kinds the case stands for (malicious cases); empty for benign ones. */
  kinds: FindingKind[];
  reason: string;
  /** Repository path to text; every SKILL.md is a skill, every other file belongs to the deepest one. */
  files: Record<string, string>;
  /** Git modes other than 100644, by path. */
  modes?: Record<string, string>;
  /** Verdicts the case may get; malicious cases default to ["malicious", "suspicious"]'s first, benign to clean. */
  expect?: TrustVerdict;
}
