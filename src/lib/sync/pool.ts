/**
 * Runs `work` on every item with at most `limit` running at once, in order of start; the first
 * failure stops new starts and is thrown once the running ones settled. Sync uses it so a few
 * requests are in flight together (a browser allows six per host on HTTP/1.1).
 */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
  signal?: AbortSignal
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        signal?.throwIfAborted();
        await work(items[index], index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}
