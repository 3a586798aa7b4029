/**
 * A feed of changed note ids, read from the change log (every write in every tab and worker
 * appends to it). The MCP servers use it for `notifications/resources/updated` and
 * `notifications/resources/list_changed`. One feed serves every session in a context.
 */
import { liveQuery } from 'dexie';
import { ItemType } from '$lib/core';
import type { ToolContext } from '$lib/tools';

type Database = ToolContext['db'];

/** Changes read from the log per batch. */
const CHANGE_BATCH = 500;

/** Which notes changed in one batch of the log. */
export interface NoteChangeBatch {
  /** Every note id written (created, edited, trashed, restored, deleted). */
  ids: Set<string>;
}

/** Subscribes to note changes; `subscribe` returns the unsubscribe function. */
export interface NoteChangeFeed {
  subscribe(listener: (batch: NoteChangeBatch) => void): () => void;
  stop(): void;
}

/** Starts following the log from its current end; later writes are reported, earlier ones are not. */
export async function followNoteChanges(db: Database, onError: (error: unknown) => void): Promise<NoteChangeFeed> {
  const listeners = new Set<(batch: NoteChangeBatch) => void>();
  let cursor = (await db.changes.orderBy('seq').last())?.seq ?? 0;
  let queue = Promise.resolve();
  const catchUp = async () => {
    for (;;) {
      const changes = await db.changes.where('seq').above(cursor).limit(CHANGE_BATCH).toArray();
      if (changes.length === 0) return;
      cursor = changes[changes.length - 1].seq ?? cursor;
      const ids = new Set(changes.filter((c) => c.item_type === ItemType.Note).map((c) => c.item_id));
      if (ids.size) for (const listener of [...listeners]) listener({ ids });
    }
  };
  const subscription = liveQuery(() => db.changes.orderBy('seq').last()).subscribe({
    next: (last) => {
      if ((last?.seq ?? 0) > cursor) queue = queue.then(catchUp).catch(onError);
    },
    error: onError
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      subscription.unsubscribe();
      listeners.clear();
    }
  };
}
