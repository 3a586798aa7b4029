/**
 * Finds where one text term (a word, `prefix*` or a phrase) occurs, with the per-field hit counts
 * and document frequencies BM25 needs (phrases: phrase-match.ts).
 *
 * Matches are sorted typed arrays (documents ascending, hits beside them), so combining them is a
 * merge and a query allocates a few arrays rather than an entry per hit.
 */
import { subtractSorted } from './doc-sets';
import { matchPrefixPhrase, matchWordPhrase } from './phrase-match';
import { sumHits, withoutTerm } from './posting-scans';
import type { Postings } from './postings';
import type { TextTerm } from './query-types';
import {
  capacity,
  finish,
  pack,
  restrict,
  type DocSource,
  type MatchScratch,
  type TextMatch,
  WIDE_SPAN
} from './text-match-core';

const EMPTY: TextMatch = { docs: new Int32Array(0), hits: new Uint32Array(0), dfTitle: 0, dfBody: 0 };

function resolveIds(postings: Postings, term: TextTerm): number[][] {
  return term.tokens.map((token) => {
    if (token.prefix) return postings.idsWithPrefix(token.text);
    const id = postings.idOf(token.text);
    return id === undefined ? [] : [id];
  });
}

/** One word: its posting list as it is stored (already in document order). */
function matchOneId(postings: Postings, source: DocSource, id: number, field: TextTerm['field']): TextMatch {
  const size = postings.listLength(id);
  const docs = new Int32Array(size);
  const hits = new Uint32Array(size);
  const n = postings.collect(
    id,
    source.isLive,
    field !== 'body',
    field !== 'title',
    docs,
    hits,
    source.allLive()
  );
  return finish(docs.subarray(0, n), hits.subarray(0, n));
}

/**
 * A prefix: the hits of every word it covers, summed per document. One accumulator array is
 * read and written per posting (three were, marks and a sum per field: their loop was over a
 * third of a `pars*` search at 50,000 notes), as the postings are read (sumHits: each word's list
 * was read into buffers first), and cleared again through the documents met.
 */
function matchManyIds(
  postings: Postings,
  source: DocSource,
  ids: number[],
  field: TextTerm['field'],
  scratch: MatchScratch
): TextMatch {
  const slots = source.slots();
  if (scratch.wideAcc.length < slots)
    scratch.wideAcc = new Float64Array(Math.max(slots, scratch.wideAcc.length * 2));
  const acc = scratch.wideAcc;
  const seen = new Int32Array(capacity(postings, ids));
  const allLive = source.allLive();
  let n = 0;
  for (const id of ids)
    n = sumHits(
      postings,
      { id, isLive: source.isLive, useTitle: field !== 'body', useBody: field !== 'title', allLive },
      acc,
      WIDE_SPAN,
      seen,
      n
    );
  const docs = scratch.marks.ascending(seen, n, slots);
  const hits = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const sum = acc[docs[i]];
    acc[docs[i]] = 0;
    const title = Math.floor(sum / WIDE_SPAN);
    hits[i] = pack(title, sum - title * WIDE_SPAN);
  }
  return finish(docs, hits);
}

/** The scratch buffers one word's postings are read into, grown to hold `size`. */
function listBuffers(scratch: MatchScratch, size: number): { listDocs: Int32Array; listHits: Uint32Array } {
  if (scratch.listDocs.length < size) {
    const grown = Math.max(size, scratch.listDocs.length * 2);
    scratch.listDocs = new Int32Array(grown);
    scratch.listHits = new Uint32Array(grown);
  }
  return scratch;
}

/**
 * Where a text term occurs among `within` (ascending live documents), with the df of all the
 * live documents it occurs in: an AND's later words. A word is read into scratch buffers and
 * cut in the same pass that counts its df, so the common words of a query ("value" beside
 * "default") allocate no list of their own and need no separate intersection.
 */
export function matchTextWithin(
  postings: Postings,
  source: DocSource,
  term: TextTerm,
  scratch: MatchScratch,
  within: Int32Array
): TextMatch {
  const ids = resolveIds(postings, term);
  if (ids.length !== 1 || ids[0].length !== 1) {
    const match = matchText(postings, source, term, scratch);
    return restrict(match.docs, match.hits, match.docs.length, within);
  }
  const id = ids[0][0];
  const { listDocs, listHits } = listBuffers(scratch, postings.listLength(id));
  const n = postings.collect(
    id,
    source.isLive,
    term.field !== 'body',
    term.field !== 'title',
    listDocs,
    listHits,
    source.allLive()
  );
  return restrict(listDocs, listHits, n, within);
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
  if (ids.length > 1)
    return ids.every((list) => list.length === 1)
      ? matchWordPhrase(
          postings,
          source,
          ids.map((list) => list[0]),
          term.field,
          scratch
        )
      : matchPrefixPhrase(postings, source, ids, term.field, scratch);
  return ids[0].length === 1
    ? matchOneId(postings, source, ids[0][0], term.field)
    : matchManyIds(postings, source, ids[0], term.field, scratch);
}

/**
 * The documents of `docs` (ascending live documents) where a text term does not occur: a word's
 * postings are merged out of them as they are read (no match of its own is made: a negation
 * needs no hits), anything else is matched and subtracted.
 */
export function withoutText(
  postings: Postings,
  source: DocSource,
  term: TextTerm,
  scratch: MatchScratch,
  docs: Int32Array
): Int32Array {
  const ids = resolveIds(postings, term);
  if (ids.length !== 1 || ids[0].length !== 1)
    return subtractSorted(docs, matchText(postings, source, term, scratch).docs);
  const useTitle = term.field !== 'body';
  const useBody = term.field !== 'title';
  return withoutTerm(
    postings,
    { id: ids[0][0], isLive: source.isLive, useTitle, useBody, allLive: source.allLive() },
    docs
  );
}
