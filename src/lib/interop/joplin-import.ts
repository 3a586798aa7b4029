/**
 * Importing a Joplin JEX archive or RAW folder, streamed: item files are parsed as they arrive and
 * written in batches of BATCH_SIZE items, attachments as soon as they are read. Tags and note-tag
 * links are small and are written at the end, when every note is known (tags merge into an existing
 * tag of the same title, as Joplin does). Ids already in Folio get new ones (see IdMap) and `:/id`
 * links follow. On cancel or a storage failure everything written is removed again.
 */
import {
  AppError,
  ItemType,
  type Note,
  type Notebook,
  type NoteTag,
  type Resource,
  type Tag
} from '$lib/core';
import type { FolioDatabase } from '$lib/db';
import { putImportBatch, putImportBlob, removeImported, type ImportBatch } from '$lib/db';
import { isRawItemPath, rawResourceId } from './detect';
import { IdMap } from './id-map';
import {
  decodeText,
  formatSize,
  INVALID_UTF8,
  MAX_ATTACHMENT_BYTES,
  MAX_NOTE_BYTES,
  type ImportReport
} from './import-report';
import { isInteropType, rawToRecord, type WithExtra } from './joplin-fields';
import { finishJoplinImport } from './joplin-import-finish';
import type { JoplinImportState } from './joplin-import-state';
import { itemRefs, remapItemRefs } from './links';
import { mimeOf } from './mime';
import { parseRawItem, RawItemError } from './raw-item';
import { isUnsafePath, type ImportEntry } from './sources';
import { ZipError } from './zip-archive';

/** Items written per transaction. */
export const BATCH_SIZE = 500;

const TYPE_NAMES: Record<number, string> = {
  3: 'setting',
  7: 'search',
  8: 'alarm',
  9: 'master key',
  10: 'item change',
  11: 'note resource',
  12: 'resource local state',
  13: 'revision',
  14: 'migration',
  15: 'smart filter',
  16: 'command'
};

type Pending = { type: number; record: WithExtra<Note | Notebook | Resource>; file: string };

/** Imports the entries of a JEX archive or RAW folder into Folio. */
export async function importJoplinEntries(
  db: FolioDatabase,
  entries: AsyncIterable<ImportEntry>,
  signal?: AbortSignal
): Promise<ImportReport> {
  const state: JoplinImportState = {
    db,
    ids: new IdMap(db),
    written: { folders: [], notes: [], tags: [], noteTags: [], resources: [] },
    blobIds: [],
    problems: [],
    seen: new Set(),
    noteRefs: new Map(),
    folderIds: new Set(),
    noteParents: new Map(),
    folderParents: new Map(),
    tags: [],
    noteTags: [],
    resourceMeta: new Set(),
    resourceBlobs: new Map(),
    files: 0,
    notesFound: 0
  };
  try {
    const read = await readEntries(state, entries, signal);
    if (!read)
      throw new AppError(
        'invalid_argument',
        'This file holds no Joplin notes, notebooks or attachments, so it is not a JEX export.'
      );
    signal?.throwIfAborted();
    return await finishJoplinImport(state);
  } catch (error) {
    await removeImported(db, state.written, state.blobIds);
    if (signal?.aborted) throw new AppError('aborted', 'The import was cancelled; nothing was imported.');
    throw error;
  }
}

/** Reads every entry; returns how many Joplin items or attachments were found. */
async function readEntries(
  state: JoplinImportState,
  entries: AsyncIterable<ImportEntry>,
  signal?: AbortSignal
): Promise<number> {
  const skippedTypes = new Set<number>();
  const pending: Pending[] = [];
  let found = 0;
  let last = '';
  try {
    for await (const entry of entries) {
      signal?.throwIfAborted();
      last = entry.path;
      state.files++;
      try {
        found += await readEntry(state, entry, pending, skippedTypes);
      } catch (error) {
        // One damaged zip entry: the directory still knows where the others are.
        if (!(error instanceof ZipError)) throw error;
        state.problems.push({
          file: entry.path,
          message: `it could not be read: ${error.message}; it was skipped`
        });
      }
      if (pending.length >= BATCH_SIZE) await flush(state, pending);
    }
  } catch (error) {
    if (signal?.aborted || error instanceof AppError) throw error;
    if (found === 0)
      throw new AppError(
        'invalid_argument',
        `The archive could not be read: it is damaged or not a Joplin export (${(error as Error).message}).`,
        { cause: error }
      );
    // A damaged or truncated archive: keep what was read before the damage, and say where it was.
    state.problems.push({
      file: last || 'the archive',
      message: `the archive is damaged or ends early after this file (${(error as Error).message}); the files after it were not imported`
    });
  }
  await flush(state, pending);
  return found;
}

/** Reads one entry into `pending` (or the tag lists, or the blob store); returns 1 when it was a Joplin item or attachment. */
async function readEntry(
  state: JoplinImportState,
  entry: ImportEntry,
  pending: Pending[],
  skippedTypes: Set<number>
): Promise<number> {
  if (isUnsafePath(entry.path)) {
    state.problems.push({
      file: entry.path,
      message: 'its name leads outside the archive ("../"), so it was skipped'
    });
    await entry.skip();
    return 0;
  }
  if (isRawItemPath(entry.path)) {
    const item = await readItem(state, entry, state.seen, skippedTypes);
    if (!item) return 0;
    if (item.type === ItemType.Note) state.notesFound++;
    if (item.type === ItemType.Tag) state.tags.push({ tag: item.record as WithExtra<Tag>, file: entry.path });
    else if (item.type === ItemType.NoteTag)
      state.noteTags.push({ link: item.record as WithExtra<NoteTag>, file: entry.path });
    else pending.push(item as Pending);
    return 1;
  }
  if (rawResourceId(entry.path)) return (await readAttachment(state, entry)) ? 1 : 0;
  state.problems.push({ file: entry.path, message: 'it is not part of a Joplin export, so it was skipped' });
  await entry.skip();
  return 0;
}

async function readItem(
  state: JoplinImportState,
  entry: ImportEntry,
  seen: Set<string>,
  skippedTypes: Set<number>
) {
  if (entry.size > MAX_NOTE_BYTES) {
    await entry.skip();
    state.problems.push({
      file: entry.path,
      message: `it is too large for a note (${formatSize(entry.size)}; the limit is ${formatSize(MAX_NOTE_BYTES)}), so it was skipped`
    });
    return undefined;
  }
  const { text, invalid } = decodeText(await entry.bytes());
  if (invalid) state.problems.push({ file: entry.path, message: INVALID_UTF8 });
  let raw;
  try {
    raw = parseRawItem(text);
  } catch (error) {
    if (!(error instanceof RawItemError)) throw error;
    state.problems.push({
      file: entry.path,
      message: `it is not a Joplin item: ${error.message}; it was skipped`
    });
    return undefined;
  }
  if (!isInteropType(raw.type_)) {
    if (!skippedTypes.has(raw.type_))
      state.problems.push({
        file: entry.path,
        message: `Folio does not import Joplin ${TYPE_NAMES[raw.type_] ?? `type ${raw.type_}`} items; these were skipped`
      });
    skippedTypes.add(raw.type_);
    return undefined;
  }
  const record = rawToRecord(raw);
  const sourceId = entry.path.slice(0, 32);
  if (!record.id) record.id = sourceId;
  if (seen.has(record.id)) {
    state.problems.push({
      file: entry.path,
      message: `another item in the archive has the same id (${record.id}); this copy was skipped`
    });
    return undefined;
  }
  seen.add(record.id);
  if (record.joplin_extra?.encryption_applied === '1') {
    state.problems.push({
      file: entry.path,
      message:
        "it is encrypted by Joplin's end-to-end encryption; it was kept as it is, but Folio cannot show its content (export it from Joplin with encryption turned off)"
    });
  }
  return { type: raw.type_, record, file: entry.path };
}

async function readAttachment(state: JoplinImportState, entry: ImportEntry): Promise<boolean> {
  const sourceId = rawResourceId(entry.path)!;
  if (entry.size > MAX_ATTACHMENT_BYTES) {
    await entry.skip();
    state.problems.push({
      file: entry.path,
      message: `the attachment is too large (${formatSize(entry.size)}; the limit is ${formatSize(MAX_ATTACHMENT_BYTES)}), so it was skipped`
    });
    return false;
  }
  await state.ids.decide([sourceId]);
  const id = state.ids.get(sourceId);
  state.seen.add(sourceId);
  if (state.resourceBlobs.has(id)) {
    await entry.skip();
    state.problems.push({
      file: entry.path,
      message: 'another file holds the same attachment; this copy was skipped'
    });
    return false;
  }
  const mime = mimeOf(entry.path);
  await putImportBlob(state.db, id, await entry.blob(mime));
  state.blobIds.push(id);
  state.resourceBlobs.set(id, { file: entry.path, size: entry.size, mime });
  return true;
}

/** Decides the batch's ids, rewrites them and their links, writes the batch and empties `pending`. */
async function flush(state: JoplinImportState, pending: Pending[]): Promise<void> {
  if (!pending.length) return;
  const refs: string[] = [];
  for (const { record } of pending) {
    refs.push(record.id);
    if ('parent_id' in record) refs.push(record.parent_id);
    if ('body' in record) refs.push(...itemRefs(record.body));
  }
  await state.ids.decide(refs);
  const batch: ImportBatch = { folders: [], notes: [], tags: [], noteTags: [], resources: [] };
  for (const { type, record } of pending) {
    const id = state.ids.get(record.id);
    if (type === ItemType.Note) {
      const note = record as Note;
      const next = {
        ...note,
        id,
        parent_id: state.ids.get(note.parent_id),
        body: remapItemRefs(note.body, state.ids.changed)
      };
      const moved = itemRefs(note.body).filter((ref) => state.ids.get(ref) !== ref);
      if (moved.length) state.noteRefs.set(id, moved);
      batch.notes.push(next);
      state.noteParents.set(id, next.parent_id);
    } else if (type === ItemType.Folder) {
      const folder = {
        ...(record as Notebook),
        id,
        parent_id: state.ids.get((record as Notebook).parent_id)
      };
      batch.folders.push(folder);
      state.folderIds.add(id);
      state.folderParents.set(id, folder.parent_id);
    } else {
      batch.resources.push({ ...(record as Resource), id });
      state.resourceMeta.add(id);
    }
  }
  await putImportBatch(state.db, batch);
  state.written.notes.push(...batch.notes.map((n) => n.id));
  state.written.folders.push(...batch.folders.map((f) => f.id));
  state.written.resources.push(...batch.resources.map((r) => r.id));
  pending.length = 0;
}
