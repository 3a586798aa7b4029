/**
 * Each indexed document's title and body as streams of term ids, in one varint byte buffer (the
 * order of words is what phrase search checks, and the lengths are what BM25 needs). One buffer
 * with per-document offsets instead of two typed arrays per note: at 50,000 notes, 100,000 small
 * arrays cost more in headers than their contents, and most term ids fit in one or two bytes.
 */
import { VarintReader, VarintWriter } from './varint';
import { grow } from './grow';

/** The term streams of documents numbered 0, 1, 2… (append-only; `compact` drops retired ones). */
export class TermStreams {
  private data = new VarintWriter(1 << 16);
  private start: Uint32Array = new Uint32Array(0);
  /** Tokens in each document's title and body. */
  titleLen: Uint32Array = new Uint32Array(0);
  bodyLen: Uint32Array = new Uint32Array(0);
  /** Documents held (numbered 0…count-1). */
  private count = 0;

  /** Appends document `doc`'s streams. */
  set(doc: number, title: ArrayLike<number>, body: ArrayLike<number>): void {
    this.start = grow(this.start, doc + 1);
    this.titleLen = grow(this.titleLen, doc + 1);
    this.bodyLen = grow(this.bodyLen, doc + 1);
    this.start[doc] = this.data.length;
    this.count = doc + 1;
    this.titleLen[doc] = title.length;
    this.bodyLen[doc] = body.length;
    for (let i = 0; i < title.length; i++) this.data.write(title[i]);
    for (let i = 0; i < body.length; i++) this.data.write(body[i]);
  }

  /**
   * Document `doc`'s title then body term ids, decoded into `out` (grown when short, and returned):
   * phrase search reads hundreds of candidates a query, and a fresh pair of arrays for each was
   * most of its time.
   */
  readInto(doc: number, out: Uint32Array): Uint32Array {
    const count = this.titleLen[doc] + this.bodyLen[doc];
    const into = out.length >= count ? out : new Uint32Array(Math.max(count, out.length * 2));
    const reader = new VarintReader(this.data.bytes, this.start[doc]);
    for (let i = 0; i < count; i++) into[i] = reader.read();
    return into;
  }

  /**
   * Counts where a run of term ids occurs in document `doc`'s title and in its body (into
   * `counts[0]` and `counts[1]`), comparing their varint bytes in place: a phrase's candidates
   * are often the longest notes, and decoding them was most of a phrase query's time. `run` is
   * the ids' varints; `anchor` the offset in it of the byte to look for first (the rarest word's).
   * A byte run that matches is a match of the ids when it starts where a varint starts, which is
   * when the byte before it ends one (its high bit is clear). A field's count stops at its bound
   * (`maxTitle`, `maxBody`: the run cannot occur more often than its words do), so a field with
   * a bound of 0 is not read at all.
   */
  countRun(
    doc: number,
    run: Uint8Array,
    anchor: number,
    counts: Uint32Array,
    maxTitle: number,
    maxBody: number
  ): void {
    counts[0] = 0;
    counts[1] = 0;
    if (maxTitle <= 0 && maxBody <= 0) return;
    const start = this.start[doc];
    const end = doc + 1 < this.count ? this.start[doc + 1] : this.data.length;
    // One view of the document, so indexOf stops at its end (it takes no end of its own).
    const bytes = this.data.bytes.subarray(start, end);
    let bodyStart = 0;
    for (let i = this.titleLen[doc]; i > 0; i--) while (bytes[bodyStart++] & 0x80);
    if (maxTitle > 0) counts[0] = countIn(bytes, 0, bodyStart, run, anchor, maxTitle);
    if (maxBody > 0) counts[1] = countIn(bytes, bodyStart, bytes.length, run, anchor, maxBody);
  }

  /**
   * Keeps the documents `live` lists (ascending), renumbered 0… in that order. Each document's bytes
   * are copied as they are: documents were appended in order, so a document ends where the next begins.
   */
  compact(live: number[], count: number): void {
    const bytes = this.data.bytes;
    const end = (doc: number) => (doc + 1 < count ? this.start[doc + 1] : this.data.length);
    let total = 0;
    for (const doc of live) total += end(doc) - this.start[doc];
    const data = new VarintWriter(Math.max(1024, total));
    const start = new Uint32Array(live.length);
    const titleLen = new Uint32Array(live.length);
    const bodyLen = new Uint32Array(live.length);
    live.forEach((doc, i) => {
      start[i] = data.length;
      titleLen[i] = this.titleLen[doc];
      bodyLen[i] = this.bodyLen[doc];
      data.bytes.set(bytes.subarray(this.start[doc], end(doc)), data.length);
      data.length += end(doc) - this.start[doc];
    });
    this.data = data;
    this.start = start;
    this.titleLen = titleLen;
    this.bodyLen = bodyLen;
    this.count = live.length;
  }

  /** Bytes held. */
  memoryEstimate(): number {
    return this.data.bytes.byteLength + this.start.byteLength + this.titleLen.byteLength * 2;
  }

  /** The streams of documents 0…count-1, for a snapshot. */
  toSnapshot(count: number): TermStreamsSnapshot {
    return {
      data: this.data.toBytes(),
      start: this.start.slice(0, count),
      titleLen: this.titleLen.slice(0, count),
      bodyLen: this.bodyLen.slice(0, count)
    };
  }

  /** Streams restored from a snapshot. */
  static fromSnapshot(s: TermStreamsSnapshot): TermStreams {
    const streams = new TermStreams();
    streams.data = new VarintWriter(0);
    streams.data.bytes = s.data;
    streams.data.length = s.data.length;
    streams.start = s.start;
    streams.titleLen = s.titleLen;
    streams.bodyLen = s.bodyLen;
    streams.count = s.start.length;
    return streams;
  }
}

/** TermStreams as stored. */
export interface TermStreamsSnapshot {
  data: Uint8Array;
  start: Uint32Array;
  titleLen: Uint32Array;
  bodyLen: Uint32Array;
}

/** How many times (up to `max`) `run` occurs in `bytes[from, to)` (a whole number of varints) starting on a varint. */
function countIn(
  bytes: Uint8Array,
  from: number,
  to: number,
  run: Uint8Array,
  anchor: number,
  max: number
): number {
  const key = run[anchor];
  const last = to - run.length;
  let count = 0;
  // The title's search may run on into the body (the bytes end with the document): stop at `last`.
  for (let at = bytes.indexOf(key, from + anchor); at >= 0; at = bytes.indexOf(key, at + 1)) {
    const first = at - anchor;
    if (first > last) break;
    if (first > from && bytes[first - 1] & 0x80) continue;
    let i = 0;
    while (i < run.length && bytes[first + i] === run[i]) i++;
    if (i === run.length && ++count === max) break;
  }
  return count;
}
