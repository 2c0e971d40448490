// One webhook POST over node:http(s): a hard timeout for the whole attempt, no redirects followed
// (a 3xx is an answer like any other), and the address guard of target.ts on the socket.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { checkUrl, guardedLookup, type Resolve, TargetError } from "./target.js";

export interface SendResult {
  status: number;
  headers: IncomingHttpHeaders;
}

export class SendError extends Error {
  constructor(
    message: string,
    readonly kind: "timeout" | "refused" | "network",
  ) {
    super(message);
  }
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** The resolver the address guard checks at connect time (default: the system's). */
  resolve?: Resolve;
}

/** At most this much of a response body is read (and then dropped): receivers answer with a status. */
const MAX_BODY = 64 * 1024;

export function postJson(rawUrl: string, body: string, headers: Record<string, string>, opts: SendOptions): Promise<SendResult> {
  let url: URL;
  try {
    url = checkUrl(rawUrl, opts.allowPrivate);
  } catch (e) {
    return Promise.reject(new SendError((e as Error).message, "refused"));
  }
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "skills-directory-webhooks/1",
        },
        lookup: guardedLookup(opts.allowPrivate, opts.resolve),
      },
      (res) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_BODY) res.destroy();
        });
        const done = () => finish(() => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      finish(() => reject(new SendError(`no answer within ${opts.timeoutMs} ms`, "timeout")));
      req.destroy();
    }, opts.timeoutMs);
    req.on("error", (e: NodeJS.ErrnoException) =>
      finish(() =>
        reject(
          e instanceof TargetError || e.code === "EPRIVATE"
            ? new SendError(e.message, "refused")
            : new SendError(`${e.code ?? "error"}: ${e.message}`, "network"),
        ),
      ),
    );
    req.end(body);
  });
}
