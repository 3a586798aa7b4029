/**
 * What the index keeps per note, as columns indexed by document number: ids, titles, notebooks,
 * source URLs, tag and link ids (comma-joined), the numbers filters compare, and the body when the
 * index keeps bodies. A snapshot's columns are taken as they are stored (packed-strings.ts, and
 * views of one number array), so a 50,000-note restore builds no per-note object and runs no
 * per-note loop: a field is read when a filter or a result needs it.
 */
import {
  isPackedStrings,
  packStrings,
  StringColumn,
  unpackStrings,
  type PackedStrings
} from './packed-strings';
import { grow } from './grow';
import {
  isNumberColumns,
  packNumberColumns,
  unpackNumberColumns,
  type NumberColumnsSnapshot
} from './number-columns';
import type { IndexedNote } from './types';

/** The numbers kept per document, in this order. */
export const NUMBER_FIELDS = [
  'created',
  'updated',
  'updated_time',
  'todo_due',
  'todo_completed',
  'latitude',
  'longitude',
  'altitude'
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];
const PER_DOC = NUMBER_FIELDS.length;
const AT = Object.fromEntries(NUMBER_FIELDS.map((name, i) => [name, i])) as Record<NumberField, number>;

/** The table's columns as a snapshot stores them. */
/** NUMBER_FIELDS by column (number-columns.ts): a restored column is a view of the stored array, where rows would need copying out. */
export interface DocTableSnapshot extends NumberColumnsSnapshot {
  ids: PackedStrings;
  titles: PackedStrings;
  /** The notebook ids the documents are in, each once, in their number's order. */
  notebookIds: PackedStrings;
  /** Per document, the number of its notebook in `notebookIds`. */
  notebookOf: Int32Array;
  sourceUrls: PackedStrings;
  /** Per document, TODO_FLAG and COMPLETED_FLAG. */
  flags: Uint8Array;
  /** Tag ids and linked item ids per document, comma-joined ('' for none). */
  tags: PackedStrings;
  links: PackedStrings;
}

/** A to-do; and a completed one (with TODO_FLAG). */
export const TODO_FLAG = 1;
export const COMPLETED_FLAG = 2;

const LINK_RE = /:\/([0-9a-fA-F]{32})/g;

/** The item ids a Markdown body links to (`:/id`, as in `![](:/id)` or `[x](:/id)`). */
export function linkedIds(body: string): string[] {
  if (!body.includes(':/')) return [];
  return [...new Set(Array.from(body.matchAll(LINK_RE), (m) => m[1].toLowerCase()))];
}

const split = (joined: string) => (joined ? joined.split(',') : []);

/** The indexed notes' fields, by document number; a retired document keeps its row, marked dead. */
export class DocTable {
  private readonly ids: StringColumn;
  private readonly titles: StringColumn;
  private readonly sourceUrls: StringColumn;
  private readonly tags: StringColumn;
  private readonly links: StringColumn;
  /** Notebook ids by number, and their numbers: a few hundred ids stand for 50,000 parents. */
  private readonly notebookIds: string[];
  private readonly notebookNumbers = new Map<string, number>();
  private notebookOf: Int32Array;
  /** NUMBER_FIELDS in order, one column each. */
  private readonly numbers: Float64Array[];
  private flags: Uint8Array;
  private live: Uint8Array;
  private readonly bodies: string[] = [];
  private count: number;

  /** A table of a snapshot's columns (validated first: see `validate`), or an empty one. */
  constructor(s?: DocTableSnapshot) {
    // Read for every result: strings, cut out by a slice (see packed-strings.ts).
    this.ids = new StringColumn(s?.ids, true);
    this.titles = new StringColumn(s?.titles, true);
    this.sourceUrls = new StringColumn(s?.sourceUrls);
    this.tags = new StringColumn(s?.tags);
    this.links = new StringColumn(s?.links);
    const count = (this.count = s?.ids.ends.length ?? 0);
    this.notebookIds = s ? unpackStrings(s.notebookIds) : [];
    this.notebookIds.forEach((id, n) => this.notebookNumbers.set(id, n));
    this.notebookOf = s ? s.notebookOf : new Int32Array(0);
    this.numbers = s ? unpackNumberColumns(s, count) : NUMBER_FIELDS.map(() => new Float64Array(0));
    this.flags = s ? s.flags : new Uint8Array(0);
    this.live = new Uint8Array(count).fill(1);
  }

  /** Throws RangeError unless the columns hold `n` documents each. */
  static validate(s: DocTableSnapshot, n: number): void {
    const fail = (why: string) => {
      throw new RangeError(`search index snapshot: ${why}`);
    };
    for (const [name, column] of Object.entries({
      ids: s.ids,
      titles: s.titles,
      sourceUrls: s.sourceUrls,
      tags: s.tags,
      links: s.links
    })) {
      if (!isPackedStrings(column, n)) fail(`${name} does not hold ${n} entries`);
    }
    if (!(s.flags instanceof Uint8Array) || s.flags.length !== n) fail('bad flag column');
    if (!isNumberColumns(s, PER_DOC, n)) fail('bad number columns');
    const notebooks = s.notebookIds?.ends?.length;
    if (!isPackedStrings(s.notebookIds, notebooks) || !(s.notebookOf instanceof Int32Array))
      fail('bad notebook columns');
    if (s.notebookOf.length !== n) fail('bad notebook columns');
    for (let doc = 0; doc < n; doc++)
      if (!(s.notebookOf[doc] >= 0 && s.notebookOf[doc] < notebooks)) fail('notebook numbers out of range');
  }

  /** How many rows (live or retired). */
  get length(): number {
    return this.count;
  }

  /** Appends a note as the next document; returns its number. */
  append(note: IndexedNote, body: string): number {
    const doc = this.count++;
    this.ids.push(note.id);
    this.titles.push(note.title);
    this.sourceUrls.push(note.source_url || '');
    this.tags.push(note.tag_ids.join(','));
    this.links.push(linkedIds(note.body).join(','));
    this.notebookOf = grow(this.notebookOf, this.count);
    this.notebookOf[doc] = this.addNotebook(note.parent_id);
    const values = [
      note.user_created_time || note.created_time,
      note.user_updated_time || note.updated_time,
      note.updated_time,
      note.todo_due || 0,
      note.todo_completed || 0,
      note.latitude ?? 0,
      note.longitude ?? 0,
      note.altitude ?? 0
    ];
    values.forEach((value, f) => {
      this.numbers[f] = grow(this.numbers[f], this.count);
      this.numbers[f][doc] = value;
    });
    this.flags = grow(this.flags, this.count);
    this.flags[doc] = note.is_todo ? TODO_FLAG | (note.todo_completed ? COMPLETED_FLAG : 0) : 0;
    this.live = grow(this.live, this.count);
    this.live[doc] = 1;
    if (body) this.bodies[doc] = body;
    return doc;
  }

  private addNotebook(id: string): number {
    let n = this.notebookNumbers.get(id);
    if (n === undefined) {
      n = this.notebookIds.push(id) - 1;
      this.notebookNumbers.set(id, n);
    }
    return n;
  }

  /** Marks a document retired (its row stays until the index compacts). */
  retire(doc: number): void {
    this.live[doc] = 0;
    delete this.bodies[doc];
  }

  isLive(doc: number): boolean {
    return doc < this.count && this.live[doc] === 1;
  }

  id(doc: number): string {
    return this.ids.get(doc);
  }

  title(doc: number): string {
    return this.titles.get(doc);
  }

  parentId(doc: number): string {
    return this.notebookIds[this.notebookOf[doc]];
  }

  /** The number standing for a notebook id in `notebookColumn()`; -1 for one no document was ever in. */
  notebookNumber(id: string): number {
    return this.notebookNumbers.get(id) ?? -1;
  }

  /** Each row's notebook number (the array may be longer than the table; it is replaced as rows are added). */
  notebookColumn(): Int32Array {
    return this.notebookOf;
  }

  sourceUrl(doc: number): string {
    return this.sourceUrls.get(doc);
  }

  /** The body, when the index keeps bodies ('' otherwise). */
  body(doc: number): string {
    return this.bodies[doc] ?? '';
  }

  tagIds(doc: number): string[] {
    return split(this.tags.get(doc));
  }

  /** Item ids linked from the body as `:/id`; the resources among them serve `resource:`. */
  linkIds(doc: number): string[] {
    return split(this.links.get(doc));
  }

  number(doc: number, field: NumberField): number {
    return this.numbers[AT[field]][doc];
  }

  /** One number field of every row (may be longer than the table; replaced as rows are added). */
  numberColumn(field: NumberField): Float64Array {
    return this.numbers[AT[field]];
  }

  /** Each row's TODO_FLAG and COMPLETED_FLAG (may be longer than the table; replaced as rows are added). */
  flagColumn(): Uint8Array {
    return this.flags;
  }

  /** Whether the row has any tag or link (cheaper than reading them: most notes have none). */
  hasTagsOrLinks(doc: number): boolean {
    return !this.tags.isEmpty(doc) || !this.links.isEmpty(doc);
  }

  isTodo(doc: number): boolean {
    return (this.flags[doc] & TODO_FLAG) !== 0;
  }

  /** The rows of `docs` (in that order) as snapshot columns. */
  columns(docs: ArrayLike<number>): DocTableSnapshot {
    const n = docs.length;
    const numbers = NUMBER_FIELDS.map(() => new Float64Array(n));
    const flags = new Uint8Array(n);
    const notebookOf = new Int32Array(n);
    // Renumbered to the notebooks these rows are in, so ids of notebooks left behind are dropped.
    const notebookIds: string[] = [];
    const renumber = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const doc = docs[i];
      for (let f = 0; f < PER_DOC; f++) numbers[f][i] = this.numbers[f][doc];
      flags[i] = this.flags[doc];
      const old = this.notebookOf[doc];
      let at = renumber.get(old);
      if (at === undefined) {
        at = notebookIds.push(this.notebookIds[old]) - 1;
        renumber.set(old, at);
      }
      notebookOf[i] = at;
    }
    return {
      ids: this.ids.pack(docs),
      titles: this.titles.pack(docs),
      notebookIds: packStrings(notebookIds),
      notebookOf,
      sourceUrls: this.sourceUrls.pack(docs),
      ...packNumberColumns(numbers, n),
      flags,
      tags: this.tags.pack(docs),
      links: this.links.pack(docs)
    };
  }

  /** A table of the rows of `docs` only, renumbered from 0 in that order (bodies kept). */
  select(docs: ArrayLike<number>): DocTable {
    const table = new DocTable(this.columns(docs));
    for (let i = 0; i < docs.length; i++) if (this.bodies[docs[i]]) table.bodies[i] = this.bodies[docs[i]];
    return table;
  }

  /** Rough bytes held. */
  memoryEstimate(): number {
    let chars = 0;
    for (let doc = 0; doc < this.count; doc++)
      chars +=
        this.title(doc).length +
        this.sourceUrl(doc).length +
        32 +
        this.tags.get(doc).length +
        this.links.get(doc).length;
    for (const body of this.bodies) chars += body?.length ?? 0;
    return chars * 2 + this.count * (PER_DOC * 8 + 4 + 40);
  }
}
