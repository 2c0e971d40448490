// The vocabulary of synthetic skills: real domain words plus generated ones, drawn with a
// Zipf-like frequency so term statistics resemble real text.
import type { Random } from "./random.js";

const DOMAIN = `skill agent code review test deploy docker kubernetes react vue svelte typescript python rust go java
api rest graphql database postgres sql migration schema query index cache redis queue worker cloud aws azure gcp
terraform ansible pipeline build release version commit branch merge git github changelog lint format style
security audit vulnerability secret token auth oauth login session cookie encryption key certificate scan
data analysis chart plot dashboard metric report pandas notebook model train dataset feature predict llm prompt
embedding vector rag retrieval document pdf excel word slide presentation spreadsheet table csv json yaml markdown
write edit blog article seo marketing campaign email newsletter brand copy social content research paper citation
legal contract policy compliance privacy finance invoice budget tax accounting payment sales lead crm customer
support ticket help onboarding hiring interview resume team meeting agenda notes project plan roadmap task todo
design figma color typography layout component accessibility mobile ios android swift kotlin flutter testing unit
integration e2e playwright browser screenshot performance profile memory latency log monitor alert incident debug
error fix refactor architecture pattern module package dependency install config environment workflow automation
script shell command terminal file folder image video audio music transcript translate language localization`
  .split(/\s+/)
  .filter(Boolean);

const SYLLABLES = "ka lo mi ne ru sa ti vo ze ba de fi gu ho ja ki le mo nu pa qi ro su ta ve wi xa yo zu".split(" ");

export function vocabulary(random: Random, generated = 6000): string[] {
  const words = new Set(DOMAIN);
  while (words.size < DOMAIN.length + generated) {
    let w = "";
    const n = random.int(2, 4);
    for (let i = 0; i < n; i++) w += random.pick(SYLLABLES);
    words.add(w);
  }
  return [...words];
}

export const word = (random: Random, vocab: readonly string[]) => vocab[random.zipf(vocab.length)]!;

export function sentence(random: Random, vocab: readonly string[], min = 6, max = 18): string {
  const n = random.int(min, max);
  const words = Array.from({ length: n }, () => word(random, vocab));
  const text = words.join(" ");
  return `${text.charAt(0).toUpperCase() + text.slice(1)}.`;
}

/** Sentences until the text reaches `length` characters (then trimmed at a word). */
export function prose(random: Random, vocab: readonly string[], length: number): string {
  let text = "";
  while (text.length < length) text += (text ? " " : "") + sentence(random, vocab);
  if (text.length <= length) return text;
  const cut = text.lastIndexOf(" ", length);
  return text.slice(0, cut > 0 ? cut : length).replace(/[ .]*$/, ".");
}
