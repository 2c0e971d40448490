// Requests sent with the path exactly as written (no URL normalisation by the client), so tests
// can send the encoded, doubled and backslashed paths an attacker would.
import { request } from "node:http";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  contentType: string;
  text: string;
}

export function rawGet(origin: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((ok, fail) => {
    const req = request({ host: hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        ok({
          status: res.statusCode ?? 0,
          headers: res.headers,
          contentType: String(res.headers["content-type"] ?? ""),
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}
