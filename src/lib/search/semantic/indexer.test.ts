import { describe, expect, it, vi } from 'vitest';
import { freshDb } from '../../../../tests/fresh-db';
import {
  addTagsToNote,
  createNote,
  createNotebook,
  emptyTrash,
  getSetting,
  restoreNote,
  trashNote,
  updateNote,
  type FolioDatabase
} from '$lib/db';
import { HashedNgramEmbedder } from './hashed-ngram-embedder';
import { SemanticIndexer } from './indexer';
import { clearModelEmbeddings, cursorKey, noteEmbeddings } from './store';
import type { Embedder, IndexProgress } from './types';

/** The local hashed embedder, counting what it is asked to embed. */
class CountingEmbedder implements Embedder {
  private readonly inner = new HashedNgramEmbedder({ dimensions: 64 });
  readonly id = this.inner.id;
  readonly dimensions = 64;
  readonly maxTokens = 512;
  texts: string[] = [];
  calls = 0;
  beforeEmbed: (() => Promise<void>) | undefined;
  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    await this.beforeEmbed?.();
    this.calls++;
    this.texts.push(...texts);
    return this.inner.embed(texts, signal);
  }
  reset(): void {
    this.texts = [];
    this.calls = 0;
  }
}

let clock = 1_700_000_000_000;
const at = () => ({ now: (clock += 1000) });

async function workspace(notes: number): Promise<{ db: FolioDatabase; book: string; ids: string[] }> {
  const db = freshDb();
  const book = (await createNotebook(db, { title: 'Inbox' }, at())).id;
  const ids: string[] = [];
  for (let i = 0; i < notes; i++)
    ids.push(
      (
        await createNote(
          db,
          { parent_id: book, title: `Note ${i}`, body: `body of note ${i} about topic${i}` },
          at()
        )
      ).id
    );
  return { db, book, ids };
}

function longBody(paragraphs: number): string {
  return Array.from({ length: paragraphs }, (_, p) =>
    Array.from({ length: 40 }, (_, w) => `p${p}word${w}`).join(' ')
  ).join('\n\n');
}

describe('SemanticIndexer', () => {
  it('embeds every note on its first run and stores chunks keyed by model, note and chunk', async () => {
    const { db, ids } = await workspace(3);
    const embedder = new CountingEmbedder();
    const result = await new SemanticIndexer({ db, embedder }).run();
    expect(result).toMatchObject({ embeddedNotes: 3, embeddedChunks: 3, busy: false });
    const [record] = await noteEmbeddings(db, embedder.id, ids[1]);
    expect(record).toMatchObject({
      id: `${embedder.id}:${ids[1]}:0`,
      model: embedder.id,
      note_id: ids[1],
      chunk_index: 0,
      chunk_text: 'Note 1\n\nbody of note 1 about topic1'
    });
    expect(record.vector).toHaveLength(64);
  });

  it('embeds nothing on a second run when nothing changed', async () => {
    const { db } = await workspace(3);
    const embedder = new CountingEmbedder();
    const indexer = new SemanticIndexer({ db, embedder });
    await indexer.run();
    embedder.reset();
    expect(await indexer.run()).toMatchObject({ embeddedNotes: 0, embeddedChunks: 0 });
    expect(embedder.calls).toBe(0);
  });

  it('re-embeds only the note that changed', async () => {
    const { db, ids } = await workspace(5);
    const embedder = new CountingEmbedder();
    const indexer = new SemanticIndexer({ db, embedder });
    await indexer.run();
    embedder.reset();
    await updateNote(db, ids[2], { body: 'a new body' }, at());
    expect(await indexer.run()).toMatchObject({ embeddedNotes: 1, embeddedChunks: 1 });
    expect(embedder.texts).toEqual(['Note 2\n\na new body']);
  });

  it('embeds only the changed chunk of a long note', async () => {
    const { db, book } = await workspace(0);
    const body = longBody(8);
    const note = await createNote(db, { parent_id: book, title: 'Long', body }, at());
    const embedder = new CountingEmbedder();
    const indexer = new SemanticIndexer({ db, embedder, chunk: { maxTokens: 128, overlapTokens: 16 } });
    const first = await indexer.run();
    expect(first.embeddedChunks).toBeGreaterThan(4);
    await updateNote(db, note.id, { body: body.replace('p4word3 ', 'p4word3 changed ') }, at());
    const second = await indexer.run();
    expect(second.embeddedChunks).toBe(1);
    expect(second.reusedChunks).toBe(first.embeddedChunks - 1);
  });

  it('does not re-embed a note whose text did not change', async () => {
    const { db, ids } = await workspace(2);
    const embedder = new CountingEmbedder();
    const indexer = new SemanticIndexer({ db, embedder });
    await indexer.run();
    embedder.reset();
    await addTagsToNote(db, ids[0], ['work'], at());
    expect(await indexer.run()).toMatchObject({ embeddedNotes: 0, skippedNotes: 1 });
    expect(embedder.calls).toBe(0);
  });

  it('removes the chunks of a trashed note and embeds it again when restored', async () => {
    const { db, ids } = await workspace(2);
    const embedder = new CountingEmbedder();
    const indexer = new SemanticIndexer({ db, embedder });
    await indexer.run();
    await trashNote(db, ids[0], at());
    expect(await indexer.run()).toMatchObject({ removedNotes: 1 });
    expect(await noteEmbeddings(db, embedder.id, ids[0])).toEqual([]);
    await restoreNote(db, ids[0], at());
    expect(await indexer.run()).toMatchObject({ embeddedNotes: 1 });
    expect(await noteEmbeddings(db, embedder.id, ids[0])).toHaveLength(1);
  });

  it('removes the chunks of a note deleted for good', async () => {
    const { db, ids } = await workspace(2);
    const embedder = new CountingEmbedder();
    await new SemanticIndexer({ db, embedder }).run();
    await trashNote(db, ids[1], at());
    await emptyTrash(db, at());
    await new SemanticIndexer({ db, embedder }).run();
    expect(await db.embeddings.count()).toBe(1);
  });

  it('keeps its change-log cursor in the settings, per model', async () => {
    const { db } = await workspace(2);
    const embedder = new CountingEmbedder();
    await new SemanticIndexer({ db, embedder }).run();
    expect(await getSetting(db, cursorKey(embedder.id), null)).toBe(await db.changes.count());
  });

  it('rebuilds everything after the model vectors are cleared', async () => {
    const { db } = await workspace(3);
    const embedder = new CountingEmbedder();
    const indexer = new SemanticIndexer({ db, embedder });
    await indexer.run();
    expect(await clearModelEmbeddings(db, embedder.id)).toBe(3);
    expect(await getSetting(db, cursorKey(embedder.id), null)).toBe(null);
    expect(await indexer.run()).toMatchObject({ embeddedNotes: 3 });
  });

  it('resumes after an abort without embedding the finished batches again', async () => {
    const { db } = await workspace(6);
    const embedder = new CountingEmbedder();
    await new SemanticIndexer({ db, embedder }).run();
    const book = (await db.folders.toArray())[0].id;
    for (let i = 0; i < 6; i++)
      await createNote(db, { title: `Later ${i}`, body: 'x', parent_id: book }, at());
    embedder.reset();
    const controller = new AbortController();
    const first = new SemanticIndexer({ db, embedder, notesPerBatch: 2 });
    first.onProgress((p) => p.done === 4 && controller.abort());
    await expect(first.run(controller.signal)).rejects.toThrow();
    expect(embedder.texts).toHaveLength(4);
    embedder.reset();
    const result = await new SemanticIndexer({ db, embedder, notesPerBatch: 2 }).run();
    expect(result.embeddedNotes).toBe(2);
    expect(embedder.texts).toEqual(['Later 4\n\nx', 'Later 5\n\nx']);
  });

  it('reports progress up to the number of notes', async () => {
    const { db } = await workspace(5);
    const indexer = new SemanticIndexer({ db, embedder: new CountingEmbedder(), notesPerBatch: 2 });
    const seen: IndexProgress[] = [];
    indexer.onProgress((p) => seen.push(p));
    await indexer.run();
    expect(seen).toEqual([
      { done: 0, total: 5 },
      { done: 2, total: 5 },
      { done: 4, total: 5 },
      { done: 5, total: 5 }
    ]);
  });

  it('picks up notes written during a run before it ends, growing the total', async () => {
    const { db, book } = await workspace(4);
    const embedder = new CountingEmbedder();
    // The note is written while the first batch is being embedded.
    embedder.beforeEmbed = async () => {
      embedder.beforeEmbed = undefined;
      await createNote(db, { parent_id: book, title: 'Meanwhile', body: 'new' }, at());
    };
    const indexer = new SemanticIndexer({ db, embedder, notesPerBatch: 2 });
    const seen: IndexProgress[] = [];
    indexer.onProgress((p) => seen.push(p));
    expect(await indexer.run()).toMatchObject({ embeddedNotes: 5 });
    expect(seen).toEqual([
      { done: 0, total: 4 },
      { done: 2, total: 4 },
      { done: 4, total: 4 },
      { done: 4, total: 5 },
      { done: 5, total: 5 }
    ]);
    expect(embedder.texts.at(-1)).toBe('Meanwhile\n\nnew');
  });

  it('waits while paused and goes on when resumed', async () => {
    const { db } = await workspace(4);
    const embedder = new CountingEmbedder();
    const indexer = new SemanticIndexer({ db, embedder, notesPerBatch: 2 });
    indexer.onProgress((p) => p.done === 2 && indexer.pause());
    const run = indexer.run();
    // First the pause (however long the first batch takes here), then a while in which nothing moves.
    await vi.waitFor(() => expect(indexer.paused).toBe(true), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(indexer.paused).toBe(true);
    expect(indexer.progress).toEqual({ done: 2, total: 4 });
    expect(embedder.texts).toHaveLength(2);
    indexer.resume();
    expect(await run).toMatchObject({ embeddedNotes: 4 });
    expect(indexer.running).toBe(false);
  });

  it('stops a paused run when aborted', async () => {
    const { db } = await workspace(2);
    const indexer = new SemanticIndexer({ db, embedder: new CountingEmbedder() });
    indexer.pause();
    const controller = new AbortController();
    const run = indexer.run(controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(run).rejects.toThrow();
    expect(await db.embeddings.count()).toBe(0);
  });

  it('gives a second caller the run already in progress', async () => {
    const { db } = await workspace(3);
    const embedder = new CountingEmbedder();
    const indexer = new SemanticIndexer({ db, embedder });
    const [a, b] = [indexer.run(), indexer.run()];
    expect(a).toBe(b);
    await a;
    expect(embedder.texts).toHaveLength(3);
  });
});
