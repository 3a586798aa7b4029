/**
 * The inverted index's storage.
 *
 * Each indexed note gets a document number (`doc`), never reused: saving a note again retires its
 * old number and appends a new one, so posting lists stay sorted by `doc` and an update is an
 * append. Retired numbers are skipped when read and swept out by `pack()`.
 *
 * A term's postings live in two parts. The packed part, made by `pack()` (after a build, before a
 * snapshot): one varint byte buffer for all terms, per posting the gap to the previous document
 * doubled, plus 1 for the usual posting (once in the body, not in the title: two thirds of them),
 * which is all of it; for any other, then the body hit count doubled plus 1 when the title has
 * the term, then, only then, the title hit count. Mostly one byte: a title count of 0 took a
 * byte of nearly every posting and a body count of 1 of two in three, 60 % of the buffer that
 * every start clones and every word query reads (0.96 MB -> 0.71 MB at 10,000 notes). The tail: postings added since, one plain
 * array `[doc, tf, doc, tf…]` per term, where tf packs the hits as `title * BODY_SPAN + body`.
 * Measured at 50,000 notes, the packed form is a quarter of the plain arrays' memory.
 */
import { tokenize } from './fold';
import { compareAt, isPackedStrings, packStrings, stringAt, type PackedStrings } from './packed-strings';
import { VarintReader, VarintWriter } from './varint';

/** Packing of title and body hit counts into one small integer. */
export const BODY_SPAN = 1 << 20;
const MAX_TITLE_TF = (1 << 10) - 1;

/** A document's title and body as term ids (what the term streams keep). */
export interface DocTerms {
  titleTerms: Uint32Array;
  bodyTerms: Uint32Array;
}

/** Postings as stored in a snapshot. */
export interface PostingsSnapshot {
  terms: PackedStrings;
  /** Term ids in the order of their text (code units), so a restored dictionary is searched as it is. */
  order: Uint32Array;
  bytes: Uint8Array;
  /** Where each term's packed postings start in `bytes` (one more entry than terms). */
  offsets: Uint32Array;
  counts: Uint32Array;
}

/**
 * The terms of a restored snapshot, searched in place: a binary search over their sorted order
 * finds a term or a prefix range, so a restore builds no 300,000-entry Map (measured: most of a
 * 50,000-note restore before). Terms indexed after the restore go to the Map beside it.
 */
class BaseDictionary {
  constructor(
    readonly terms: PackedStrings,
    readonly order: Uint32Array
  ) {}

  get size(): number {
    return this.order.length;
  }

  term(id: number): string {
    return stringAt(this.terms, id);
  }

  /** The first position in `order` whose term is not below `text`. */
  private lowerBound(text: string): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareAt(this.terms, this.order[mid], text) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  idOf(text: string): number | undefined {
    const at = this.lowerBound(text);
    if (at < this.order.length && compareAt(this.terms, this.order[at], text) === 0) return this.order[at];
    return undefined;
  }

  withPrefix(prefix: string, out: number[]): void {
    for (let at = this.lowerBound(prefix); at < this.order.length; at++) {
      const id = this.order[at];
      if (compareAt(this.terms, id, prefix, true) !== 0) break;
      out.push(id);
    }
  }
}

const EMPTY_BASE = new BaseDictionary(
  { units: new Uint8Array(0), ends: new Uint32Array(0) },
  new Uint32Array(0)
);

/** Term dictionary and postings; documents are numbers here, their records live with the caller. */
export class Postings {
  /** Terms restored from a snapshot: ids 0..base.size-1. */
  private base = EMPTY_BASE;
  /** Terms indexed since (ids from base.size on) by text, and base terms met since; `terms` holds the later ones by id - base.size. */
  private termIds = new Map<string, number>();
  private terms: string[] = [];
  private packed: Uint8Array = new Uint8Array(0);
  private packedOffsets: Uint32Array = new Uint32Array(1);
  private packedCounts: Uint32Array = new Uint32Array(0);
  private tails: (number[] | undefined)[] = [];
  /** The later terms' ids grouped by their first three characters, for `prefix*` lookups. */
  private prefixBuckets = new Map<string, number[]>();
  /** The buckets in their terms' order (see `sortedBucket`). */
  private sortedBuckets = new Set<string>();

  /** How many distinct terms were ever seen. */
  get termCount(): number {
    return this.base.size + this.terms.length;
  }

  /** The id of a term, or undefined when never indexed. */
  idOf(term: string): number | undefined {
    return this.termIds.get(term) ?? (this.base.size ? this.base.idOf(term) : undefined);
  }

  /** The text of a term id. */
  termOf(id: number): string {
    return id < this.base.size ? this.base.term(id) : this.terms[id - this.base.size];
  }

  /** The ids of all terms that start with `prefix` (in no particular order). */
  idsWithPrefix(prefix: string): number[] {
    const out: number[] = [];
    this.base.withPrefix(prefix, out);
    if (prefix.length >= 3) {
      const bucket = this.sortedBucket(prefix.slice(0, 3));
      if (!bucket) return out;
      // The bucket is in its terms' order: the prefix's terms are one run, found by binary search.
      let lo = 0;
      let hi = bucket.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.termOf(bucket[mid]) < prefix) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < bucket.length && this.termOf(bucket[i]).startsWith(prefix); i++)
        out.push(bucket[i]);
      return out;
    }
    for (const [key, bucket] of this.prefixBuckets)
      if (key.startsWith(prefix))
        for (const id of bucket) if (this.termOf(id).startsWith(prefix)) out.push(id);
    return out;
  }

  /**
   * A bucket's ids in the order of their terms' text, sorted when first searched after a term
   * joined it: testing every term of a bucket ("con" holds thousands) was a quarter of a
   * `config*` search at 10,000 notes. Terms join at the end, so a re-sort is a merge of two runs.
   */
  private sortedBucket(key: string): number[] | undefined {
    const bucket = this.prefixBuckets.get(key);
    if (bucket && !this.sortedBuckets.has(key)) {
      bucket.sort((a, b) => compareText(this.termOf(a), this.termOf(b)));
      this.sortedBuckets.add(key);
    }
    return bucket;
  }

  private intern(term: string): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    id = this.base.size ? this.base.idOf(term) : undefined;
    if (id !== undefined) {
      // Remembered, so indexing after a restore pays the binary search once per distinct word, not per token.
      this.termIds.set((' ' + term).slice(1), id);
      return id;
    }
    id = this.termCount;
    // A token is a slice of its note's folded text, and V8 keeps the whole text alive behind a
    // slice: copy the term out, or the dictionary pins one folded body per term (measured: 45 MB
    // of the index's 80 MB at 50,000 notes).
    const own = (' ' + term).slice(1);
    this.termIds.set(own, id);
    this.terms.push(own);
    this.bucket(own, id);
    return id;
  }

  private bucket(term: string, id: number): void {
    const key = term.slice(0, 3);
    const bucket = this.prefixBuckets.get(key);
    if (bucket) {
      bucket.push(id);
      this.sortedBuckets.delete(key);
    } else this.prefixBuckets.set(key, [id]);
  }

  private toIds(tokens: string[], counts: Map<number, number>): Uint32Array {
    const ids = new Uint32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const id = this.intern(tokens[i]);
      ids[i] = id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return ids;
  }

  private append(id: number, doc: number, tf: number): void {
    const tail = this.tails[id];
    if (tail) tail.push(doc, tf);
    else this.tails[id] = [doc, tf];
  }

  /** Adds document `doc` (greater than any before) with its title and body. */
  add(doc: number, title: string, body: string): DocTerms {
    const titleCounts = new Map<number, number>();
    const bodyCounts = new Map<number, number>();
    const titleTerms = this.toIds(tokenize(title), titleCounts);
    const bodyTerms = this.toIds(tokenize(body), bodyCounts);
    for (const [id, count] of titleCounts) {
      const inBody = bodyCounts.get(id) ?? 0;
      bodyCounts.delete(id);
      this.append(id, doc, Math.min(count, MAX_TITLE_TF) * BODY_SPAN + Math.min(inBody, BODY_SPAN - 1));
    }
    for (const [id, count] of bodyCounts) this.append(id, doc, Math.min(count, BODY_SPAN - 1));
    return { titleTerms, bodyTerms };
  }

  /**
   * Calls `visit(doc, titleTf, bodyTf)` for each live document holding the term, in document order,
   * sweeping retired documents out of the tail when they make up an eighth of it or more.
   */
  forEach(
    id: number,
    isLive: (doc: number) => boolean,
    visit: (doc: number, title: number, body: number) => void,
    tailOnly = false
  ): void {
    if (id < this.packedCounts.length && !tailOnly) {
      const reader = new VarintReader(this.packed, this.packedOffsets[id]);
      let doc = 0;
      for (let n = this.packedCounts[id]; n > 0; n--) {
        const gap = reader.read();
        doc += gap >>> 1;
        const tagged = gap & 1 ? 2 : reader.read();
        const title = tagged & 1 ? reader.read() : 0;
        const body = tagged >>> 1;
        if (isLive(doc)) visit(doc, title, body);
      }
    }
    const list = this.tails[id];
    if (!list) return;
    let dead = 0;
    for (let i = 0; i < list.length; i += 2) {
      const doc = list[i];
      if (!isLive(doc)) {
        dead++;
        continue;
      }
      const tf = list[i + 1];
      visit(doc, Math.floor(tf / BODY_SPAN), tf % BODY_SPAN);
    }
    if (dead * 8 >= list.length && dead > 0) this.sweep(id, isLive);
  }

  /**
   * Writes the live documents holding the term, in document order, into `docs` with their hits
   * (`title * BODY_SPAN + body`, a field counted only when `useTitle`/`useBody`; documents left
   * with none are skipped) into `hits`; returns how many. Both must hold `listLength(id)`. The
   * varints are read inline: this is the inner loop of every word query. They are read with
   * shifts, in 32-bit integers: every value packed is below 2^31 (document gaps, hit counts), and
   * read as `* 2 ** shift` they were floating point, and so was every document number and count
   * computed from them (measured: 128 -> ? µs for the 14,000 postings of "node" at 50,000 notes). `allLive` says no
   * document is retired (the usual case after a build or a restore), so none is looked up.
   */
  collect(
    id: number,
    isLive: (doc: number) => boolean,
    useTitle: boolean,
    useBody: boolean,
    docs: Int32Array,
    hits: Uint32Array,
    allLive = false
  ): number {
    let n = 0;
    if (id < this.packedCounts.length) {
      const bytes = this.packed;
      let at = this.packedOffsets[id];
      let doc = 0;
      for (let left = this.packedCounts[id]; left > 0; left--) {
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
        doc += gap >>> 1;
        if (!useTitle) title = 0;
        if (!useBody) body = 0;
        if (title + body === 0 || (!allLive && !isLive(doc))) continue;
        docs[n] = doc;
        hits[n++] = title * BODY_SPAN + body;
      }
    }
    return this.tails[id] ? this.collectTail(id, isLive, useTitle, useBody, docs, hits, n) : n;
  }

  /**
   * `collect` of the tail, from `n` on. Apart, so that the closure's counter is not the packed
   * loop's: a local a closure writes lives in a heap context, and that loop read and wrote it there.
   */
  private collectTail(
    id: number,
    isLive: (doc: number) => boolean,
    useTitle: boolean,
    useBody: boolean,
    docs: Int32Array,
    hits: Uint32Array,
    n: number
  ): number {
    this.forEach(
      id,
      isLive,
      (doc, title, body) => {
        const t = useTitle ? title : 0;
        const b = useBody ? body : 0;
        if (t + b === 0) return;
        docs[n] = doc;
        hits[n++] = t * BODY_SPAN + b;
      },
      true
    );
    return n;
  }

  /**
   * Where the term's packed postings are (`at` in `bytes`, `count` entries; count 0 when it has
   * none packed) and whether it has a tail: for scans that read the varints inline (posting-scans.ts).
   */
  packedList(id: number): { bytes: Uint8Array; at: number; count: number; hasTail: boolean } {
    const packed = id < this.packedCounts.length;
    return {
      bytes: this.packed,
      at: packed ? this.packedOffsets[id] : 0,
      count: packed ? this.packedCounts[id] : 0,
      hasTail: this.tails[id] !== undefined
    };
  }

  /** How many entries (live or not) the term's postings hold: a cheap size estimate. */
  listLength(id: number): number {
    return (this.packedCounts[id] ?? 0) + (this.tails[id]?.length ?? 0) / 2;
  }

  private sweep(id: number, isLive: (doc: number) => boolean): void {
    const list = this.tails[id]!;
    let w = 0;
    for (let r = 0; r < list.length; r += 2) {
      if (!isLive(list[r])) continue;
      list[w++] = list[r];
      list[w++] = list[r + 1];
    }
    list.length = w;
  }

  /**
   * Packs every term's postings into the varint buffer, keeping documents that `renumber` maps to
   * a number (≥ 0) under that number. The mapping must keep document order (lists stay sorted).
   */
  pack(renumber: Int32Array): void {
    const out = new VarintWriter(Math.max(1024, this.packed.length));
    const termCount = this.termCount;
    const offsets = new Uint32Array(termCount + 1);
    const counts = new Uint32Array(termCount);
    for (let id = 0; id < termCount; id++) {
      offsets[id] = out.length;
      let previous = 0;
      let count = 0;
      this.forEach(
        id,
        (doc) => renumber[doc] >= 0,
        (doc, title, body) => {
          const next = renumber[doc];
          if (body === 1 && title === 0) out.write((next - previous) * 2 + 1);
          else {
            out.write((next - previous) * 2);
            out.write(body * 2 + (title > 0 ? 1 : 0));
            if (title > 0) out.write(title);
          }
          previous = next;
          count++;
        }
      );
      counts[id] = count;
    }
    offsets[termCount] = out.length;
    this.packed = out.toBytes();
    this.packedOffsets = offsets;
    this.packedCounts = counts;
    this.tails = [];
  }

  /** Rough bytes held: the packed buffer, tail entries, term strings and per-term overhead. */
  memoryEstimate(): number {
    let entries = 0;
    for (const list of this.tails) entries += list?.length ?? 0;
    let chars = 0;
    for (const term of this.terms) chars += term.length;
    const base = this.base.terms.units.length * 2 + this.base.size * 8;
    return (
      this.packed.byteLength +
      this.packedOffsets.byteLength +
      this.packedCounts.byteLength +
      entries * 8 +
      base +
      chars * 2 +
      this.terms.length * 80
    );
  }

  /** Whether postings were added since the last `pack()`. */
  get hasTail(): boolean {
    return this.tails.length > 0;
  }

  /** The postings as a snapshot; packs first (with `renumber`) when a tail is left, so the snapshot holds none. */
  toSnapshot(renumber: Int32Array): PostingsSnapshot {
    if (this.hasTail) this.pack(renumber);
    return {
      ...this.dictionarySnapshot(),
      bytes: this.packed,
      offsets: this.packedOffsets,
      counts: this.packedCounts
    };
  }

  /** Every term packed, and their sorted order: the restored base's order merged with the later terms, sorted. */
  private dictionarySnapshot(): Pick<PostingsSnapshot, 'terms' | 'order'> {
    if (!this.terms.length) return { terms: this.base.terms, order: this.base.order };
    const all = Array.from({ length: this.termCount }, (_, id) => this.termOf(id));
    const later = Array.from(this.terms, (_, i) => this.base.size + i).sort((a, b) =>
      compareText(all[a], all[b])
    );
    const order = new Uint32Array(all.length);
    let i = 0;
    let j = 0;
    for (let k = 0; k < order.length; k++) {
      const takeBase = j >= later.length || (i < this.base.size && all[this.base.order[i]] < all[later[j]]);
      order[k] = takeBase ? this.base.order[i++] : later[j++];
    }
    return { terms: packStrings(all), order };
  }

  /** Throws RangeError unless the snapshot's parts agree with each other. */
  static validate(p: PostingsSnapshot): void {
    const n = p?.order?.length;
    if (
      !p ||
      !(p.order instanceof Uint32Array) ||
      !isPackedStrings(p.terms, n) ||
      !(p.bytes instanceof Uint8Array) ||
      !(p.offsets instanceof Uint32Array) ||
      p.offsets.length !== n + 1 ||
      !(p.counts instanceof Uint32Array) ||
      p.counts.length !== n
    ) {
      throw new RangeError('search index snapshot: bad postings');
    }
    if (p.offsets[n] !== p.bytes.length)
      throw new RangeError('search index snapshot: postings end where their bytes do not');
  }

  /** Postings restored from a snapshot: nothing is rebuilt, the dictionary is searched as stored. */
  static fromSnapshot(s: PostingsSnapshot): Postings {
    const postings = new Postings();
    postings.base = new BaseDictionary(s.terms, s.order);
    postings.packed = s.bytes;
    postings.packedOffsets = s.offsets;
    postings.packedCounts = s.counts;
    return postings;
  }
}

/** Orders strings by their UTF-16 code units, as `<` does (localeCompare would not). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
