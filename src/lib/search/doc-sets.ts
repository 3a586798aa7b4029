/**
 * Sets of document numbers as sorted typed arrays, and a reusable membership mark: what query
 * evaluation combines posting lists with. Posting lists come out in document order, so AND is a
 * merge of sorted arrays and no per-hit Map or Set entry is made (measured: those entries were
 * most of a query's time on words with a few hundred hits).
 */
import { grow } from './grow';

/** The documents in both sorted arrays, ascending. */
export function intersectSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x < y) i++;
    else if (x > y) j++;
    else {
      out[n++] = x;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/**
 * The first position at or after `from` in sorted `list` whose document is not below `doc` (the
 * list's length when there is none). It gallops, probing 1, 2, 4… ahead, then halves: a step to
 * the next entry costs one probe, and a step over m entries about 2·log m, so walking a long list
 * to a few documents far apart costs far less than reading every entry.
 */
export function seekSorted(list: Int32Array, from: number, doc: number): number {
  const n = list.length;
  if (from >= n || list[from] >= doc) return from;
  let lo = from; // list[lo] < doc
  let hi = from + 1;
  for (let step = 1; hi < n && list[hi] < doc; step *= 2) {
    lo = hi;
    hi = lo + step * 2;
  }
  if (hi > n) hi = n;
  // list[lo] < doc, and list[hi] >= doc or hi === n
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < doc) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The documents of sorted `a` that are not in sorted `b`, ascending. */
export function subtractSorted(a: Int32Array, b: Int32Array): Int32Array {
  if (!b.length) return a;
  const out = new Int32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    while (j < b.length && b[j] < x) j++;
    if (j === b.length || b[j] !== x) out[n++] = x;
  }
  return out.subarray(0, n);
}

/**
 * Marks documents for one query step at a time. Marking again with a new generation forgets the
 * previous marks without clearing the array, so a step costs what it marks, not the index's size.
 */
export class DocMarks {
  private stamps = new Uint32Array(0);
  private generation = 0;
  /** Scratch bits for `ascending`, all clear between calls. */
  private bits = new Uint32Array(0);

  /** Starts a new, empty set able to hold documents below `size`. */
  reset(size: number): void {
    this.stamps = grow(this.stamps, size);
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  /** Adds `doc`; true when it was not in the set yet. */
  add(doc: number): boolean {
    if (this.stamps[doc] === this.generation) return false;
    this.stamps[doc] = this.generation;
    return true;
  }

  /** Whether `doc` is in the set. */
  has(doc: number): boolean {
    return this.stamps[doc] === this.generation;
  }

  /**
   * `found`, the `n` documents marked, in ascending order. Sorting them costs n·log n; setting
   * them as bits and reading the bits back in order costs 2n plus one read per 32 documents of
   * `size`, which is the cheaper past a few hundred documents. The bit words are zeroed as they
   * are read, so the next call finds them clear. (Reading every mark in order instead, as this
   * did, cost one read per document: a fifth of a `pars*` search at 50,000 notes.)
   */
  ascending(found: Int32Array, n: number, size: number): Int32Array {
    if (n * 256 <= size) return found.subarray(0, n).sort();
    const words = (size + 31) >>> 5;
    const bits = (this.bits = grow(this.bits, words));
    for (let i = 0; i < n; i++) bits[found[i] >>> 5] |= 1 << (found[i] & 31);
    let at = 0;
    for (let w = 0; w < words && at < n; w++) {
      let word = bits[w] | 0;
      if (word === 0) continue;
      bits[w] = 0;
      const base = w << 5;
      while (word !== 0) {
        const low = word & -word;
        found[at++] = base + 31 - Math.clz32(low);
        word ^= low;
      }
    }
    return found.subarray(0, n);
  }
}

/** The documents of several sorted arrays, each once, ascending. */
export function unionSorted(lists: Int32Array[], marks: DocMarks, size: number): Int32Array {
  if (lists.length === 1) return lists[0];
  marks.reset(size);
  let total = 0;
  for (const list of lists) total += list.length;
  const out = new Int32Array(total);
  let n = 0;
  for (const list of lists) for (let i = 0; i < list.length; i++) if (marks.add(list[i])) out[n++] = list[i];
  return marks.ascending(out, n, size);
}
