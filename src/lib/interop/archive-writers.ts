/**
 * Writing an export: one `ArchiveWriter` shape over a tar (JEX) and a zip (RAW and Markdown in a
 * browser, where a download is one file). Entries are written one after another as they are made;
 * `finish` returns the archive as a Blob (which browsers may keep on disk rather than in memory).
 */
import { createTarPacker } from 'modern-tar';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Where export entries go. */
export interface ArchiveWriter {
  /**
   * Adds a file; its bytes are written before the promise resolves. `modified` (ms since 1970) is
   * the file's modification time where the format keeps one per file for other apps (zip).
   */
  add(path: string, data: Uint8Array | Blob, modified?: number): Promise<void>;
  /** Ends the archive and returns it. */
  finish(): Promise<Blob>;
  /** Gives up, freeing what was written. */
  abort(reason?: unknown): void;
}

/** The fixed mtime of tar entries: export bytes depend only on the library. */
const TAR_MTIME = new Date(0);

/** A writer of a POSIX ustar archive (Joplin's JEX). */
export function createTarWriter(): ArchiveWriter {
  const { readable, controller } = createTarPacker();
  const result = new Response(readable).blob();
  result.catch(() => {});
  return {
    async add(path, data) {
      const size = data instanceof Blob ? data.size : data.byteLength;
      const stream = controller.add({ name: path, size, type: 'file', mode: 0o644, mtime: TAR_MTIME });
      if (data instanceof Blob) {
        await data.stream().pipeTo(stream);
      } else {
        const writer = stream.getWriter();
        await writer.write(data);
        await writer.close();
      }
    },
    async finish() {
      controller.finalize();
      return new Blob([await result], { type: 'application/x-tar' });
    },
    abort(reason) {
      controller.error(reason ?? new Error('export cancelled'));
    }
  };
}

/** The earliest time a zip entry's MS-DOS date can hold (local time). */
const DOS_EPOCH = new Date(1980, 0, 1, 0, 0, 2).getTime();

/** Zip output gathered in memory before it is moved into a Blob part. */
const ZIP_PART_BYTES = 8 * 1024 * 1024;

/**
 * A writer of a zip archive; text is deflated, attachments (mostly compressed already) stored.
 * The output is streamed into Blob parts of about 8 MB, so a 100,000-note export holds a few small
 * arrays at a time (browsers may keep large Blobs on disk) rather than 300,000 chunks.
 */
export function createZipWriter(): ArchiveWriter {
  let chunks: Uint8Array[] = [];
  let chunkBytes = 0;
  let parts: Blob[] = [];
  let failure: unknown;
  let done: (() => void) | undefined;
  const ended = new Promise<void>((resolve) => (done = resolve));
  const seal = () => {
    if (chunks.length) parts.push(new Blob(chunks as Uint8Array<ArrayBuffer>[]));
    chunks = [];
    chunkBytes = 0;
  };
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      chunks.push(chunk);
      chunkBytes += chunk.byteLength;
      if (chunkBytes >= ZIP_PART_BYTES) seal();
    }
    if (final || error) done?.();
  });
  return {
    async add(path, data, modified) {
      if (failure) throw failure;
      const file = data instanceof Blob ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
      // A zip's DOS time cannot say a time before 1980; fflate then writes the current time.
      if (modified !== undefined && modified >= DOS_EPOCH) file.mtime = modified;
      zip.add(file);
      if (data instanceof Blob) {
        const reader = data.stream().getReader();
        let last: Uint8Array | undefined;
        for (;;) {
          const { done: end, value } = await reader.read();
          if (end) break;
          if (last) file.push(last as Uint8Array<ArrayBuffer>);
          last = value;
        }
        file.push((last ?? new Uint8Array(0)) as Uint8Array<ArrayBuffer>, true);
      } else {
        file.push(data as Uint8Array<ArrayBuffer>, true);
      }
    },
    async finish() {
      zip.end();
      await ended;
      if (failure) throw failure;
      seal();
      return new Blob(parts, { type: 'application/zip' });
    },
    abort() {
      zip.terminate();
      chunks = [];
      parts = [];
    }
  };
}
