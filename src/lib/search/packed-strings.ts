/**
 * A list of strings stored as one string and where each ends. IndexedDB's structured clone copies
 * one long string in one go, but 50,000 short ones one by one (measured: reading 300,000 strings
 * back cost most of a 50,000-note snapshot's start), and nothing has to be rebuilt from it: `get`
 * cuts a string out when it is needed.
 */

/** Strings as one text and their end offsets (`ends[i]` is where string `i` stops). */
export interface PackedStrings {
  text: string;
  ends: Uint32Array;
}

/** Packs a list of strings. */
export function packStrings(list: readonly string[]): PackedStrings {
  const ends = new Uint32Array(list.length);
  let at = 0;
  list.forEach((s, i) => {
    at += s.length;
    ends[i] = at;
  });
  return { text: list.join(''), ends };
}

/** Whether `value` is a well-formed PackedStrings of `count` strings. */
export function isPackedStrings(value: unknown, count: number): value is PackedStrings {
  const p = value as PackedStrings | undefined;
  if (!p || typeof p.text !== 'string' || !(p.ends instanceof Uint32Array) || p.ends.length !== count)
    return false;
  return count === 0 ? p.text.length === 0 : p.ends[count - 1] === p.text.length;
}

/** String `i` of a packed list. */
export function stringAt(p: PackedStrings, i: number): string {
  return p.text.slice(i ? p.ends[i - 1] : 0, p.ends[i]);
}

/** Every string of a packed list, as an array. */
export function unpackStrings(p: PackedStrings): string[] {
  return Array.from(p.ends, (_, i) => stringAt(p, i));
}

/**
 * A growable list of strings whose first part came packed (from a snapshot) and whose later
 * entries are plain strings.
 */
export class StringColumn {
  private base: PackedStrings;
  private readonly added: string[] = [];

  constructor(base: PackedStrings = { text: '', ends: new Uint32Array(0) }) {
    this.base = base;
  }

  get length(): number {
    return this.base.ends.length + this.added.length;
  }

  get(i: number): string {
    const baseCount = this.base.ends.length;
    return i < baseCount ? stringAt(this.base, i) : this.added[i - baseCount];
  }

  /** Whether string `i` is '' (without cutting it out). */
  isEmpty(i: number): boolean {
    const baseCount = this.base.ends.length;
    if (i >= baseCount) return !this.added[i - baseCount];
    return this.base.ends[i] === (i ? this.base.ends[i - 1] : 0);
  }

  push(value: string): void {
    this.added.push(value);
  }

  /** The strings at `indices` (all, in order, without), packed. */
  pack(indices?: ArrayLike<number>): PackedStrings {
    if (!indices && !this.added.length) return this.base;
    const list = indices
      ? Array.from(indices, (i) => this.get(i))
      : Array.from({ length: this.length }, (_, i) => this.get(i));
    return packStrings(list);
  }
}
