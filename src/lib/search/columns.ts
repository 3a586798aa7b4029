/**
 * The per-note values that filters and ranking read for every candidate, kept in typed arrays
 * indexed by document number. Reading them for 50,000 notes touches a few contiguous arrays
 * instead of 50,000 scattered objects (which, measured, cost ten times more in cache misses).
 * Tags and linked items are kept inverted (item id → documents) for the same reason.
 */
import type { DocTable } from './doc-table';
import { grow } from './grow';

const TODO = 1;
const COMPLETED = 2;

/** Columnar metadata of the indexed notes. */
export class DocColumns {
  created = new Float64Array(0);
  updated = new Float64Array(0);
  due = new Float64Array(0);
  titleLen = new Uint32Array(0);
  bodyLen = new Uint32Array(0);
  notebook = new Int32Array(0);
  flags = new Uint8Array(0);
  private readonly notebookNumbers = new Map<string, number>();
  private readonly tagDocs = new Map<string, Set<number>>();
  private readonly linkDocs = new Map<string, Set<number>>();

  /** The number standing for a notebook id (stable for the index's life). */
  notebookNumber(id: string): number {
    let n = this.notebookNumbers.get(id);
    if (n === undefined) {
      n = this.notebookNumbers.size;
      this.notebookNumbers.set(id, n);
    }
    return n;
  }

  /** Records document `doc` of the table, whose title and body have these many tokens. */
  set(doc: number, table: DocTable, titleTokens: number, bodyTokens: number): void {
    this.reserve(doc + 1);
    this.created[doc] = table.number(doc, 'created');
    this.updated[doc] = table.number(doc, 'updated');
    this.due[doc] = table.number(doc, 'todo_due');
    this.titleLen[doc] = titleTokens;
    this.bodyLen[doc] = bodyTokens;
    this.notebook[doc] = this.notebookNumber(table.parentId(doc));
    const todo = table.isTodo(doc);
    this.flags[doc] = (todo ? TODO : 0) | (todo && table.number(doc, 'todo_completed') ? COMPLETED : 0);
    for (const id of table.tagIds(doc)) addTo(this.tagDocs, id, doc);
    for (const id of table.linkIds(doc)) addTo(this.linkDocs, id, doc);
  }

  /** The columns of every document of a table (retired ones included: they are never read), in one pass. */
  static fromTable(table: DocTable, titleLen: Uint32Array, bodyLen: Uint32Array): DocColumns {
    const cols = new DocColumns();
    const count = table.length;
    cols.reserve(count);
    table.copyNumbers('created', cols.created);
    table.copyNumbers('updated', cols.updated);
    table.copyNumbers('todo_due', cols.due);
    cols.titleLen.set(titleLen.subarray(0, count));
    cols.bodyLen.set(bodyLen.subarray(0, count));
    for (let doc = 0; doc < count; doc++) {
      cols.notebook[doc] = cols.notebookNumber(table.parentId(doc));
      if (table.isTodo(doc)) cols.flags[doc] = TODO | (table.number(doc, 'todo_completed') ? COMPLETED : 0);
      if (table.hasTagsOrLinks(doc)) {
        for (const id of table.tagIds(doc)) addTo(cols.tagDocs, id, doc);
        for (const id of table.linkIds(doc)) addTo(cols.linkDocs, id, doc);
      }
    }
    return cols;
  }

  /** Makes room for `size` documents. */
  reserve(size: number): void {
    this.created = grow(this.created, size);
    this.updated = grow(this.updated, size);
    this.due = grow(this.due, size);
    this.titleLen = grow(this.titleLen, size);
    this.bodyLen = grow(this.bodyLen, size);
    this.notebook = grow(this.notebook, size);
    this.flags = grow(this.flags, size);
  }

  /** Forgets document `doc`'s tags and links (its slots are simply never read again). */
  clear(doc: number, table: DocTable): void {
    for (const id of table.tagIds(doc)) this.tagDocs.get(id)?.delete(doc);
    for (const id of table.linkIds(doc)) this.linkDocs.get(id)?.delete(doc);
  }

  /** Whether the document is a to-do. */
  isTodo(doc: number): boolean {
    return (this.flags[doc] & TODO) !== 0;
  }

  /** Whether the document is a completed to-do. */
  isCompleted(doc: number): boolean {
    return (this.flags[doc] & COMPLETED) !== 0;
  }

  /** The documents carrying any of these tags. */
  docsWithTags(tagIds: Iterable<string>): Set<number> {
    return union(this.tagDocs, tagIds);
  }

  /** The documents linking to any of these items. */
  docsLinking(itemIds: Iterable<string>): Set<number> {
    return union(this.linkDocs, itemIds);
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
