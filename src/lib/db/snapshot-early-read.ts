/**
 * Reading a stored search snapshot with plain IndexedDB before Dexie has opened the database, so
 * that a worker's start overlaps the two (Dexie's open checks the schema of every table: 0.1–0.5 s
 * on a loaded machine at 50,000 notes, and the snapshot read, once it was done, came after it).
 *
 * Written by hand because Dexie reads nothing before its open completes. The reader never creates
 * or upgrades anything: a database that does not exist yet is left for Dexie to create (the open's
 * upgrade is aborted), and the connection closes as soon as the read is asked for, or at once when
 * another connection needs to upgrade. The version seen is returned beside the record, so the
 * caller uses it only when Dexie then opened that same version (no upgrade ran in between).
 */
import type { SearchIndexRecord } from './database';

/** The record read early, and the IndexedDB version it was read at. */
export interface EarlySnapshot {
  record: SearchIndexRecord | undefined;
  version: number;
}

/** Reads `key` from the `search_index` store of database `name`; undefined when it cannot (no database, no store, any failure). */
export function readSnapshotBeforeOpen(name: string, key: string): Promise<EarlySnapshot | undefined> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      resolve(undefined);
      return;
    }
    // Only a database that does not exist yet asks for an upgrade here: create nothing.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(undefined);
    request.onsuccess = () => {
      const idb = request.result;
      idb.onversionchange = () => idb.close();
      try {
        const get = idb.transaction('search_index', 'readonly').objectStore('search_index').get(key);
        get.onsuccess = () =>
          resolve({ record: get.result as SearchIndexRecord | undefined, version: idb.version });
        get.onerror = () => resolve(undefined);
      } catch {
        resolve(undefined);
      } finally {
        // The read asked for still completes; the connection ends with it.
        idb.close();
      }
    };
  });
}
