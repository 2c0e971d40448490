// A loopback HTTP server that answers from a script, one answer per request, and records what it
// was sent: the real wire for the clients' retry, timeout and revalidation tests.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
}

export interface ScriptedServer {
  url: string;
  requests: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Answers the requests in order from `script`; the last answer repeats once the script runs out. */
export async function scriptedServer(script: ScriptedAnswer[]): Promise<ScriptedServer> {
  const requests: ScriptedServer["requests"] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", headers: req.headers });
    const answer = script[Math.min(requests.length - 1, script.length - 1)]!;
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status, {
        "Content-Type": "application/json; charset=utf-8",
        "X-Request-Id": `req-${requests.length}`,
        ...answer.headers,
      });
      res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

export const envelope = (code: string, message = `a ${code}`) => ({ error: { code, message }, meta: { requestId: "x" } });
export const page = (data: unknown[], page = 1, totalPages = 1) => ({
  data,
  pagination: { page, limit: 20, total: data.length, totalPages },
  meta: { requestId: "x", timestamp: "2026-01-01T00:00:00.000Z" },
});
