/**
 * Import and export for the UI, loaded on first use: the importers (Joplin, Markdown, YAML front
 * matter) and the exporters stay out of the first screen's JS (issue 2) until the user picks a file
 * or asks for a backup.
 */
import type { FolioDatabase } from '$lib/db';
import type { ExportFile, ExportOptions, ImportFile, ImportOptions, ImportReport } from '$lib/interop';
import { bulkWrites } from './bulk-writes.svelte';

/** Imports the chosen files (see interop's importFiles), as a bulk write: the live lists refresh paced. */
export async function importFiles(
  db: FolioDatabase,
  files: ImportFile[],
  options: ImportOptions = {}
): Promise<ImportReport> {
  const interop = await import('$lib/interop');
  return bulkWrites.during(() => interop.importFiles(db, files, options));
}

/** Exports the library, a notebook or a note as an archive or Markdown (see interop's exportLibrary). */
export async function exportLibrary(db: FolioDatabase, options: ExportOptions): Promise<ExportFile> {
  const interop = await import('$lib/interop');
  return interop.exportLibrary(db, options);
}

/** Exports one note as a Markdown file (see interop's exportNoteMarkdown). */
export async function exportNoteMarkdown(
  db: FolioDatabase,
  noteId: string,
  frontMatter = true
): Promise<ExportFile> {
  const interop = await import('$lib/interop');
  return interop.exportNoteMarkdown(db, noteId, frontMatter);
}
