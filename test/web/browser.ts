// Headless Chromium for the page's tests: Debian's `chromium` driven by playwright-core (no
// browser download). Without it the tests are skipped, saying so with the one command that installs
// it (test/support/not-run.ts), and fail in CI.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { type Browser, chromium } from "playwright-core";

export const INSTALL_CHROMIUM = "apt-get install -y chromium";

/** The Chromium binary: $CHROMIUM_PATH, else `chromium` (or `chromium-browser`) on the PATH. */
export function findChromium(env = process.env): string | undefined {
  const candidates = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : [];
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    candidates.push(join(dir, "chromium"), join(dir, "chromium-browser"));
  }
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`Chromium is not installed; the page's browser tests need it. Install it with: ${INSTALL_CHROMIUM}`);
  return chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
}
