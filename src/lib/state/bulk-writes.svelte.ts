/**
 * Whether a bulk writer (an import) is writing in this page. While one is, the page's live queries
 * (LiveQuery) stop re-reading after each of its transactions and refresh at a bounded rate instead
 * (see paced-refresh.ts), then follow live again, with one fresh read, once it is done.
 */
class BulkWrites {
  #running = $state(0);

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
    }
  }
}

/** The page's bulk writes (one page, one set of live lists). */
export const bulkWrites = new BulkWrites();
