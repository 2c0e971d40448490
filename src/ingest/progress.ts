// Crawl progress: a redrawn bar on a terminal, plain lines elsewhere (CI logs), each with
// processed / total, ETA, requests used and rate limit left. Output and clock are injected.
export interface ProgressSink {
  start(phase: string, total: number): void;
  tick(n?: number): void;
  done(): void;
  note(message: string): void;
}

export interface ProgressOptions {
  write: (text: string) => void;
  tty: boolean;
  now: () => number;
  /** Requests so far and lowest rate limit left, read at each update. */
  stats: () => { requests: number; remaining: number | undefined };
  /** Plain mode prints at most one line per this many milliseconds (and at 100%). */
  plainEveryMs?: number;
}

const fmtTime = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
};

export function createProgress(o: ProgressOptions): ProgressSink {
  let phase = "";
  let total = 0;
  let count = 0;
  let started = 0;
  let lastPlain = 0;
  const line = () => {
    const elapsed = o.now() - started;
    const eta = count > 0 && count < total ? fmtTime((elapsed / count) * (total - count)) : "-";
    const { requests, remaining } = o.stats();
    return `${count}/${total} ETA ${eta} · ${requests} requests · rate limit left ${remaining ?? "?"}`;
  };
  const draw = (force: boolean) => {
    if (o.tty) {
      const width = 24;
      const filled = total > 0 ? Math.round((count / total) * width) : width;
      o.write(`\r\x1b[2K${phase.padEnd(10)} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${line()}`);
    } else if (force || o.now() - lastPlain >= (o.plainEveryMs ?? 2000)) {
      lastPlain = o.now();
      o.write(`${phase}: ${line()}\n`);
    }
  };
  return {
    start(p, t) {
      phase = p;
      total = t;
      count = 0;
      started = o.now();
      lastPlain = 0;
      draw(true);
    },
    tick(n = 1) {
      count = Math.min(total, count + n);
      draw(count === total);
    },
    done() {
      if (o.tty) o.write("\n");
    },
    note(message) {
      o.write(o.tty ? `\r\x1b[2K${message}\n` : `${message}\n`);
    },
  };
}

export const silentProgress: ProgressSink = { start() {}, tick() {}, done() {}, note() {} };
