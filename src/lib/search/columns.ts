/**
 * The per-note values that filters and ranking read for every candidate, kept in typed arrays
 * indexed by document number. Reading them for 50,000 notes touches a few contiguous arrays
 * instead of 50,000 scattered objects (which, measured, cost ten times more in cache misses).
 * The arrays are the doc table's and the term streams' own (re-read after each append, as those
 * grow by replacing them), so a restored index has them without a pass over its notes.
 * Tags and linked items are kept inverted (item id → documents) for the same reason; those maps
 * are built on the first `tag:` or `resource:` filter, not at start (one Set per linking note was
 * most of a 50,000-note restore), and kept current from then on. Each item's documents are a
 * plain ascending list (documents are numbered in the order they are added): a filter marks them
 * in one byte per document, where a Set of them (made anew for each query) cost most of a `tag:`
 * query at 50,000 notes. A retired document stays in its lists until the index compacts (its
 * number is never reused, and filters only ever ask about live documents).
 */
import { COMPLETED_FLAG, TODO_FLAG, type DocTable } from './doc-table';

/** Where the token counts come from (TermStreams). */
interface TokenCounts {
  readonly titleLen: Uint32Array;
  readonly bodyLen: Uint32Array;
}

/** Columnar metadata of the indexed notes. */
export class DocColumns {
  created!: Float64Array;
  updated!: Float64Array;
  due!: Float64Array;
  titleLen!: Uint32Array;
  bodyLen!: Uint32Array;
  notebook!: Int32Array;
  flags!: Uint8Array;
  private tagDocs: Map<string, number[]> | undefined;
  private linkDocs: Map<string, number[]> | undefined;

  constructor(
    private readonly table: DocTable,
    private readonly counts: TokenCounts
  ) {
    this.refresh();
  }

  private refresh(): void {
    this.created = this.table.numberColumn('created');
    this.updated = this.table.numberColumn('updated');
    this.due = this.table.numberColumn('todo_due');
    this.titleLen = this.counts.titleLen;
    this.bodyLen = this.counts.bodyLen;
    this.notebook = this.table.notebookColumn();
    this.flags = this.table.flagColumn();
  }

  /** The number standing for a notebook id in `notebook` (-1, matching no document, for one no note is in). */
  notebookNumber(id: string): number {
    return this.table.notebookNumber(id);
  }

  /** Takes in document `doc`, just appended to the table and the term streams. */
  added(doc: number): void {
    this.refresh();
    if (this.tagDocs) for (const id of this.table.tagIds(doc)) addTo(this.tagDocs, id, doc);
    if (this.linkDocs) for (const id of this.table.linkIds(doc)) addTo(this.linkDocs, id, doc);
  }

  /** Whether the document is a to-do. */
  isTodo(doc: number): boolean {
    return (this.flags[doc] & TODO_FLAG) !== 0;
  }

  /** Whether the document is a completed to-do. */
  isCompleted(doc: number): boolean {
    return (this.flags[doc] & COMPLETED_FLAG) !== 0;
  }

  /** The documents carrying any of these tags, marked 1 by document number (retired ones may be too). */
  docsWithTags(tagIds: Iterable<string>): Uint8Array {
    this.invert();
    return this.mark(this.tagDocs!, tagIds);
  }

  /** The documents linking to any of these items, marked 1 by document number (retired ones may be too). */
  docsLinking(itemIds: Iterable<string>): Uint8Array {
    this.invert();
    return this.mark(this.linkDocs!, itemIds);
  }

  private mark(map: Map<string, number[]>, keys: Iterable<string>): Uint8Array {
    const marks = new Uint8Array(this.table.length);
    for (const key of keys) {
      const docs = map.get(key);
      if (docs) for (let i = 0; i < docs.length; i++) marks[docs[i]] = 1;
    }
    return marks;
  }

  /** Builds the tag and link maps from the live rows, once. */
  private invert(): void {
    if (this.tagDocs && this.linkDocs) return;
    const tagDocs = new Map<string, number[]>();
    const linkDocs = new Map<string, number[]>();
    for (let doc = 0; doc < this.table.length; doc++) {
      if (!this.table.isLive(doc) || !this.table.hasTagsOrLinks(doc)) continue;
      for (const id of this.table.tagIds(doc)) addTo(tagDocs, id, doc);
      for (const id of this.table.linkIds(doc)) addTo(linkDocs, id, doc);
    }
    this.tagDocs = tagDocs;
    this.linkDocs = linkDocs;
  }
}

/** Appends `doc` to the key's list; a note listing a tag twice is listed once. */
function addTo(map: Map<string, number[]>, key: string, doc: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [doc]);
  else if (list[list.length - 1] !== doc) list.push(doc);
}
