/**
 * Scans of one term's postings that need less than `Postings.collect` writes out: a prefix's
 * words summed per document, and a negated word's documents taken out of a selection. Each reads
 * the packed varints inline (as `collect` does) and the tail through `forEach`, without the two
 * list-long arrays `collect` fills: those arrays, written and read again, were most of a `pars*`
 * search, and a negation wanted only the documents of them.
 */
import type { Postings } from './postings';

/** A term's postings read, and what counts of them (as in `collect`). */
export interface ScanTerm {
  id: number;
  isLive: (doc: number) => boolean;
  useTitle: boolean;
  useBody: boolean;
  /** No document is retired, so none is looked up. */
  allLive: boolean;
}

/**
 * Adds each counted posting's `title * titleSpan + body` to `acc[doc]`, and appends to `seen`
 * (from `n`) each document whose sum was 0 before; returns the new count in `seen`.
 */
export function sumHits(
  postings: Postings,
  term: ScanTerm,
  acc: Float64Array,
  titleSpan: number,
  seen: Int32Array,
  n: number
): number {
  const { useTitle, useBody, allLive, isLive } = term;
  const { bytes, at: start, count, hasTail } = postings.packedList(term.id);
  let at = start;
  let doc = 0;
  for (let left = count; left > 0; left--) {
    let byte = bytes[at++];
    let gap = byte & 0x7f;
    for (let shift = 7; byte & 0x80; shift += 7) gap |= ((byte = bytes[at++]) & 0x7f) << shift;
    let body = 1;
    let title = 0;
    if ((gap & 1) === 0) {
      byte = bytes[at++];
      body = byte & 0x7f;
      for (let shift = 7; byte & 0x80; shift += 7) body |= ((byte = bytes[at++]) & 0x7f) << shift;
      if (body & 1) {
        byte = bytes[at++];
        title = byte & 0x7f;
        for (let shift = 7; byte & 0x80; shift += 7) title |= ((byte = bytes[at++]) & 0x7f) << shift;
      }
      body = body >>> 1;
    }
    if (!useBody) body = 0;
    doc += gap >>> 1;
    if (!useTitle) title = 0;
    if (title + body === 0 || (!allLive && !isLive(doc))) continue;
    const sum = acc[doc];
    if (sum === 0) seen[n++] = doc;
    acc[doc] = sum + title * titleSpan + body;
  }
  return hasTail ? sumTail(postings, term, acc, titleSpan, seen, n) : n;
}

/**
 * `sumHits` of the tail. Apart, so that the closure's counter is not the packed loop's: a local
 * a closure writes lives in a heap context, and the loop above would read and write it there.
 */
function sumTail(
  postings: Postings,
  term: ScanTerm,
  acc: Float64Array,
  titleSpan: number,
  seen: Int32Array,
  n: number
): number {
  const { useTitle, useBody } = term;
  postings.forEach(
    term.id,
    term.isLive,
    (doc, title, body) => {
      const t = useTitle ? title : 0;
      const b = useBody ? body : 0;
      if (t + b === 0) return;
      const sum = acc[doc];
      if (sum === 0) seen[n++] = doc;
      acc[doc] = sum + t * titleSpan + b;
    },
    true
  );
  return n;
}

/**
 * The documents of `docs` (ascending) that do not hold the term (counted as in `collect`),
 * ascending: a merge of the two lists, stopped once `docs` is past.
 */
export function withoutTerm(postings: Postings, term: ScanTerm, docs: Int32Array): Int32Array {
  const { useTitle, useBody, allLive, isLive } = term;
  const { bytes, at: start, count, hasTail } = postings.packedList(term.id);
  const out = new Int32Array(docs.length);
  let n = 0;
  let j = 0;
  let at = start;
  let doc = 0;
  for (let left = count; left > 0 && j < docs.length; left--) {
    let byte = bytes[at++];
    let gap = byte & 0x7f;
    for (let shift = 7; byte & 0x80; shift += 7) gap |= ((byte = bytes[at++]) & 0x7f) << shift;
    let body = 1;
    let title = 0;
    if ((gap & 1) === 0) {
      byte = bytes[at++];
      body = byte & 0x7f;
      for (let shift = 7; byte & 0x80; shift += 7) body |= ((byte = bytes[at++]) & 0x7f) << shift;
      if (body & 1) {
        byte = bytes[at++];
        title = byte & 0x7f;
        for (let shift = 7; byte & 0x80; shift += 7) title |= ((byte = bytes[at++]) & 0x7f) << shift;
      }
      body = body >>> 1;
    }
    if (!useBody) body = 0;
    doc += gap >>> 1;
    if (!useTitle) title = 0;
    if (title + body === 0 || (!allLive && !isLive(doc))) continue;
    // Documents of `docs` below this one hold no posting of the term: they stay.
    while (j < docs.length && docs[j] < doc) out[n++] = docs[j++];
    if (j < docs.length && docs[j] === doc) j++;
  }
  while (j < docs.length) out[n++] = docs[j++];
  const kept = out.subarray(0, n);
  return hasTail && kept.length ? withoutTail(postings, term, kept) : kept;
}

/** `withoutTerm` of the tail, apart for the reason `sumTail` is. */
function withoutTail(postings: Postings, term: ScanTerm, docs: Int32Array): Int32Array {
  const holds = new Uint8Array(docs.length);
  let j = 0;
  postings.forEach(
    term.id,
    term.isLive,
    (doc, title, body) => {
      if ((term.useTitle ? title : 0) + (term.useBody ? body : 0) === 0) return;
      while (j < docs.length && docs[j] < doc) j++;
      if (j < docs.length && docs[j] === doc) holds[j] = 1;
    },
    true
  );
  return docs.filter((_, i) => holds[i] === 0);
}
