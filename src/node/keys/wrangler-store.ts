// A KeyStore over the wrangler CLI (`wrangler kv key ...` on the binding KV): the local KV that
// `wrangler pages dev` uses, optionally in another state folder, or the deployed namespace.
import { z } from "zod";
import { runWrangler, WranglerError } from "../wrangler.js";
import type { KeyStore } from "./admin.js";

export interface WranglerTarget {
  /** The project folder holding wrangler.toml (and node_modules/.bin/wrangler). */
  projectDir: string;
  remote: boolean;
  /** wrangler's local state folder (`--persist-to`); wrangler's default when absent. */
  persistTo?: string;
}

const Listing = z.array(z.object({ name: z.string(), metadata: z.unknown().optional() }).passthrough());

/** Key records need no delete (revoked keys stay listed); webhook subscriptions do. */
export function wranglerKeyStore(target: WranglerTarget): KeyStore & { delete(name: string): Promise<void> } {
  const where = [
    "--binding",
    "KV",
    target.remote ? "--remote" : "--local",
    ...(target.persistTo && !target.remote ? ["--persist-to", target.persistTo] : []),
  ];
  const once = (args: string[]) => runWrangler(target.projectDir, ["kv", "key", ...args, ...where]);

  // The local KV is a SQLite file that a running `wrangler pages dev` may be writing at the same
  // moment; a locked database is worth a short wait and another try, anything else is not.
  const run = async (args: string[]): Promise<string> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(args);
      } catch (error) {
        const busy = error instanceof WranglerError && /SQLITE_BUSY|database is locked/.test(error.output);
        if (!busy || target.remote || attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };

  return {
    async put(name, value, metadata) {
      await run(["put", name, value, "--metadata", JSON.stringify(metadata)]);
    },
    async get(name) {
      // For a missing key wrangler prints this text and succeeds; the values kept here are JSON
      // records, so the text can never be a real value.
      const out = await run(["get", name, "--text"]);
      return out.trim() === "Value not found" ? null : out;
    },
    async delete(name) {
      await run(["delete", name]);
    },
    async list(prefix) {
      const out = await run(["list", "--prefix", prefix]);
      const start = out.indexOf("[");
      if (start < 0) throw new Error(`wrangler kv key list printed no listing:\n${out}`);
      return Listing.parse(JSON.parse(out.slice(start)));
    },
  };
}
