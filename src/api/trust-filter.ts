// The `trust` filter of lists and search (docs/API.md "Trust and files"): which skills it leaves out,
// read from the build's small sets of malicious and suspicious ordinals (src/contract/paths.ts
// trustSetFile), each read only when the deployment has such skills and the filter needs it.
import { fromLittleEndian } from "../contract/columns.js";
import type { BuildManifest } from "../contract/manifest.js";
import { trustSetFile } from "../contract/paths.js";
import type { TrustFilter } from "../schemas/trust.js";
import type { AssetStore } from "./store.js";

/** A set of ordinals as a bit set over every skill, made once per isolate from a sorted u32 file. */
export interface OrdinalSet {
  readonly ordinals: Uint32Array;
  has(ordinal: number): boolean;
}

function decodeSet(bytes: Uint8Array): OrdinalSet {
  const ordinals = fromLittleEndian(bytes);
  const max = ordinals.length === 0 ? 0 : ordinals[ordinals.length - 1]! + 1;
  const words = new Uint32Array(Math.ceil(max / 32));
  for (const o of ordinals) words[o >>> 5]! |= 1 << (o & 31);
  return { ordinals, has: (o) => o < max && (words[o >>> 5]! & (1 << (o & 31))) !== 0 };
}

/** The verdict sets the filter leaves out of the full set of skills: malicious ones unless `any`, suspicious ones too for `clean`. */
export function excludedVerdicts(trust: TrustFilter, manifest: BuildManifest): ("malicious" | "suspicious")[] {
  const out: ("malicious" | "suspicious")[] = [];
  if (trust !== "any" && manifest.counts.malicious > 0) out.push("malicious");
  if (trust === "clean" && manifest.counts.suspicious > 0) out.push("suspicious");
  return out;
}

export const ordinalSet = (store: AssetStore, verdict: "malicious" | "suspicious"): Promise<OrdinalSet> =>
  store.decoded(trustSetFile(verdict), decodeSet);
