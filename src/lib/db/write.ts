/**
 * The one way to write: a Dexie read-write transaction that also appends to the change log, so that
 * a write and its log entry land together or not at all. Storage failures become AppErrors a user
 * can read (storage full, storage unavailable).
 */
import {
  AppError,
  isQuotaError,
  writerOf,
  type Change,
  type ChangeSource,
  type ItemType,
  type Writer
} from '$lib/core';
import type { FolioDatabase } from './database';

/** Who is writing, and (for revisions) why. */
export interface WriteOptions {
  source?: ChangeSource;
  /** Which writer of that kind: the plugin's name, the MCP client's name (Writer.name). */
  name?: string;
  /** The browser tab of a user's edit (Writer.tab). */
  tab?: string;
  /** The tool that writes (e.g. "update_note"), named in the label of the revision it keeps. */
  tool?: string;
  /** The label of the revision this write keeps, instead of the one made from the writer and tool. */
  label?: string;
  /** Keep a revision of the version replaced even when the 10-minute throttle would not. */
  keepRevision?: boolean;
  /** The time to record; tests set it, the app leaves it to the clock. */
  now?: number;
}

/** A log of changes collected during one transaction. */
export interface ChangeLog {
  readonly now: number;
  readonly source: ChangeSource;
  /** Who writes (source, name, tab). */
  readonly writer: Writer;
  /** The options the transaction was started with (tool, label, keepRevision for revisions). */
  readonly options: Readonly<WriteOptions>;
  /** Logs a change; `text` when it wrote a note's title or body. */
  log(itemId: string, itemType: ItemType, kind: Change['kind'], text?: boolean): void;
}

type TableName =
  | 'notes'
  | 'folders'
  | 'tags'
  | 'note_tags'
  | 'resources'
  | 'blobs'
  | 'revisions'
  | 'settings'
  | 'conflicts'
  | 'sync_items';

/** Runs `body` in one read-write transaction over `tables` (and the change log). */
export async function writeTransaction<T>(
  db: FolioDatabase,
  tables: TableName[],
  options: WriteOptions,
  body: (changes: ChangeLog) => Promise<T>
): Promise<T> {
  const now = options.now ?? Date.now();
  const source = options.source ?? 'user';
  const writer = writerOf(source, options.name, options.tab);
  const stores = [...tables.map((t) => db.table(t)), db.changes];
  try {
    return await db.transaction('rw', stores, async () => {
      const pending: Change[] = [];
      const result = await body({
        now,
        source,
        writer,
        options,
        log: (item_id, item_type, kind, text) =>
          pending.push({ item_id, item_type, kind, ...writer, ...(text ? { text: 1 } : {}), time: now })
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
    return new AppError(
      'storage_full',
      'The browser has no storage space left for Folio. Free some space; your edit is kept and will be saved again.',
      { cause: error }
    );
  }
  const name = (error as { name?: string })?.name ?? '';
  if (
    [
      'DatabaseClosedError',
      'OpenFailedError',
      'MissingAPIError',
      'InvalidStateError',
      'UnknownError'
    ].includes(name)
  ) {
    return new AppError(
      'storage_unavailable',
      `The browser's storage is not available (${name}). Your edit is kept in memory and will be saved when it is.`,
      { cause: error }
    );
  }
  return error;
}
