/**
 * The one entry point of import: give it the picked files (one archive, several Markdown files, or
 * a folder's files) and it tells the format from their bytes and names, then streams them into
 * Folio, reporting progress by bytes read and files handled. DOM-free: works on Blob/File, in a page, a worker or Node.
 */
import { AppError } from '$lib/core';
import type { FolioDatabase } from '$lib/db';
import { detectFormat, isMarkdownName, isRawItemPath } from './detect';
import type { ImportOptions, ImportReport } from './import-report';
import { importJoplinEntries } from './joplin-import';
import { importMarkdownEntries } from './markdown-import';
import { blobEntry, tarEntries, zipEntries, type ImportEntry } from './sources';
import { ZipError } from './zip-archive';

/** A picked file: a File (with `webkitRelativePath` for a folder) or a Blob with a name. */
export interface ImportFile {
  name: string;
  blob: Blob;
  /** Path inside a picked folder, when there is one. */
  path?: string;
}

/** Imports the picked files into Folio and returns what happened. */
export async function importFiles(
  db: FolioDatabase,
  files: ImportFile[],
  options: ImportOptions = {}
): Promise<ImportReport> {
  if (!files.length) throw new AppError('invalid_argument', 'No file was chosen to import.');
  if (files.length === 1 && !files[0].path?.includes('/')) return importOne(db, files[0], options);
  const entries = files.map((f) => blobEntry(f.path || f.name, f.blob));
  const stripped = stripTop(entries);
  if (stripped.some((e) => isRawItemPath(e.path)))
    return importJoplinEntries(db, counting(stripped, options), options.signal);
  return importMarkdownEntries(db, entries, folderName(files), options);
}

async function importOne(db: FolioDatabase, file: ImportFile, options: ImportOptions): Promise<ImportReport> {
  const head = new Uint8Array(await file.blob.slice(0, 512).arrayBuffer());
  const format = detectFormat(file.name, head);
  if (format === 'jex')
    return importJoplinEntries(db, tarEntries(counted(file.blob, options)), options.signal);
  if (format === 'markdown') return importMarkdownEntries(db, [blobEntry(file.name, file.blob)], '', options);
  if (format === 'zip') {
    let entries: ImportEntry[];
    try {
      entries = await zipEntries(file.blob);
    } catch (error) {
      if (!(error instanceof ZipError)) throw error;
      throw new AppError('invalid_argument', `"${file.name}" could not be read: ${error.message}.`, {
        cause: error
      });
    }
    const stripped = stripTop(entries);
    if (stripped.some((e) => isRawItemPath(e.path)))
      return importJoplinEntries(db, counting(stripped, options), options.signal);
    return importMarkdownEntries(db, entries, file.name.replace(/\.zip$/i, ''), options);
  }
  throw new AppError(
    'invalid_argument',
    `"${file.name}" is not a file Folio can import. Choose a Joplin export (.jex), a zip of a RAW export or of Markdown files, or Markdown files.`
  );
}

/** The file's stream, reporting bytes read as it goes. */
function counted(blob: Blob, options: ImportOptions): ReadableStream<Uint8Array> {
  let read = 0;
  const total = blob.size;
  options.onProgress?.({ readBytes: 0, totalBytes: total, files: 0, totalFiles: 0 });
  return blob.stream().pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read += chunk.byteLength;
        options.onProgress?.({ readBytes: read, totalBytes: total, files: 0, totalFiles: 0 });
        controller.enqueue(chunk);
      }
    })
  );
}

/** Drops a top folder that every entry shares (a zipped or picked RAW folder). */
function stripTop<T extends { path: string }>(entries: T[]): T[] {
  const top = sharedTop(entries.map((e) => e.path));
  return top ? entries.map((e) => ({ ...e, path: e.path.slice(top.length + 1) })) : entries;
}

function sharedTop(paths: string[]): string {
  const tops = new Set(paths.map((p) => (p.includes('/') ? p.split('/')[0] : '')));
  if (tops.size !== 1 || tops.has('')) return '';
  const top = [...tops][0];
  // `resources/` alone is part of a RAW tree, not a wrapper folder.
  return top === 'resources' ? '' : top;
}

/** Entries known up front (loose files, a zip's directory) one by one, reporting each one handed over. */
async function* counting(entries: ImportEntry[], options: ImportOptions): AsyncGenerator<ImportEntry> {
  const totalBytes = entries.reduce((n, e) => n + e.size, 0);
  const totalFiles = entries.length;
  let readBytes = 0;
  options.onProgress?.({ readBytes, totalBytes, files: 0, totalFiles });
  for (const [i, entry] of entries.entries()) {
    yield entry;
    readBytes += entry.size;
    // Every file would be a progress event per note: report at most every 64 files, and the last.
    if ((i + 1) % 64 === 0 || i + 1 === totalFiles)
      options.onProgress?.({ readBytes, totalBytes, files: i + 1, totalFiles });
  }
}

function folderName(files: ImportFile[]): string {
  const first = files[0].path ?? '';
  if (first.includes('/')) return first.split('/')[0];
  return files.length === 1 && isMarkdownName(files[0].name) ? '' : 'Imported Markdown';
}
