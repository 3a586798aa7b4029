/** Persistent storage: asks the browser not to evict Folio's data under storage pressure. */

/** What the browser answered to the request for persistent storage. */
export type PersistenceState = 'granted' | 'denied' | 'unsupported';

/** Asks for persistent storage (once granted, it stays granted). */
export async function requestPersistentStorage(): Promise<PersistenceState> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.persist) return 'unsupported';
  if (await storage.persisted()) return 'granted';
  return (await storage.persist()) ? 'granted' : 'denied';
}

/** How much the origin uses and may use, in bytes, when the browser tells. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await storage.estimate();
  return { usage, quota };
}
