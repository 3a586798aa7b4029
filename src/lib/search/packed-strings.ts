/**
 * A list of strings stored as one text and where each ends: the text as bytes, each UTF-16 code
 * unit in one to three (UTF-8's layout, applied to code units one by one, so any string, lone
 * surrogates too, comes back as it was and the bytes compare in the order `<` does), or, for a
 * column read for every result (ids, titles), as a string. IndexedDB's structured clone copies a
 * typed array in one go, where it copies 50,000 short strings one by one (measured: reading
 * 300,000 strings back cost most of a 50,000-note snapshot's start) and even one long string at
 * several times a typed array's cost per byte (measured at 10,000 notes: the snapshot's 1.8 MB of
 * packed text were 1.4 of its 2.1 ms clone, its 4.4 MB of arrays 0.7). Bytes, not 16-bit units:
 * a single accented word made every term two bytes a character (0.77 MB of terms at 10,000
 * notes, 0.39 as bytes). But a string cut out of bytes costs 200 to 300 ns where a slice costs
 * 40, and a search cuts out its 20 results' ids and titles: 10 µs of a 90 µs query at 10,000
 * notes, so those two columns stay strings. Nothing has to be rebuilt from either form:
 * `stringAt` cuts a string out when it is needed, and `compareAt` compares one in place.
 */

/** Strings as one text and their end offsets (`ends[i]` is where string `i` stops, in bytes or characters). */
export interface PackedStrings {
  units: Uint8Array | string;
  ends: Uint32Array;
}

/** Bytes a code unit takes. */
const unitBytes = (c: number): number => (c < 0x80 ? 1 : c < 0x800 ? 2 : 3);

/** Packs a list of strings, as bytes unless `asText`. */
export function packStrings(list: readonly string[], asText = false): PackedStrings {
  const ends = new Uint32Array(list.length);
  let at = 0;
  list.forEach((s, i) => {
    if (asText) at += s.length;
    else for (let c = 0; c < s.length; c++) at += unitBytes(s.charCodeAt(c));
    ends[i] = at;
  });
  if (asText) return { units: list.join(''), ends };
  const units = new Uint8Array(at);
  at = 0;
  for (const s of list)
    for (let c = 0; c < s.length; c++) {
      const u = s.charCodeAt(c);
      if (u < 0x80) units[at++] = u;
      else if (u < 0x800) {
        units[at++] = 0xc0 | (u >> 6);
        units[at++] = 0x80 | (u & 0x3f);
      } else {
        units[at++] = 0xe0 | (u >> 12);
        units[at++] = 0x80 | ((u >> 6) & 0x3f);
        units[at++] = 0x80 | (u & 0x3f);
      }
    }
  return { units, ends };
}

/** Whether `value` is a well-formed PackedStrings of `count` strings. */
export function isPackedStrings(value: unknown, count: number): value is PackedStrings {
  const p = value as PackedStrings | undefined;
  if (
    !p ||
    !(typeof p.units === 'string' || p.units instanceof Uint8Array) ||
    !(p.ends instanceof Uint32Array) ||
    p.ends.length !== count
  )
    return false;
  return count === 0 ? p.units.length === 0 : p.ends[count - 1] === p.units.length;
}

/** Code units turned into a string a chunk at a time, so a long string stays within the argument limit. */
const CHUNK = 4096;
/** The code units of a string being cut out of bytes that are not all ASCII. */
const decoded: number[] = [];

/** String `i` of a packed list. */
export function stringAt(p: PackedStrings, i: number): string {
  const from = i ? p.ends[i - 1] : 0;
  const to = p.ends[i];
  const units = p.units;
  if (typeof units === 'string') return units.slice(from, to);
  let ascii = true;
  for (let at = from; at < to && ascii; at++) ascii = units[at] < 0x80;
  let out = '';
  if (ascii) {
    for (let at = from; at < to; at += CHUNK)
      out += String.fromCharCode.apply(null, units.subarray(at, Math.min(to, at + CHUNK)) as never);
    return out;
  }
  decoded.length = 0;
  for (let at = from; at < to;) {
    let u = units[at++];
    if (u >= 0xe0) u = ((u & 0x0f) << 12) | ((units[at++] & 0x3f) << 6) | (units[at++] & 0x3f);
    else if (u >= 0x80) u = ((u & 0x1f) << 6) | (units[at++] & 0x3f);
    decoded.push(u);
  }
  for (let at = 0; at < decoded.length; at += CHUNK)
    out += String.fromCharCode.apply(null, decoded.slice(at, at + CHUNK));
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
  let at = i ? p.ends[i - 1] : 0;
  const to = p.ends[i];
  let c = 0;
  while (at < to && c < text.length) {
    let u = units[at++];
    if (u >= 0xe0) u = ((u & 0x0f) << 12) | ((units[at++] & 0x3f) << 6) | (units[at++] & 0x3f);
    else if (u >= 0x80) u = ((u & 0x1f) << 6) | (units[at++] & 0x3f);
    const d = u - text.charCodeAt(c++);
    if (d !== 0) return d;
  }
  if (c < text.length) return -1; // string `i` is a proper prefix of `text`
  return at < to && !prefixOnly ? 1 : 0;
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
