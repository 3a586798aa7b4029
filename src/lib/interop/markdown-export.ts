/**
 * Markdown export: a folder per notebook (nested like the notebooks), a `.md` file per note, the
 * attachments in `_resources/` at the top, and `:/id` links turned into relative paths, as Joplin's
 * Markdown export lays it out. Front matter (title, times, author, to-do state, tags) is optional.
 */
import type { Note, Notebook, Tag } from '$lib/core';
import type { FolioDatabase } from '$lib/db';
import type { ArchiveWriter } from './archive-writers';
import type { ExportSet } from './export-scope';
import { formatFrontMatter } from './front-matter';
import { relativePath } from './links';

const encoder = new TextEncoder();
const UNSAFE_NAME = /[/\\:*?"<>|\u0000-\u001f]/g;

/** A title made safe as a file or folder name. */
export function safeFileName(title: string, fallback = 'Untitled'): string {
  const name = title.replace(UNSAFE_NAME, '_').replace(/^\.+/, '_').trim().slice(0, 120);
  return name || fallback;
}

/** Picks `name`, or `name (2)`… when it is taken, and marks it taken. */
function unique(taken: Set<string>, name: string, ext: string): string {
  let candidate = name + ext;
  for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${name} (${i})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** The folder path of each notebook in the set (parents outside the set are left out). */
function folderPaths(folders: Notebook[]): Map<string, string> {
  const byId = new Map(folders.filter((f) => !f.deleted_time).map((f) => [f.id, f]));
  const paths = new Map<string, string>();
  const taken = new Map<string, Set<string>>();
  const pathOf = (folder: Notebook, depth = 0): string => {
    const known = paths.get(folder.id);
    if (known !== undefined) return known;
    const parent = byId.get(folder.parent_id);
    const base = parent && depth < 100 ? pathOf(parent, depth + 1) : '';
    const siblings = taken.get(base) ?? new Set<string>();
    taken.set(base, siblings);
    const path = (base ? `${base}/` : '') + unique(siblings, safeFileName(folder.title), '');
    paths.set(folder.id, path);
    return path;
  };
  for (const folder of byId.values()) pathOf(folder);
  return paths;
}

/** The tags of every exported note, by note id. */
function tagsByNote(set: ExportSet): Map<string, string[]> {
  const titles = new Map(set.tags.map((t: Tag) => [t.id, t.title]));
  const result = new Map<string, string[]>();
  for (const link of set.noteTags) {
    const title = titles.get(link.tag_id);
    if (title) result.set(link.note_id, [...(result.get(link.note_id) ?? []), title]);
  }
  return result;
}

/**
 * The Markdown file text of a note. Without front matter, keys kept from an imported file's front
 * matter are still written (they were the file's own text, not Folio's metadata).
 */
export function noteMarkdown(note: Note, tags: string[], frontMatter: boolean): string {
  const extra = note.front_matter ?? '';
  if (!frontMatter) return extra ? `---\n${extra}---\n\n${note.body}` : note.body;
  const head = formatFrontMatter(
    {
      title: note.title,
      created_time: note.user_created_time || note.created_time,
      updated_time: note.user_updated_time || note.updated_time,
      author: note.author,
      source_url: note.source_url,
      latitude: note.latitude,
      longitude: note.longitude,
      altitude: note.altitude,
      is_todo: note.is_todo,
      completed: note.todo_completed > 0,
      todo_due: note.todo_due,
      tags: [...tags].sort((a, b) => a.localeCompare(b))
    },
    extra
  );
  return head + note.body;
}

/** Writes the notes of `set` as a Markdown folder tree into `writer`. */
export async function writeMarkdownTree(
  db: FolioDatabase,
  set: ExportSet,
  writer: ArchiveWriter,
  options: { frontMatter?: boolean; signal?: AbortSignal } = {}
): Promise<void> {
  const folders = folderPaths(set.folders);
  const tags = tagsByNote(set);
  const taken = new Map<string, Set<string>>();
  const notePaths = new Map<string, string>();
  const notes: { id: string; path: string }[] = [];
  // First pass: every note's path, so links to notes later in the export resolve.
  for await (const page of set.notePages()) {
    for (const note of page) {
      if (note.deleted_time) continue;
      const dir = folders.get(note.parent_id) ?? '';
      const siblings = taken.get(dir) ?? new Set<string>();
      taken.set(dir, siblings);
      const path = (dir ? `${dir}/` : '') + unique(siblings, safeFileName(note.title), '.md');
      notePaths.set(note.id, path);
      notes.push({ id: note.id, path });
    }
  }
  const resourceNames = new Set<string>();
  const resourcePaths = new Map(
    set.resources.map((r) => [
      r.id,
      `_resources/${unique(resourceNames, safeFileName((r.filename || r.title || r.id).replace(/\.[^.]+$/, ''), r.id), r.file_extension ? `.${r.file_extension}` : '')}`
    ])
  );
  for (let i = 0; i < notes.length; i += 500) {
    const page = await db.notes.bulkGet(notes.slice(i, i + 500).map((n) => n.id));
    for (const note of page) {
      if (!note) continue;
      options.signal?.throwIfAborted();
      const path = notePaths.get(note.id)!;
      const body = note.body.replace(/:\/([0-9a-f]{32})/g, (all, id: string) => {
        const target = notePaths.get(id) ?? resourcePaths.get(id);
        return target ? relativePath(path, target) : all;
      });
      // The file's date is the note's last edit, as other Markdown apps (and Folio's import) read it.
      await writer.add(
        path,
        encoder.encode(noteMarkdown({ ...note, body }, tags.get(note.id) ?? [], options.frontMatter ?? true)),
        note.user_updated_time || note.updated_time
      );
    }
  }
  for (const resource of set.resources) {
    const blob = (await db.blobs.get(resource.id))?.data;
    if (blob) await writer.add(resourcePaths.get(resource.id)!, blob, resource.updated_time);
  }
}
