/**
 * The end of a Joplin import, once every file is read: links and parents that pointed at items
 * outside the archive are put back on the Folio items they name; notes whose notebook never came go
 * into one clearly named notebook; tags (merged by title) and note-tag links are written; attachments
 * missing their file or their metadata are reported or completed.
 */
import { newId, type Notebook, type NoteTag, type Resource, type Tag } from '$lib/core';
import { putImportBatch, patchImportedFolders, patchImportedNotes, type ImportBatch } from '$lib/db';
import type { JoplinImportState } from './joplin-import-state';
import type { ImportReport } from './import-report';
import { extensionOf } from './mime';

/** The notebook that takes imported notes whose own notebook was not in the archive. */
export const FALLBACK_NOTEBOOK_TITLE = 'Imported notes';

/** Finishes an import and returns its report. */
export async function finishJoplinImport(state: JoplinImportState): Promise<ImportReport> {
  const outside = await restoreOutsideRefs(state);
  const fallbackNotebookId = await placeOrphans(state, outside);
  const tags = await writeTagsAndLinks(state);
  await completeResources(state);
  return {
    notes: state.written.notes.length,
    notebooks: state.written.folders.length - (fallbackNotebookId ? 1 : 0),
    tags,
    resources: state.written.resources.length,
    problems: state.problems,
    fallbackNotebookId,
    files: state.files,
    notesFound: state.notesFound,
    complete: state.problems.length === 0 && state.written.notes.length === state.notesFound
  };
}

/**
 * Ids the archive pointed at without holding them (e.g. a note exported alone, linking to notes
 * still in Folio) got new ids while we could not know; point them back at the Folio item.
 */
async function restoreOutsideRefs(state: JoplinImportState): Promise<Set<string>> {
  const outside = new Set<string>();
  for (const [source, mapped] of [...state.ids.entries()]) {
    if (state.seen.has(source) || mapped === source) continue;
    state.ids.set(source, source);
    outside.add(source);
  }
  if (!outside.size) return outside;
  const patches: { id: string; body: string }[] = [];
  for (const [noteId, refs] of state.noteRefs) {
    if (!refs.some((r) => outside.has(r))) continue;
    const note = await state.db.notes.get(noteId);
    if (!note) continue;
    let body = note.body;
    for (const ref of refs)
      if (outside.has(ref))
        body = body.replace(/:\/([0-9a-f]{32})/g, (all, id: string) =>
          state.ids.original(id) === ref && id !== ref ? `:/${ref}` : all
        );
    patches.push({ id: noteId, body });
  }
  await patchImportedNotes(state.db, patches);
  return outside;
}

async function placeOrphans(state: JoplinImportState, outside: Set<string>): Promise<string | undefined> {
  const liveOutside = async (id: string) => {
    const source = state.ids.original(id) ?? id;
    if (!outside.has(source)) return undefined;
    const folder = await state.db.folders.get(source);
    return folder && !folder.deleted_time ? source : undefined;
  };
  const folderPatches: { id: string; parent_id: string }[] = [];
  for (const [id, parent] of state.folderParents) {
    if (!parent || state.folderIds.has(parent)) continue;
    folderPatches.push({ id, parent_id: (await liveOutside(parent)) ?? '' });
  }
  await patchImportedFolders(state.db, folderPatches);
  const notePatches: { id: string; parent_id: string }[] = [];
  const homeless: string[] = [];
  for (const [id, parent] of state.noteParents) {
    if (state.folderIds.has(parent)) continue;
    const existing = parent ? await liveOutside(parent) : undefined;
    if (existing) notePatches.push({ id, parent_id: existing });
    else homeless.push(id);
  }
  let fallback: string | undefined;
  if (homeless.length) {
    fallback = await createFallbackNotebook(state);
    notePatches.push(...homeless.map((id) => ({ id, parent_id: fallback! })));
  }
  await patchImportedNotes(state.db, notePatches);
  return fallback;
}

async function createFallbackNotebook(state: JoplinImportState): Promise<string> {
  const t = Date.now();
  const folder: Notebook = {
    id: newId(),
    title: FALLBACK_NOTEBOOK_TITLE,
    parent_id: '',
    created_time: t,
    updated_time: t,
    user_created_time: t,
    user_updated_time: t,
    icon: '',
    deleted_time: 0
  };
  await putImportBatch(state.db, { ...emptyBatch(), folders: [folder] });
  state.written.folders.push(folder.id);
  state.folderIds.add(folder.id);
  return folder.id;
}

function emptyBatch(): ImportBatch {
  return { folders: [], notes: [], tags: [], noteTags: [], resources: [] };
}

/** Writes tags (merged by title into existing ones) and the links between imported notes and tags. */
async function writeTagsAndLinks(state: JoplinImportState): Promise<number> {
  const byTitle = new Map<string, string>();
  for (const tag of await state.db.tags.toArray()) byTitle.set(tag.title.toLowerCase(), tag.id);
  await state.ids.decide(state.tags.map(({ tag }) => tag.id));
  const tags: Tag[] = [];
  for (const { tag } of state.tags) {
    const same = byTitle.get(tag.title.trim().toLowerCase());
    if (same) {
      state.ids.set(tag.id, same);
      continue;
    }
    const next = { ...tag, id: state.ids.get(tag.id) };
    byTitle.set(tag.title.trim().toLowerCase(), next.id);
    tags.push(next);
  }
  await state.ids.decide(state.noteTags.map(({ link }) => link.id));
  const noteTags: NoteTag[] = [];
  const pairs = new Set<string>();
  for (const { link, file } of state.noteTags) {
    const noteId = state.ids.has(link.note_id) ? state.ids.get(link.note_id) : '';
    const tagId = state.ids.has(link.tag_id) ? state.ids.get(link.tag_id) : '';
    if (!state.noteParents.has(noteId) || !tagId || !state.seen.has(link.tag_id)) {
      state.problems.push({
        file,
        message: 'it links a note and a tag that are not both in the archive, so it was skipped'
      });
      continue;
    }
    if (pairs.has(`${noteId}:${tagId}`)) continue;
    pairs.add(`${noteId}:${tagId}`);
    noteTags.push({ ...link, id: state.ids.get(link.id), note_id: noteId, tag_id: tagId });
  }
  await putImportBatch(state.db, { ...emptyBatch(), tags, noteTags });
  state.written.tags.push(...tags.map((t) => t.id));
  state.written.noteTags.push(...noteTags.map((l) => l.id));
  return tags.length;
}

/** Reports metadata without bytes, and gives bytes without metadata a record from their file name. */
async function completeResources(state: JoplinImportState): Promise<void> {
  const resources: Resource[] = [];
  for (const [id, { file, size, mime }] of state.resourceBlobs) {
    if (state.resourceMeta.has(id)) continue;
    const filename = file.slice(file.lastIndexOf('/') + 1);
    const t = Date.now();
    resources.push({
      id,
      title: filename,
      mime,
      filename,
      file_extension: extensionOf(filename),
      size,
      created_time: t,
      updated_time: t,
      user_created_time: t,
      user_updated_time: t
    });
  }
  await putImportBatch(state.db, { ...emptyBatch(), resources });
  state.written.resources.push(...resources.map((r) => r.id));
  for (const id of state.resourceMeta) {
    if (!state.resourceBlobs.has(id))
      state.problems.push({
        file: `${state.ids.original(id) ?? id}.md`,
        message: "the attachment's file is missing from the archive; its note shows a broken link"
      });
  }
}
