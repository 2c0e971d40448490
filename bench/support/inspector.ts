// The heap of the isolate behind `wrangler pages dev`, read as devtools reads it: V8's
// Runtime.getHeapUsage over the inspector's WebSocket. The product has no endpoint for this; the
// benchmark asks the runtime itself. workerd answers getHeapUsage but not a collection on request,
// so the figures include garbage not yet collected (an upper bound of what is live).
import WebSocket from "ws";

export interface IsolateHeap {
  /** V8's used JS heap, bytes. */
  usedSize: number;
  /** V8's heap reserved, bytes. */
  totalSize: number;
  /** Array buffers' and external strings' backing store (shard bytes live here), bytes. */
  backingStorageSize: number;
  /** The embedder's (workerd's C++ objects) heap, bytes. */
  embedderHeapUsedSize: number;
}

export async function isolateHeap(inspectorPort: number, timeoutMs = 10_000): Promise<IsolateHeap> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  if (!targets[0]) throw new Error("the inspector lists no isolate");
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  try {
    return await new Promise<IsolateHeap>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`no heap figures from the inspector in ${timeoutMs} ms`)), timeoutMs);
      ws.on("error", fail);
      ws.on("open", () => ws.send(JSON.stringify({ id: 1, method: "Runtime.getHeapUsage" })));
      ws.on("message", (data) => {
        const m = JSON.parse(String(data)) as { id?: number; result?: IsolateHeap; error?: { message: string } };
        if (m.id !== 1) return;
        clearTimeout(timer);
        if (m.result) ok(m.result);
        else fail(new Error(`inspector: ${m.error?.message ?? "no result"}`));
      });
    });
  } finally {
    ws.close();
  }
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

export const isolateHeapLine = (h: IsolateHeap) =>
  `${mib(h.usedSize + h.backingStorageSize + h.embedderHeapUsedSize)} MB in all (JS heap ${mib(h.usedSize)} MB used of ${mib(h.totalSize)} MB, array buffers ${mib(h.backingStorageSize)} MB, workerd's objects ${mib(h.embedderHeapUsedSize)} MB)`;
