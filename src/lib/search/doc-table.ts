/**
 * What the index keeps per note, as columns indexed by document number: ids, titles, notebooks,
 * source URLs, tag and link ids (comma-joined), the numbers filters compare, and the body when the
 * index keeps bodies. A snapshot's columns are taken as they are stored (packed-strings.ts), so a
 * 50,000-note restore builds no per-note object: a field is read when a filter or a result needs it.
 */
import { isPackedStrings, StringColumn, type PackedStrings } from './packed-strings';
import { grow } from './grow';
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
export interface DocTableSnapshot {
  ids: PackedStrings;
  titles: PackedStrings;
  parents: PackedStrings;
  sourceUrls: PackedStrings;
  /** Per document, NUMBER_FIELDS in order. */
  numbers: Float64Array;
  isTodo: Uint8Array;
  /** Tag ids and linked item ids per document, comma-joined ('' for none). */
  tags: PackedStrings;
  links: PackedStrings;
}

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
  private readonly parents: StringColumn;
  private readonly sourceUrls: StringColumn;
  private readonly tags: StringColumn;
  private readonly links: StringColumn;
  private numbers: Float64Array;
  private todo: Uint8Array;
  private live: Uint8Array;
  private readonly bodies: string[] = [];
  private count: number;

  constructor(s?: DocTableSnapshot) {
    this.ids = new StringColumn(s?.ids);
    this.titles = new StringColumn(s?.titles);
    this.parents = new StringColumn(s?.parents);
    this.sourceUrls = new StringColumn(s?.sourceUrls);
    this.tags = new StringColumn(s?.tags);
    this.links = new StringColumn(s?.links);
    this.count = s?.ids.ends.length ?? 0;
    this.numbers = s ? s.numbers : new Float64Array(0);
    this.todo = s ? s.isTodo : new Uint8Array(0);
    this.live = new Uint8Array(this.count).fill(1);
  }

  /** Throws RangeError unless the columns hold `n` documents each. */
  static validate(s: DocTableSnapshot, n: number): void {
    for (const [name, column] of Object.entries({
      ids: s.ids,
      titles: s.titles,
      parents: s.parents,
      sourceUrls: s.sourceUrls,
      tags: s.tags,
      links: s.links
    })) {
      if (!isPackedStrings(column, n))
        throw new RangeError(`search index snapshot: ${name} does not hold ${n} entries`);
    }
    if (!(s.isTodo instanceof Uint8Array) || s.isTodo.length !== n)
      throw new RangeError('search index snapshot: bad to-do column');
    if (!(s.numbers instanceof Float64Array) || s.numbers.length !== n * PER_DOC)
      throw new RangeError('search index snapshot: bad number columns');
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
    this.parents.push(note.parent_id);
    this.sourceUrls.push(note.source_url || '');
    this.tags.push(note.tag_ids.join(','));
    this.links.push(linkedIds(note.body).join(','));
    this.numbers = grow(this.numbers, this.count * PER_DOC);
    this.numbers.set(
      [
        note.user_created_time || note.created_time,
        note.user_updated_time || note.updated_time,
        note.updated_time,
        note.todo_due || 0,
        note.todo_completed || 0,
        note.latitude ?? 0,
        note.longitude ?? 0,
        note.altitude ?? 0
      ],
      doc * PER_DOC
    );
    this.todo = grow(this.todo, this.count);
    this.todo[doc] = note.is_todo ? 1 : 0;
    this.live = grow(this.live, this.count);
    this.live[doc] = 1;
    if (body) this.bodies[doc] = body;
    return doc;
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
    return this.parents.get(doc);
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
    return this.numbers[doc * PER_DOC + AT[field]];
  }

  /** Copies one number field of every row into `into` (at least `length` long). */
  copyNumbers(field: NumberField, into: Float64Array): void {
    const at = AT[field];
    for (let doc = 0; doc < this.count; doc++) into[doc] = this.numbers[doc * PER_DOC + at];
  }

  /** Whether the row has any tag or link (cheaper than reading them: most notes have none). */
  hasTagsOrLinks(doc: number): boolean {
    return !this.tags.isEmpty(doc) || !this.links.isEmpty(doc);
  }

  isTodo(doc: number): boolean {
    return this.todo[doc] === 1;
  }

  /** The rows of `docs` (in that order) as snapshot columns. */
  columns(docs: ArrayLike<number>): DocTableSnapshot {
    const numbers = new Float64Array(docs.length * PER_DOC);
    const isTodo = new Uint8Array(docs.length);
    for (let i = 0; i < docs.length; i++) {
      numbers.set(this.numbers.subarray(docs[i] * PER_DOC, (docs[i] + 1) * PER_DOC), i * PER_DOC);
      isTodo[i] = this.todo[docs[i]];
    }
    return {
      ids: this.ids.pack(docs),
      titles: this.titles.pack(docs),
      parents: this.parents.pack(docs),
      sourceUrls: this.sourceUrls.pack(docs),
      numbers,
      isTodo,
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
        32 * 2 +
        this.tags.get(doc).length +
        this.links.get(doc).length;
    for (const body of this.bodies) chars += body?.length ?? 0;
    return chars * 2 + this.numbers.byteLength + this.count * 40;
  }
}
