// The time a request is counted at. Tests may fix it with `X-Test-Now: <Unix ms>` to cross a window
// boundary without waiting an hour; the header is ignored unless the deployment sets
// ALLOW_TEST_CLOCK=1, which production configuration never does.
import type { ApiEnv } from "../env.js";

export function requestTime(request: Request, env: ApiEnv, now: () => number): number {
  if (env.ALLOW_TEST_CLOCK !== "1") return now();
  const fixed = request.headers.get("X-Test-Now");
  if (fixed === null || !/^\d{1,15}$/.test(fixed.trim())) return now();
  return Number(fixed.trim());
}
