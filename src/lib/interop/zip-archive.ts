/**
 * Reading a zip archive from a Blob by its central directory, the way unzip tools do: the directory
 * at the end of the file lists every entry (name, sizes, method, where its bytes start), so the
 * entries are known before any is read, and each is read on demand with `Blob.slice`. Memory holds
 * the directory and one read window, never the archive.
 *
 * Why by hand: fflate's streaming `Unzip` recurses once per entry inside a pushed chunk and overflows
 * the stack past a few thousand small entries (Chromium hands Blob streams over in large chunks);
 * @zip.js/zip.js reads by the central directory too but costs 1.3–2.8 ms per entry in its stream
 * pipeline (measured: 14 s for 5,000 notes in Chromium), minutes at 100,000. This file only parses
 * the directory and local headers; inflating is fflate's (small entries, synchronously) or the
 * platform's DecompressionStream (large ones, streamed).
 *
 * Covered: stored and deflated entries, data descriptors (sizes come from the directory), zip64
 * (more than 65,535 entries or 4 GB), UTF-8 names (flagged or not) and CP437 names. Encrypted
 * entries and other methods are listed but refuse to be read, with a reason.
 */
import { inflateSync } from 'fflate';
import { crc32 } from './crc32';

/** One entry of the central directory. */
export interface ZipEntryInfo {
  /** The name as stored (folders end with '/'). */
  name: string;
  /** Uncompressed size in bytes. */
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflate; anything else cannot be read. */
  method: number;
  encrypted: boolean;
  crc: number;
  /** Where the entry's local header starts. */
  offset: number;
  /** When the file was last modified (ms since 1970), as the zip tool recorded it, if it did. */
  modified: number | undefined;
}

/** Why a zip could not be opened or an entry read; the message says it in words. */
export class ZipError extends Error {
  override name = 'ZipError';
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The EOCD record and the longest comment it may carry. */
const EOCD_SEARCH_BYTES = 22 + 0xffff;
/** Bytes read at once when entries are read one after another. */
const WINDOW_BYTES = 4 * 1024 * 1024;
/** Entries larger than this (compressed) are streamed instead of read into the window. */
const STREAM_ABOVE_BYTES = 8 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/** A name: UTF-8 when flagged or when it decodes as UTF-8 (macOS writes it unflagged), else CP437. */
function decodeName(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    let out = '';
    for (const b of bytes) out += b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80];
    return out;
  }
}

async function readRange(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

/** A zip archive opened for reading. */
export class ZipArchive {
  private window: { start: number; bytes: Uint8Array } | undefined;

  private constructor(
    private readonly source: Blob,
    /** The entries, in the directory's order (files and folders). */
    readonly entries: ZipEntryInfo[]
  ) {}

  /** Reads the central directory of `blob`; throws ZipError when it is not a readable zip. */
  static async open(blob: Blob): Promise<ZipArchive> {
    const tailStart = Math.max(0, blob.size - EOCD_SEARCH_BYTES);
    const tail = await readRange(blob, tailStart, blob.size);
    const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (view.getUint32(i, true) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0)
      throw new ZipError('it is not a zip archive, or its end is missing (the file may be cut short)');
    let count = view.getUint16(at + 10, true);
    let dirSize = view.getUint32(at + 12, true);
    let dirOffset = view.getUint32(at + 16, true);
    if (at >= 20 && view.getUint32(at - 20, true) === ZIP64_LOCATOR) {
      const recordAt = Number(view.getBigUint64(at - 12, true));
      const record = await readRange(blob, recordAt, recordAt + 56);
      const rv = new DataView(record.buffer, record.byteOffset, record.byteLength);
      if (record.length < 56 || rv.getUint32(0, true) !== ZIP64_EOCD)
        throw new ZipError('its zip64 directory record is damaged');
      count = Number(rv.getBigUint64(32, true));
      dirSize = Number(rv.getBigUint64(40, true));
      dirOffset = Number(rv.getBigUint64(48, true));
    }
    if (dirOffset + dirSize > blob.size)
      throw new ZipError('its directory lies beyond the end of the file (the file may be cut short)');
    const dir = await readRange(blob, dirOffset, dirOffset + dirSize);
    return new ZipArchive(blob, parseDirectory(dir, count, blob.size));
  }

  /** The entry's uncompressed bytes, checked against its size and CRC. */
  async bytes(entry: ZipEntryInfo): Promise<Uint8Array> {
    refuseUnreadable(entry);
    if (entry.compressedSize > STREAM_ABOVE_BYTES)
      return new Uint8Array(await new Response(await this.stream(entry)).arrayBuffer());
    const { data } = await this.compressed(entry);
    const out = entry.method === 0 ? data : inflate(entry, data);
    if (out.length !== entry.size || crc32(out) !== entry.crc)
      throw new ZipError(`${entry.name} is damaged (its contents do not match the archive's checksum)`);
    return out;
  }

  /**
   * The entry as a Blob: read and checked against its checksum, or above the streaming size a slice
   * of the archive (stored) or inflated as a stream. A slice still reads from the user's file: the
   * database copies the bytes when it stores them (db/owned-blob.ts).
   */
  async blob(entry: ZipEntryInfo, type = ''): Promise<Blob> {
    refuseUnreadable(entry);
    if (entry.compressedSize <= STREAM_ABOVE_BYTES)
      return new Blob([(await this.bytes(entry)) as Uint8Array<ArrayBuffer>], { type });
    const start = await this.dataStart(entry);
    if (entry.method === 0) return this.source.slice(start, start + entry.size, type);
    const blob = await new Response(await this.stream(entry)).blob();
    if (blob.size !== entry.size)
      throw new ZipError(`${entry.name} is damaged (it inflates to ${blob.size} bytes, not ${entry.size})`);
    return type ? new Blob([blob], { type }) : blob;
  }

  private async stream(entry: ZipEntryInfo): Promise<ReadableStream<Uint8Array>> {
    const start = await this.dataStart(entry);
    const raw = this.source.slice(start, start + entry.compressedSize).stream();
    return entry.method === 0
      ? raw
      : raw.pipeThrough(
          new DecompressionStream('deflate-raw') as unknown as TransformStream<Uint8Array, Uint8Array>
        );
  }

  /** Where the entry's data starts: after its local header, whose name and extra lengths may differ from the directory's. */
  private async dataStart(entry: ZipEntryInfo): Promise<number> {
    const head = await this.read(entry.offset, 30);
    const view = new DataView(head.buffer, head.byteOffset, 30);
    if (head.length < 30 || view.getUint32(0, true) !== LOCAL)
      throw new ZipError(`${entry.name} is damaged (no local header where the directory says)`);
    return entry.offset + 30 + view.getUint16(26, true) + view.getUint16(28, true);
  }

  private async compressed(entry: ZipEntryInfo): Promise<{ data: Uint8Array }> {
    const start = await this.dataStart(entry);
    const data = await this.read(start, entry.compressedSize);
    if (data.length !== entry.compressedSize) throw new ZipError(`${entry.name} is cut short`);
    return { data };
  }

  /**
   * `length` bytes from `start`, through a read window: entries are mostly read in archive order,
   * so one 4 MB read serves hundreds of small entries (a slice read per entry costs far more).
   */
  private async read(start: number, length: number): Promise<Uint8Array> {
    const w = this.window;
    if (w && start >= w.start && start + length <= w.start + w.bytes.length)
      return w.bytes.subarray(start - w.start, start - w.start + length);
    const end = Math.min(this.source.size, start + Math.max(length, WINDOW_BYTES));
    const bytes = await readRange(this.source, start, end);
    this.window = { start, bytes };
    return bytes.subarray(0, length);
  }
}

function refuseUnreadable(entry: ZipEntryInfo): void {
  if (entry.encrypted)
    throw new ZipError(`${entry.name} is encrypted (password-protected zips cannot be imported)`);
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipError(`${entry.name} uses a compression method Folio cannot read (method ${entry.method})`);
}

function inflate(entry: ZipEntryInfo, data: Uint8Array): Uint8Array {
  try {
    return inflateSync(data, { out: new Uint8Array(entry.size) });
  } catch (error) {
    throw new ZipError(`${entry.name} is damaged (${(error as Error).message})`, { cause: error });
  }
}

/** Parses `count` central directory records. */
function parseDirectory(dir: Uint8Array, count: number, archiveSize: number): ZipEntryInfo[] {
  const view = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
  const entries: ZipEntryInfo[] = [];
  let at = 0;
  // The count is checked against the records found, not trusted: a damaged count still reads them all.
  while (at + 46 <= dir.length && view.getUint32(at, true) === CENTRAL) {
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    let compressedSize = view.getUint32(at + 20, true);
    let size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    let offset = view.getUint32(at + 42, true);
    const name = decodeName(dir.subarray(at + 46, at + 46 + nameLength));
    const extraStart = at + 46 + nameLength;
    const zip64 = findExtra(view, extraStart, extraLength, 0x0001);
    if (zip64 >= 0) {
      // The zip64 field holds, in order, only the values whose 32-bit field is all ones.
      let p = zip64;
      const next = () => {
        const value = Number(view.getBigUint64(p, true));
        p += 8;
        return value;
      };
      if (size === 0xffffffff) size = next();
      if (compressedSize === 0xffffffff) compressedSize = next();
      if (offset === 0xffffffff) offset = next();
    }
    if (offset + compressedSize > archiveSize)
      throw new ZipError(`${name} lies beyond the end of the file (the file may be cut short)`);
    const modified =
      unixModified(view, extraStart, extraLength) ??
      dosModified(view.getUint16(at + 14, true), view.getUint16(at + 12, true));
    entries.push({ name, size, compressedSize, method, encrypted: (flags & 1) !== 0, crc, offset, modified });
    at = extraStart + extraLength + commentLength;
  }
  // Writers without zip64 (fflate among them) store the count modulo 65,536; unzip accepts that too.
  if (entries.length % 0x10000 !== count % 0x10000)
    throw new ZipError(`its directory is damaged (${entries.length} of ${count} entries could be read)`);
  return entries;
}

/** The UTC modification time of the extended timestamp field (0x5455, Info-ZIP and macOS write it). */
function unixModified(view: DataView, start: number, length: number): number | undefined {
  const field = findExtra(view, start, length, 0x5455);
  // Its first byte says which times follow; in the central directory only the modification time.
  if (field < 0 || field + 5 > start + length || !(view.getUint8(field) & 1)) return undefined;
  return view.getUint32(field + 1, true) * 1000;
}

/** The MS-DOS date and time every zip entry has: local time, to 2 s; date 0 when none was set. */
function dosModified(date: number, time: number): number | undefined {
  if (date === 0) return undefined;
  const day = new Date(
    1980 + (date >> 9),
    ((date >> 5) & 15) - 1,
    date & 31,
    time >> 11,
    (time >> 5) & 63,
    (time & 31) * 2
  );
  return Number.isNaN(day.getTime()) ? undefined : day.getTime();
}

/** The offset of an extra field's data, or -1. */
function findExtra(view: DataView, start: number, length: number, id: number): number {
  for (let p = start; p + 4 <= start + length;) {
    const fieldId = view.getUint16(p, true);
    const size = view.getUint16(p + 2, true);
    if (fieldId === id) return p + 4;
    p += 4 + size;
  }
  return -1;
}
