/**
 * A feed of changed note ids, read from the change log (every write in every tab and worker
 * appends to it). The MCP servers use it for `notifications/resources/updated` and
 * `notifications/resources/list_changed`. One feed serves every session in a context.
 */
import { liveQuery } from '$lib/db';
import { ItemType, type Change } from '$lib/core';
import type { ToolContext } from '$lib/tools';

type Database = ToolContext['db'];

/** Changes read from the log per batch. */
const CHANGE_BATCH = 500;

/** Which notes changed in one batch of the log. */
export interface NoteChangeBatch {
  /** Every note id written (created, edited, trashed, restored, deleted). */
  ids: Set<string>;
  /**
   * Whether the list of note resources may have changed: a note created, deleted, trashed,
   * restored or renamed. A body edit alone does not change the list, so autosaves stay quiet.
   */
  listChanged: boolean;
}

/** Entries of the title/trash memory before it is cleared (it only saves notifications). */
const MAX_REMEMBERED = 10_000;

/** Subscribes to note changes; `subscribe` returns the unsubscribe function. */
export interface NoteChangeFeed {
  subscribe(listener: (batch: NoteChangeBatch) => void): () => void;
  stop(): void;
}

/** Starts following the log from its current end; later writes are reported, earlier ones are not. */
export async function followNoteChanges(
  db: Database,
  onError: (error: unknown) => void
): Promise<NoteChangeFeed> {
  const listeners = new Set<(batch: NoteChangeBatch) => void>();
  let cursor = (await db.changes.orderBy('seq').last())?.seq ?? 0;
  let queue = Promise.resolve();
  const listChange = listMemory(db);
  const catchUp = async () => {
    for (;;) {
      const changes = await db.changes.where('seq').above(cursor).limit(CHANGE_BATCH).toArray();
      if (changes.length === 0) return;
      cursor = changes[changes.length - 1].seq ?? cursor;
      const noteChanges = changes.filter((c) => c.item_type === ItemType.Note);
      if (!noteChanges.length) continue;
      const batch = {
        ids: new Set(noteChanges.map((c) => c.item_id)),
        listChanged: await listChange(noteChanges)
      };
      for (const listener of [...listeners]) listener(batch);
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

/**
 * Tells whether a batch of note changes may change the resource list. It remembers each note's
 * title and trash state as last seen; a note not seen before counts as changed (once).
 */
function listMemory(db: Database): (changes: Change[]) => Promise<boolean> {
  const listed = new Map<string, string>();
  return async (changes) => {
    const ids = [...new Set(changes.map((c) => c.item_id))];
    const notes = await db.notes.bulkGet(ids);
    let changed = false;
    if (listed.size > MAX_REMEMBERED) listed.clear();
    notes.forEach((note, i) => {
      const entry = note ? `${note.deleted_time > 0}\u0000${note.title}` : 'gone';
      if (listed.get(ids[i]) !== entry) changed = true;
      listed.set(ids[i], entry);
    });
    return changed || changes.some((c) => c.kind !== 'updated');
  };
}
