/**
 * Semantic search over the notes: the query is embedded with the same model as the notes, the
 * in-memory index (live-index.ts) returns the nearest chunks by cosine similarity, and the hits are
 * filled in from the database: the note's current title and notebook, the chunk's text. A note
 * trashed since it was indexed is dropped (and the search looks further so that k can still be met).
 * Scores are the model's real cosine similarities; nothing is made up when the index is empty.
 */
import { AppError } from '$lib/core';
import { getNotes, type FolioDatabase } from '$lib/db';
import type { ChunkOptions } from './chunk';
import { SemanticIndexer } from './indexer';
import { LiveIndex } from './live-index';
import { resolveLimits, RELEVANCE_PRESETS, type Relevance } from './presets';
import { embeddingId, getEmbeddings } from './store';
import type { Embedder, IndexProgress, SemanticHit } from './types';
import type { VectorFilter, VectorIndex, VectorMatch } from './vector-index';

/** What to search for: a relevance preset, or explicit `k` / `minScore` (which win over the preset). */
export interface SemanticQueryOptions {
  relevance?: Relevance;
  k?: number;
  minScore?: number;
  /** Only these notes (a notebook or tag filter, resolved by the caller). */
  noteIds?: Iterable<string>;
  signal?: AbortSignal;
}

/** The state of a model's index, for a status line or the tool's explanation of an empty answer. */
export interface SemanticStatus {
  model: string;
  chunks: number;
  notes: number;
  indexing: boolean;
  paused: boolean;
  progress: IndexProgress;
}

/** Semantic search with one embedder, its background indexer and the "related notes" query. */
export interface SemanticSearch {
  readonly embedder: Embedder;
  readonly indexer: SemanticIndexer;
  /** The chunks nearest to the query, best first, at most k, none below minScore. */
  search(query: string, options?: SemanticQueryOptions): Promise<SemanticHit[]>;
  /** The notes nearest to a note (by the mean of its chunk vectors), each with its best chunk; [] when the note is not indexed. */
  relatedNotes(noteId: string, k?: number, options?: { minScore?: number }): Promise<SemanticHit[]>;
  status(): Promise<SemanticStatus>;
}

/** Settings of a semantic search. */
export interface CreateSemanticSearchOptions {
  db: FolioDatabase;
  embedder: Embedder;
  notesPerBatch?: number;
  chunk?: ChunkOptions;
}

/** The lowest score of a related note by default: the `loose` preset's. */
const RELATED_MIN_SCORE = RELEVANCE_PRESETS.loose.minScore;

/** Creates the semantic search (and its indexer) for one embedder. */
export function createSemanticSearch(options: CreateSemanticSearchOptions): SemanticSearch {
  const { db, embedder } = options;
  const indexer = new SemanticIndexer({
    db,
    embedder,
    notesPerBatch: options.notesPerBatch,
    chunk: options.chunk
  });
  const live = new LiveIndex(db, embedder.id);
  indexer.onNoteIndexed((id) => live.markDirty(id));

  async function search(query: string, queryOptions: SemanticQueryOptions = {}): Promise<SemanticHit[]> {
    if (typeof query !== 'string' || !query.trim())
      throw new AppError('invalid_argument', 'The search query is empty.');
    const { k, minScore } = resolveLimits(queryOptions);
    const index = await live.current();
    if (!index) return [];
    // A query longer than the model's window is cut (at the estimate's 4 chars a token) rather than refused.
    const text = (embedder.queryPrefix ?? '') + query.slice(0, embedder.maxTokens * 4);
    const [vector] = await embedder.embed([text], queryOptions.signal);
    checkDimensions(index, vector, embedder);
    const noteIds = queryOptions.noteIds ? new Set(queryOptions.noteIds) : undefined;
    return nearestLive(db, embedder.id, index, k, (n) => index.search(vector, n, { minScore, noteIds }));
  }

  async function relatedNotes(
    noteId: string,
    k = 5,
    related: { minScore?: number } = {}
  ): Promise<SemanticHit[]> {
    const index = await live.current();
    const vectors = index?.vectorsOf(noteId) ?? [];
    if (!index || vectors.length === 0) return [];
    const centroid = new Float32Array(index.dimensions);
    for (const v of vectors) for (let i = 0; i < v.length; i++) centroid[i] += v[i];
    const filter: VectorFilter = {
      minScore: related.minScore ?? RELATED_MIN_SCORE,
      excludeNoteIds: new Set([noteId])
    };
    return nearestLive(db, embedder.id, index, k, (n) => index.searchNotes(centroid, n, filter));
  }

  async function status(): Promise<SemanticStatus> {
    const index = await live.current();
    return {
      model: embedder.id,
      chunks: index?.size ?? 0,
      notes: index?.noteCount ?? 0,
      indexing: indexer.running,
      paused: indexer.paused,
      progress: indexer.progress
    };
  }

  return { embedder, indexer, search, relatedNotes, status };
}

function checkDimensions(
  index: VectorIndex,
  vector: Float32Array | undefined,
  embedder: Embedder
): asserts vector is Float32Array {
  if (!vector || vector.length !== index.dimensions) {
    throw new AppError(
      'conflict',
      `The embedder ${embedder.id} gave a ${vector?.length ?? 0}-dimensional query vector but the index holds ${index.dimensions}-dimensional vectors. Rebuild the semantic index for this model.`
    );
  }
}

/**
 * The first k matches whose note still exists outside the trash, filled in. Asks `find` for more
 * matches (doubling) while trashed or vanished notes leave fewer than k.
 */
async function nearestLive(
  db: FolioDatabase,
  model: string,
  index: VectorIndex,
  k: number,
  find: (n: number) => VectorMatch[]
): Promise<SemanticHit[]> {
  for (let n = k; ; n = Math.min(n * 2, index.size)) {
    const matches = find(n);
    const hits = await hydrate(db, model, matches);
    if (hits.length >= k || matches.length < n || n >= index.size) return hits.slice(0, k);
  }
}

async function hydrate(db: FolioDatabase, model: string, matches: VectorMatch[]): Promise<SemanticHit[]> {
  const noteIds = [...new Set(matches.map((m) => m.noteId))];
  const notes = new Map(noteIds.map((id, i) => [id, i]));
  const [noteRows, records] = await Promise.all([
    getNotes(db, noteIds),
    getEmbeddings(
      db,
      matches.map((m) => embeddingId(model, m.noteId, m.chunkIndex))
    )
  ]);
  const hits: SemanticHit[] = [];
  matches.forEach((match, i) => {
    const note = noteRows[notes.get(match.noteId)!];
    const record = records[i];
    if (!note || note.deleted_time || !record) return;
    hits.push({
      note_id: note.id,
      title: note.title,
      notebook_id: note.parent_id,
      chunk_index: match.chunkIndex,
      chunk_text: record.chunk_text,
      score: match.score
    });
  });
  return hits;
}
