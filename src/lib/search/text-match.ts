/**
 * Finds where one text term (a word, `prefix*` or a phrase) occurs, with the per-field hit counts
 * and document frequencies BM25 needs. A phrase is found by intersecting its words' posting
 * lists, then checking word order in each candidate's term-id stream.
 */
import { BODY_SPAN, type Postings } from './postings';
import type { TextTerm } from './query-types';

const MAX_TITLE_HITS = (1 << 10) - 1;

/** The documents a term occurs in: hits packed as `title * BODY_SPAN + body`, and per-field df. */
export interface TextMatch {
  hits: Map<number, number>;
  dfTitle: number;
  dfBody: number;
}

/** What the matcher needs to know about documents. */
export interface DocSource {
  isLive(doc: number): boolean;
  /** The document's title and body as term ids, in order. */
  streams(doc: number): { title: Uint32Array; body: Uint32Array };
}

/** Unpacks the title hits of a packed count. */
export const titleHits = (packed: number): number => Math.floor(packed / BODY_SPAN);
/** Unpacks the body hits of a packed count. */
export const bodyHits = (packed: number): number => packed % BODY_SPAN;

function pack(title: number, body: number): number {
  return Math.min(title, MAX_TITLE_HITS) * BODY_SPAN + Math.min(body, BODY_SPAN - 1);
}

function resolveIds(postings: Postings, term: TextTerm): number[][] {
  return term.tokens.map((token) => {
    if (token.prefix) return postings.idsWithPrefix(token.text);
    const id = postings.idOf(token.text);
    return id === undefined ? [] : [id];
  });
}

function finish(hits: Map<number, number>): TextMatch {
  let dfTitle = 0;
  let dfBody = 0;
  for (const packed of hits.values()) {
    if (packed >= BODY_SPAN) dfTitle++;
    if (packed % BODY_SPAN > 0) dfBody++;
  }
  return { hits, dfTitle, dfBody };
}

function matchWord(postings: Postings, docs: DocSource, ids: number[], field: TextTerm['field']): TextMatch {
  const hits = new Map<number, number>();
  const useTitle = field !== 'body';
  const useBody = field !== 'title';
  for (const id of ids) {
    postings.forEach(
      id,
      (d) => docs.isLive(d),
      (doc, title, body) => {
        const t = useTitle ? title : 0;
        const b = useBody ? body : 0;
        if (t + b === 0) return;
        const before = hits.get(doc);
        hits.set(doc, before === undefined ? pack(t, b) : pack(titleHits(before) + t, bodyHits(before) + b));
      }
    );
  }
  return finish(hits);
}

/** The live documents holding one of `ids`, kept only when `within` has them (if given). */
function docsOf(postings: Postings, docs: DocSource, ids: number[], within?: Set<number>): Set<number> {
  const set = new Set<number>();
  const live = (d: number) => docs.isLive(d);
  for (const id of ids) postings.forEach(id, live, (doc) => (!within || within.has(doc)) && set.add(doc));
  return set;
}

/** A phrase position test: one term id, or any of several (a prefix). */
type TokenTest = number | Set<number>;

/** Counts the places where the phrase's tokens occur in a row. */
export function countPhrase(stream: Uint32Array, tests: TokenTest[]): number {
  let count = 0;
  const last = stream.length - tests.length;
  const first = tests[0];
  outer: for (let p = 0; p <= last; p++) {
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
  docs: DocSource,
  ids: number[][],
  field: TextTerm['field']
): TextMatch {
  const order = ids
    .map((list, i) => ({ i, size: list.reduce((n, id) => n + postings.listLength(id), 0) }))
    .sort((a, b) => a.size - b.size);
  let candidates = docsOf(postings, docs, ids[order[0].i]);
  for (const { i } of order.slice(1)) {
    if (!candidates.size) break;
    candidates = docsOf(postings, docs, ids[i], candidates);
  }
  const tests: TokenTest[] = ids.map((list) => (list.length === 1 ? list[0] : new Set(list)));
  const hits = new Map<number, number>();
  for (const doc of candidates) {
    const { title, body } = docs.streams(doc);
    const t = field !== 'body' ? countPhrase(title, tests) : 0;
    const b = field !== 'title' ? countPhrase(body, tests) : 0;
    if (t + b > 0) hits.set(doc, pack(t, b));
  }
  return finish(hits);
}

/** Where a text term occurs among the live documents. */
export function matchText(postings: Postings, docs: DocSource, term: TextTerm): TextMatch {
  const ids = resolveIds(postings, term);
  if (ids.some((list) => list.length === 0)) return { hits: new Map(), dfTitle: 0, dfBody: 0 };
  return ids.length === 1
    ? matchWord(postings, docs, ids[0], term.field)
    : matchPhrase(postings, docs, ids, term.field);
}
