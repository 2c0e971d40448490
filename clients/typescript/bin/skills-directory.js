#!/usr/bin/env node
// The `skills-directory` command: runs the compiled CLI of this package.
import { main } from "../dist/cli.js";

process.exitCode = await main(process.argv.slice(2), process.env, process.stdout, process.stderr);
