/**
 * The full-text index as a stored snapshot: typed arrays and string lists that IndexedDB stores and
 * reads back with a structured clone (about a memory copy), so a 50,000-note index starts in a
 * fraction of a second instead of being rebuilt from every note. The records are kept as columns
 * (one array per field) rather than 50,000 objects, which clone several times faster.
 *
 * `format` names the layout and the tokenizer: a snapshot of another format is never read (the
 * index is rebuilt), and `validate` refuses one whose parts do not hold together.
 */
import { toDocRecord, type DocRecord } from './doc-record';
import { Postings, type PostingsSnapshot } from './postings';
import { TermStreams, type TermStreamsSnapshot } from './term-streams';

/** The snapshot layout and tokenizer version; bump it whenever either changes. */
export const SNAPSHOT_FORMAT = 'folio-fts-1';

/** The stored form of a SearchIndex. */
export interface IndexSnapshot {
  format: string;
  docCount: number;
  titleTokens: number;
  bodyTokens: number;
  ids: string[];
  titles: string[];
  parents: string[];
  sourceUrls: string[];
  /** Per document: created, updated (user times), updated_time, todo_due, todo_completed, latitude, longitude, altitude. */
  numbers: Float64Array;
  isTodo: Uint8Array;
  /** Tag ids and linked item ids per document, comma-joined ('' for none). */
  tags: string[];
  links: string[];
  postings: PostingsSnapshot;
  streams: TermStreamsSnapshot;
}

/** What an index is made of (search-index.ts owns it; this module moves it in and out of a snapshot). */
export interface IndexState {
  postings: Postings;
  streams: TermStreams;
  docs: DocRecord[];
  titleTokens: number;
  bodyTokens: number;
}

const NUMBERS_PER_DOC = 8;
const split = (joined: string) => (joined ? joined.split(',') : []);

/** A snapshot of a compacted index state (every doc live, numbered in order). */
export function indexToSnapshot(state: IndexState): IndexSnapshot {
  const { docs } = state;
  const numbers = new Float64Array(docs.length * NUMBERS_PER_DOC);
  docs.forEach((d, i) => numbers.set([d.created, d.updated, d.updated_time, d.todo_due, d.todo_completed, d.latitude, d.longitude, d.altitude], i * NUMBERS_PER_DOC));
  const renumber = Int32Array.from(docs, (_, i) => i);
  return {
    format: SNAPSHOT_FORMAT,
    docCount: docs.length,
    titleTokens: state.titleTokens,
    bodyTokens: state.bodyTokens,
    ids: docs.map((d) => d.id),
    titles: docs.map((d) => d.title),
    parents: docs.map((d) => d.parent_id),
    sourceUrls: docs.map((d) => d.source_url),
    numbers,
    isTodo: Uint8Array.from(docs, (d) => (d.is_todo ? 1 : 0)),
    tags: docs.map((d) => d.tag_ids.join(',')),
    links: docs.map((d) => d.link_ids.join(',')),
    postings: state.postings.toSnapshot(renumber),
    streams: state.streams.toSnapshot(docs.length)
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
  for (const [name, list] of Object.entries({ ids: s.ids, titles: s.titles, parents: s.parents, sourceUrls: s.sourceUrls, tags: s.tags, links: s.links, isTodo: s.isTodo })) {
    if (!list || list.length !== n) fail(`${name} holds ${list?.length} entries, not ${n}`);
  }
  if (!(s.numbers instanceof Float64Array) || s.numbers.length !== n * NUMBERS_PER_DOC) fail('bad number columns');
  const p = s.postings;
  if (!p || !Array.isArray(p.terms) || !(p.bytes instanceof Uint8Array) || p.offsets?.length !== p.terms.length + 1 || p.counts?.length !== p.terms.length) fail('bad postings');
  if (p.offsets[p.terms.length] !== p.bytes.length) fail('postings end where their bytes do not');
  const t = s.streams;
  if (!t || !(t.data instanceof Uint8Array) || t.start?.length !== n || t.titleLen?.length !== n || t.bodyLen?.length !== n) fail('bad term streams');
  if (n && t.start[n - 1] > t.data.length) fail('term streams end early');
}

/** The index state a snapshot holds (validated first). */
export function indexFromSnapshot(s: IndexSnapshot): IndexState {
  validateSnapshot(s);
  const docs: DocRecord[] = [];
  for (let i = 0; i < s.docCount; i++) {
    const at = i * NUMBERS_PER_DOC;
    const v = s.numbers;
    docs.push(
      toDocRecord(
        {
          id: s.ids[i], title: s.titles[i], body: '', parent_id: s.parents[i], source_url: s.sourceUrls[i],
          created_time: v[at], user_created_time: v[at], user_updated_time: v[at + 1], updated_time: v[at + 2],
          todo_due: v[at + 3], todo_completed: v[at + 4], latitude: v[at + 5], longitude: v[at + 6], altitude: v[at + 7],
          is_todo: s.isTodo[i], tag_ids: split(s.tags[i])
        },
        false,
        split(s.links[i])
      )
    );
  }
  return { postings: Postings.fromSnapshot(s.postings), streams: TermStreams.fromSnapshot(s.streams), docs, titleTokens: s.titleTokens, bodyTokens: s.bodyTokens };
}
