// A word model whose vocabulary keeps growing with the corpus, as real SKILL.md text does (Heaps'
// law): most words come from a fixed core of common words, the rest from an open-ended ranked list
// drawn with a power-law tail, so every new batch of skills brings words no earlier skill used.
// Documents also carry code blocks with identifiers (camelCase names are new index terms), version
// numbers and hashes, and some are written in Chinese, Japanese, Korean or Russian. The parameters
// are fitted to the shared dataset's curve of distinct index terms (see heaps.ts and bench/).
import type { Random } from "./random.js";

/** The tunable shape of the model; DEFAULT_MODEL is the fit to the shared dataset. */
export interface ModelParameters {
  /** Share of Latin words drawn from the open-ended list (the rest from the core). */
  rareShare: number;
  /** Tail exponent of the open-ended ranks: distinct words grow roughly as draws^(1/(1+tail)). */
  tail: number;
  /** Scale of the open-ended ranks (how many rare words are about as common as the commonest). */
  rareScale: number;
  /** Chance that a rare word is one this document already used (real documents repeat their terms). */
  burst: number;
  /** Share of documents written mostly in each non-Latin script. */
  scripts: { zh: number; ja: number; ko: number; ru: number };
  cjkTail: number;
  cjkScale: number;
}

export const DEFAULT_MODEL: ModelParameters = {
  rareShare: 0.25,
  tail: 0.7,
  rareScale: 80,
  burst: 0.45,
  scripts: { zh: 0.07, ja: 0.02, ko: 0.01, ru: 0.008 },
  cjkTail: 0.35,
  cjkScale: 3,
};

/** Common words of skill documentation; drawn with a Zipf-like frequency, the first most often. */
const CORE = `use run file code skill agent data test user api command example output input error check
create add update write read build step task project config set change need make list name value type
tool return function default path new open model review deploy docker kubernetes react vue svelte
typescript python rust go java rest graphql database postgres sql migration schema query index cache
redis queue worker cloud aws azure gcp terraform ansible pipeline release version commit branch merge
git github changelog lint format style security audit vulnerability secret token auth oauth login
session cookie encryption key certificate scan analysis chart plot dashboard metric report pandas
notebook train dataset feature predict llm prompt embedding vector rag retrieval document pdf excel word
slide presentation spreadsheet table csv json yaml markdown edit blog article seo marketing campaign
email newsletter brand copy social content research paper citation legal contract policy compliance
privacy finance invoice budget tax accounting payment sales lead crm customer support ticket help
onboarding hiring interview resume team meeting agenda notes plan roadmap todo design figma color
typography layout component accessibility mobile ios android swift kotlin flutter testing unit
integration e2e playwright browser screenshot performance profile memory latency log monitor alert
incident debug fix refactor architecture pattern module package dependency install environment workflow
automation script shell terminal folder image video audio music transcript translate language
localization always never should must only first next each all any other more most when before after
server client request response status header body field option flag argument parameter result state
event message stream handler service endpoint route page view template style class method object array
string number boolean null true false import export require async await promise callback hook context
provider store action reducer effect render props children element node tree graph edge map filter sort
search match replace split join parse validate verify generate convert transform extract load save
delete remove clean reset start stop restart wait retry timeout limit rate batch chunk size count total
summary description instruction guide reference tutorial overview section chapter rule guideline best
practice tip note warning important critical required optional recommended common simple complex
advanced basic quick full clear specific general current previous latest stable local remote global
public private internal external source target origin destination`
  .split(/\s+/)
  .filter(Boolean);

const ONSETS = "b c d f g h j k l m n p r s t v w z br ch cl dr fl gr kr pl pr sh sk sl sp st th tr".split(" ");
const VOWELS = "a e i o u".split(" ");
const SYLLABLES = ONSETS.flatMap((o) => VOWELS.map((v) => o + v));
const CODAS = ["", "", "n", "r", "s", "l", "t", "x", "m", "ck"];

/** Scatters index `i` of a block of `size` over the block (a bijection: `step` is coprime to size). */
const scatter = (i: number, size: number, step: number) => (i * step + Math.floor(size / 3)) % size;

/**
 * The word at `rank` of the open-ended list: syllables in bijective base-N numbering, so every rank
 * has its own spelling; ranks are scattered within each length so neighbours share no prefix.
 */
export function rankedWord(rank: number): string {
  const n = SYLLABLES.length;
  let length = 2;
  let first = 0;
  while (rank - first >= n ** length) {
    first += n ** length;
    length++;
  }
  let x = scatter(rank - first, n ** length, 7919);
  let out = "";
  for (let k = 0; k < length; k++) {
    out += SYLLABLES[x % n];
    x = Math.floor(x / n);
  }
  return out + CODAS[rank % CODAS.length];
}

// Han characters by frequency rank: the first ones common, scattered over the unified block.
const HAN_BLOCK = 0x9fa5 - 0x4e00;
const hanChar = (rank: number) => String.fromCodePoint(0x4e00 + scatter(rank % HAN_BLOCK, HAN_BLOCK, 4099));
const HIRAGANA = "のにはをがでとてしたるいうかもなれ";
const hangul = (rank: number) => String.fromCodePoint(0xac00 + scatter(rank % 11172, 11172, 5003));
const CYRILLIC = "абвгдежзиклмнопрстуфхцчшщыэюя";

/** A small deterministic hash of two integers into [0, 1). */
function unit(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** A Zipf-like index in [0, n) from a uniform `u` (inverse CDF of a continuous 1/x law). */
const zipfIndex = (u: number, n: number) => Math.min(n - 1, Math.floor(Math.exp(u * Math.log(n + 1))) - 1);

/** The CJK "word" at `rank`: 1-4 characters, each a frequency-ranked character. */
function cjkWord(rank: number, script: "zh" | "ja"): string {
  const r = unit(rank, 1);
  const length = r < 0.15 ? 1 : r < 0.75 ? 2 : r < 0.9 ? 3 : 4;
  let out = "";
  for (let i = 0; i < length; i++) out += hanChar(zipfIndex(unit(rank, i + 2), 3500));
  if (script === "ja" && unit(rank, 9) < 0.6) out += HIRAGANA[Math.floor(unit(rank, 10) * HIRAGANA.length)];
  return out;
}

function hangulWord(rank: number): string {
  const length = 2 + Math.floor(unit(rank, 1) * 3);
  let out = "";
  for (let i = 0; i < length; i++) out += hangul(zipfIndex(unit(rank, i + 2), 2000));
  return out;
}

function cyrillicWord(rank: number): string {
  const length = 4 + Math.floor(unit(rank, 1) * 7);
  let out = "";
  for (let i = 0; i < length; i++) out += CYRILLIC[Math.floor(unit(rank, i + 2) * CYRILLIC.length)];
  return out;
}

export type Script = "en" | keyof ModelParameters["scripts"];

/** Draws a rank from the open-ended list: a Pareto tail, capped so spellings stay short. */
function paretoRank(random: Random, tail: number, scale: number): number {
  const u = 1 - random.next();
  return Math.min(2 ** 40, Math.floor(scale * (u ** (-1 / tail) - 1)));
}

/** Writes the text of one document; keeps the rare words it used so it can repeat them. */
export class DocumentWriter {
  private readonly used: number[] = [];
  private readonly usedCjk: number[] = [];
  readonly script: Script;

  constructor(
    private readonly random: Random,
    private readonly model: ModelParameters = DEFAULT_MODEL,
    fixed?: Script,
  ) {
    if (fixed) {
      this.script = fixed;
      return;
    }
    let u = random.next();
    let script: Script = "en";
    for (const [s, share] of Object.entries(model.scripts) as [Script, number][]) {
      if (u < share) {
        script = s;
        break;
      }
      u -= share;
    }
    this.script = script;
  }

  /** One Latin word (core or open-ended). */
  word(): string {
    const { random, model } = this;
    if (random.next() >= model.rareShare) return CORE[random.zipf(CORE.length, 1.0)]!;
    if (this.used.length > 0 && random.next() < model.burst) return rankedWord(random.pick(this.used));
    const rank = paretoRank(random, model.tail, model.rareScale);
    this.used.push(rank);
    return rankedWord(rank);
  }

  /**
   * A code identifier: camelCase, snake_case, kebab-case or dotted. Identifiers have their own
   * open-ended ranked list (a project reuses its names), so they too grow by Heaps' law.
   */
  identifier(): string {
    const { random, model } = this;
    const rank = paretoRank(random, model.tail, model.rareScale * 4);
    const parts = Array.from({ length: 2 + Math.floor(unit(rank, 1) * 2) }, (_, i) => {
      const u = unit(rank, i + 2);
      return u < 0.3 ? rankedWord(Math.floor(unit(rank, i + 7) * 5000)) : CORE[zipfIndex(u, CORE.length)]!;
    });
    switch (rank % 4) {
      case 0:
        return (
          parts[0] +
          parts
            .slice(1)
            .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
            .join("")
        );
      case 1:
        return parts.join("_");
      case 2:
        return parts.join("-");
      default:
        return parts.join(".");
    }
  }

  private nativeWord(): string {
    const { random, model } = this;
    const repeat = this.usedCjk.length > 0 && random.next() < model.burst;
    const rank = repeat ? random.pick(this.usedCjk) : paretoRank(random, model.cjkTail, model.cjkScale);
    if (!repeat) this.usedCjk.push(rank);
    switch (this.script) {
      case "zh":
      case "ja":
        return cjkWord(rank, this.script);
      case "ko":
        return hangulWord(rank);
      default:
        return cyrillicWord(rank);
    }
  }

  /** A sentence in the document's script (with the odd English word or identifier, as real text has). */
  sentence(min = 6, max = 18): string {
    const { random } = this;
    const n = random.int(min, max);
    if (this.script === "zh" || this.script === "ja") {
      let text = "";
      for (let i = 0; i < n; i++) text += random.next() < 0.12 ? ` ${this.word()} ` : this.nativeWord();
      return `${text.trim()}。`;
    }
    const words = Array.from({ length: n }, () => {
      if (this.script !== "en" && random.next() < 0.8) return this.nativeWord();
      const r = random.next();
      if (r < 0.03) return `\`${this.identifier()}\``;
      if (r < 0.035) return `v${random.int(0, 9)}.${random.int(0, 30)}.${random.int(0, 99)}`;
      return this.word();
    });
    const text = words.join(" ");
    return `${text.charAt(0).toUpperCase() + text.slice(1)}.`;
  }

  /** Sentences until the text reaches `length` characters (then cut at a space). */
  prose(length: number): string {
    let text = "";
    while (text.length < length) text += (text ? " " : "") + this.sentence();
    if (text.length <= length) return text;
    const cut = text.lastIndexOf(" ", length);
    return text.slice(0, cut > 0 ? cut : length).replace(/[ .。]*$/, this.script === "zh" || this.script === "ja" ? "。" : ".");
  }

  /** A fenced code block: shell commands, a function with identifiers, a config snippet. */
  codeBlock(): string {
    const { random } = this;
    const lines: string[] = [];
    const lang = random.pick(["bash", "ts", "python", "yaml"]);
    for (let k = random.int(2, 8); k > 0; k--) {
      switch (lang) {
        case "bash":
          lines.push(`${this.word()} ${this.word()} --${this.word()}-${this.word()} ${this.identifier()}`);
          break;
        case "ts":
          lines.push(`const ${this.identifier()} = await ${this.identifier()}(${this.identifier()}, "${this.word()}/${this.word()}");`);
          break;
        case "python":
          lines.push(`def ${this.identifier()}(${this.word()}: ${this.word()}) -> ${this.word()}:  # ${this.word()} ${this.word()}`);
          break;
        default:
          lines.push(`${this.word()}:\n  ${this.identifier()}: ${random.next() < 0.2 ? random.int(0, 2 ** 31).toString(16) : this.word()}`);
      }
    }
    return `\`\`\`${lang}\n${lines.join("\n")}\n\`\`\``;
  }
}
