// One analysis of text for several posting collectors. The first pass feeds two collectors from the
// same SKILL.md files: the term index reads a skill's whole primary body, the meaning model the start
// of the same body (meaning-collect.ts). Collectors built over one SharedTerms share its scanner, so a
// spelling is analysed once for both, and a body scanned once (`scanBody`) is handed to each as its
// term ids: the meaning collector takes the ids of the words within its bound and scans again only
// the word the bound cuts. Each collector keeps its own key ids (a key exists in a collector's part
// only when it gave it a posting), mapped from the shared ids on first sight.

import { bodyStart } from "../../contract/skill-body.js";
import { primaryFile } from "../../contract/skill-views.js";
import type { SkillRecord } from "../../schemas/dataset.js";
import { TermScanner } from "./term-scan.js";

/** The terms of a body as scanned once: shared term ids and the end of the word each came from. */
export interface ScannedBody {
  /** The text the body is part of (a SKILL.md's content) and where the body starts in it. */
  source: string;
  from: number;
  /** The terms that scanned it: the ids below are theirs. */
  terms: SharedTerms;
  /** ids[0 .. count): the body's terms in order; ends[k]: the end of ids[k]'s word, from the body's start. */
  ids: Int32Array;
  ends: Int32Array;
  count: number;
}

export class SharedTerms {
  /** Term by shared id. */
  readonly terms: string[] = [];
  private readonly ids = new Map<string, number>();
  readonly scanner = new TermScanner((term) => this.idOf(term));
  private scanned: ScannedBody = { source: "", from: 0, terms: this, ids: new Int32Array(1024), ends: new Int32Array(1024), count: 0 };

  idOf(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.push(term) - 1;
      this.ids.set(term, id);
    }
    return id;
  }

  /**
   * The terms of `source` from `from` on, scanned once. The result's buffers are this object's and
   * are reused by the next call: hand it to every collector before scanning the next body.
   */
  scanBody(source: string, from: number): ScannedBody {
    const out = this.scanned;
    out.source = source;
    out.from = from;
    // Taken out of the scanner's run, whose buffers are swapped with this body's: a collector scans other
    // texts (a name, a cut word) before the next collector has read the body, and those scans now fill
    // the other buffers. A swap, not a copy of every term id of every body.
    const run = this.scanner.scanFrom(source, from);
    const { ids, ends } = out;
    out.ids = run.ids;
    out.ends = run.ends;
    out.count = run.count;
    run.ids = ids;
    run.ends = ends;
    return out;
  }
}

/** The body of `record`'s primary SKILL.md (after its frontmatter, as search-document.ts cuts it), scanned once by `terms`. */
export const scanPrimaryBody = (terms: SharedTerms, record: SkillRecord): ScannedBody => {
  const { content } = primaryFile(record);
  return terms.scanBody(content, bodyStart(content));
};

/** Whether `body` is the body of `record`'s primary SKILL.md, so a collector may take it as scanned. */
export const isPrimaryBody = (body: ScannedBody, record: SkillRecord): boolean => {
  const { content } = primaryFile(record);
  return body.source === content && body.from === bodyStart(content);
};
