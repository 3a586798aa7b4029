/**
 * The in-memory vector index: every chunk vector of one model in ONE contiguous Float32Array
 * (row r at [r × dim, (r + 1) × dim)), normalised on insert so cosine similarity is a dot product.
 * Search is exact brute force: at the sizes a notes app reaches (tens of thousands of chunks) a
 * tight loop over contiguous memory is fast enough (see tests/bench/vector-bench.mjs) and has none
 * of an approximate index's recall loss or build cost. Removing a note moves the last rows into
 * its holes, so the array stays dense.
 */
import { TopK } from './top-k';

/** A scored row: which note, which chunk. */
export interface VectorMatch {
  noteId: string;
  chunkIndex: number;
  score: number;
}

/** Which rows a search may return. */
export interface VectorFilter {
  /** Only chunks of these notes. */
  noteIds?: ReadonlySet<string>;
  /** Never chunks of these notes. */
  excludeNoteIds?: ReadonlySet<string>;
  /** Drop matches scoring below this. */
  minScore?: number;
}

const INITIAL_ROWS = 256;

/**
 * Dot product of `query` with the row at `offset` of the contiguous array. Four accumulators:
 * measured 30% faster in V8 than one, as they break the dependency chain between additions.
 */
function dotAt(data: Float32Array, offset: number, query: Float32Array, dim: number): number {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0;
  const tail = dim - (dim % 4);
  for (let i = 0; i < tail; i += 4) {
    s0 += data[offset + i] * query[i];
    s1 += data[offset + i + 1] * query[i + 1];
    s2 += data[offset + i + 2] * query[i + 2];
    s3 += data[offset + i + 3] * query[i + 3];
  }
  for (let i = tail; i < dim; i++) s0 += data[offset + i] * query[i];
  return s0 + s1 + s2 + s3;
}

/** Scores rows [0, count) against `query` into `out`: one pass over the array, no closure per row. */
function scoreAll(
  data: Float32Array,
  count: number,
  query: Float32Array,
  dim: number,
  out: Float64Array
): void {
  for (let row = 0, offset = 0; row < count; row++, offset += dim) out[row] = dotAt(data, offset, query, dim);
}

/** Unit-length copy of a vector (a zero vector stays zero and matches nothing). */
export function unitCopy(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let sum = 0;
  for (let i = 0; i < out.length; i++) sum += out[i] * out[i];
  const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  for (let i = 0; i < out.length; i++) out[i] *= scale;
  return out;
}

/** The in-memory index of one model's chunk vectors. */
export class VectorIndex {
  private data: Float32Array;
  private count = 0;
  private rowNote: string[] = [];
  private rowChunk: number[] = [];
  private readonly rowsByNote = new Map<string, number[]>();
  private scores = new Float64Array(0);

  constructor(
    readonly dimensions: number,
    capacity = INITIAL_ROWS
  ) {
    if (!Number.isInteger(dimensions) || dimensions < 1)
      throw new RangeError(`dimensions must be a positive integer, got ${dimensions}.`);
    this.data = new Float32Array(Math.max(1, capacity) * dimensions);
  }

  /** How many chunks are indexed. */
  get size(): number {
    return this.count;
  }

  /** How many notes have at least one chunk indexed. */
  get noteCount(): number {
    return this.rowsByNote.size;
  }

  /** Whether the note has chunks in the index. */
  has(noteId: string): boolean {
    return this.rowsByNote.has(noteId);
  }

  /** Adds one chunk's vector (copied and normalised). */
  add(noteId: string, chunkIndex: number, vector: ArrayLike<number>): void {
    if (vector.length !== this.dimensions)
      throw new RangeError(`Vector has ${vector.length} dimensions, the index ${this.dimensions}.`);
    if ((this.count + 1) * this.dimensions > this.data.length) {
      const grown = new Float32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const row = this.count++;
    this.data.set(unitCopy(vector), row * this.dimensions);
    this.rowNote[row] = noteId;
    this.rowChunk[row] = chunkIndex;
    const rows = this.rowsByNote.get(noteId);
    if (rows) rows.push(row);
    else this.rowsByNote.set(noteId, [row]);
  }

  /** Removes all chunks of a note. */
  removeNote(noteId: string): void {
    const rows = this.rowsByNote.get(noteId);
    if (!rows) return;
    this.rowsByNote.delete(noteId);
    // Fill holes from the end, highest hole first, so a moved row is never itself a later hole.
    for (const hole of [...rows].sort((a, b) => b - a)) this.moveLastInto(hole);
  }

  /** The note's chunk vectors (normalised copies), by chunk index. */
  vectorsOf(noteId: string): Float32Array[] {
    const rows = [...(this.rowsByNote.get(noteId) ?? [])].sort((a, b) => this.rowChunk[a] - this.rowChunk[b]);
    return rows.map((row) => this.data.slice(row * this.dimensions, (row + 1) * this.dimensions));
  }

  /** The k chunks most similar to `query` (cosine), best first. */
  search(query: ArrayLike<number>, k: number, filter: VectorFilter = {}): VectorMatch[] {
    const q = this.checkQuery(query);
    // A zero vector (a query with nothing the model could read) is similar to nothing.
    if (!q.some((x) => x !== 0)) return [];
    const top = new TopK(Math.max(1, k));
    const minScore = filter.minScore ?? -Infinity;
    const exclude = filter.excludeNoteIds;
    if (filter.noteIds) {
      // Only the allowed notes' rows: a notebook or tag filter then costs its own size, not the index's.
      for (const id of filter.noteIds) {
        if (exclude?.has(id)) continue;
        for (const row of this.rowsByNote.get(id) ?? []) {
          const score = dotAt(this.data, row * this.dimensions, q, this.dimensions);
          if (score >= minScore && score > top.threshold) top.push(row, score);
        }
      }
    } else {
      const scores = this.scratch();
      scoreAll(this.data, this.count, q, this.dimensions, scores);
      for (let row = 0; row < this.count; row++) {
        const score = scores[row];
        if (score >= minScore && score > top.threshold && !exclude?.has(this.rowNote[row]))
          top.push(row, score);
      }
    }
    return top
      .sorted()
      .map(({ row, score }) => ({ noteId: this.rowNote[row], chunkIndex: this.rowChunk[row], score }));
  }

  /** The k notes most similar to `query`, each scored by its best chunk, best first. */
  searchNotes(query: ArrayLike<number>, k: number, filter: VectorFilter = {}): VectorMatch[] {
    const best = new Map<string, VectorMatch>();
    for (const match of this.search(query, this.count, filter))
      if (!best.has(match.noteId)) best.set(match.noteId, match);
    return [...best.values()].slice(0, k);
  }

  /** A reused score buffer of at least `count` entries (allocating 240 kB per search costs GC time). */
  private scratch(): Float64Array {
    if (this.scores.length < this.count)
      this.scores = new Float64Array(Math.max(this.count, this.scores.length * 2));
    return this.scores;
  }

  private checkQuery(query: ArrayLike<number>): Float32Array {
    if (query.length !== this.dimensions)
      throw new RangeError(`Query has ${query.length} dimensions, the index ${this.dimensions}.`);
    return unitCopy(query);
  }

  private moveLastInto(hole: number): void {
    const last = --this.count;
    if (hole !== last) {
      const dim = this.dimensions;
      this.data.copyWithin(hole * dim, last * dim, (last + 1) * dim);
      const movedNote = this.rowNote[last];
      this.rowNote[hole] = movedNote;
      this.rowChunk[hole] = this.rowChunk[last];
      const rows = this.rowsByNote.get(movedNote)!;
      rows[rows.indexOf(last)] = hole;
    }
    this.rowNote.length = last;
    this.rowChunk.length = last;
  }
}
