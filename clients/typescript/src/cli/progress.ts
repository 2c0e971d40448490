// Progress of a download on stderr: on a terminal one line rewritten in place (a counter and the
// file), with --verbose one line a file (for logs); otherwise nothing, so scripts and pipes stay quiet.
import type { Progress } from "../install/download.js";
import type { Output } from "./io.js";

export interface ProgressLine extends Progress {
  /** Clears the line a terminal shows, before the next output. */
  end(): void;
}

export function progressOn(stderr: Output, verbose: boolean): ProgressLine | undefined {
  if (verbose)
    return {
      file: (done, total, path, bytes) => stderr.write(`fetched ${done}/${total} ${path} (${bytes.toLocaleString("en-US")} bytes)\n`),
      end: () => undefined,
    };
  if (!stderr.isTTY) return undefined;
  let shown = false;
  const width = Math.max(20, (stderr.columns ?? 80) - 1);
  return {
    file(done, total, path) {
      shown = true;
      stderr.write(`\r\u001b[K${`fetching ${done}/${total} ${path}`.slice(0, width)}`);
    },
    end() {
      if (shown) stderr.write("\r\u001b[K");
      shown = false;
    },
  };
}
