/**
 * Whether a bulk writer (an import) is writing in this page. While one is, the page's live queries
 * (LiveQuery) stop re-reading after each of its transactions and refresh at a bounded rate instead
 * (see paced-refresh.ts), then follow live again, with one fresh read, once it is done; followers
 * of the change log that write in this page (note links) wait for its end.
 */
class BulkWrites {
  #running = $state(0);
  #idle: (() => void)[] = [];

  /** Whether a bulk write is running. */
  get active(): boolean {
    return this.#running > 0;
  }

  /** Runs `work` as a bulk write. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
      if (!this.#running) for (const resolve of this.#idle.splice(0)) resolve();
    }
  }

  /** Resolves once no bulk write runs (at once when none does). */
  idle(): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }
}

/** The page's bulk writes (one page, one set of live lists). */
export const bulkWrites = new BulkWrites();
