/**
 * Importing Markdown files or a folder (or zip) of them. The folder becomes a notebook, its
 * sub-folders sub-notebooks; each Markdown file a note, titled from its front matter, else its first
 * heading (ATX or setext, not in code), else its file name. Relative links between imported files
 * (inline or reference definitions, outside code) become `:/id` links; linked files that are not
 * Markdown (images, PDFs) become attachments. Front matter tags become tags; front matter keys
 * Folio does not use are kept on the note and written back by a Markdown export.
 * Everything gets new ids, so nothing in Folio can be overwritten; a cancel or failure removes
 * what was written.
 */
import {
  AppError,
  newId,
  noteDefaults,
  type Note,
  type Notebook,
  type NoteTag,
  type Resource,
  type Tag
} from '$lib/core';
import type { FolioDatabase } from '$lib/db';
import { putImportBatch, putImportBlob, removeImported, type ImportBatch, type ImportedIds } from '$lib/db';
import { isMarkdownName, zipToolMetadata } from './detect';
import { splitFrontMatter, type FrontMatterFields } from './front-matter';
import {
  decodeText,
  formatSize,
  INVALID_UTF8,
  MAX_ATTACHMENT_BYTES,
  MAX_NOTE_BYTES,
  type ImportOptions,
  type ImportProblem,
  type ImportReport,
  type TitleSource
} from './import-report';
import { isRelativeFileTarget, resolveRelative, rewriteLinkTargets } from './links';
import { extensionOf, mimeOf } from './mime';
import { outlineMarkdown, type MarkdownOutline } from './markdown-outline';
import { isUnsafePath, type ImportEntry } from './sources';
import { ZipError } from './zip-archive';

const BATCH_SIZE = 500;

interface MarkdownRun {
  db: FolioDatabase;
  problems: ImportProblem[];
  written: ImportedIds;
  blobIds: string[];
  files: Map<string, ImportEntry>;
  noteIds: Map<string, string>;
  resources: Map<string, string | null>;
  tagIds: Map<string, string>;
  titles: Partial<Record<TitleSource, number>>;
  batch: ImportBatch;
  now: number;
}

/** Imports Markdown entries under a new notebook called `rootTitle`. */
export async function importMarkdownEntries(
  db: FolioDatabase,
  entries: ImportEntry[],
  rootTitle: string,
  options: ImportOptions = {}
): Promise<ImportReport> {
  const { signal, onProgress } = options;
  const totalBytes = entries.reduce((n, e) => n + e.size, 0);
  let readBytes = 0;
  const run: MarkdownRun = {
    db,
    problems: [],
    written: { folders: [], notes: [], tags: [], noteTags: [], resources: [] },
    blobIds: [],
    files: new Map(),
    noteIds: new Map(),
    resources: new Map(),
    tagIds: new Map(),
    titles: {},
    batch: emptyBatch(),
    now: Date.now()
  };
  try {
    const { root, paths } = collect(run, entries, rootTitle);
    if (!paths.length)
      throw new AppError(
        'invalid_argument',
        'No Markdown files were found to import (.md, .markdown or .txt).'
      );
    for (const path of paths) run.noteIds.set(path, newId());
    for (const tag of await db.tags.toArray()) run.tagIds.set(tag.title.toLowerCase(), tag.id);
    const folders = folderTree(run, paths, root);
    run.batch.folders.push(...folders.values());
    onProgress?.({ readBytes, totalBytes, files: 0, totalFiles: paths.length });
    for (const [i, path] of paths.entries()) {
      signal?.throwIfAborted();
      try {
        await importNote(run, path, folders);
      } catch (error) {
        // One damaged zip entry: the others are still there to read.
        if (!(error instanceof ZipError)) throw error;
        run.problems.push({ file: path, message: `it could not be read: ${error.message}; it was skipped` });
      }
      readBytes += run.files.get(path)!.size;
      if ((i + 1) % 64 === 0 || i + 1 === paths.length)
        onProgress?.({ readBytes, totalBytes, files: i + 1, totalFiles: paths.length });
      if (run.batch.notes.length >= BATCH_SIZE) await flush(run);
    }
    await flush(run);
    if (!run.written.notes.length) {
      const why = run.problems.map((p) => `${p.file}: ${p.message}`).join('; ');
      throw new AppError('invalid_argument', `Nothing was imported. ${why}`);
    }
    const notes = run.written.notes.length;
    return {
      notes,
      notebooks: run.written.folders.length,
      tags: run.written.tags.length,
      resources: run.written.resources.length,
      problems: run.problems,
      titles: run.titles,
      files: entries.length,
      notesFound: paths.length,
      complete: notes === paths.length && run.problems.length === 0
    };
  } catch (error) {
    await removeImported(db, run.written, run.blobIds);
    if (signal?.aborted) throw new AppError('aborted', 'The import was cancelled; nothing was imported.');
    throw error;
  }
}

/** Sorts entries into Markdown notes and other files; drops a folder all entries share into the root title. */
function collect(
  run: MarkdownRun,
  entries: ImportEntry[],
  rootTitle: string
): { root: string; paths: string[] } {
  const safe = entries.filter((e) => {
    if (!isUnsafePath(e.path)) return true;
    run.problems.push({
      file: e.path,
      message: 'its name leads outside the import ("../"), so it was skipped'
    });
    return false;
  });
  const metadata = zipToolMetadata(safe.map((e) => e.path));
  const own = safe.filter((e) => !metadata.has(e.path));
  const tops = new Set(own.map((e) => (e.path.includes('/') ? e.path.split('/')[0] : '')));
  const shared = tops.size === 1 && !tops.has('') ? [...tops][0] : '';
  const paths: string[] = [];
  for (const entry of own) {
    const path = shared ? entry.path.slice(shared.length + 1) : entry.path;
    if (!path) continue;
    run.files.set(path, entry);
    if (isMarkdownName(path)) paths.push(path);
  }
  // Archive order: a zip is read through a window, so notes in the order they sit are read fastest.
  return { root: shared || rootTitle, paths };
}

/** One notebook per folder that holds notes, under the root notebook (key '' is the root). */
function folderTree(run: MarkdownRun, paths: string[], rootTitle: string): Map<string, Notebook> {
  const folders = new Map<string, Notebook>();
  const make = (dir: string, title: string, parent: string) => {
    const t = run.now;
    folders.set(dir, {
      id: newId(),
      title,
      parent_id: parent,
      created_time: t,
      updated_time: t,
      user_created_time: t,
      user_updated_time: t,
      icon: '',
      deleted_time: 0
    });
  };
  make('', rootTitle || 'Imported Markdown', '');
  for (const path of paths) {
    const parts = path.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!folders.has(dir)) make(dir, parts[i - 1], folders.get(parts.slice(0, i - 1).join('/'))!.id);
    }
  }
  return folders;
}

async function importNote(run: MarkdownRun, path: string, folders: Map<string, Notebook>): Promise<void> {
  const entry = run.files.get(path)!;
  if (entry.size > MAX_NOTE_BYTES) {
    run.problems.push({
      file: path,
      message: `it is too large for a note (${formatSize(entry.size)}; the limit is ${formatSize(MAX_NOTE_BYTES)}), so it was skipped`
    });
    return;
  }
  const { text, invalid } = decodeText(await entry.bytes());
  if (invalid) run.problems.push({ file: path, message: INVALID_UTF8 });
  const { fields, body, extra, error } = splitFrontMatter(text);
  if (error) run.problems.push({ file: path, message: `${error}; it was kept in the note's text` });
  const outline = mayHaveHeadingOrLinks(body) ? outlineMarkdown(body) : undefined;
  const { title, source } = pickTitle(fields, outline?.heading, path);
  run.titles[source] = (run.titles[source] ?? 0) + 1;
  const linked = outline ? await rewriteLinks(run, path, body, outline) : body;
  const id = run.noteIds.get(path)!;
  const parent = folders.get(path.split('/').slice(0, -1).join('/'))!;
  const note = noteFrom(run.now, entry.modified, id, parent.id, title, linked, fields);
  if (extra) note.front_matter = extra;
  run.batch.notes.push(note);
  for (const tag of fields.tags ?? []) addTag(run, id, tag);
}

/** A cheap test that saves parsing a note with no heading, underline or link in it. */
function mayHaveHeadingOrLinks(body: string): boolean {
  return (
    /^ {0,3}(#|=+[ \t]*$|-+[ \t]*$)/m.test(body) ||
    body.includes('](') ||
    body.includes(']:') ||
    /\s(src|href)=/i.test(body)
  );
}

/**
 * The title: front matter, else the first top-level heading (ATX or setext, never a `#` line in
 * code), else the file name (without extension).
 */
export function pickTitle(
  fields: FrontMatterFields,
  heading: string | undefined,
  path: string
): { title: string; source: TitleSource } {
  if (fields.title?.trim()) return { title: fields.title.trim(), source: 'front matter' };
  if (heading) return { title: heading, source: 'first heading' };
  const name = path.slice(path.lastIndexOf('/') + 1);
  return { title: name.replace(/\.[^.]+$/, ''), source: 'file name' };
}

/**
 * The note of one file. Its dates are the front matter's, else the file's modification time (as
 * Joplin's importer takes them from the file), else the import's time.
 */
function noteFrom(
  now: number,
  modified: number | undefined,
  id: string,
  parent_id: string,
  title: string,
  body: string,
  f: FrontMatterFields
): Note {
  const created = f.created_time ?? modified ?? now;
  const updated = f.updated_time ?? modified ?? now;
  return {
    ...noteDefaults(now),
    id,
    parent_id,
    title,
    body,
    created_time: created,
    updated_time: updated,
    user_created_time: created,
    user_updated_time: updated,
    author: f.author ?? '',
    source_url: f.source_url ?? '',
    latitude: f.latitude ?? 0,
    longitude: f.longitude ?? 0,
    altitude: f.altitude ?? 0,
    is_todo: f.is_todo ?? 0,
    todo_due: f.todo_due ?? 0,
    todo_completed: f.completed ? updated : 0
  };
}

/**
 * Rewrites relative links (inline, and reference definitions) outside code: to imported notes as
 * `:/id`, to other files as attachments.
 */
async function rewriteLinks(
  run: MarkdownRun,
  path: string,
  body: string,
  outline: MarkdownOutline
): Promise<string> {
  const targets = new Map<string, string>();
  rewriteLinkTargets(
    body,
    (target) => {
      if (isRelativeFileTarget(target)) targets.set(target, '');
      return undefined;
    },
    outline
  );
  for (const target of targets.keys()) {
    const [file, fragment] = splitFragment(target);
    const resolved = resolveRelative(path, file);
    if (resolved === undefined) continue;
    const noteId = run.noteIds.get(resolved);
    const id = noteId ?? (await attachment(run, resolved));
    if (id) targets.set(target, `:/${id}${fragment}`);
  }
  return rewriteLinkTargets(body, (target) => targets.get(target) || undefined, outline);
}

function splitFragment(target: string): [string, string] {
  const hash = target.indexOf('#');
  return hash < 0 ? [target, ''] : [target.slice(0, hash), target.slice(hash)];
}

/** The attachment id for a linked file, storing it the first time (undefined if not in the import). */
async function attachment(run: MarkdownRun, path: string): Promise<string | undefined> {
  if (run.resources.has(path)) return run.resources.get(path) ?? undefined;
  const entry = run.files.get(path);
  if (!entry) return undefined;
  if (entry.size > MAX_ATTACHMENT_BYTES) {
    run.problems.push({
      file: path,
      message: `the attachment is too large (${formatSize(entry.size)}; the limit is ${formatSize(MAX_ATTACHMENT_BYTES)}), so it was skipped`
    });
    run.resources.set(path, null);
    return undefined;
  }
  const id = newId();
  const filename = path.slice(path.lastIndexOf('/') + 1);
  const mime = mimeOf(filename);
  await putImportBlob(run.db, id, await entry.blob(mime));
  run.blobIds.push(id);
  const t = run.now;
  const resource: Resource = {
    id,
    title: filename,
    mime,
    filename,
    file_extension: extensionOf(filename),
    size: entry.size,
    created_time: t,
    updated_time: t,
    user_created_time: t,
    user_updated_time: t
  };
  run.batch.resources.push(resource);
  run.resources.set(path, id);
  return id;
}

function addTag(run: MarkdownRun, noteId: string, title: string): void {
  const key = title.toLowerCase();
  let tagId = run.tagIds.get(key);
  const t = run.now;
  if (!tagId) {
    tagId = newId();
    run.tagIds.set(key, tagId);
    const tag: Tag = {
      id: tagId,
      title,
      created_time: t,
      updated_time: t,
      user_created_time: t,
      user_updated_time: t,
      parent_id: ''
    };
    run.batch.tags.push(tag);
  }
  if (run.batch.noteTags.some((l) => l.note_id === noteId && l.tag_id === tagId)) return;
  const link: NoteTag = {
    id: newId(),
    note_id: noteId,
    tag_id: tagId,
    created_time: t,
    updated_time: t,
    user_created_time: t,
    user_updated_time: t
  };
  run.batch.noteTags.push(link);
}

async function flush(run: MarkdownRun): Promise<void> {
  const batch = run.batch;
  run.batch = emptyBatch();
  await putImportBatch(run.db, batch);
  run.written.folders.push(...batch.folders.map((f) => f.id));
  run.written.notes.push(...batch.notes.map((n) => n.id));
  run.written.tags.push(...batch.tags.map((t) => t.id));
  run.written.noteTags.push(...batch.noteTags.map((l) => l.id));
  run.written.resources.push(...batch.resources.map((r) => r.id));
}

function emptyBatch(): ImportBatch {
  return { folders: [], notes: [], tags: [], noteTags: [], resources: [] };
}
