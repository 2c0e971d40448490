// Where the TypeScript client finds the API without a baseUrl: SKILLS_API_URL, else the local server on
// PORT, else on 8788; checked over real loopback HTTP by what a server on that address is asked.
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PORT, defaultBaseUrl, SkillsDirectory } from "../../clients/typescript/src/index.js";
import { page, type ScriptedServer, scriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
});

describe("the TypeScript client's default address", () => {
  it("is SKILLS_API_URL, else 127.0.0.1 on PORT, else on 8788 (an origin alone gets /api/v1)", () => {
    expect(DEFAULT_PORT).toBe(8788);
    expect(defaultBaseUrl({})).toBe("http://127.0.0.1:8788/api/v1");
    expect(defaultBaseUrl({ PORT: "9401" })).toBe("http://127.0.0.1:9401/api/v1");
    expect(defaultBaseUrl({ PORT: "9401", SKILLS_API_URL: "https://skills.example" })).toBe("https://skills.example/api/v1");
    expect(defaultBaseUrl({ SKILLS_API_URL: "https://skills.example/api/v1/" })).toBe("https://skills.example/api/v1");
    expect(defaultBaseUrl({ SKILLS_API_URL: "  ", PORT: "" })).toBe("http://127.0.0.1:8788/api/v1");
  });

  it("refuses a PORT or SKILLS_API_URL it cannot use instead of asking another server", () => {
    expect(() => defaultBaseUrl({ PORT: "http" })).toThrow('PORT must be a port number from 1 to 65535, got "http"');
    expect(() => defaultBaseUrl({ PORT: "70000" })).toThrow(/PORT must be a port number/);
    expect(() => defaultBaseUrl({ SKILLS_API_URL: "not a url" })).toThrow(/SKILLS_API_URL "not a url" is not a URL/);
  });

  it("follows PORT from the process's environment when constructed without options", async () => {
    server = await scriptedServer([{ status: 200, body: page([]) }]);
    vi.stubEnv("SKILLS_API_URL", "");
    vi.stubEnv("PORT", new URL(server.url).port);
    await new SkillsDirectory().listSkills({ limit: 1 });
    expect(server.requests.map((r) => r.url)).toEqual(["/api/v1/skills?limit=1"]);
  });

  it("follows SKILLS_API_URL over PORT, and an explicit baseUrl over both", async () => {
    server = await scriptedServer([{ status: 200, body: page([]) }]);
    vi.stubEnv("SKILLS_API_URL", new URL(server.url).origin);
    vi.stubEnv("PORT", "9");
    await new SkillsDirectory().listSkills({ limit: 2 });
    vi.stubEnv("SKILLS_API_URL", "http://127.0.0.1:9/api/v1");
    await new SkillsDirectory({ baseUrl: server.url }).listSkills({ limit: 3 });
    expect(server.requests.map((r) => r.url)).toEqual(["/api/v1/skills?limit=2", "/api/v1/skills?limit=3"]);
  });
});
