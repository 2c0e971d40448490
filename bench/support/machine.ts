// The machine a benchmark ran on, for the results files.
import { cpus, totalmem } from "node:os";

export const machineLine = (): string =>
  `${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown cpu"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory, Node ${process.version}`;

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);

/** A markdown table from a header row and rows of cells. */
export const table = (header: readonly string[], rows: readonly (readonly (string | number)[])[]): string =>
  [header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
