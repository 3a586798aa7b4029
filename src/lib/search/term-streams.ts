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
  private start: Float64Array = new Float64Array(0);
  /** Tokens in each document's title and body. */
  titleLen: Uint32Array = new Uint32Array(0);
  bodyLen: Uint32Array = new Uint32Array(0);

  /** Appends document `doc`'s streams. */
  set(doc: number, title: ArrayLike<number>, body: ArrayLike<number>): void {
    this.start = grow(this.start, doc + 1);
    this.titleLen = grow(this.titleLen, doc + 1);
    this.bodyLen = grow(this.bodyLen, doc + 1);
    this.start[doc] = this.data.length;
    this.titleLen[doc] = title.length;
    this.bodyLen[doc] = body.length;
    for (let i = 0; i < title.length; i++) this.data.write(title[i]);
    for (let i = 0; i < body.length; i++) this.data.write(body[i]);
  }

  /** Document `doc`'s title and body term ids. */
  read(doc: number): { title: Uint32Array; body: Uint32Array } {
    const reader = new VarintReader(this.data.bytes, this.start[doc]);
    const title = new Uint32Array(this.titleLen[doc]);
    for (let i = 0; i < title.length; i++) title[i] = reader.read();
    const body = new Uint32Array(this.bodyLen[doc]);
    for (let i = 0; i < body.length; i++) body[i] = reader.read();
    return { title, body };
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
    const start = new Float64Array(live.length);
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
    return streams;
  }
}

/** TermStreams as stored. */
export interface TermStreamsSnapshot {
  data: Uint8Array;
  start: Float64Array;
  titleLen: Uint32Array;
  bodyLen: Uint32Array;
}
