// Text output of the CLI for people: aligned tables, <mark> highlights as terminal colour (or
// plain text when colour is off), and long cells cut to the width.
const ESC = "\u001b[";
export const style = {
  bold: (s: string, on: boolean) => (on ? `${ESC}1m${s}${ESC}22m` : s),
};

/** Replaces the API's <mark>…</mark> with bold yellow (or nothing, when colour is off). */
export const highlight = (text: string, colour: boolean) =>
  text.replace(/<mark>(.*?)<\/mark>/g, (_, inner: string) => (colour ? `${ESC}1;33m${inner}${ESC}0m` : inner));

const ANSI = /\u001b\[[0-9;]*m/g;
const width = (s: string) => [...s.replace(ANSI, "")].length;

/** Cuts a cell to `max` visible characters, keeping escape sequences whole and closing colour. */
function cut(s: string, max: number): string {
  if (width(s) <= max) return s;
  let out = "";
  let seen = 0;
  for (const part of s.split(/(\u001b\[[0-9;]*m)/)) {
    if (part.startsWith(ESC)) {
      out += part;
      continue;
    }
    for (const ch of part) {
      if (seen >= max - 1) return `${out}…${s.includes(ESC) ? `${ESC}0m` : ""}`;
      out += ch;
      seen++;
    }
  }
  return out;
}

/** Rows under a header, columns padded; the last column takes what is left of `totalWidth`. */
export function table(header: string[], rows: string[][], totalWidth: number, colour: boolean): string {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ""))));
  const fixed = widths.slice(0, -1).reduce((n, w) => n + w + 2, 0);
  widths[widths.length - 1] = Math.max(10, Math.min(widths[widths.length - 1] ?? 0, totalWidth - fixed));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => {
        const cell = cut(c, widths[i] ?? 0);
        return i === cells.length - 1 ? cell : cell + " ".repeat((widths[i] ?? 0) - width(cell));
      })
      .join("  ")
      .trimEnd();
  return [style.bold(line(header), colour), ...rows.map(line)].join("\n");
}
