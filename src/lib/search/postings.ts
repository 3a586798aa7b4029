/**
 * The inverted index's storage.
 *
 * Each indexed note gets a document number (`doc`), never reused: saving a note again retires its
 * old number and appends a new one, so posting lists stay sorted by `doc` and an update is an
 * append. Retired numbers are skipped when read and swept out of a posting list the first time a
 * search walks it (and all at once by `compact()`).
 *
 * A term's postings are one flat array `[doc, tf, doc, tf, …]` where tf packs the hits in the
 * title and the body (`title * BODY_SPAN + body`); one array per term keeps memory close to a plain
 * word list. Each document also keeps its title and body as term-id streams (Uint32Array), used
 * to verify phrases and to know its length for BM25.
 */
import { tokenize } from './fold';

/** Packing of title and body hit counts into one small integer. */
export const BODY_SPAN = 1 << 20;
const MAX_TITLE_TF = (1 << 10) - 1;

/** What a document holds besides its postings. */
export interface DocFields {
  titleTerms: Uint32Array;
  bodyTerms: Uint32Array;
}

/** Term dictionary and postings; documents are numbers here, their records live with the caller. */
export class Postings {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private lists: number[][] = [];
  /** Term ids grouped by their first three characters, for `prefix*` lookups. */
  private readonly prefixBuckets = new Map<string, number[]>();

  /** How many distinct terms were ever seen. */
  get termCount(): number {
    return this.terms.length;
  }

  /** The id of a term, or undefined when never indexed. */
  idOf(term: string): number | undefined {
    return this.termIds.get(term);
  }

  /** The text of a term id. */
  termOf(id: number): string {
    return this.terms[id];
  }

  /** The ids of all terms that start with `prefix`. */
  idsWithPrefix(prefix: string): number[] {
    const out: number[] = [];
    const collect = (bucket: number[]) => {
      for (const id of bucket) if (this.terms[id].startsWith(prefix)) out.push(id);
    };
    if (prefix.length >= 3) {
      const bucket = this.prefixBuckets.get(prefix.slice(0, 3));
      if (bucket) collect(bucket);
      return out;
    }
    for (const [key, bucket] of this.prefixBuckets) if (key.startsWith(prefix)) collect(bucket);
    return out;
  }

  private intern(term: string): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    id = this.terms.length;
    this.termIds.set(term, id);
    this.terms.push(term);
    this.lists.push([]);
    const key = term.slice(0, 3);
    const bucket = this.prefixBuckets.get(key);
    if (bucket) bucket.push(id);
    else this.prefixBuckets.set(key, [id]);
    return id;
  }

  private toIds(tokens: string[], counts: Map<number, number>, weight: number): Uint32Array {
    const ids = new Uint32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const id = this.intern(tokens[i]);
      ids[i] = id;
      counts.set(id, (counts.get(id) ?? 0) + weight);
    }
    return ids;
  }

  /** Adds document `doc` (greater than any before) with its title and body. */
  add(doc: number, title: string, body: string): DocFields {
    const titleCounts = new Map<number, number>();
    const bodyCounts = new Map<number, number>();
    const titleTerms = this.toIds(tokenize(title), titleCounts, 1);
    const bodyTerms = this.toIds(tokenize(body), bodyCounts, 1);
    for (const [id, count] of titleCounts) {
      const body = bodyCounts.get(id) ?? 0;
      bodyCounts.delete(id);
      this.lists[id].push(doc, Math.min(count, MAX_TITLE_TF) * BODY_SPAN + Math.min(body, BODY_SPAN - 1));
    }
    for (const [id, count] of bodyCounts) this.lists[id].push(doc, Math.min(count, BODY_SPAN - 1));
    return { titleTerms, bodyTerms };
  }

  /**
   * Calls `visit(doc, titleTf, bodyTf)` for each live document holding the term, sweeping out
   * retired documents when they make up a quarter of the list or more.
   */
  forEach(id: number, isLive: (doc: number) => boolean, visit: (doc: number, title: number, body: number) => void): void {
    const list = this.lists[id];
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

  /** How many entries (live or not) the term's list holds: a cheap size estimate. */
  listLength(id: number): number {
    return this.lists[id].length / 2;
  }

  private sweep(id: number, isLive: (doc: number) => boolean): void {
    const list = this.lists[id];
    let w = 0;
    for (let r = 0; r < list.length; r += 2) {
      if (!isLive(list[r])) continue;
      list[w++] = list[r];
      list[w++] = list[r + 1];
    }
    list.length = w;
  }

  /** Sweeps every list. */
  compact(isLive: (doc: number) => boolean): void {
    for (let id = 0; id < this.lists.length; id++) this.sweep(id, isLive);
  }

  /** Maps document numbers after the caller renumbered them (order kept, so lists stay sorted). */
  renumber(map: Map<number, number>): void {
    for (const list of this.lists) {
      for (let i = 0; i < list.length; i += 2) list[i] = map.get(list[i]) as number;
    }
  }

  /** Rough bytes held: list entries, term strings and per-term overhead. */
  memoryEstimate(): number {
    let entries = 0;
    for (const list of this.lists) entries += list.length;
    let chars = 0;
    for (const term of this.terms) chars += term.length;
    return entries * 8 + chars * 2 + this.terms.length * 120;
  }
}
