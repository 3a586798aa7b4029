/**
 * The full-text index as a stored snapshot: typed arrays and packed string lists that IndexedDB
 * stores and reads back with a structured clone (about a memory copy), so a 50,000-note index
 * starts in a fraction of a second instead of being rebuilt from every note. Nothing is rebuilt
 * from it either: the records stay columns (doc-table.ts) and the term dictionary is searched in
 * its stored sorted order (postings.ts).
 *
 * `format` names the layout and the tokenizer: a snapshot of another format is never read (the
 * index is rebuilt), and `validateSnapshot` refuses one whose parts do not hold together.
 */
import { DocTable, type DocTableSnapshot } from './doc-table';
import { Postings, type PostingsSnapshot } from './postings';
import { TermStreams, type TermStreamsSnapshot } from './term-streams';

/** The snapshot layout and tokenizer version; bump it whenever either changes. */
export const SNAPSHOT_FORMAT = 'folio-fts-4';

/** The stored form of a SearchIndex. */
export interface IndexSnapshot extends DocTableSnapshot {
  format: string;
  docCount: number;
  titleTokens: number;
  bodyTokens: number;
  postings: PostingsSnapshot;
  streams: TermStreamsSnapshot;
}

/** What an index is made of (search-index.ts owns it; this module moves it in and out of a snapshot). */
export interface IndexState {
  postings: Postings;
  streams: TermStreams;
  docs: DocTable;
  titleTokens: number;
  bodyTokens: number;
}

/** A snapshot of a compacted index state (every doc live, numbered in order). */
export function indexToSnapshot(state: IndexState): IndexSnapshot {
  const count = state.docs.length;
  const all = Int32Array.from({ length: count }, (_, i) => i);
  return {
    format: SNAPSHOT_FORMAT,
    docCount: count,
    titleTokens: state.titleTokens,
    bodyTokens: state.bodyTokens,
    ...state.docs.columns(all),
    postings: state.postings.toSnapshot(all),
    streams: state.streams.toSnapshot(count)
  };
}

/** Throws RangeError unless the snapshot is of this format and its parts agree with each other. */
export function validateSnapshot(s: IndexSnapshot): void {
  const fail = (why: string) => {
    throw new RangeError(`search index snapshot: ${why}`);
  };
  if (!s || s.format !== SNAPSHOT_FORMAT) fail(`format ${s?.format} is not ${SNAPSHOT_FORMAT}`);
  const n = s.docCount;
  if (!Number.isInteger(n) || n < 0) fail('bad document count');
  DocTable.validate(s, n);
  Postings.validate(s.postings);
  const t = s.streams;
  if (
    !t ||
    !(t.data instanceof Uint8Array) ||
    !(t.start instanceof Uint32Array) ||
    t.start.length !== n ||
    t.titleLen?.length !== n ||
    t.bodyLen?.length !== n
  )
    fail('bad term streams');
  if (n && t.start[n - 1] > t.data.length) fail('term streams end early');
}

/** The index state a snapshot holds (validated first). */
export function indexFromSnapshot(s: IndexSnapshot): IndexState {
  validateSnapshot(s);
  return {
    postings: Postings.fromSnapshot(s.postings),
    streams: TermStreams.fromSnapshot(s.streams),
    docs: new DocTable(s),
    titleTokens: s.titleTokens,
    bodyTokens: s.bodyTokens
  };
}
