// The smoke stage reads the dataset's counts while wrangler starts: whichever of the two fails, a
// started server is stopped and the failure is what the stage reports.
import { describe, expect, it } from "vitest";
import { readWhileStarting, type SmokeDataset } from "../../../src/node/rebuild/smoke.js";

const dataset: SmokeDataset = { records: [], categories: { locales: ["en"], categories: [] } };

function server() {
  const s = { stopped: 0, stop: async () => void s.stopped++ };
  return s;
}

describe("readWhileStarting", () => {
  it("gives both when both succeed, the server left running", async () => {
    const s = server();
    const got = await readWhileStarting(Promise.resolve(dataset), Promise.resolve(s));
    expect(got).toEqual({ dataset, server: s });
    expect(s.stopped).toBe(0);
  });

  it("stops a started server when the read fails, and throws the read's error", async () => {
    const s = server();
    await expect(readWhileStarting(Promise.reject(new Error("line 3 is damaged")), Promise.resolve(s))).rejects.toThrow(
      "line 3 is damaged",
    );
    expect(s.stopped).toBe(1);
  });

  it("throws the start's error when the server does not start", async () => {
    await expect(readWhileStarting(Promise.resolve(dataset), Promise.reject(new Error("did not start in time")))).rejects.toThrow(
      "did not start in time",
    );
  });
});
