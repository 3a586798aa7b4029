/**
 * Phrase matching: a phrase is found by intersecting its words' posting lists, then checking word
 * order in each candidate's term-id stream (in the stored bytes for plain words, decoded when a
 * prefix is in it).
 */
import { intersectSorted, unionSorted } from './doc-sets';
import { BODY_SPAN, type Postings } from './postings';
import type { TextTerm } from './query-types';
import {
  bodyHits,
  capacity,
  finish,
  pack,
  titleHits,
  type DocSource,
  type MatchScratch,
  type TextMatch
} from './text-match-core';
import { VarintWriter } from './varint';

/** The live documents holding any of `ids`, ascending. */
function docsOf(postings: Postings, source: DocSource, ids: number[], scratch: MatchScratch): Int32Array {
  const lists = ids.map((id) => {
    const docs = new Int32Array(postings.listLength(id));
    const n = postings.collect(
      id,
      source.isLive,
      true,
      true,
      docs,
      new Uint32Array(docs.length),
      source.allLive()
    );
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

/** A word's live documents and their hits in both fields. */
function listOf(postings: Postings, source: DocSource, id: number): { docs: Int32Array; hits: Uint32Array } {
  const size = postings.listLength(id);
  const docs = new Int32Array(size);
  const hits = new Uint32Array(size);
  const n = postings.collect(id, source.isLive, true, true, docs, hits, source.allLive());
  return { docs: docs.subarray(0, n), hits: hits.subarray(0, n) };
}

/** The documents in both lists, each with the smaller of the two hit counts in each field. */
function intersectBounds(
  a: { docs: Int32Array; hits: Uint32Array },
  b: { docs: Int32Array; hits: Uint32Array }
): { docs: Int32Array; hits: Uint32Array } {
  const docs = new Int32Array(Math.min(a.docs.length, b.docs.length));
  const hits = new Uint32Array(docs.length);
  let n = 0;
  for (let i = 0, j = 0; i < a.docs.length && j < b.docs.length;) {
    const x = a.docs[i];
    const y = b.docs[j];
    if (x < y) i++;
    else if (x > y) j++;
    else {
      const title = Math.min(titleHits(a.hits[i]), titleHits(b.hits[j]));
      const body = Math.min(bodyHits(a.hits[i]), bodyHits(b.hits[j]));
      if (title + body > 0) {
        docs[n] = x;
        hits[n++] = title * BODY_SPAN + body;
      }
      i++;
      j++;
    }
  }
  return { docs: docs.subarray(0, n), hits: hits.subarray(0, n) };
}

/** Another word's list is read into the candidates when at most this many times as long as they are. */
const INTERSECT_RATIO = 4;

/**
 * A phrase of plain words: the rarest word's notes are the candidates, intersected with each word
 * whose list is not much longer (a common word's, "the", costs more to read than it removes).
 * Each candidate keeps, per field, the fewest hits of the words read: the phrase occurs no more
 * often than that, so a field where one of them is missing is not scanned, and a scan stops there.
 */
export function matchWordPhrase(
  postings: Postings,
  source: DocSource,
  ids: number[],
  field: TextTerm['field'],
  scratch: MatchScratch
): TextMatch {
  const bySize = [...ids].sort((a, b) => postings.listLength(a) - postings.listLength(b));
  let candidates = listOf(postings, source, bySize[0]);
  for (const id of bySize.slice(1)) {
    if (!candidates.docs.length || postings.listLength(id) > INTERSECT_RATIO * candidates.docs.length) break;
    candidates = intersectBounds(candidates, listOf(postings, source, id));
  }
  const { run, anchor } = wordRun(postings, ids);
  const { counts } = scratch;
  const docs = new Int32Array(candidates.docs.length);
  const hits = new Uint32Array(candidates.docs.length);
  let n = 0;
  for (let i = 0; i < candidates.docs.length; i++) {
    const doc = candidates.docs[i];
    const bound = candidates.hits[i];
    source.countRun(
      doc,
      run,
      anchor,
      counts,
      field !== 'body' ? titleHits(bound) : 0,
      field !== 'title' ? bodyHits(bound) : 0
    );
    if (counts[0] + counts[1] === 0) continue;
    docs[n] = doc;
    hits[n++] = pack(counts[0], counts[1]);
  }
  return finish(docs.subarray(0, n), hits.subarray(0, n));
}

/** A phrase with a prefix in it: candidates in every word's lists, each one's streams decoded. */
export function matchPrefixPhrase(
  postings: Postings,
  source: DocSource,
  ids: number[][],
  field: TextTerm['field'],
  scratch: MatchScratch
): TextMatch {
  const order = ids.map((list) => ({ list, size: capacity(postings, list) })).sort((a, b) => a.size - b.size);
  let candidates = docsOf(postings, source, order[0].list, scratch);
  for (const { list } of order.slice(1)) {
    if (!candidates.length) break;
    candidates = intersectSorted(candidates, docsOf(postings, source, list, scratch));
  }
  const count = streamCounter(source, ids, scratch);
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

/** A phrase of plain words as the varints it is stored as, and where in them its rarest word starts. */
function wordRun(postings: Postings, ids: number[]): { run: Uint8Array; anchor: number } {
  const run = new VarintWriter(16);
  let anchor = 0;
  let rarest = Infinity;
  for (const id of ids) {
    const size = postings.listLength(id);
    if (size < rarest) {
      rarest = size;
      anchor = run.length;
    }
    run.write(id);
  }
  return { run: run.toBytes(), anchor };
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
