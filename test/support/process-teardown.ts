// Run before every test file (vitest's setupFiles): after the file's last test, whatever it passed,
// failed or timed out, every process group it started is ended, and every process still carrying
// the file's token in its environment (./process-groups.ts).
import { afterAll } from "vitest";
import { endProcessGroups, markTestFile } from "./process-groups.js";

markTestFile();

afterAll(async () => {
  await endProcessGroups();
});
