/**
 * The per-note values that filters and ranking read for every candidate, kept in typed arrays
 * indexed by document number. Reading them for 50,000 notes touches a few contiguous arrays
 * instead of 50,000 scattered objects (which, measured, cost ten times more in cache misses).
 * The arrays are the doc table's and the term streams' own (re-read after each append, as those
 * grow by replacing them), so a restored index has them without a pass over its notes.
 * Tags and linked items are kept inverted (item id → documents) for the same reason; those maps
 * are built on the first `tag:` or `resource:` filter, not at start (one Set per linking note was
 * most of a 50,000-note restore), and kept current from then on.
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
  private tagDocs: Map<string, Set<number>> | undefined;
  private linkDocs: Map<string, Set<number>> | undefined;

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

  /** Forgets document `doc`'s tags and links, before it is retired (its slots are simply never read again). */
  clear(doc: number): void {
    if (this.tagDocs) for (const id of this.table.tagIds(doc)) this.tagDocs.get(id)?.delete(doc);
    if (this.linkDocs) for (const id of this.table.linkIds(doc)) this.linkDocs.get(id)?.delete(doc);
  }

  /** Whether the document is a to-do. */
  isTodo(doc: number): boolean {
    return (this.flags[doc] & TODO_FLAG) !== 0;
  }

  /** Whether the document is a completed to-do. */
  isCompleted(doc: number): boolean {
    return (this.flags[doc] & COMPLETED_FLAG) !== 0;
  }

  /** The documents carrying any of these tags. */
  docsWithTags(tagIds: Iterable<string>): Set<number> {
    this.invert();
    return union(this.tagDocs!, tagIds);
  }

  /** The documents linking to any of these items. */
  docsLinking(itemIds: Iterable<string>): Set<number> {
    this.invert();
    return union(this.linkDocs!, itemIds);
  }

  /** Builds the tag and link maps from the live rows, once. */
  private invert(): void {
    if (this.tagDocs && this.linkDocs) return;
    const tagDocs = new Map<string, Set<number>>();
    const linkDocs = new Map<string, Set<number>>();
    for (let doc = 0; doc < this.table.length; doc++) {
      if (!this.table.isLive(doc) || !this.table.hasTagsOrLinks(doc)) continue;
      for (const id of this.table.tagIds(doc)) addTo(tagDocs, id, doc);
      for (const id of this.table.linkIds(doc)) addTo(linkDocs, id, doc);
    }
    this.tagDocs = tagDocs;
    this.linkDocs = linkDocs;
  }
}

function addTo(map: Map<string, Set<number>>, key: string, doc: number): void {
  const set = map.get(key);
  if (set) set.add(doc);
  else map.set(key, new Set([doc]));
}

function union(map: Map<string, Set<number>>, keys: Iterable<string>): Set<number> {
  const out = new Set<number>();
  for (const key of keys) for (const doc of map.get(key) ?? []) out.add(doc);
  return out;
}
