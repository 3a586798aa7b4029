/**
 * Keeps an in-memory VectorIndex in step with the stored vectors of one model. It loads everything
 * once, then before each search reloads only the notes that changed: those the indexer in this
 * context reported (`markDirty`), and those named in the change log between the cursor it loaded at
 * and the stored cursor, which covers an indexer running in another tab or worker (an indexer saves
 * a note's vectors before it moves the cursor past the note's changes).
 */
import { AppError, ItemType } from '$lib/core';
import { readChangesSince, type EmbeddingRecord, type FolioDatabase } from '$lib/db';
import { eachEmbedding, noteEmbeddings, readCursor } from './store';
import { VectorIndex } from './vector-index';

const RELOAD_ALL_ABOVE = 500;

/** The loaded index of one model, refreshed on demand. */
export class LiveIndex {
  private index: VectorIndex | null = null;
  private loaded = false;
  private loadedCursor = 0;
  private readonly dirty = new Set<string>();
  private pending: Promise<VectorIndex | null> | null = null;

  constructor(
    private readonly db: FolioDatabase,
    private readonly model: string
  ) {}

  /** Marks a note's vectors as changed, to reload before the next search. */
  markDirty(noteId: string): void {
    this.dirty.add(noteId);
  }

  /** The up-to-date index, or null while the model has no stored vectors at all. */
  current(): Promise<VectorIndex | null> {
    // One refresh at a time; concurrent searches share it.
    this.pending ??= this.refresh().finally(() => (this.pending = null));
    return this.pending;
  }

  private async refresh(): Promise<VectorIndex | null> {
    const stored = (await readCursor(this.db, this.model)) ?? 0;
    // A first full pass finished elsewhere (cursor 0 → head), or the cursor was reset: load afresh.
    if (!this.loaded || stored < this.loadedCursor || (this.loadedCursor === 0 && stored > 0))
      return this.loadAll(stored);
    if (stored > this.loadedCursor) {
      for (let after = this.loadedCursor; ;) {
        const page = await readChangesSince(this.db, after, 2000);
        for (const change of page)
          if (change.item_type === ItemType.Note && (change.seq ?? 0) <= stored)
            this.dirty.add(change.item_id);
        after = page.at(-1)?.seq ?? after;
        if (page.length < 2000 || after >= stored) break;
      }
      this.loadedCursor = stored;
    }
    // Past a few hundred notes one streaming load beats a query per note.
    if (this.dirty.size > RELOAD_ALL_ABOVE) return this.loadAll(stored);
    const ids = [...this.dirty];
    this.dirty.clear();
    for (const id of ids) await this.reloadNote(id);
    return this.index;
  }

  private async loadAll(cursor: number): Promise<VectorIndex | null> {
    this.index = null;
    this.dirty.clear();
    // Dexie's each() does not pass on an error thrown by its callback: keep it and throw it here.
    let failure: unknown;
    await eachEmbedding(this.db, this.model, (record) => {
      if (failure) return;
      try {
        this.add(record);
      } catch (error) {
        failure = error;
      }
    });
    if (failure) {
      this.index = null;
      throw failure;
    }
    this.loaded = true;
    this.loadedCursor = cursor;
    return this.index;
  }

  private async reloadNote(noteId: string): Promise<void> {
    this.index?.removeNote(noteId);
    for (const record of await noteEmbeddings(this.db, this.model, noteId)) this.add(record);
  }

  private add(record: EmbeddingRecord): void {
    this.index ??= new VectorIndex(record.vector.length, 1024);
    if (record.vector.length !== this.index.dimensions) {
      // The same model id gave vectors of two sizes (e.g. an endpoint now serves another model under that name).
      throw new AppError(
        'conflict',
        `The semantic index of ${this.model} holds vectors of ${this.index.dimensions} and ${record.vector.length} dimensions. Clear it and index again.`
      );
    }
    this.index.add(record.note_id, record.chunk_index, record.vector);
  }
}
