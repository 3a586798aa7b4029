/**
 * A list of strings stored as one text and where each ends: the text as its UTF-16 code units in
 * a typed array (one byte a unit when every unit is below 256), or, for a column read for every
 * result (ids, titles), as a string. IndexedDB's structured clone copies a typed array in one go,
 * where it copies 50,000 short strings one by one (measured: reading 300,000 strings back cost
 * most of a 50,000-note snapshot's start) and even one long string at several times a typed
 * array's cost per byte (measured at 10,000 notes: the snapshot's 1.8 MB of packed text were 1.4
 * of its 2.1 ms clone, its 4.4 MB of arrays 0.7). But a string cut out of code units costs 200 to
 * 300 ns where a slice costs 40, and a search cuts out its 20 results' ids and titles: 10 µs of
 * a 90 µs query at 10,000 notes, so those two columns stay strings. Nothing has to be rebuilt
 * from either form: `stringAt` cuts a string out when it is needed, and `compareAt` compares one
 * in place.
 */

/** Strings as one text and their end offsets (`ends[i]` is where string `i` stops). */
export interface PackedStrings {
  units: Uint8Array | Uint16Array | string;
  ends: Uint32Array;
}

/** Packs a list of strings, as code units unless `asText`. */
export function packStrings(list: readonly string[], asText = false): PackedStrings {
  const ends = new Uint32Array(list.length);
  let at = 0;
  let wide = false;
  list.forEach((s, i) => {
    at += s.length;
    ends[i] = at;
    for (let c = 0; c < s.length && !wide && !asText; c++) wide = s.charCodeAt(c) > 0xff;
  });
  if (asText) return { units: list.join(''), ends };
  const units = wide ? new Uint16Array(at) : new Uint8Array(at);
  at = 0;
  for (const s of list) for (let c = 0; c < s.length; c++) units[at++] = s.charCodeAt(c);
  return { units, ends };
}

/** Whether `value` is a well-formed PackedStrings of `count` strings. */
export function isPackedStrings(value: unknown, count: number): value is PackedStrings {
  const p = value as PackedStrings | undefined;
  if (
    !p ||
    !(typeof p.units === 'string' || p.units instanceof Uint8Array || p.units instanceof Uint16Array) ||
    !(p.ends instanceof Uint32Array) ||
    p.ends.length !== count
  )
    return false;
  return count === 0 ? p.units.length === 0 : p.ends[count - 1] === p.units.length;
}

/** Code units turned into a string a chunk at a time, so a long string stays within the argument limit. */
const CHUNK = 4096;

/** String `i` of a packed list. */
export function stringAt(p: PackedStrings, i: number): string {
  const from = i ? p.ends[i - 1] : 0;
  const to = p.ends[i];
  const units = p.units;
  if (typeof units === 'string') return units.slice(from, to);
  let out = '';
  for (let at = from; at < to; at += CHUNK)
    out += String.fromCharCode.apply(null, units.subarray(at, Math.min(to, at + CHUNK)) as never);
  return out;
}

/**
 * How string `i` compares with `text` by code units, as `<` orders strings: negative, 0 or
 * positive; with `prefixOnly`, 0 when `text` is a prefix of string `i`. Compared in place: a
 * dictionary lookup compares a dozen terms, and none is cut out.
 */
export function compareAt(p: PackedStrings, i: number, text: string, prefixOnly = false): number {
  const units = p.units;
  if (typeof units === 'string') {
    const s = stringAt(p, i);
    if (prefixOnly && s.startsWith(text)) return 0;
    return s < text ? -1 : s > text ? 1 : 0;
  }
  const from = i ? p.ends[i - 1] : 0;
  const length = p.ends[i] - from;
  const n = Math.min(length, text.length);
  for (let c = 0; c < n; c++) {
    const d = units[from + c] - text.charCodeAt(c);
    if (d !== 0) return d;
  }
  return prefixOnly && length >= text.length ? 0 : length - text.length;
}

/** Whether string `i` is '' (without cutting it out). */
function isEmptyAt(p: PackedStrings, i: number): boolean {
  return p.ends[i] === (i ? p.ends[i - 1] : 0);
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

  constructor(
    base: PackedStrings = { units: new Uint8Array(0), ends: new Uint32Array(0) },
    private readonly asText = false
  ) {
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
    return isEmptyAt(this.base, i);
  }

  push(value: string): void {
    this.added.push(value);
  }

  /** The strings at `indices` (all, in order, without), packed. */
  pack(indices?: ArrayLike<number>): PackedStrings {
    if (!indices && !this.added.length && (typeof this.base.units === 'string') === this.asText)
      return this.base;
    const list = indices
      ? Array.from(indices, (i) => this.get(i))
      : Array.from({ length: this.length }, (_, i) => this.get(i));
    return packStrings(list, this.asText);
  }
}
