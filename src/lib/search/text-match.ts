/**
 * Finds where one text term (a word, `prefix*` or a phrase) occurs, with the per-field hit counts
 * and document frequencies BM25 needs. A phrase is found by intersecting its words' posting
 * lists, then checking word order in each candidate's term-id stream.
 *
 * Matches are sorted typed arrays (documents ascending, hits beside them), so combining them is a
 * merge and a query allocates a few arrays rather than an entry per hit.
 */
import { DocMarks, intersectSorted, unionSorted } from './doc-sets';
import { BODY_SPAN, type Postings } from './postings';
import type { TextTerm } from './query-types';
import { VarintWriter } from './varint';

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
  /** Document slots (live or retired): every document number is below it. */
  slots(): number;
  /** Tokens in the document's title, and in its body. */
  titleLength(doc: number): number;
  bodyLength(doc: number): number;
  /** The document's title then body as term ids, decoded into `out` (or a longer array it returns). */
  readInto(doc: number, out: Uint32Array): Uint32Array;
  /** Counts a run of term ids (as varints) in the document's title and body, into `counts[0]` and `counts[1]`. */
  countRun(doc: number, run: Uint8Array, anchor: number, counts: Uint32Array): void;
}

/** Buffers one matcher reuses across queries (one per index: queries run one at a time). */
export class MatchScratch {
  readonly marks = new DocMarks();
  stream: Uint32Array = new Uint32Array(1024);
  titleAcc: Uint32Array = new Uint32Array(0);
  bodyAcc: Uint32Array = new Uint32Array(0);
  readonly counts = new Uint32Array(2);
}

/** Unpacks the title hits of a packed count. */
export const titleHits = (packed: number): number => Math.floor(packed / BODY_SPAN);
/** Unpacks the body hits of a packed count. */
export const bodyHits = (packed: number): number => packed % BODY_SPAN;

function pack(title: number, body: number): number {
  return Math.min(title, MAX_TITLE_HITS) * BODY_SPAN + Math.min(body, BODY_SPAN - 1);
}

const EMPTY: TextMatch = { docs: new Int32Array(0), hits: new Uint32Array(0), dfTitle: 0, dfBody: 0 };

function resolveIds(postings: Postings, term: TextTerm): number[][] {
  return term.tokens.map((token) => {
    if (token.prefix) return postings.idsWithPrefix(token.text);
    const id = postings.idOf(token.text);
    return id === undefined ? [] : [id];
  });
}

function finish(docs: Int32Array, hits: Uint32Array): TextMatch {
  let dfTitle = 0;
  let dfBody = 0;
  for (let i = 0; i < hits.length; i++) {
    if (hits[i] >= BODY_SPAN) dfTitle++;
    if (hits[i] % BODY_SPAN > 0) dfBody++;
  }
  return { docs, hits, dfTitle, dfBody };
}

function capacity(postings: Postings, ids: number[]): number {
  let n = 0;
  for (const id of ids) n += postings.listLength(id);
  return n;
}

/** One word: its posting list as it is stored (already in document order). */
function matchOneId(postings: Postings, source: DocSource, id: number, field: TextTerm['field']): TextMatch {
  const size = postings.listLength(id);
  const docs = new Int32Array(size);
  const hits = new Uint32Array(size);
  const n = postings.collect(id, source.isLive, field !== 'body', field !== 'title', docs, hits);
  return finish(docs.subarray(0, n), hits.subarray(0, n));
}

/** A prefix: the hits of every word it covers, summed per document. */
function matchManyIds(
  postings: Postings,
  source: DocSource,
  ids: number[],
  field: TextTerm['field'],
  scratch: MatchScratch
): TextMatch {
  const { marks } = scratch;
  marks.reset(source.slots());
  const titleAcc = (scratch.titleAcc = atLeast(scratch.titleAcc, source.slots()));
  const bodyAcc = (scratch.bodyAcc = atLeast(scratch.bodyAcc, source.slots()));
  const seen = new Int32Array(capacity(postings, ids));
  // A short prefix covers tens of thousands of words: no spread of them into Math.max.
  let longest = 0;
  for (const id of ids) longest = Math.max(longest, postings.listLength(id));
  const listDocs = new Int32Array(longest);
  const listHits = new Uint32Array(longest);
  let n = 0;
  for (const id of ids) {
    const count = postings.collect(
      id,
      source.isLive,
      field !== 'body',
      field !== 'title',
      listDocs,
      listHits
    );
    for (let i = 0; i < count; i++) {
      const doc = listDocs[i];
      if (marks.add(doc)) {
        seen[n++] = doc;
        titleAcc[doc] = 0;
        bodyAcc[doc] = 0;
      }
      titleAcc[doc] += titleHits(listHits[i]);
      bodyAcc[doc] += bodyHits(listHits[i]);
    }
  }
  const docs = marks.ascending(seen, n, source.slots());
  const hits = new Uint32Array(n);
  for (let i = 0; i < n; i++) hits[i] = pack(titleAcc[docs[i]], bodyAcc[docs[i]]);
  return finish(docs, hits);
}

function atLeast(array: Uint32Array, size: number): Uint32Array {
  return array.length >= size ? array : new Uint32Array(Math.max(size, array.length * 2));
}

/** The live documents holding any of `ids`, ascending. */
function docsOf(postings: Postings, source: DocSource, ids: number[], scratch: MatchScratch): Int32Array {
  const lists = ids.map((id) => {
    const docs = new Int32Array(postings.listLength(id));
    const n = postings.collect(id, source.isLive, true, true, docs, new Uint32Array(docs.length));
    return docs.subarray(0, n);
  });
  return unionSorted(lists, scratch.marks, source.slots());
}

/** A phrase position test: one term id, or any of several (a prefix). */
type TokenTest = number | Set<number>;

/** Counts the places in `stream[from, to)` where the phrase's tokens occur in a row. */
export function countPhrase(stream: Uint32Array, from: number, to: number, tests: TokenTest[]): number {
  let count = 0;
  const last = to - tests.length;
  const first = tests[0];
  outer: for (let p = from; p <= last; p++) {
    const v = stream[p];
    if (typeof first === 'number' ? v !== first : !first.has(v)) continue;
    for (let i = 1; i < tests.length; i++) {
      const test = tests[i];
      const w = stream[p + i];
      if (typeof test === 'number' ? w !== test : !test.has(w)) continue outer;
    }
    count++;
  }
  return count;
}

function matchPhrase(
  postings: Postings,
  source: DocSource,
  ids: number[][],
  field: TextTerm['field'],
  scratch: MatchScratch
): TextMatch {
  const order = ids.map((list) => ({ list, size: capacity(postings, list) })).sort((a, b) => a.size - b.size);
  const plainWords = ids.every((list) => list.length === 1);
  let candidates = docsOf(postings, source, order[0].list, scratch);
  // Words alone are looked for in the bytes, which finds every word of the phrase at once: the
  // rarest word's notes are the candidates (intersecting with a common word's list, "the", cost
  // more than it saved). With a prefix, each candidate is decoded: intersect first.
  if (!plainWords)
    for (const { list } of order.slice(1)) {
      if (!candidates.length) break;
      candidates = intersectSorted(candidates, docsOf(postings, source, list, scratch));
    }
  const count = plainWords ? runCounter(postings, source, ids, scratch) : streamCounter(source, ids, scratch);
  const docs = new Int32Array(candidates.length);
  const hits = new Uint32Array(candidates.length);
  const { counts } = scratch;
  let n = 0;
  for (const doc of candidates) {
    count(doc);
    const t = field !== 'body' ? counts[0] : 0;
    const b = field !== 'title' ? counts[1] : 0;
    if (t + b === 0) continue;
    docs[n] = doc;
    hits[n++] = pack(t, b);
  }
  return finish(docs.subarray(0, n), hits.subarray(0, n));
}

type PhraseCounter = (doc: number) => void;

/** A phrase of plain words: its ids' bytes are looked for in the stored streams as they are. */
function runCounter(
  postings: Postings,
  source: DocSource,
  ids: number[][],
  scratch: MatchScratch
): PhraseCounter {
  const run = new VarintWriter(16);
  let anchor = 0;
  let rarest = Infinity;
  for (const [id] of ids) {
    const size = postings.listLength(id);
    if (size < rarest) {
      rarest = size;
      anchor = run.length;
    }
    run.write(id);
  }
  const bytes = run.toBytes();
  return (doc) => source.countRun(doc, bytes, anchor, scratch.counts);
}

/** A phrase with a prefix in it: each candidate's streams decoded and walked. */
function streamCounter(source: DocSource, ids: number[][], scratch: MatchScratch): PhraseCounter {
  const tests: TokenTest[] = ids.map((list) => (list.length === 1 ? list[0] : new Set(list)));
  return (doc) => {
    const titleLen = source.titleLength(doc);
    const stream = (scratch.stream = source.readInto(doc, scratch.stream));
    scratch.counts[0] = countPhrase(stream, 0, titleLen, tests);
    scratch.counts[1] = countPhrase(stream, titleLen, titleLen + source.bodyLength(doc), tests);
  };
}

/** Where a text term occurs among the live documents. */
export function matchText(
  postings: Postings,
  source: DocSource,
  term: TextTerm,
  scratch: MatchScratch
): TextMatch {
  const ids = resolveIds(postings, term);
  if (ids.some((list) => list.length === 0)) return EMPTY;
  if (ids.length > 1) return matchPhrase(postings, source, ids, term.field, scratch);
  return ids[0].length === 1
    ? matchOneId(postings, source, ids[0][0], term.field)
    : matchManyIds(postings, source, ids[0], term.field, scratch);
}
