/**
 * Bringing a batch of notes' stored chunks up to date with the notes: skip a note whose chunks
 * have not changed, drop the vectors of a trashed or deleted note, and for an
 * edited note embed only the chunks whose text changed (an edit to one paragraph usually leaves the
 * other windows as they were, so their vectors are reused). All new texts of a batch go to the
 * embedder in one call, which is what remote endpoints and WebGPU batching are fast at.
 */
import type { Note } from '$lib/core';
import { getNotes, type EmbeddingRecord, type FolioDatabase } from '$lib/db';
import { chunkNote, type ChunkOptions } from './chunk';
import { deleteNoteEmbeddings, embeddingId, noteEmbeddings, replaceNoteEmbeddings } from './store';
import type { Embedder } from './types';

/** What a batch (or a whole run) did. */
export interface IndexCounts {
  /** Notes whose chunks were (re)written. */
  embeddedNotes: number;
  /** Notes whose vectors were dropped (trashed or deleted). */
  removedNotes: number;
  /** Notes already up to date. */
  skippedNotes: number;
  /** Chunks sent to the embedder. */
  embeddedChunks: number;
  /** Chunks whose text was unchanged, so their vector was kept. */
  reusedChunks: number;
}

/** All counts at zero. */
export function emptyCounts(): IndexCounts {
  return { embeddedNotes: 0, removedNotes: 0, skippedNotes: 0, embeddedChunks: 0, reusedChunks: 0 };
}

interface Plan {
  note: Note;
  records: EmbeddingRecord[];
  /** Indexes into `records` still waiting for a vector. */
  missing: number[];
}

/** Updates the stored chunks of the notes `ids`; calls `changed` for each note whose vectors changed. */
export async function embedNotes(
  db: FolioDatabase,
  embedder: Embedder,
  ids: string[],
  options: { chunk?: ChunkOptions; signal?: AbortSignal; changed?: (noteId: string) => void }
): Promise<IndexCounts> {
  const counts = emptyCounts();
  const notes = await getNotes(db, ids);
  const plans: Plan[] = [];
  for (const [i, note] of notes.entries()) {
    if (!note || note.deleted_time) {
      if ((await deleteNoteEmbeddings(db, embedder.id, ids[i])) > 0) {
        counts.removedNotes++;
        options.changed?.(ids[i]);
      } else counts.skippedNotes++;
      continue;
    }
    const plan = await planNote(db, embedder, note, options.chunk);
    if (plan) plans.push(plan);
    else counts.skippedNotes++;
  }
  const texts = plans.flatMap((p) => p.missing.map((i) => p.records[i].chunk_text));
  const vectors = texts.length ? await embedder.embed(texts, options.signal) : [];
  if (vectors.length !== texts.length)
    throw new Error(
      `The embedder ${embedder.id} returned ${vectors.length} vectors for ${texts.length} texts.`
    );
  options.signal?.throwIfAborted();
  let next = 0;
  for (const plan of plans) {
    for (const i of plan.missing) plan.records[i].vector = vectors[next++];
    await replaceNoteEmbeddings(db, embedder.id, plan.note.id, plan.records);
    counts.embeddedNotes++;
    counts.embeddedChunks += plan.missing.length;
    counts.reusedChunks += plan.records.length - plan.missing.length;
    options.changed?.(plan.note.id);
  }
  return counts;
}

/**
 * The records a note should have, reusing stored vectors of unchanged text; null when up to date.
 * "Up to date" is judged by the chunk texts, not by updated_time alone: two writes in the same
 * millisecond share an updated_time, and a move or a tag change bumps it without changing the text.
 */
async function planNote(
  db: FolioDatabase,
  embedder: Embedder,
  note: Note,
  chunkOptions: ChunkOptions = {}
): Promise<Plan | null> {
  const stored = await noteEmbeddings(db, embedder.id, note.id);
  const maxTokens = Math.min(chunkOptions.maxTokens ?? embedder.maxTokens, embedder.maxTokens);
  const chunks = chunkNote(note.title, note.body, { ...chunkOptions, maxTokens });
  const known = new Map(stored.map((r) => [r.chunk_text, r.vector]));
  const missing: number[] = [];
  const records = chunks.map((chunk, i): EmbeddingRecord => {
    const vector = known.get(chunk.text);
    if (!vector) missing.push(i);
    return {
      id: embeddingId(embedder.id, note.id, chunk.index),
      note_id: note.id,
      model: embedder.id,
      chunk_index: chunk.index,
      chunk_text: chunk.text,
      vector: vector ?? new Float32Array(0),
      note_updated_time: note.updated_time
    };
  });
  const same =
    missing.length === 0 &&
    stored.length === records.length &&
    stored.every((r, i) => r.chunk_text === records[i].chunk_text);
  return same ? null : { note, records, missing };
}
