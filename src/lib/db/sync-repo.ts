/**
 * The writes sync makes, as repository functions: items arrive from the sync target whole (ids,
 * times and Joplin's other fields as the other device wrote them), and each write records in the
 * same transaction what sync now agrees with the target about that item (`sync_items`), so a crash
 * between the two can never make sync think an item changed here when it did not.
 *
 * Every write is logged with source 'sync'. A note whose title or body a remote version replaces
 * keeps a revision of the version it had ("Before sync"), whatever the revision throttle says.
 * The sync module's apply-remote.ts is the only caller: it decides what to write; this file only
 * writes it faithfully.
 */
import { ItemType, type Note, type Notebook, type NoteTag, type Resource, type Tag } from '$lib/core';
import type { FolioDatabase, SyncItemRecord } from './database';
import { addConflictCopy } from './conflict-copies';
import { saveRevision } from './revisions-repo';
import { ownedBlob } from './owned-blob';
import { writeTransaction, type ChangeLog } from './write';

/** A record as sync stores it: Folio's fields plus the Joplin fields Folio does not model. */
export type SyncedRecord = (Note | Notebook | Tag | NoteTag | Resource) & {
  joplin_extra?: Record<string, string>;
};

/** One item to store as the target has it. */
export interface SyncedItem {
  type: number;
  record: SyncedRecord;
  /** A resource's bytes, downloaded before the write. */
  blob?: Blob;
  /**
   * The local updated_time the caller based its decision on (null: the item was absent). When the
   * stored item no longer matches (someone wrote meanwhile), this item is skipped, not overwritten.
   */
  expect?: number | null;
}

const SYNC = { source: 'sync' as const };
const ALL_TABLES = [
  'notes',
  'folders',
  'tags',
  'note_tags',
  'resources',
  'blobs',
  'revisions',
  'sync_items'
] as const;

function tableOf(db: FolioDatabase, type: number) {
  switch (type) {
    case ItemType.Note:
      return db.notes;
    case ItemType.Folder:
      return db.folders;
    case ItemType.Tag:
      return db.tags;
    case ItemType.NoteTag:
      return db.note_tags;
    case ItemType.Resource:
      return db.resources;
    default:
      throw new RangeError(`sync: item type ${type} has no table`);
  }
}

/** What sync agreed on for these items (undefined where nothing yet), in order. */
export function getSyncItems(db: FolioDatabase, ids: string[]): Promise<(SyncItemRecord | undefined)[]> {
  return db.sync_items.bulkGet(ids);
}

/** Every sync record (one per item ever synced with the current target). */
export function listSyncItems(db: FolioDatabase): Promise<SyncItemRecord[]> {
  return db.sync_items.toArray();
}

/** Records what sync agreed on for items whose local record did not change (uploads, unchanged downloads). */
export async function putSyncItems(db: FolioDatabase, items: SyncItemRecord[]): Promise<void> {
  if (!items.length) return;
  await writeTransaction(db, ['sync_items'], SYNC, async () => {
    await db.sync_items.bulkPut(items);
  });
}

/** Forgets what sync agreed on for these items (they were deleted on both sides). */
export async function deleteSyncItems(db: FolioDatabase, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await writeTransaction(db, ['sync_items'], SYNC, async () => {
    await db.sync_items.bulkDelete(ids);
  });
}

/** Forgets everything about the previous target (the user chose another one). */
export async function clearSyncItems(db: FolioDatabase): Promise<void> {
  await writeTransaction(db, ['sync_items'], SYNC, async () => {
    await db.sync_items.clear();
  });
}

/**
 * Stores items as the target has them, and their sync records, in one transaction. A note whose
 * title or body changes keeps a revision of its previous version, labelled `label`. Resolves with
 * the ids skipped because they changed meanwhile (see `expect`); their sync records are not written.
 */
export async function putSyncedItems(
  db: FolioDatabase,
  items: SyncedItem[],
  syncItems: SyncItemRecord[],
  label = 'Before sync'
): Promise<string[]> {
  const owned: SyncedItem[] = [];
  for (const item of items) owned.push(item.blob ? { ...item, blob: await ownedBlob(item.blob) } : item);
  return writeTransaction(db, [...ALL_TABLES], SYNC, async (changes) => {
    const skipped = new Set<string>();
    for (const item of owned) if (!(await putOne(db, item, changes, label))) skipped.add(item.record.id);
    await db.sync_items.bulkPut(syncItems.filter((s) => !skipped.has(s.item_id)));
    return [...skipped];
  });
}

async function putOne(
  db: FolioDatabase,
  item: SyncedItem,
  changes: ChangeLog,
  label: string
): Promise<boolean> {
  const table = tableOf(db, item.type) as unknown as typeof db.notes;
  const existing = await table.get(item.record.id);
  if (item.expect !== undefined && (existing?.updated_time ?? null) !== item.expect) return false;
  if (item.type === ItemType.Note && existing)
    await keepRevision(db, existing, item.record as Note, changes, label);
  await table.put(item.record as Note);
  if (item.blob) await db.blobs.put({ id: item.record.id, data: item.blob });
  changes.log(item.record.id, item.type as ItemType, existing ? 'updated' : 'created');
  return true;
}

async function keepRevision(
  db: FolioDatabase,
  before: Note,
  after: Pick<Note, 'title' | 'body'>,
  changes: ChangeLog,
  label: string
): Promise<void> {
  if (before.title !== after.title || before.body !== after.body)
    await saveRevision(db, before, changes, label);
}

/**
 * A note changed here and on the target: the local version becomes a conflict copy (made by
 * conflict-copies.ts, as Joplin makes them), and the original takes the target's version, all in
 * one transaction. Returns the copy. `remote` null
 * means the target deleted the note: the original then goes to the trash.
 */
export async function putConflict(
  db: FolioDatabase,
  local: Note,
  remote: SyncedRecord | null,
  syncItem: SyncItemRecord
): Promise<Note> {
  return writeTransaction(db, [...ALL_TABLES], SYNC, async (changes) => {
    const current = (await db.notes.get(local.id)) ?? local;
    const copy = await addConflictCopy(db, current, changes);
    if (remote) {
      await keepRevision(db, current, remote as Note, changes, 'Before sync (conflict)');
      await db.notes.put(remote as Note);
    } else {
      await db.notes.put({ ...current, deleted_time: current.deleted_time || changes.now });
    }
    changes.log(current.id, ItemType.Note, 'updated');
    await db.sync_items.put(
      remote ? syncItem : { ...syncItem, updated_time: current.updated_time, remote_deleted: 1 }
    );
    return copy;
  });
}

/**
 * The target deleted these notes: they go to the trash here (their text stays recoverable), and
 * their sync records say so, so they are not uploaded again unless the user changes them.
 */
export async function trashSyncedNotes(db: FolioDatabase, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await writeTransaction(db, ['notes', 'sync_items'], SYNC, async (changes) => {
    for (const note of await db.notes.bulkGet(ids)) {
      if (!note) continue;
      const trashed = note.deleted_time ? note : { ...note, deleted_time: changes.now };
      if (trashed !== note) {
        await db.notes.put(trashed);
        changes.log(note.id, ItemType.Note, 'updated');
      }
      await db.sync_items.put({
        item_id: note.id,
        item_type: ItemType.Note,
        updated_time: trashed.updated_time,
        fingerprint: '',
        remote_deleted: 1
      });
    }
  });
}

/**
 * The target deleted a notebook: its notes that the target still has (moved into it here) become
 * conflicts, as Joplin makes them, so they are kept and shown under Conflicts; the notebook and
 * its sub-notebooks go to the trash. Returns the ids of the notes marked.
 */
export async function trashSyncedNotebook(
  db: FolioDatabase,
  id: string,
  keptNoteIds: string[]
): Promise<string[]> {
  return writeTransaction(db, ['notes', 'folders', 'sync_items'], SYNC, async (changes) => {
    const folder = await db.folders.get(id);
    if (folder && !folder.deleted_time) {
      await db.folders.put({ ...folder, deleted_time: changes.now });
      changes.log(id, ItemType.Folder, 'updated');
    }
    const marked: string[] = [];
    for (const note of await db.notes.bulkGet(keptNoteIds)) {
      if (!note || note.deleted_time || note.is_conflict) continue;
      await db.notes.put({ ...note, is_conflict: 1 });
      changes.log(note.id, ItemType.Note, 'updated');
      marked.push(note.id);
    }
    await db.sync_items.put({
      item_id: id,
      item_type: ItemType.Folder,
      updated_time: folder?.updated_time ?? 0,
      fingerprint: '',
      remote_deleted: 1
    });
    return marked;
  });
}

/**
 * The target deleted items that carry no text of their own (tags, note-tag links, attachments no
 * note links to any more): they are deleted here too, with their sync records.
 */
export async function deleteSyncedItems(
  db: FolioDatabase,
  items: { id: string; type: number }[]
): Promise<void> {
  if (!items.length) return;
  await writeTransaction(db, [...ALL_TABLES], SYNC, async (changes) => {
    for (const { id, type } of items) {
      await tableOf(db, type).delete(id);
      if (type === ItemType.Resource) await db.blobs.delete(id);
      changes.log(id, type as ItemType, 'deleted');
      await db.sync_items.delete(id);
    }
  });
}
