// Which shared dataset the shared-dataset suites read: the full one beside the checkout
// (../shared/dataset, or $SKILLS_SHARED_DATASET) when it is there, else the small real sample the
// repository carries (test/fixtures/shared-sample: whole repositories' rows, copied as published).
// Checks that only the full dataset can make call unlessMissing(NEEDS_FULL, { ciFails: false }).
import { join } from "node:path";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { SHARED_DATASET, sharedDatasetPresent } from "../../src/node/shared-dataset.js";

export const SAMPLE_DATASET = join(PROJECT_ROOT, "test", "fixtures", "shared-sample");
export const FULL_SHARED = sharedDatasetPresent();
/** The folder of repos.jsonl and skills.jsonl the suites read. */
export const SHARED = FULL_SHARED ? SHARED_DATASET : SAMPLE_DATASET;
/** Why a check is not run on the sample, or undefined when the full dataset is here. */
export const NEEDS_FULL = FULL_SHARED
  ? undefined
  : `needs the full shared dataset (absent at ${SHARED_DATASET}; set SKILLS_SHARED_DATASET); the sample in test/fixtures/shared-sample cannot show it`;
