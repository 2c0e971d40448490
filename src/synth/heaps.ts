// Heaps' law, V(n) = K * n^beta: distinct index terms after n SKILL.md files. The synthetic text
// model is fitted to the curve of the shared dataset of real skills; that curve is recorded here
// (measured by bench/vocabulary.ts with the index's own analyser over its 4,520 regular SKILL.md
// files in a fixed shuffled order), so a fresh clone can compare against it without the dataset.

export interface HeapsFit {
  k: number;
  beta: number;
}

/** [files, distinct index terms] of the shared dataset (bench/vocabulary.ts re-measures it when present). */
export const SHARED_CURVE: readonly (readonly [number, number])[] = [
  [100, 15_396],
  [200, 25_428],
  [500, 41_266],
  [1000, 59_126],
  [2000, 86_337],
  [3000, 110_162],
  [4000, 134_421],
  [4520, 144_842],
];

/** Least-squares fit of log V = log K + beta log n over points with n >= `from`. */
export function fitHeaps(points: readonly (readonly [number, number])[], from = 500): HeapsFit {
  const used = points.filter(([n]) => n >= from);
  if (used.length < 2) throw new Error("a Heaps fit needs at least two points");
  const xs = used.map(([n]) => Math.log(n));
  const ys = used.map(([, v]) => Math.log(v));
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
  });
  const beta = sxy / sxx;
  return { k: Math.exp(my - beta * mx), beta };
}

export const heapsAt = (fit: HeapsFit, files: number): number => fit.k * files ** fit.beta;
