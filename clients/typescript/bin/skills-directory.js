#!/usr/bin/env node
// The `skills-directory` command: runs the compiled CLI of this package with this process's streams.
import { homedir } from "node:os";

let main;
try {
  ({ main } = await import("../dist/cli.js"));
} catch (e) {
  if (e?.code !== "ERR_MODULE_NOT_FOUND") throw e;
  process.stderr.write("skills-directory: the package is not built; run `npm run build` in its folder (clients/typescript)\n");
  process.exit(1);
}

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
  home: homedir(),
});
