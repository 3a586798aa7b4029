/**
 * The stored side of the semantic index: chunk vectors in the `embeddings` table, keyed
 * `${model}:${note_id}:${chunk_index}`, and one change-log cursor per model in `settings`. Neither
 * is an item, so writing them adds nothing to the change log.
 */
import { getSetting, setSetting, type EmbeddingRecord, type FolioDatabase } from '$lib/db';

/** The settings key holding the seq of the last change the indexer of `model` applied. */
export function cursorKey(model: string): string {
  return `semantic.cursor:${model}`;
}

/** The seq up to which the `model` index follows the change log; null before its first full pass. */
export function readCursor(db: FolioDatabase, model: string): Promise<number | null> {
  return getSetting<number | null>(db, cursorKey(model), null);
}

/** Records the seq up to which the `model` index is complete. */
export function writeCursor(db: FolioDatabase, model: string, seq: number): Promise<void> {
  return setSetting(db, cursorKey(model), seq);
}

/** The storage key of one chunk. */
export function embeddingId(model: string, noteId: string, chunkIndex: number): string {
  return `${model}:${noteId}:${chunkIndex}`;
}

/** A note's stored chunks for `model`, by chunk index. */
export async function noteEmbeddings(
  db: FolioDatabase,
  model: string,
  noteId: string
): Promise<EmbeddingRecord[]> {
  const records = await db.embeddings.where('[model+note_id]').equals([model, noteId]).toArray();
  return records.sort((a, b) => a.chunk_index - b.chunk_index);
}

/** Replaces a note's chunks for `model` with `records`, in one transaction. */
export async function replaceNoteEmbeddings(
  db: FolioDatabase,
  model: string,
  noteId: string,
  records: EmbeddingRecord[]
): Promise<void> {
  await db.transaction('rw', db.embeddings, async () => {
    await db.embeddings.where('[model+note_id]').equals([model, noteId]).delete();
    if (records.length) await db.embeddings.bulkPut(records);
  });
}

/** Deletes a note's chunks for `model`. */
export async function deleteNoteEmbeddings(
  db: FolioDatabase,
  model: string,
  noteId: string
): Promise<number> {
  return db.embeddings.where('[model+note_id]').equals([model, noteId]).delete();
}

/** Calls `visit` for every stored chunk of `model`, without holding them all in memory at once. */
export async function eachEmbedding(
  db: FolioDatabase,
  model: string,
  visit: (record: EmbeddingRecord) => void
): Promise<void> {
  await db.embeddings.where('model').equals(model).each(visit);
}

/** Chunk records by id, for the text of search results (undefined where missing). */
export function getEmbeddings(db: FolioDatabase, ids: string[]): Promise<(EmbeddingRecord | undefined)[]> {
  return db.embeddings.bulkGet(ids);
}

/** Deletes every stored vector of `model` and its cursor (the user dropped or replaced that model). */
export async function clearModelEmbeddings(db: FolioDatabase, model: string): Promise<number> {
  return db.transaction('rw', db.embeddings, db.settings, async () => {
    await db.settings.delete(cursorKey(model));
    return db.embeddings.where('model').equals(model).delete();
  });
}
