/**
 * Where imported files come from, as one stream of entries read in order: a JEX (tar) archive, a
 * zip (RAW folder or Markdown), loose files (a picked folder or several files). Each entry must be
 * read or skipped before the next one is asked for, so an archive is never held whole in memory.
 *
 * Tar: `modern-tar` (maintained, zero dependencies, built on web streams so it runs in a browser,
 * a worker and Node alike; `tar-stream` needs Node streams). Zip: `fflate`'s streaming `Unzip`.
 */
import { createTarDecoder } from 'modern-tar';
import { Unzip, UnzipInflate } from 'fflate';

/** One file inside an import. Read it (`bytes`/`blob`) or `skip` it, once. */
export interface ImportEntry {
  /** Path inside the archive or folder, '/'-separated, without a leading './'. */
  path: string;
  /** Its size in bytes (as the archive declares it). */
  size: number;
  bytes(): Promise<Uint8Array>;
  blob(type?: string): Promise<Blob>;
  skip(): Promise<void>;
}

/** Cleans an archive path: '/' separators, no leading './' or '/'. */
export function normalizePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/^\/+/, '');
}

/** Whether a path tries to leave its folder (`..` segments), which an import never follows. */
export function isUnsafePath(path: string): boolean {
  return normalizePath(path).split('/').some((part) => part === '..');
}

/** The entries of a tar stream (JEX), streamed. Throws on a truncated or corrupt archive. */
export async function* tarEntries(stream: ReadableStream<Uint8Array>): AsyncGenerator<ImportEntry> {
  const decoder = createTarDecoder({ strict: true });
  const entries = stream.pipeThrough(decoder);
  const reader = entries.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const header = value.header;
      if (header.type && header.type !== 'file') {
        await value.body.cancel();
        continue;
      }
      let used = false;
      const body = value.body;
      const take = () => {
        if (used) throw new TypeError(`entry ${header.name} was already read`);
        used = true;
        return body;
      };
      yield {
        path: normalizePath(header.name),
        size: header.size,
        bytes: async () => new Uint8Array(await new Response(take()).arrayBuffer()),
        blob: async (type) => {
          const blob = await new Response(take()).blob();
          return type ? new Blob([blob], { type }) : blob;
        },
        skip: async () => {
          if (!used) await take().cancel();
        }
      };
      if (!used) await take().cancel();
    }
  } finally {
    reader.releaseLock();
  }
}

/** An entry over bytes already in memory. */
export function bytesEntry(path: string, data: Uint8Array): ImportEntry {
  return {
    path: normalizePath(path),
    size: data.byteLength,
    bytes: async () => data,
    blob: async (type) => new Blob([data as Uint8Array<ArrayBuffer>], type ? { type } : {}),
    skip: async () => {}
  };
}

/** An entry over a Blob or File (read lazily). */
export function blobEntry(path: string, blob: Blob): ImportEntry {
  return {
    path: normalizePath(path),
    size: blob.size,
    bytes: async () => new Uint8Array(await blob.arrayBuffer()),
    blob: async (type) => (type && blob.type !== type ? new Blob([blob], { type }) : blob),
    skip: async () => {}
  };
}

/** An entry that is too large to read: its size is known, reading it fails. */
function unreadEntry(path: string, size: number): ImportEntry {
  const refuse = () => Promise.reject(new RangeError(`${path} was not read`));
  return { path: normalizePath(path), size, bytes: refuse, blob: refuse, skip: async () => {} };
}

/**
 * The entries of a zip stream, streamed: each file is inflated as its bytes arrive and handed over
 * when complete. Files larger than `maxEntryBytes` (by their declared size) are not inflated.
 */
export async function* zipEntries(stream: ReadableStream<Uint8Array>, maxEntryBytes = Infinity): AsyncGenerator<ImportEntry> {
  const ready: ImportEntry[] = [];
  let failure: unknown;
  const unzip = new Unzip((file) => {
    if (file.name.endsWith('/')) return;
    if ((file.originalSize ?? 0) > maxEntryBytes) {
      ready.push(unreadEntry(file.name, file.originalSize ?? 0));
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (error) failure = error;
      else chunks.push(data);
      if (final && !error) ready.push(bytesEntry(file.name, concatBytes(chunks)));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      unzip.push(value ?? new Uint8Array(0), done);
      if (failure) throw failure;
      while (ready.length) yield ready.shift()!;
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Joins byte chunks into one array. */
export function concatBytes(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
