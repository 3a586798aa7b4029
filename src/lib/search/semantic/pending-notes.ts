/**
 * Which notes the indexer must look at. Incrementally: every note named in the change log after the
 * cursor, ordered by its LAST change, so that once the notes up to seq S are done, every change up
 * to S has been applied (a note changed at 5 and 100 is handled once, with its current state) and
 * the cursor can move to S. On the first pass (no cursor yet): every note, plus every note that still
 * has vectors of this model, so a reset or a lost cursor heals itself.
 */
import { ItemType } from '$lib/core';
import { latestChangeSeq, readChangesSince, type FolioDatabase } from '$lib/db';

/** A note to look at, and the seq the cursor may move to once it is done. */
export interface PendingNote {
  id: string;
  seq: number;
}

/** The notes to look at, in order, and the seq the cursor moves to once all are done. */
export interface PendingWork {
  notes: PendingNote[];
  lastSeq: number;
  /** False on a full pass: then the cursor may move only once every note is done. */
  incremental: boolean;
}

const PAGE = 2000;

/** The pending notes of the `model` index after `cursor` (null: never indexed, a full pass). */
export async function pendingNotes(
  db: FolioDatabase,
  model: string,
  cursor: number | null
): Promise<PendingWork> {
  return cursor === null ? fullPass(db, model) : sinceCursor(db, cursor);
}

async function sinceCursor(db: FolioDatabase, cursor: number): Promise<PendingWork> {
  const lastChange = new Map<string, number>();
  let lastSeq = cursor;
  for (;;) {
    const page = await readChangesSince(db, lastSeq, PAGE);
    for (const change of page) {
      lastSeq = Math.max(lastSeq, change.seq ?? 0);
      if (change.item_type !== ItemType.Note) continue;
      lastChange.delete(change.item_id); // re-insert so Map order follows the last change
      lastChange.set(change.item_id, change.seq ?? lastSeq);
    }
    if (page.length < PAGE) break;
  }
  return { notes: [...lastChange].map(([id, seq]) => ({ id, seq })), lastSeq, incremental: true };
}

async function fullPass(db: FolioDatabase, model: string): Promise<PendingWork> {
  // Read the log's head first: anything written after it is picked up by the next incremental run.
  const lastSeq = await latestChangeSeq(db);
  const ids = new Set(await db.notes.toCollection().primaryKeys());
  const prefix = `${model}:`;
  for (const key of await db.embeddings.where('model').equals(model).primaryKeys()) {
    const rest = key.slice(prefix.length);
    ids.add(rest.slice(0, rest.lastIndexOf(':')));
  }
  return { notes: [...ids].map((id) => ({ id, seq: lastSeq })), lastSeq, incremental: false };
}
