// A small seeded random source (mulberry32), so synthetic datasets are the same on every run.
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** An index in [0, n) drawn from a Zipf-like distribution: small indexes are far more likely. */
  zipf(n: number, s?: number): number;
  /** Between min and max, log-uniform around a median. */
  logNormalish(median: number, min: number, max: number): number;
}

export function seeded(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    zipf(n, s = 1.07) {
      // Inverse-CDF approximation of a continuous power law over [1, n+1).
      const u = next();
      const x = s === 1 ? Math.exp(u * Math.log(n + 1)) : (1 + u * ((n + 1) ** (1 - s) - 1)) ** (1 / (1 - s));
      return Math.min(n - 1, Math.max(0, Math.floor(x) - 1));
    },
    logNormalish(median, min, max) {
      const g = (next() + next() + next() - 1.5) * 2; // roughly normal, sd ~1
      return Math.round(Math.min(max, Math.max(min, median * Math.exp(g * 0.8))));
    },
  };
  return random;
}
