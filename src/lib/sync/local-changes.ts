/**
 * What changed on this device since the last sync, read from the change log after the stored
 * cursor (as the search indexer does), so writes from every tab, the AI, plugins and imports are
 * all seen (sync's own writes are not: they came from the target), and a sync that stopped half-way
 * resumes where it was. Before the first sync with a
 * target every item is a candidate. The result is only a list of ids: whether an item really needs
 * uploading is decided against its sync record (upload.ts).
 */
import { ItemType } from '$lib/core';
import { latestChangeSeq, readChangesSince, type FolioDatabase } from '$lib/db';
import type { PendingItem } from './state';

/** The item types that sync. */
export const SYNCED_TYPES = [
  ItemType.Folder,
  ItemType.Tag,
  ItemType.Note,
  ItemType.Resource,
  ItemType.NoteTag
] as const;

const PAGE = 2000;

/** The candidates for upload, and the cursor to store once they are done. */
export async function localCandidates(
  db: FolioDatabase,
  cursor: number | null,
  pending: PendingItem[]
): Promise<{ candidates: PendingItem[]; cursor: number }> {
  const byId = new Map<string, number>();
  for (const item of pending) byId.set(item.id, item.type);
  let last: number;
  if (cursor === null) {
    last = await latestChangeSeq(db);
    const tables = {
      [ItemType.Folder]: db.folders,
      [ItemType.Tag]: db.tags,
      [ItemType.Note]: db.notes,
      [ItemType.Resource]: db.resources,
      [ItemType.NoteTag]: db.note_tags
    };
    for (const type of SYNCED_TYPES) {
      for (const id of (await (tables[type] as typeof db.notes).toCollection().primaryKeys()) as string[])
        byId.set(id, type);
    }
  } else {
    last = cursor;
    for (;;) {
      const page = await readChangesSince(db, last, PAGE);
      for (const change of page) {
        // Sync's own writes are what the target already has (each recorded in sync_items as it was
        // written): after a first sync down of 10,000 notes, re-reading them all would make the next
        // sync of one changed note look at 10,000 candidates.
        if (change.source === 'sync') continue;
        if ((SYNCED_TYPES as readonly number[]).includes(change.item_type))
          byId.set(change.item_id, change.item_type);
      }
      if (page.length) last = page[page.length - 1].seq ?? last;
      if (page.length < PAGE) break;
    }
  }
  // Parents first, so a notebook reaches the target before the notes in it.
  const order = (type: number) => (SYNCED_TYPES as readonly number[]).indexOf(type);
  const candidates = [...byId]
    .map(([id, type]) => ({ id, type }))
    .sort((a, b) => order(a.type) - order(b.type));
  return { candidates, cursor: last };
}
