/**
 * Re-reading a query at a bounded share of the time, for the page's live lists while a bulk writer
 * (an import) runs. A live query re-reads after every committed transaction, and an import commits
 * one per batch of 500 notes: re-reading every note id after each batch made a 50,000-note import
 * quadratic. Here a read that took t ms is followed by a pause of t·(1/share − 1) ms (at least
 * `minGapMs`), so the reads never take more than `share` of the time however large the vault grows,
 * and the list still moves on while the import runs.
 */

export interface PacedRefreshOptions {
  /** The least pause between two reads. */
  minGapMs?: number;
  /** The largest share of the time spent reading (0–1). */
  share?: number;
  /** Wait `minGapMs` before the first read (the value shown is fresh), instead of reading at once. */
  delayFirst?: boolean;
}

/** Reads `read` now (or after a pause) and again and again, paced; returns the function that stops it. */
export function pacedRefresh<T>(
  read: () => Promise<T>,
  onValue: (value: T) => void,
  onError: (error: unknown) => void,
  { minGapMs = 1000, share = 0.05, delayFirst = false }: PacedRefreshOptions = {}
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = async (): Promise<void> => {
    const start = performance.now();
    try {
      const value = await read();
      if (!stopped) onValue(value);
    } catch (error) {
      if (!stopped) onError(error);
    }
    if (stopped) return;
    const took = performance.now() - start;
    timer = setTimeout(step, Math.max(minGapMs, took * (1 / share - 1)));
  };
  // Always from a timer: the first read then never runs inside the caller's reactive context.
  timer = setTimeout(step, delayFirst ? minGapMs : 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
