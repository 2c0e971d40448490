// What one repository may spend of the crawl's GitHub requests when it is read: every kind counts
// (its tree, its archive, any blob read over REST). A truncated tree is no longer walked folder by
// folder (thousands of reads a push could re-trigger): the archive lists it whole in one request.
// A repository that would pass its budget stops there: it is reported over budget and keeps its
// previous record, and the rest of the crawl goes on.

/** Requests one repository may cost when read: its tree, an archive, and a few blobs over REST. */
export const DEFAULT_READ_BUDGET = 8;

/** A repository passed one of its bounds (requests, archive size, files): reported, previous record kept. */
export class OverBudgetError extends Error {
  constructor(message: string) {
    super(`over budget: ${message}`);
    this.name = "OverBudgetError";
  }
}

export class ReadBudget {
  private readonly spent: Record<string, number> = {};
  private total = 0;

  constructor(readonly limit: number) {}

  /** Counts one request of `kind`, or throws when the repository has spent its budget. */
  spend(kind: string): void {
    if (this.total >= this.limit) {
      const parts = Object.entries(this.spent).map(([k, n]) => `${k} ${n}`);
      throw new OverBudgetError(
        `one more ${kind} request would pass the ${this.limit} requests a repository may cost (${parts.join(", ")})`,
      );
    }
    this.total++;
    this.spent[kind] = (this.spent[kind] ?? 0) + 1;
  }

  get used(): number {
    return this.total;
  }
}
