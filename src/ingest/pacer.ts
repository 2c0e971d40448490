// A small scheduler with the shape plugin-throttling expects of its limiter groups
// (`group.key(id).schedule(options, fn, ...args)`): at most `concurrency` jobs at once, started at
// least `minTimeMs` apart. The crawler passes its own so pacing is set per client (tests: no wait).
export interface PacerOptions {
  concurrency: number;
  minTimeMs: number;
}

type Job = () => void;

export class Pacer {
  private running = 0;
  private lastStart = 0;
  private readonly queue: Job[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly opts: PacerOptions) {}

  /** plugin-throttling calls `key(id)`; one pacer serves every key of its client. */
  key(_id?: string): this {
    return this;
  }

  schedule<A extends unknown[], R>(_jobOptions: unknown, fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push(() => {
        this.running++;
        Promise.resolve()
          .then(() => fn(...args))
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.pump();
          });
      });
      this.pump();
    });
  }

  private pump(): void {
    if (this.timer) return;
    while (this.queue.length > 0 && this.running < this.opts.concurrency) {
      const wait = this.lastStart + this.opts.minTimeMs - Date.now();
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
      this.lastStart = Date.now();
      this.queue.shift()!();
    }
  }
}
