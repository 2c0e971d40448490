// Samples the process's memory while a build runs, so a benchmark can say which phase holds the
// peak: the resident set (every thread's heap, the allocator's reserves, array buffers) and the main
// thread's V8 heap. `mark(label)` closes a span: its peak RSS and heap are kept under the label.
export interface MemorySpan {
  label: string;
  /** Seconds since the sampler started, at the span's end. */
  at: number;
  peakRssMb: number;
  peakHeapMb: number;
  peakArrayBuffersMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

export function memorySampler(everyMs = 500) {
  const started = performance.now();
  const spans: MemorySpan[] = [];
  let rss = 0;
  let heap = 0;
  let buffers = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
    buffers = Math.max(buffers, m.arrayBuffers);
  };
  const timer = setInterval(sample, everyMs);
  // The sampler must not keep the process alive once the build is done.
  timer.unref();
  return {
    /** Ends the current span under `label` and returns it. */
    mark(label: string): MemorySpan {
      sample();
      const span = {
        label,
        at: Math.round((performance.now() - started) / 100) / 10,
        peakRssMb: mb(rss),
        peakHeapMb: mb(heap),
        peakArrayBuffersMb: mb(buffers),
      };
      spans.push(span);
      rss = heap = buffers = 0;
      return span;
    },
    spans,
    stop: () => clearInterval(timer),
  };
}
