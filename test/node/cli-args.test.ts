// A wrong flag is one plain sentence naming the option, whatever node:util's parser said.
import { type ParseArgsConfig, parseArgs } from "node:util";
import { describe, expect, it } from "vitest";
import { parseErrorMessage } from "../../src/node/cli.js";

const failure = (args: string[], options: ParseArgsConfig["options"]): unknown => {
  try {
    parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    return error;
  }
  throw new Error("expected a parse error");
};

describe("wrong flags", () => {
  const options = { out: { type: "string" }, quiet: { type: "boolean" } } as const;
  it.each([
    [["--nope"], "unknown option --nope (the options are --out, --quiet, and --help)"],
    [["-x"], "unknown option -x (the options are --out, --quiet, and --help)"],
    [["--out"], "option --out needs a value"],
    [["--quiet=yes"], "option --quiet takes no value"],
  ])("%j reads %j", (args, expected) => {
    expect(parseErrorMessage(failure(args, options), Object.keys(options))).toBe(expected);
  });

  it("keeps Node's message, first line, for errors it does not know", () => {
    expect(parseErrorMessage(new Error("something else.\nmore"), [])).toBe("something else");
  });
});
