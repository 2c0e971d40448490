// The question asked before installing a suspicious skill: the findings first, then yes or no on
// the terminal. --yes answers for the user; with no terminal and no --yes the answer is no.
import type { Input, Output } from "./io.js";

function readLine(stdin: Input): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const done = () => {
      stdin.removeAllListeners("data");
      stdin.removeAllListeners("end");
      stdin.pause();
      resolve(text);
    };
    stdin.on("data", (chunk) => {
      text += chunk.toString();
      if (text.includes("\n")) done();
    });
    stdin.on("end", done);
    stdin.resume();
  });
}

export function confirmer(stdin: Input | undefined, stderr: Output, yes: boolean) {
  return async (subject: string, findings: readonly string[]): Promise<boolean> => {
    stderr.write(`${subject}; the scanner's findings:\n${findings.join("\n")}\n`);
    if (yes) {
      stderr.write("installing it anyway (--yes)\n");
      return true;
    }
    if (!stdin?.isTTY) return false;
    stderr.write("Install it anyway? [y/N] ");
    return /^\s*y(es)?\s*$/i.test(await readLine(stdin));
  };
}
