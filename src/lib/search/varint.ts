/**
 * A growable byte buffer of LEB128 varints (7 bits a byte, high bit = more): the compact form of
 * the index's posting lists and term streams. Small numbers (term ids of common words, gaps between
 * documents, hit counts) take one byte instead of the four or eight of a typed or plain array.
 */

/** Appends varints to a byte array that doubles as needed. */
export class VarintWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(initial = 1024) {
    this.bytes = new Uint8Array(initial);
  }

  /** Appends `value` (a non-negative integer below 2^32). */
  write(value: number): void {
    if (this.length + 5 > this.bytes.length) this.grow(this.length + 5);
    let v = value >>> 0;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }

  private grow(needed: number): void {
    const next = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  /** The bytes written, trimmed to their length (a copy, so the writer's slack is freed). */
  toBytes(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** Reads varints from `bytes` starting at `at`; `at` moves past each value read. */
export class VarintReader {
  at: number;

  constructor(
    readonly bytes: Uint8Array,
    start = 0
  ) {
    this.at = start;
  }

  /** The next value. */
  read(): number {
    const bytes = this.bytes;
    let byte = bytes[this.at++];
    let value = byte & 0x7f;
    let shift = 7;
    while (byte & 0x80) {
      byte = bytes[this.at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    }
    return value;
  }
}
