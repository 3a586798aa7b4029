/**
 * The one entry point of export: a format (JEX, RAW, Markdown) and a scope (everything, a notebook,
 * a note) give a file to download. A single note can also be saved as one `.md` file.
 */
import { AppError } from '$lib/core';
import type { FolioDatabase } from '$lib/db';
import { createTarWriter, createZipWriter, type ArchiveWriter } from './archive-writers';
import { collectExport, type ExportScope } from './export-scope';
import { writeJoplinTree, type ExportProgress } from './joplin-export';
import { noteMarkdown, safeFileName, writeMarkdownTree } from './markdown-export';

/** The export formats (the UI's `Format` options JEX, RAW, Markdown). */
export type ExportFormat = 'jex' | 'raw' | 'markdown';

/** What to export and how. */
export interface ExportOptions {
  format: ExportFormat;
  scope?: ExportScope;
  /** Markdown only: write YAML front matter (default true). */
  frontMatter?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
}

/** A file ready to download. */
export interface ExportFile {
  blob: Blob;
  filename: string;
}

/** Exports the library (or part of it) as a JEX, a RAW zip or a Markdown zip. */
export async function exportLibrary(db: FolioDatabase, options: ExportOptions): Promise<ExportFile> {
  const scope = options.scope ?? { kind: 'all' };
  const set = await collectExport(db, scope);
  if (scope.kind !== 'all' && !set.noteCount && !set.folders.length)
    throw new AppError('not_found', 'There is nothing to export: the notebook or note no longer exists.');
  const writer: ArchiveWriter = options.format === 'jex' ? createTarWriter() : createZipWriter();
  try {
    if (options.format === 'markdown') await writeMarkdownTree(db, set, writer, options);
    else await writeJoplinTree(db, set, writer, options);
    return {
      blob: await writer.finish(),
      filename: `${await baseName(db, scope)}.${options.format === 'jex' ? 'jex' : options.format === 'raw' ? 'raw.zip' : 'md.zip'}`
    };
  } catch (error) {
    writer.abort(error);
    if (options.signal?.aborted) throw new AppError('aborted', 'The export was cancelled.');
    throw error;
  }
}

/** One note as a `.md` file (front matter optional; `:/id` links are left as they are). */
export async function exportNoteMarkdown(
  db: FolioDatabase,
  noteId: string,
  frontMatter = true
): Promise<ExportFile> {
  const note = await db.notes.get(noteId);
  if (!note) throw new AppError('not_found', `No note with id ${noteId}.`);
  const links = await db.note_tags.where('note_id').equals(noteId).toArray();
  const tags = (await db.tags.bulkGet(links.map((l) => l.tag_id))).flatMap((t) => (t ? [t.title] : []));
  const text = noteMarkdown(note, tags, frontMatter);
  return { blob: new Blob([text], { type: 'text/markdown' }), filename: `${safeFileName(note.title)}.md` };
}

async function baseName(db: FolioDatabase, scope: ExportScope): Promise<string> {
  const date = new Date().toISOString().slice(0, 10);
  if (scope.kind === 'notebook') return safeFileName((await db.folders.get(scope.id))?.title ?? 'Notebook');
  if (scope.kind === 'note') return safeFileName((await db.notes.get(scope.id))?.title ?? 'Note');
  return `Folio ${date}`;
}
