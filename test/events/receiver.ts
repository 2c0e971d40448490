// A webhook receiver on loopback for the delivery tests: records every request (headers and raw
// body) and answers from a script of replies (status, Retry-After, a delay longer than the
// sender's timeout, or never), then 204 once the script runs out.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Reply {
  status?: number;
  retryAfter?: string;
  delayMs?: number;
  /** Never answer (the sender times out or is killed). */
  hang?: boolean;
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Replies for the next requests, in order. */
  script(replies: Reply[]): void;
  /** Resolves when `n` requests have arrived in total. */
  waitFor(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(path = "/hook"): Promise<Receiver> {
  const received: Received[] = [];
  let replies: Reply[] = [];
  const waiters: { n: number; ok: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      for (const w of waiters.filter((w) => received.length >= w.n)) w.ok();
      const reply = replies.shift() ?? {};
      if (reply.hang) return;
      setTimeout(() => {
        res.writeHead(reply.status ?? 204, reply.retryAfter ? { "retry-after": reply.retryAfter } : {});
        res.end();
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    script: (r) => (replies = [...r]),
    waitFor: (n) => (received.length >= n ? Promise.resolve() : new Promise((ok) => waiters.push({ n, ok }))),
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
