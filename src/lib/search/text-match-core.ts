/**
 * What text matching is made of: a term's match (sorted documents with their hits), what the
 * matcher reads of the documents, its scratch buffers, and the packing of hit counts.
 */
import { DocMarks } from './doc-sets';
import { BODY_SPAN, type Postings } from './postings';

const MAX_TITLE_HITS = (1 << 10) - 1;

/** The documents a term occurs in, ascending, with their hits packed as `title * BODY_SPAN + body`, and per-field df. */
export interface TextMatch {
  docs: Int32Array;
  /** Aligned with `docs`. */
  hits: Uint32Array;
  dfTitle: number;
  dfBody: number;
}

/** What the matcher needs to know about documents. */
export interface DocSource {
  isLive(doc: number): boolean;
  /** Whether no document is retired, so `isLive` holds for every document below `slots()`. */
  allLive(): boolean;
  /** Document slots (live or retired): every document number is below it. */
  slots(): number;
  /** Tokens in the document's title, and in its body. */
  titleLength(doc: number): number;
  bodyLength(doc: number): number;
  /** The document's title then body as term ids, decoded into `out` (or a longer array it returns). */
  readInto(doc: number, out: Uint32Array): Uint32Array;
  /**
   * Counts a run of term ids (as varints) in the document's title and body, into `counts[0]` and
   * `counts[1]`, each up to its bound (a field with bound 0 is not read).
   */
  countRun(
    doc: number,
    run: Uint8Array,
    anchor: number,
    counts: Uint32Array,
    maxTitle: number,
    maxBody: number
  ): void;
}

/** Buffers one matcher reuses across queries (one per index: queries run one at a time). */
export class MatchScratch {
  readonly marks = new DocMarks();
  stream: Uint32Array = new Uint32Array(1024);
  /** A prefix's summed hits per document (see `WIDE_SPAN`), all 0 between queries. */
  wideAcc: Float64Array = new Float64Array(0);
  /** One word's postings as read, before they are cut to an AND's candidates. */
  listDocs: Int32Array = new Int32Array(0);
  listHits: Uint32Array = new Uint32Array(0);
  readonly counts = new Uint32Array(2);
}

/** Unpacks the title hits of a packed count. */
export const titleHits = (packed: number): number => Math.floor(packed / BODY_SPAN);
/** Unpacks the body hits of a packed count. */
export const bodyHits = (packed: number): number => packed % BODY_SPAN;

/**
 * A prefix sums the hits of all its words per document as `title * WIDE_SPAN + body` in a
 * Float64Array: exact while a document's title has fewer than 2^21 tokens and its body fewer than
 * 2^32 (a field's hits summed over distinct words are at most its tokens), so one array stands for
 * the title sums, the body sums and whether the document was met (a sum of 0: never).
 */
export const WIDE_SPAN = 2 ** 32;

export function pack(title: number, body: number): number {
  return Math.min(title, MAX_TITLE_HITS) * BODY_SPAN + Math.min(body, BODY_SPAN - 1);
}

export function finish(docs: Int32Array, hits: Uint32Array): TextMatch {
  let dfTitle = 0;
  let dfBody = 0;
  for (let i = 0; i < hits.length; i++) {
    if (hits[i] >= BODY_SPAN) dfTitle++;
    if (hits[i] % BODY_SPAN > 0) dfBody++;
  }
  return { docs, hits, dfTitle, dfBody };
}

/**
 * The entries of a match (`docs`/`hits`, the first `n`) whose documents are among `within`
 * (ascending), with the df of all `n`: what an AND needs of its words after the first, since a
 * document outside the candidates is never scored but BM25's idf counts every document.
 */
export function restrict(docs: Int32Array, hits: Uint32Array, n: number, within: Int32Array): TextMatch {
  const size = Math.min(n, within.length);
  const outDocs = new Int32Array(size);
  const outHits = new Uint32Array(size);
  let dfTitle = 0;
  let dfBody = 0;
  let k = 0;
  let j = 0;
  for (let i = 0; i < n; i++) {
    const h = hits[i];
    if (h >= BODY_SPAN) dfTitle++;
    if (h % BODY_SPAN > 0) dfBody++;
    const doc = docs[i];
    while (j < within.length && within[j] < doc) j++;
    if (j < within.length && within[j] === doc) {
      outDocs[k] = doc;
      outHits[k++] = h;
      j++;
    }
  }
  return { docs: outDocs.subarray(0, k), hits: outHits.subarray(0, k), dfTitle, dfBody };
}

export function capacity(postings: Postings, ids: number[]): number {
  let n = 0;
  for (const id of ids) n += postings.listLength(id);
  return n;
}
