/**
 * Which documents a query selects, following Joplin's query builder:
 * - AND (default): every term must hold; positive text terms are intersected first, rarest
 *   first, and negations and filters are checked on what survives.
 * - `any:1`: a note matches when any term holds; notebook filters still restrict (ANDed).
 * Document sets are sorted arrays (doc-sets.ts), so an AND of words is a merge of posting lists.
 */
import { unionSorted, type DocMarks } from './doc-sets';
import type { Predicate } from './filters';
import type { TextTerm } from './query-types';
import type { TextMatch } from './text-match-core';

/** What a query selects: the matching documents, ascending, and its positive text matches. */
export interface Selection {
  docs: Int32Array;
  matches: TextMatch[];
}

/** What selection reads of the index. */
export interface SelectSource {
  match(term: TextTerm): TextMatch;
  /** The term's match cut to `within` (ascending), its df still that of all its documents. */
  matchWithin(term: TextTerm, within: Int32Array): TextMatch;
  /** The documents of `docs` (ascending) where the term does not occur, ascending. */
  without(term: TextTerm, docs: Int32Array): Int32Array;
  /** A cheap size estimate of a term's matches (an AND starts from the smallest). */
  estimate(term: TextTerm): number;
  liveDocs(): Int32Array;
  /** Document slots: every document number is below it. */
  slots(): number;
  /** Scratch marks, free between calls. */
  readonly marks: DocMarks;
}

function markAll(source: SelectSource, matches: TextMatch[]): DocMarks {
  const { marks } = source;
  marks.reset(source.slots());
  for (const m of matches) for (let i = 0; i < m.docs.length; i++) marks.add(m.docs[i]);
  return marks;
}

function byRarity(source: SelectSource, terms: TextTerm[]): TextTerm[] {
  return terms
    .map((term) => ({ term, size: source.estimate(term) }))
    .sort((a, b) => a.size - b.size)
    .map((x) => x.term);
}

/**
 * The documents that are in the notebook scope and pass every filter, in order. A loop into a
 * typed array: the typed array's filter() with a closure calling every() per document was a third
 * of a filtered word query (`iscompleted:0 function`) at 10,000 notes.
 */
function keepWhere(docs: Int32Array, filters: Predicate[], inNotebook: Predicate | undefined): Int32Array {
  const out = new Int32Array(docs.length);
  let n = 0;
  next: for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    if (inNotebook && !inNotebook(doc)) continue;
    for (let f = 0; f < filters.length; f++) if (!filters[f](doc)) continue next;
    out[n++] = doc;
  }
  return out.subarray(0, n);
}

/** AND: intersect positive matches (rarest first), then apply negations and filters. */
export function selectAll(
  source: SelectSource,
  positives: TextTerm[],
  negatives: TextTerm[],
  filters: Predicate[],
  inNotebook: Predicate | undefined
): Selection | undefined {
  const matches: TextMatch[] = [];
  let candidates: Int32Array | undefined;
  for (const term of byRarity(source, positives)) {
    // Past the first word only the candidates' hits are kept: no other document is scored.
    const match = candidates ? source.matchWithin(term, candidates) : source.match(term);
    matches.push(match);
    candidates = match.docs;
    if (!candidates.length) return undefined;
  }
  let docs = candidates ?? source.liveDocs();
  // A negated word's documents are ascending too: taking them out is a merge.
  for (const term of negatives) {
    if (!docs.length) break;
    docs = source.without(term, docs);
  }
  if (filters.length || inNotebook) docs = keepWhere(docs, filters, inNotebook);
  return { docs, matches };
}

/** OR (`any:1`): a note matching any term, within the notebook filters. */
export function selectAny(
  source: SelectSource,
  positives: TextTerm[],
  negatives: TextTerm[],
  filters: Predicate[],
  inNotebook: Predicate | undefined
): Selection {
  const matches = positives.map((term) => source.match(term));
  if (!negatives.length && !filters.length) {
    const union = unionSorted(
      matches.map((m) => m.docs),
      source.marks,
      source.slots()
    );
    return { docs: inNotebook ? union.filter(inNotebook) : union, matches };
  }
  // A note lacking any one negated word matches, so every live note is a candidate.
  const lacks = negatives.map((term) => {
    const m = source.match(term);
    const has = new Uint8Array(source.slots());
    for (let i = 0; i < m.docs.length; i++) has[m.docs[i]] = 1;
    return has;
  });
  const matched = markAll(source, matches);
  const inScope = inNotebook ?? (() => true);
  const docs = source
    .liveDocs()
    .filter(
      (doc) =>
        inScope(doc) && (matched.has(doc) || lacks.some((has) => !has[doc]) || filters.some((p) => p(doc)))
    );
  return { docs, matches };
}
