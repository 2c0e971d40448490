// Meaning model update benchmark: what the update of the related terms costs for a few changed
// SKILL.md files (meaning-update.ts), against learning the model again from the whole corpus (the
// baseline, measured in the same run), over a realistic dataset (`npm run synth`'s or the shared one).
// For each kind of change it prints the words each rule relates again, the time of finding them
// (affectedWords), of relating them (relatedTerms over those words) and of the merge, and checks
// that the updated entries are the full model's, entry for entry.
// Usage: npx tsx bench/meaning-update.ts --data DIR [--changes N] [--kind TEXT] [--skip-check] [--out bench/results/meaning-update.md]
import { createReadStream, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { indexOf, type StoredIndex, storedOf } from "../src/build/cache/index-store.js";
import { PostingCollector, PostingIndex } from "../src/build/search-index/collect-postings.js";
import { collectMeaning, MEANING_FIELDS } from "../src/build/search-index/meaning-collect.js";
import { relatedTerms } from "../src/build/search-index/meaning-model.js";
import { affectedWords, mergeEntries } from "../src/build/search-index/meaning-update.js";
import { parseSkillLine } from "../src/dataset/files.js";
import type { SkillRecord } from "../src/schemas/dataset.js";
import { machineLine, table } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    data: { type: "string" },
    changes: { type: "string", default: "1" },
    out: { type: "string" },
    /** Only the kinds whose name holds this text (a profile of one kind). */
    kind: { type: "string", default: "" },
    /** Skip the check against the whole model over each changed corpus (a second whole run per kind). */
    "skip-check": { type: "boolean", default: false },
  },
});
if (!values.data) throw new Error("--data DIR is required (a dataset folder with skills.jsonl)");
const changes = Number(values.changes);
const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const time = <T>(fn: () => T): [T, number] => {
  const started = performance.now();
  const out = fn();
  return [out, performance.now() - started];
};

const records: SkillRecord[] = [];
const lines = createInterface({ input: createReadStream(join(values.data, "skills.jsonl")), crlfDelay: Number.POSITIVE_INFINITY });
let lineNo = 0;
for await (const line of lines) {
  const r = parseSkillLine(line, "skills.jsonl", ++lineNo, []);
  if (r) records.push(r);
}
log(`${records.length} skills read`);

function corpus(rs: readonly SkillRecord[]): { stored: StoredIndex; documents: number } {
  const collector = new PostingCollector(MEANING_FIELDS);
  let documents = 0;
  for (const r of rs) {
    collectMeaning(collector, r);
    documents += r.files.length;
  }
  return { stored: storedOf(PostingIndex.fromParts([collector.part()])), documents };
}

const [base, collectMs] = time(() => corpus(records));
log(`${base.documents} SKILL.md files, ${base.stored.keys.length} words collected (${seconds(collectMs)} s)`);
const [baseModel, fullMs] = time(() => relatedTerms(indexOf(base.stored), base.documents).entries);
log(`the whole model: ${baseModel.length} words with related terms (${seconds(fullMs)} s)`);

/** The kinds of change a queued re-index brings: `changes` skills spread over the dataset, edited in place. */
const KINDS: { name: string; edit: (r: SkillRecord, other: SkillRecord) => void }[] = [
  { name: "body rewritten", edit: (r, other) => (r.files[0]!.content = other.files[0]!.content) },
  { name: "description grown (another's words added)", edit: (r, other) => (r.files[0]!.description += ` ${other.files[0]!.description}`) },
  {
    name: "description cut to its first half",
    edit: (r) => {
      const words = r.files[0]!.description.split(" ");
      r.files[0]!.description = words.slice(0, Math.ceil(words.length / 2)).join(" ");
    },
  },
  {
    name: "name, description and body replaced",
    edit: (r, other) => {
      r.files[0]!.name = other.files[0]!.name;
      r.files[0]!.description = other.files[0]!.description;
      r.files[0]!.content = other.files[0]!.content;
    },
  },
];

const rows: (string | number)[][] = [];
for (const kind of KINDS.filter((k) => k.name.includes(values.kind))) {
  const after = records.map((r, i) => {
    if (i % Math.floor(records.length / changes) !== 7 || i >= records.length - 1) return r;
    const c = structuredClone(r);
    kind.edit(c, records[(i * 31 + 11) % records.length]!);
    return c;
  });
  const next = corpus(after);
  const [found, findMs] = time(() => affectedWords(base.stored, next.stored, next.documents, baseModel));
  const [fresh, relateMs] = time(() => relatedTerms(indexOf(next.stored), next.documents, () => {}, found.affected).entries);
  const words = new Set(next.stored.keys.filter((_, i) => found.affected[i] === 1));
  const [updated, mergeMs] = time(() => mergeEntries(baseModel, fresh, new Set([...words, ...found.gone])));
  const full = values["skip-check"] ? updated : relatedTerms(indexOf(next.stored), next.documents).entries;
  const same = updated.length === full.length && updated.every((e, k) => JSON.stringify(e) === JSON.stringify(full[k]));
  const { lists, files, entries, entering, counted } = found.rules;
  log(
    `${kind.name}: ${words.size} words related again (lists ${lists}, files ${files}, entries ${entries}, entering ${entering}; ${counted} counted): ` +
      `find ${seconds(findMs)} s, relate ${seconds(relateMs)} s, merge ${seconds(mergeMs)} s; ` +
      (values["skip-check"] ? "not checked" : `${same ? "equal to" : "DIFFERENT FROM"} the whole model`),
  );
  if (!same) process.exitCode = 1;
  rows.push([
    kind.name,
    words.size,
    `${lists} / ${files} / ${entries} / ${entering}`,
    seconds(findMs),
    seconds(relateMs),
    seconds(mergeMs),
    seconds(findMs + relateMs + mergeMs),
    `${((100 * (findMs + relateMs + mergeMs)) / fullMs).toFixed(1)}%`,
    values["skip-check"] ? "not checked" : same ? "yes" : "NO",
  ]);
}

const report = [
  `# Meaning model update (${records.length} skills, ${changes} changed)`,
  "",
  `${machineLine()}. ${base.documents} SKILL.md files, ${base.stored.keys.length} words; the whole model (baseline, this run): ${seconds(fullMs)} s.`,
  "",
  table(
    [
      "change",
      "words related again",
      "rules A / B / C / D",
      "find (s)",
      "relate (s)",
      "merge (s)",
      "update (s)",
      "of the whole model",
      "equal to the whole model",
    ],
    rows,
  ),
  "",
].join("\n");
process.stdout.write(report);
if (values.out) writeFileSync(values.out, report);
