/**
 * Where imported files come from, as one stream of entries read in order: a JEX (tar) archive, a
 * zip (RAW folder or Markdown), loose files (a picked folder or several files). A tar entry must be
 * read or skipped before the next one is asked for; zip and loose entries are read from their Blob
 * on demand. Either way an archive is never held whole in memory.
 *
 * Tar: `modern-tar` (maintained, zero dependencies, built on web streams so it runs in a browser,
 * a worker and Node alike; `tar-stream` needs Node streams). Zip: by its central directory (zip-archive.ts).
 */
import { createTarDecoder } from 'modern-tar';
import { ZipArchive } from './zip-archive';

/** One file inside an import. Read it (`bytes`/`blob`) or `skip` it, once. */
export interface ImportEntry {
  /** Path inside the archive or folder, '/'-separated, without a leading './'. */
  path: string;
  /** Its size in bytes (as the archive declares it). */
  size: number;
  /** When the file was last modified (ms since 1970), where the archive or the browser says. */
  modified?: number;
  bytes(): Promise<Uint8Array>;
  blob(type?: string): Promise<Blob>;
  skip(): Promise<void>;
}

/** Cleans an archive path: '/' separators, no leading './' or '/'. */
export function normalizePath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '');
}

/** Whether a path tries to leave its folder (`..` segments), which an import never follows. */
export function isUnsafePath(path: string): boolean {
  return normalizePath(path)
    .split('/')
    .some((part) => part === '..');
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

/** An entry over a Blob or File (read lazily). */
export function blobEntry(path: string, blob: Blob): ImportEntry {
  return {
    path: normalizePath(path),
    size: blob.size,
    modified: blob instanceof File ? blob.lastModified : undefined,
    bytes: async () => new Uint8Array(await blob.arrayBuffer()),
    blob: async (type) => (type && blob.type !== type ? new Blob([blob], { type }) : blob),
    skip: async () => {}
  };
}

/**
 * The file entries of a zip archive, in the archive's order, read lazily from the Blob by its
 * central directory (zip-archive.ts): nothing is inflated until an entry's bytes are asked for, so
 * an archive of 100,000 files costs its directory in memory, not its contents.
 */
export async function zipEntries(blob: Blob): Promise<ImportEntry[]> {
  const archive = await ZipArchive.open(blob);
  return archive.entries
    .filter((info) => !info.name.endsWith('/'))
    .map((info) => ({
      path: normalizePath(info.name),
      size: info.size,
      modified: info.modified,
      bytes: () => archive.bytes(info),
      blob: (type) => archive.blob(info, type),
      skip: async () => {}
    }));
}
