// GitHub search qualifiers the local server understands, for repository search (REST and
// GraphQL) and code search: topic:, created:, pushed:, fork:, user:, repo:, filename:, path:,
// size:, and bare words matched against the name and description.
import type { FixtureBlob, FixtureRepo } from "./model.js";

type Range = { min: number; max: number };

/** Parses `a..b`, `>=a`, `>a`, `<=b`, `<b`, `a..*`, `*..b` or `a` over numbers or dates. */
function parseRange(v: string, toNum: (s: string) => number): Range {
  const num = (s: string) => (s === "*" ? NaN : toNum(s));
  if (v.includes("..")) {
    const [a = "*", b = "*"] = v.split("..");
    return { min: a === "*" ? -Infinity : num(a), max: b === "*" ? Infinity : num(b) };
  }
  const m = /^(>=|<=|>|<)?(.*)$/.exec(v)!;
  const x = num(m[2]!);
  switch (m[1]) {
    case ">=":
      return { min: x, max: Infinity };
    case ">":
      return { min: x + 1, max: Infinity };
    case "<=":
      return { min: -Infinity, max: x };
    case "<":
      return { min: -Infinity, max: x - 1 };
    default:
      return { min: x, max: x };
  }
}

const dateNum = (s: string): number => Math.floor(Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s) / 1000);
const inRange = (r: Range, x: number) => x >= r.min && x <= r.max;

interface Terms {
  quals: [string, string][];
  words: string[];
}

function terms(q: string): Terms {
  const quals: [string, string][] = [];
  const words: string[] = [];
  for (const t of q.trim().split(/\s+/).filter(Boolean)) {
    const i = t.indexOf(":");
    if (i > 0) quals.push([t.slice(0, i).toLowerCase(), t.slice(i + 1)]);
    else words.push(t.toLowerCase());
  }
  return { quals, words };
}

export function matchRepo(q: string, r: FixtureRepo): boolean {
  const { quals, words } = terms(q);
  let forkMode = "false";
  for (const [k, v] of quals) {
    if (k === "fork") forkMode = v.toLowerCase();
    else if (k === "topic" && !r.topics.includes(v.toLowerCase())) return false;
    else if (k === "created" && !inRange(parseRange(v, dateNum), dateNum(r.createdAt))) return false;
    else if (k === "pushed" && !inRange(parseRange(v, dateNum), dateNum(r.pushedAt))) return false;
    else if ((k === "user" || k === "org") && r.owner.toLowerCase() !== v.toLowerCase()) return false;
    else if (k === "repo" && `${r.owner}/${r.name}`.toLowerCase() !== v.toLowerCase()) return false;
    else if (k === "stars" && !inRange(parseRange(v, Number), r.stars)) return false;
  }
  if (forkMode === "only" && !r.forkOf) return false;
  if (forkMode === "false" && r.forkOf) return false;
  const hay = `${r.owner}/${r.name} ${r.description ?? ""}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

export function matchCode(q: string, r: FixtureRepo, b: FixtureBlob): boolean {
  const { quals, words } = terms(q);
  let forkMode = "false";
  for (const [k, v] of quals) {
    if (k === "fork") forkMode = v.toLowerCase();
    else if (k === "filename" && b.path.split("/").pop() !== v) return false;
    else if (k === "path" && !b.path.startsWith(v.replace(/^\//, ""))) return false;
    else if (k === "size" && !inRange(parseRange(v, Number), b.size)) return false;
    else if ((k === "user" || k === "org") && r.owner.toLowerCase() !== v.toLowerCase()) return false;
    else if (k === "repo" && `${r.owner}/${r.name}`.toLowerCase() !== v.toLowerCase()) return false;
  }
  if (forkMode === "false" && r.forkOf) return false;
  if (forkMode === "only" && !r.forkOf) return false;
  if (b.mode === "120000") return false; // code search does not index symlinks
  if (words.length === 0) return true;
  const text = b.bytes.toString("utf8").toLowerCase();
  return words.every((w) => text.includes(w));
}
