// Reusing datasets and sites a benchmark did not make itself: a 1M dataset takes half an hour to
// synthesise and a 1M site as long to build, so the benches take them by path.

/** "N=DIR,N=DIR" -> size -> folder. */
export const folderBySize = (option: string): Map<number, string> =>
  new Map(
    option
      .split(",")
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf("=");
        if (at < 1 || !Number.isInteger(Number(pair.slice(0, at)))) throw new Error(`expected N=DIR, got ${JSON.stringify(pair)}`);
        return [Number(pair.slice(0, at)), pair.slice(at + 1)] as const;
      }),
  );
