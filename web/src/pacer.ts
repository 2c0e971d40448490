// A token bucket that paces the page's own API requests at PAGE_PACE (src/contract/page-client.ts):
// it is what bounds the page's use of its rate-limit budget. Requests over the pace wait; none is lost.
import type { Pace } from "../../src/contract/page-client.js";

export interface Pacer {
  /** Milliseconds to wait before the next request may go; takes its token. */
  reserve(): number;
}

export function createPacer({ burst, perSecond }: Pace, now: () => number = () => Date.now()): Pacer {
  let tokens = burst;
  let at = now();
  return {
    reserve() {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - at) / 1000) * perSecond);
      at = t;
      tokens -= 1;
      // A negative balance is the queue: the request waits until its token has been earned.
      return tokens >= 0 ? 0 : Math.ceil((-tokens / perSecond) * 1000);
    },
  };
}
