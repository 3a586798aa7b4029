/**
 * The key the full-text index's snapshot is stored under, in a module of its own: the worker's
 * first module reads the snapshot before the search code (and Dexie) has loaded.
 */
export const SNAPSHOT_KEY = 'full-text';
