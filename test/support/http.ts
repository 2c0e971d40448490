// A small HTTP client for the integration tests: fetches a path under the served API and returns
// status, headers and the parsed JSON body.
import { inject } from "vitest";

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read fields of many shapes and validate them with the schemas
  body: any;
  text: string;
}

export async function call(path: string, init?: RequestInit, api = inject("api")): Promise<Answer> {
  const res = await fetch(`${api}${path}`, { redirect: "manual", ...init });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}
