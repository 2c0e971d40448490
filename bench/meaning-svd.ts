// Meaning experiment: npx tsx bench/meaning-svd.ts [--dims 64] [--work DIR]
// Second-order word vectors learned from the directory itself (docs/SEARCH.md, "Intent"), measured on
// the real shared dataset before any of it goes into the build: does a skill vector (the idf-weighted
// mean of its name and description words' vectors) put the wanted skill of a paraphrase in the top 5?
// Two models, both a seeded randomized truncated SVD:
//   lsa   the SKILL.md x word matrix (log tf x idf, name and description words counted 3 times,
//         rows of unit length); word vectors are its right singular vectors times sqrt(singular value);
//   ppmi  the word x context-word matrix of positive PMI over a +-5 word window (context counts
//         smoothed to the 0.75 power); word vectors are its left singular vectors times sqrt(sv).
// Each is ranked alone (cosine of the query's and the skill's vectors; a repository scores as its
// best SKILL.md) and combined with the engine's own results (mode=default, over the site built from
// the same data) for queries where the engine's first result is not strong keyword evidence:
// interleaved, merged by reciprocal rank fusion (from the top, or below the engine's first, or over
// the engine's candidates only), or the engine's first 50 re-ranked; with skill vectors over names
// and descriptions, or with headings too; with the query's idf squared; with pseudo-relevance
// feedback. Every ranking is scored against every known-answer table (first) and the three
// paraphrase sets (top 5) at once. An earlier version of
// this bench also blended the cosine with an idf-weighted keyword match over bodies: it kept names
// first but found fewer paraphrases than the engine (docs/SEARCH.md). Writes
// bench/results/meaning-svd.md.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { build } from "../src/build/build.js";
import { MEANING_BODY_CHARS } from "../src/build/search-index/meaning-collect.js";
import { SearchManifest } from "../src/contract/search-manifest.js";
import { bodyStart } from "../src/contract/skill-body.js";
import { readDataset } from "../src/dataset/files.js";
import { builtSite } from "../src/node/built-site.js";
import { folderStore } from "../src/node/folder-assets.js";
import { ANSWER_TABLES } from "../src/node/known-answers.js";
import { convertSharedDataset, sharedDatasetPresent } from "../src/node/shared-dataset.js";
import { executeQuery } from "../src/search/engine.js";
import { NO_FILTERS, searchColumns } from "../src/search/filter.js";
import { parseQuery } from "../src/search/query.js";
import { SearchIndex } from "../src/search/resolve.js";
import { terms } from "../src/search/text.js";
import { seeded } from "../src/synth/random.js";
import { machineLine, table } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    dims: { type: "string", default: "64" },
    models: { type: "string", default: "lsa,ppmi" },
    /** LSA learns its word vectors from every Nth SKILL.md only (skill vectors are still made for all): a bounded build cost. */
    "learn-every": { type: "string", default: "1" },
    /** Skill vectors rounded to 8-bit integers (a unit vector's components times 127), as shards would store them. */
    int8: { type: "boolean", default: false },
    work: { type: "string", default: join(tmpdir(), "skills-relevance-bench") },
  },
});
const ROOT = resolve(import.meta.dirname, "..");
const DIMS = Number(values.dims);
/** Extra random directions of the randomized SVD, and its power iterations (Halko et al.'s defaults). */
const OVERSAMPLE = 16;
const POWER_ITERATIONS = 2;
/** Words in fewer files have too little evidence for a vector; the vocabulary keeps the most frequent. */
const MIN_FILES = 3;
/** Words in more than this share of the files ("use", "skill") say nothing about a job. */
const MAX_SHARE = 0.5;
const MAX_WORDS = 20_000;
const WINDOW = 5;
const ABOUT_REPEAT = 3;
/** Results compared per query. */
const TOP = 10;
/** How deep the engine's and the vectors' lists are read when they are fused (fuse) or re-ranked. */
const DEEP = 50;
/** Reciprocal rank fusion's constant, the value its authors (Cormack et al. 2009) found robust: not tuned here. */
const RRF_K = 60;
/** Pseudo-relevance feedback: the query's vector moved toward the mean of its first pass's best skills. */
const FEEDBACK_SKILLS = 3;

interface Doc {
  repo: number;
  about: string[];
  body: string[];
  /** The words of the SKILL.md's Markdown headings (its whole body's). */
  headings: string[];
}

/** The words of a body's ATX headings ("## Deploying to Fly"). */
function headingWords(body: string): string[] {
  return [...body.matchAll(/^#{1,6}[ \t]+(.+)$/gm)].flatMap((m) => terms(m[1]!));
}

/** A sparse matrix by rows. */
interface Csr {
  rows: number;
  cols: number;
  start: Uint32Array;
  col: Uint32Array;
  val: Float64Array;
}

function csr(rows: number, cols: number, entries: (r: number) => [number, number][]): Csr {
  const lists = Array.from({ length: rows }, (_, r) => entries(r).sort((a, b) => a[0] - b[0]));
  const start = new Uint32Array(rows + 1);
  lists.forEach((l, r) => (start[r + 1] = start[r]! + l.length));
  const col = new Uint32Array(start[rows]!);
  const val = new Float64Array(start[rows]!);
  lists.forEach((l, r) =>
    l.forEach(([c, v], i) => {
      col[start[r]! + i] = c;
      val[start[r]! + i] = v;
    }),
  );
  return { rows, cols, start, col, val };
}

/** M (rows x w) = A B for B (cols x w), or A^T B for B (rows x w) when `transpose`. Dense row-major. */
function multiply(a: Csr, b: Float64Array, w: number, transpose: boolean): Float64Array {
  const out = new Float64Array((transpose ? a.cols : a.rows) * w);
  for (let r = 0; r < a.rows; r++)
    for (let p = a.start[r]!; p < a.start[r + 1]!; p++) {
      const c = a.col[p]!;
      const v = a.val[p]!;
      const [to, from] = transpose ? [c * w, r * w] : [r * w, c * w];
      for (let k = 0; k < w; k++) out[to + k]! += v * b[from + k]!;
    }
  return out;
}

/** Orthonormal columns in place (modified Gram-Schmidt). */
function orthonormalize(m: Float64Array, rows: number, w: number): Float64Array {
  for (let c = 0; c < w; c++) {
    for (let d = 0; d < c; d++) {
      let dot = 0;
      for (let r = 0; r < rows; r++) dot += m[r * w + c]! * m[r * w + d]!;
      for (let r = 0; r < rows; r++) m[r * w + c]! -= dot * m[r * w + d]!;
    }
    let norm = 0;
    for (let r = 0; r < rows; r++) norm += m[r * w + c]! ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let r = 0; r < rows; r++) m[r * w + c]! /= norm;
  }
  return m;
}

/** Eigenvalues and eigenvectors (columns) of a small symmetric matrix, by cyclic Jacobi rotations. */
function symmetricEigen(a: Float64Array, n: number): { values: number[]; vectors: Float64Array } {
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        off += apq * apq;
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        const rotate = (i: number, j: number) => {
          const x = a[i]!;
          const y = a[j]!;
          a[i] = c * x - s * y;
          a[j] = s * x + c * y;
        };
        for (let k = 0; k < n; k++) rotate(k * n + p, k * n + q);
        for (let k = 0; k < n; k++) rotate(p * n + k, q * n + k);
        for (let k = 0; k < n; k++) {
          const x = v[k * n + p]!;
          const y = v[k * n + q]!;
          v[k * n + p] = c * x - s * y;
          v[k * n + q] = s * x + c * y;
        }
      }
    if (off < 1e-24) break;
  }
  return { values: Array.from({ length: n }, (_, i) => a[i * n + i]!), vectors: v };
}

/**
 * The rank-`k` factors of `a` scaled by sqrt(singular value), unit rows: the row side (`side` "rows",
 * a.rows x k) or the column side (a.cols x k). Randomized range finder with power iterations, then
 * the small SVD from the eigen decomposition of B B^T.
 */
function randomizedSvd(a: Csr, k: number, side: "rows" | "cols"): Float64Array {
  const w = k + OVERSAMPLE;
  const random = seeded(1);
  const omega = Float64Array.from({ length: a.cols * w }, () => random.next() * 2 - 1);
  let q = orthonormalize(multiply(a, omega, w, false), a.rows, w);
  for (let i = 0; i < POWER_ITERATIONS; i++)
    q = orthonormalize(multiply(a, orthonormalize(multiply(a, q, w, true), a.cols, w), w, false), a.rows, w);
  const bt = multiply(a, q, w, true); // (Q^T A)^T: cols x w
  const gram = new Float64Array(w * w);
  for (let j = 0; j < a.cols; j++)
    for (let x = 0; x < w; x++) {
      const v = bt[j * w + x]!;
      if (v !== 0) for (let y = 0; y < w; y++) gram[x * w + y]! += v * bt[j * w + y]!;
    }
  const { values: eig, vectors } = symmetricEigen(gram, w);
  const order = eig
    .map((e, i) => [e, i] as const)
    .sort((x, y) => y[0] - x[0])
    .slice(0, k);
  // B = U S V^T with U = eigenvectors: rows side Q U S^0.5, columns side B^T U S^-0.5 (= V S^0.5).
  const [base, n] = side === "rows" ? [q, a.rows] : [bt, a.cols];
  const out = new Float64Array(n * k);
  for (let r = 0; r < n; r++) {
    let norm = 0;
    order.forEach(([e, i], d) => {
      let s = 0;
      for (let x = 0; x < w; x++) s += base[r * w + x]! * vectors[x * w + i]!;
      const sv = Math.sqrt(Math.max(e, 1e-30));
      s *= side === "rows" ? Math.sqrt(sv) : 1 / Math.sqrt(sv);
      out[r * k + d] = s;
      norm += s * s;
    });
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < k; d++) out[r * k + d]! /= norm;
  }
  return out;
}

function lsaMatrix(docs: Doc[], id: Map<string, number>, idf: Float64Array): Csr {
  return csr(docs.length, idf.length, (r) => {
    const tf = new Map<number, number>();
    const add = (list: string[], n: number) => {
      for (const t of list) {
        const j = id.get(t);
        if (j !== undefined) tf.set(j, (tf.get(j) ?? 0) + n);
      }
    };
    add(docs[r]!.about, ABOUT_REPEAT);
    add(docs[r]!.body, 1);
    const row = [...tf].map(([j, n]): [number, number] => [j, Math.log1p(n) * idf[j]!]);
    const norm = Math.sqrt(row.reduce((s, [, v]) => s + v * v, 0)) || 1;
    return row.map(([j, v]): [number, number] => [j, v / norm]);
  });
}

function ppmiMatrix(docs: Doc[], id: Map<string, number>, words: number): Csr {
  const pairs = new Map<number, number>();
  const wordTotal = new Float64Array(words);
  for (const d of docs) {
    const ids = [...d.about, ...d.body].map((t) => id.get(t) ?? -1);
    ids.forEach((a, i) => {
      if (a < 0) return;
      for (let j = Math.max(0, i - WINDOW); j <= Math.min(ids.length - 1, i + WINDOW); j++) {
        const b = ids[j]!;
        if (j === i || b < 0) continue;
        pairs.set(a * words + b, (pairs.get(a * words + b) ?? 0) + 1);
        wordTotal[a]!++;
      }
    });
  }
  const context = wordTotal.map((n) => n ** 0.75);
  const contextSum = context.reduce((s, n) => s + n, 0);
  const rows: [number, number][][] = Array.from({ length: words }, () => []);
  for (const [key, n] of pairs) {
    const a = Math.floor(key / words);
    const b = key % words;
    const pmi = Math.log((n * contextSum) / (wordTotal[a]! * context[b]!));
    if (pmi > 0) rows[a]!.push([b, pmi]);
  }
  return csr(words, words, (r) => rows[r]!);
}

/** The engine's own top results (mode=default), and whether its best one is strong keyword evidence. */
type EngineAnswer = { repos: string[]; strong: boolean; candidates: Set<string> };

/**
 * Strong keyword evidence: the engine's first result matches every clause, each in a name or
 * description on average (an exact description match scores 6 a clause). A query that names a skill
 * is answered so; a paraphrase almost never is.
 */
const STRONG_PER_CLAUSE = 6;

async function engineAnswers(work: string, data: string, queries: string[]): Promise<Map<string, EngineAnswer>> {
  const site = join(work, "site");
  if (builtSite(site).state !== "current") await build({ dataDir: data, outDir: site });
  const store = folderStore(site, 256 * 1024 * 1024);
  const manifest = SearchManifest.parse(await store.searchManifest());
  const columns = await store.columns(searchColumns(NO_FILTERS));
  const names = (await store.summaries(Array.from({ length: columns.count }, (_, o) => o))).map((x) => `${x.owner}/${x.repo}`);
  const answers = new Map<string, EngineAnswer>();
  for (const q of queries) {
    const parsed = parseQuery(q);
    // Every candidate, in the engine's order: the vectors may be asked to rank only these.
    const out = await executeQuery(new SearchIndex(store, manifest), columns, parsed, NO_FILTERS, 1, columns.count, { mode: "default" });
    const first = out.items[0];
    const clauses = parsed.required.length;
    answers.set(q, {
      repos: out.items.slice(0, DEEP).map((i) => names[i.ordinal]!),
      candidates: new Set(out.items.map((i) => names[i.ordinal]!)),
      strong: first !== undefined && first.matched === clauses && first.score >= clauses * STRONG_PER_CLAUSE,
    });
  }
  return answers;
}

/**
 * Reciprocal rank fusion of the engine's and the vectors' lists: a repository scores the sum over the
 * lists of 1 / (RRF_K + its rank), so one high in both outranks one high in a single list.
 */
function fuse(engine: readonly string[], vectors: readonly string[]): string[] {
  const score = new Map<string, number>();
  for (const list of [engine, vectors]) list.forEach((r, i) => score.set(r, (score.get(r) ?? 0) + 1 / (RRF_K + i + 1)));
  return [...score].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([r]) => r);
}

/** The engine's first result kept first (a typo'd name is found so), the rest as fuse() ranks them. */
const fuseBelowFirst = (engine: readonly string[], vectors: readonly string[]): string[] => [
  ...engine.slice(0, 1),
  ...fuse(engine, vectors).filter((r) => r !== engine[0]),
];

/** The engine's results and the vectors' taken in turn, the engine's first, without repeats. */
function interleave(engine: readonly string[], vectors: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < TOP; i++) for (const r of [engine[i], vectors[i]]) if (r !== undefined && !out.includes(r)) out.push(r);
  return out.slice(0, TOP);
}

async function main() {
  if (!sharedDatasetPresent()) {
    console.log("no shared dataset; nothing to measure");
    return;
  }
  const work = values.work!;
  const data = join(work, "data");
  mkdirSync(work, { recursive: true });
  if (!existsSync(join(data, "skills.jsonl"))) await convertSharedDataset(data);
  const { records } = await readDataset(data);
  const docs: Doc[] = records.flatMap((r, repo) =>
    r.files.map((f) => {
      const start = bodyStart(f.content);
      return {
        repo,
        about: terms(`${f.name} ${f.description}`),
        body: terms(f.content.slice(start, start + MEANING_BODY_CHARS)),
        headings: headingWords(f.content.slice(start)),
      };
    }),
  );
  const files = new Map<string, number>();
  for (const d of docs) for (const t of new Set([...d.about, ...d.body])) files.set(t, (files.get(t) ?? 0) + 1);
  const isWord = (t: string) => t.length >= 2 && !/^[\p{N}._-]+$/u.test(t);
  const vocabulary = [...files]
    .filter(([t, n]) => n >= MIN_FILES && n <= docs.length * MAX_SHARE && isWord(t))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_WORDS)
    .map(([t]) => t)
    .sort();
  const id = new Map(vocabulary.map((t, i) => [t, i]));
  const idf = Float64Array.from(vocabulary, (t) => Math.log(docs.length / files.get(t)!));
  console.log(`${docs.length} SKILL.md files of ${records.length} repositories, ${vocabulary.length} words, ${DIMS} dimensions`);

  const sets = ANSWER_TABLES;
  const engine = await engineAnswers(
    work,
    data,
    sets.flatMap(([, answers]) => answers.map(([q]) => q)),
  );
  /** Per set, how many queries have an expected repository within the set's depth (first, or top 5). */
  const score = (rank: (q: string) => string[]) =>
    sets.map(([, answers, depth]) => {
      const n = answers.filter(([q, expected]) =>
        rank(q)
          .slice(0, depth)
          .some((r) => expected.includes(r)),
      ).length;
      return `${n}/${answers.length}`;
    });
  const rows: (string | number)[][] = [["engine, mode=default", "", "", ...score((q) => engine.get(q)!.repos)]];
  const chosen = new Set(values.models!.split(","));
  /** Per paraphrase, the rank (1-5) of the wanted skill: the engine's, then each model's fusion below the engine's first. */
  const paraphraseRanks = new Map<string, string[]>();
  const rankIn = (list: readonly string[], expected: readonly string[]) => {
    const i = list.slice(0, 5).findIndex((r) => expected.includes(r));
    return i < 0 ? "miss" : String(i + 1);
  };
  const paraphrases = sets.filter(([, , depth]) => depth > 1).flatMap(([, answers]) => answers);
  for (const [q, expected] of paraphrases) paraphraseRanks.set(q, [rankIn(engine.get(q)!.repos, expected)]);
  const models: [string, () => Float64Array][] = (
    [
      [
        "lsa",
        () => {
          const every = Number(values["learn-every"]);
          return randomizedSvd(lsaMatrix(every > 1 ? docs.filter((_, i) => i % every === 0) : docs, id, idf), DIMS, "cols");
        },
      ],
      ["ppmi", () => randomizedSvd(ppmiMatrix(docs, id, vocabulary.length), DIMS, "rows")],
    ] as [string, () => Float64Array][]
  ).filter(([name]) => chosen.has(name));
  for (const [name, learn] of models) {
    const started = performance.now();
    const vectors = learn();
    const millis = Math.round(performance.now() - started);
    /** The idf-weighted mean of the words' vectors (each word once), `power` sharpening idf (2: rare words count more). */
    const vectorOf = (words: string[], power = 1) => {
      const v = new Float64Array(DIMS);
      for (const t of new Set(words)) {
        const j = id.get(t);
        if (j !== undefined) for (let d = 0; d < DIMS; d++) v[d]! += idf[j]! ** power * vectors[j * DIMS + d]!;
      }
      const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
      return v.map((x) => x / norm);
    };
    /** Repositories by their best SKILL.md's cosine to `qv`, best first. */
    const rankBy = (qv: Float64Array, skillVectors: Float64Array[]): number[] => {
      const best = new Float64Array(records.length).fill(Number.NEGATIVE_INFINITY);
      docs.forEach((d, i) => {
        let cosine = 0;
        for (let k = 0; k < DIMS; k++) cosine += qv[k]! * skillVectors[i]![k]!;
        if (cosine > best[d.repo]!) best[d.repo] = cosine;
      });
      return Array.from(best.keys()).sort((a, b) => best[b]! - best[a]! || a - b);
    };
    const repoName = (r: number) => `${records[r]!.owner}/${records[r]!.repo}`;
    /** Per skill-vector variant: its vectors and how a query's vector is made. */
    const variants: [string, Float64Array[], (q: string) => Float64Array][] = [];
    const stored = (v: Float64Array) => (values.int8 ? v.map((x) => Math.round(x * 127) / 127) : v);
    const about = docs.map((d) => stored(vectorOf(d.about)));
    variants.push(["skill: name + description", about, (q) => vectorOf(terms(q))]);
    const withHeadings = docs.map((d) => stored(vectorOf([...d.about, ...d.headings])));
    variants.push(["skill: name + description + headings", withHeadings, (q) => vectorOf(terms(q))]);
    variants.push(["skill: name + description; query idf squared", about, (q) => vectorOf(terms(q), 2)]);
    variants.push([
      "skill: name + description; query + feedback from its 3 nearest skills",
      about,
      (q) => {
        const qv = vectorOf(terms(q));
        const scores = about.map((sv) => sv.reduce((s, x, k) => s + x * qv[k]!, 0));
        const top = Array.from(scores.keys())
          .sort((a, b) => scores[b]! - scores[a]! || a - b)
          .slice(0, FEEDBACK_SKILLS);
        const out = Float64Array.from(qv);
        for (const i of top) for (let k = 0; k < DIMS; k++) out[k]! += about[i]![k]! / FEEDBACK_SKILLS;
        const norm = Math.sqrt(out.reduce((s, x) => s + x * x, 0)) || 1;
        return out.map((x) => x / norm);
      },
    ]);
    for (const [v, [variant, skillVectors, queryVector]] of variants.entries()) {
      const cache = new Map<string, string[]>();
      const near = (q: string) => cache.get(q) ?? cache.set(q, rankBy(queryVector(q), skillVectors).slice(0, DEEP).map(repoName)).get(q)!;
      const weak = (q: string, rank: (e: string[], v: string[]) => string[]) => {
        const e = engine.get(q)!;
        return e.strong ? e.repos : rank(e.repos, near(q));
      };
      if (v === 0) for (const [q, expected] of paraphrases) paraphraseRanks.get(q)!.push(rankIn(weak(q, fuseBelowFirst), expected));
      rows.push([name, `${variant}: vectors alone`, millis, ...score(near)]);
      rows.push([name, `${variant}: interleaved where the engine's first is not strong`, millis, ...score((q) => weak(q, interleave))]);
      rows.push([name, `${variant}: rank fusion where the engine's first is not strong`, millis, ...score((q) => weak(q, fuse))]);
      rows.push([
        name,
        `${variant}: rank fusion below the engine's first where that is not strong`,
        millis,
        ...score((q) => weak(q, fuseBelowFirst)),
      ]);
      if (v === 0)
        rows.push([
          name,
          `${variant}: rank fusion below the engine's first where that is not strong, the vectors ranking the engine's candidates only`,
          millis,
          ...score((q) => {
            const e = engine.get(q)!;
            if (e.strong) return e.repos;
            const within = rankBy(queryVector(q), skillVectors)
              .map(repoName)
              .filter((r) => e.candidates.has(r))
              .slice(0, DEEP);
            return fuseBelowFirst(e.repos, within);
          }),
        ]);
      rows.push([
        name,
        `${variant}: the engine's top ${DEEP} re-ranked by the vectors where its first is not strong`,
        millis,
        ...score((q) =>
          weak(q, (e) => {
            const order = new Map(rankBy(queryVector(q), skillVectors).map((r, i) => [repoName(r), i]));
            return [...e].sort((a, b) => order.get(a)! - order.get(b)!);
          }),
        ),
      ]);
    }
  }
  const report = [
    "# Meaning experiment: word vectors by a truncated SVD",
    "",
    `Machine: ${machineLine()}. Command: \`npx tsx bench/meaning-svd.ts --dims ${DIMS} --models ${values.models} --learn-every ${values["learn-every"]}${values.int8 ? " --int8" : ""}\`. The real shared dataset: ${docs.length} SKILL.md files of ${records.length} repositories, ${vocabulary.length} words (in ${MIN_FILES}+ files and at most ${MAX_SHARE * 100}% of them, the ${MAX_WORDS.toLocaleString("en-US")} most frequent), ${DIMS} dimensions, seed 1. Not part of the build: it measures whether the model is worth building (docs/SEARCH.md, "Intent").`,
    "",
    "Known-answer tables: queries whose expected repository comes first; paraphrases: in the top 5.",
    "",
    table(["model", "ranking", "SVD ms", ...sets.map(([label]) => label)], rows),
    "",
    "Paraphrases (the three sets in order), rank of the wanted skill in the top 5: the engine's, then each model's rank fusion below the engine's first (skill vectors from name and description):",
    "",
    table(
      ["query", "engine", ...models.map(([name]) => name)],
      [...paraphraseRanks].map(([q, ranks]) => [`\`${q}\``, ...ranks]),
    ),
    "",
  ].join("\n");
  console.log(report);
  writeFileSync(join(ROOT, "bench", "results", "meaning-svd.md"), report);
}

await main();
