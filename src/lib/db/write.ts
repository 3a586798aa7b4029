/**
 * The one way to write: a Dexie read-write transaction that also appends to the change log, so that
 * a write and its log entry land together or not at all. Storage failures become AppErrors a user
 * can read (storage full, storage unavailable).
 */
import { AppError, isQuotaError, type Change, type ChangeSource, type ItemType } from '$lib/core';
import type { FolioDatabase } from './database';

/** Who is writing, and (for revisions) why. */
export interface WriteOptions {
  source?: ChangeSource;
  /** Shown in the history view beside the revision this write saves, e.g. "update_note". */
  label?: string;
  /** The time to record; tests set it, the app leaves it to the clock. */
  now?: number;
}

/** A log of changes collected during one transaction. */
export interface ChangeLog {
  readonly now: number;
  readonly source: ChangeSource;
  log(itemId: string, itemType: ItemType, kind: Change['kind']): void;
}

type TableName = 'notes' | 'folders' | 'tags' | 'note_tags' | 'resources' | 'blobs' | 'revisions' | 'settings' | 'sync_items';

/** Runs `body` in one read-write transaction over `tables` (and the change log). */
export async function writeTransaction<T>(
  db: FolioDatabase,
  tables: TableName[],
  options: WriteOptions,
  body: (changes: ChangeLog) => Promise<T>
): Promise<T> {
  const now = options.now ?? Date.now();
  const source = options.source ?? 'user';
  const stores = [...tables.map((t) => db.table(t)), db.changes];
  try {
    return await db.transaction('rw', stores, async () => {
      const pending: Change[] = [];
      const result = await body({
        now,
        source,
        log: (item_id, item_type, kind) => pending.push({ item_id, item_type, kind, source, time: now })
      });
      if (pending.length) await db.changes.bulkAdd(pending);
      return result;
    });
  } catch (error) {
    throw toStorageError(error);
  }
}

/** Maps IndexedDB's failures to errors a user can act on; passes AppErrors and others through. */
export function toStorageError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isQuotaError(error)) {
    return new AppError('storage_full', 'The browser has no storage space left for Folio. Free some space; your edit is kept and will be saved again.', { cause: error });
  }
  const name = (error as { name?: string })?.name ?? '';
  if (['DatabaseClosedError', 'OpenFailedError', 'MissingAPIError', 'InvalidStateError', 'UnknownError'].includes(name)) {
    return new AppError('storage_unavailable', `The browser's storage is not available (${name}). Your edit is kept in memory and will be saved when it is.`, { cause: error });
  }
  return error;
}
