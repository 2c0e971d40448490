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

export interface Inspector {
  heap(): Promise<IsolateHeap>;
  close(): void;
}

/**
 * Connects before the requests to be measured: wrangler's inspector proxy turns network events on
 * for a client and would otherwise replay every request of the session (bodies included) on
 * connecting, so the connection turns them off at once and the requests stay unobserved.
 */
export async function openInspector(inspectorPort: number, timeoutMs = 30_000): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  if (!targets[0]) throw new Error("the inspector lists no isolate");
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  const waiting = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
  ws.on("message", (data) => {
    const text = String(data);
    // Only answers to this client's calls are parsed; events are skipped unread.
    const id = /^\{"id":(\d+),/.exec(text)?.[1];
    if (id !== undefined) waiting.get(Number(id))?.(JSON.parse(text));
  });
  await new Promise<void>((ok, fail) => {
    ws.once("open", () => ok());
    ws.once("error", fail);
  });
  let next = 0;
  const call = (method: string) =>
    new Promise<unknown>((ok, fail) => {
      const id = ++next;
      const timer = setTimeout(() => fail(new Error(`no answer to ${method} from the inspector in ${timeoutMs} ms`)), timeoutMs);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (m.error) fail(new Error(`inspector: ${m.error.message}`));
        else ok(m.result);
      });
      ws.send(JSON.stringify({ id, method }));
    });
  await call("Network.disable");
  return { heap: async () => (await call("Runtime.getHeapUsage")) as IsolateHeap, close: () => ws.close() };
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

export const isolateHeapLine = (h: IsolateHeap | Error) =>
  h instanceof Error
    ? `not measured (${h.message})`
    : `${mib(h.usedSize + h.backingStorageSize + h.embedderHeapUsedSize)} MB in all (JS heap ${mib(h.usedSize)} MB used of ${mib(h.totalSize)} MB, array buffers ${mib(h.backingStorageSize)} MB, workerd's objects ${mib(h.embedderHeapUsedSize)} MB)`;
