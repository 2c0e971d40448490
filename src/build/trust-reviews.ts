// data/trust-reviews.jsonl, the maintainers' reviews of scanned skill folders (docs/API.md "Trust and
// files"): read once by the build and handed to every first-pass worker. An absent file means no
// reviews; a line that is not a valid review is reported and skipped, never stopping the build.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { DatasetProblem } from "../dataset/files.js";
import { TrustReviewRecord } from "../schemas/trust.js";

export const TRUST_REVIEWS_FILE = "trust-reviews.jsonl";

export interface TrustReviews {
  reviews: TrustReviewRecord[];
  /** The lines skipped, by line number. */
  problems: DatasetProblem[];
}

export async function readTrustReviews(dataDir: string): Promise<TrustReviews> {
  const file = join(dataDir, TRUST_REVIEWS_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { reviews: [], problems: [] };
    return { reviews: [], problems: [{ file, message: (e as Error).message }] };
  }
  const reviews: TrustReviewRecord[] = [];
  const problems: DatasetProblem[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      problems.push({ file, line: i + 1, message: `not JSON: ${(e as Error).message}` });
      return;
    }
    const parsed = TrustReviewRecord.safeParse(raw);
    if (parsed.success) reviews.push(parsed.data);
    else
      problems.push({
        file,
        line: i + 1,
        message: parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; "),
      });
  });
  return { reviews, problems };
}

/** The reviews by lower-cased owner/repo, so each record finds its own without a scan of them all. */
export function reviewsByKey(reviews: readonly TrustReviewRecord[]): Map<string, TrustReviewRecord[]> {
  const out = new Map<string, TrustReviewRecord[]>();
  for (const r of reviews) {
    const key = `${r.owner}/${r.repo}`.toLowerCase();
    const list = out.get(key) ?? [];
    list.push(r);
    out.set(key, list);
  }
  return out;
}
