// A small HTTP client for the integration tests: fetches a path under the served API and returns
// status, headers and the parsed JSON body. The API is a served address (inject("api"): the
// `wrangler pages dev` of the workerd project) or the function run in-process (./in-process-api.ts).
import { inject } from "vitest";

/** The function run in-process over a built folder: an address to build URLs on and its fetch. */
export interface InProcessApi {
  base: string;
  fetch(url: string, init?: RequestInit): Promise<Response>;
}
export type ApiTarget = string | InProcessApi;

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read fields of many shapes and validate them with the schemas
  body: any;
  text: string;
}

export async function call(path: string, init?: RequestInit, api: ApiTarget = inject("api")): Promise<Answer> {
  const res =
    typeof api === "string" ? await fetch(`${api}${path}`, { redirect: "manual", ...init }) : await api.fetch(`${api.base}${path}`, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** Asks until the answer comes from the answer cache: the first answer's put runs after it is sent. */
export async function untilHit(path: string, api: ApiTarget = inject("api"), tries = 10): Promise<Answer> {
  for (let i = 0; ; i++) {
    const answer = await call(path, undefined, api);
    if (answer.headers.get("x-answer-cache") === "hit" || i >= tries) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
}
