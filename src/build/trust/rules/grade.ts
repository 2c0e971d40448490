// Shared graders: how much a download, a pipe to a shell or a send weighs depends on where it goes.
import type { Severity } from "../../../schemas/trust.js";
import { type HostClass, worstHost } from "../hosts.js";
import type { LineEnv } from "../types.js";

/** Severity of fetching code from a host: bare IPs, paste sites, collectors are lures; vendors and the project itself are not. */
export function byHost(line: string, env: LineEnv, unknown: Severity, none: Severity | null): Severity | null {
  const host: HostClass | undefined = worstHost(line, env.owner);
  switch (host) {
    case "ip":
    case "lure":
    case "collector":
      return "critical";
    case "vendor":
    case "own":
      return "low";
    case "unknown":
      // Plain http:// to an unknown host can be swapped in transit and is a lure's habit.
      return /\bhttp:\/\//i.test(line) ? "high" : unknown;
    default:
      return none;
  }
}

/** Reads something: the verbs and calls that take a file's contents. */
export const READS =
  /\b(?:cat|less|more|head|tail|type|open|read\w{0,12}|readFile\w{0,4}|load\w{0,8}|tar|zip|7z|cp|copy\w{0,6}|scp|rsync|base64|xxd|strings|sqlite3|glob\w{0,4}|walk|listdir|scandir|readdir\w{0,4}|Get-Content|gc|fs\.\w{0,12}|with open|Path\()/;
