// One source for the address: PORT moves the servers (npm start, npm run serve), and the commands that
// talk to an API (webhooks, rebuild) take SKILLS_API_URL, else the local server on PORT, else 8788.
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/node/cli.js";
import { deployedApiUrl, localApiUrl, portFromEnv } from "../../src/node/serve.js";

describe("the servers' port", () => {
  it("is PORT, else 8788", () => {
    expect(portFromEnv({})).toBe(8788);
    expect(portFromEnv({ PORT: "9401" })).toBe(9401);
  });

  it("refuses a PORT that is not a port, naming it", () => {
    expect(() => portFromEnv({ PORT: "http" })).toThrow(UsageError);
    expect(() => portFromEnv({ PORT: "0" })).toThrow('PORT must be a port number from 1 to 65535, got "0"');
  });
});

describe("the API a local command talks to (npm run webhooks)", () => {
  it("is SKILLS_API_URL, else the local server on PORT, else on 8788", () => {
    expect(localApiUrl({})).toBe("http://127.0.0.1:8788/api/v1");
    expect(localApiUrl({ PORT: "9401" })).toBe("http://127.0.0.1:9401/api/v1");
    expect(localApiUrl({ PORT: "9401", SKILLS_API_URL: "https://skills.example/api/v1/" })).toBe("https://skills.example/api/v1");
  });
});

describe("the deployed API the rebuild delivers webhooks from", () => {
  it("is --api-url, else SKILLS_API_URL, else the Pages project's address", () => {
    expect(deployedApiUrl("skills", undefined, {})).toBe("https://skills.pages.dev/api/v1");
    expect(deployedApiUrl("skills", undefined, { SKILLS_API_URL: "https://skills.example/api/v1/" })).toBe("https://skills.example/api/v1");
    expect(deployedApiUrl("skills", "https://given.example/api/v1", { SKILLS_API_URL: "https://skills.example/api/v1" })).toBe(
      "https://given.example/api/v1",
    );
  });
});
