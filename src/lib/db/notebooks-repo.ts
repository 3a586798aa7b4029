/** Notebooks (Joplin's folders): create, rename, nest, trash with everything inside, restore. */
import { AppError, ItemType, newId, type Notebook } from '$lib/core';
import type { FolioDatabase } from './database';
import { getSetting, setSettingInTransaction } from './settings-repo';
import { writeTransaction, type WriteOptions } from './write';

const DEFAULT_NOTEBOOK_KEY = 'defaultNotebookId';
const DEFAULT_NOTEBOOK_TITLE = 'Notes';

/** The notebooks not in the trash, in title order. */
export async function listNotebooks(db: FolioDatabase): Promise<Notebook[]> {
  const all = await db.folders.where('deleted_time').equals(0).toArray();
  return all.sort((a, b) => a.title.localeCompare(b.title));
}

/** A notebook by id, trashed or not. */
export function getNotebook(db: FolioDatabase, id: string): Promise<Notebook | undefined> {
  return db.folders.get(id);
}

/** Creates a notebook, at the root or inside `parent_id`. */
export async function createNotebook(
  db: FolioDatabase,
  fields: { title: string; parent_id?: string; id?: string },
  options: WriteOptions = {}
): Promise<Notebook> {
  const title = fields.title.trim();
  if (!title) throw new AppError('invalid_argument', 'A notebook needs a title.');
  return writeTransaction(db, ['folders'], options, async (changes) => {
    const parent_id = fields.parent_id ?? '';
    if (parent_id) await requireLiveNotebook(db, parent_id);
    const t = changes.now;
    const notebook: Notebook = {
      id: fields.id ?? newId(),
      title,
      parent_id,
      created_time: t,
      updated_time: t,
      user_created_time: t,
      user_updated_time: t,
      icon: '',
      deleted_time: 0
    };
    await db.folders.add(notebook);
    changes.log(notebook.id, ItemType.Folder, 'created');
    return notebook;
  });
}

/** Renames a notebook. */
export function renameNotebook(
  db: FolioDatabase,
  id: string,
  title: string,
  options: WriteOptions = {}
): Promise<Notebook> {
  const trimmed = title.trim();
  if (!trimmed) return Promise.reject(new AppError('invalid_argument', 'A notebook needs a title.'));
  return patchNotebook(db, id, { title: trimmed }, options);
}

/** Moves a notebook under another ('' = the root); refuses to move it into itself or its descendants. */
export async function moveNotebook(
  db: FolioDatabase,
  id: string,
  parentId: string,
  options: WriteOptions = {}
): Promise<Notebook> {
  if (parentId) {
    const descendants = await descendantNotebookIds(db, id);
    if (descendants.includes(parentId)) {
      throw new AppError(
        'invalid_argument',
        'A notebook cannot be moved into itself or one of its sub-notebooks.'
      );
    }
    await requireLiveNotebook(db, parentId);
  }
  return patchNotebook(db, id, { parent_id: parentId }, options);
}

async function patchNotebook(
  db: FolioDatabase,
  id: string,
  patch: Partial<Notebook>,
  options: WriteOptions
): Promise<Notebook> {
  return writeTransaction(db, ['folders'], options, async (changes) => {
    const notebook = await requireLiveNotebook(db, id);
    const next = { ...notebook, ...patch, updated_time: changes.now, user_updated_time: changes.now };
    await db.folders.put(next);
    changes.log(id, ItemType.Folder, 'updated');
    return next;
  });
}

async function requireLiveNotebook(db: FolioDatabase, id: string): Promise<Notebook> {
  const notebook = await db.folders.get(id);
  if (!notebook || notebook.deleted_time) throw new AppError('not_found', `No notebook with id ${id}.`);
  return notebook;
}

/** The notebook and all notebooks nested in it, trashed or not (the notebook's own id first). */
export async function descendantNotebookIds(db: FolioDatabase, id: string): Promise<string[]> {
  const all = await db.folders.toArray();
  return collectDescendants(all, id);
}

/** Pure: ids of `rootId` and every notebook below it in `all`. */
export function collectDescendants(all: Pick<Notebook, 'id' | 'parent_id'>[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const n of all) {
    const list = children.get(n.parent_id) ?? [];
    list.push(n.id);
    children.set(n.parent_id, list);
  }
  const result: string[] = [];
  const stack = [rootId];
  const seen = new Set<string>();
  while (stack.length) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    result.push(current);
    stack.push(...(children.get(current) ?? []));
  }
  return result;
}

/**
 * Moves a notebook, its sub-notebooks and all their notes to the trash, all stamped with the same
 * deleted_time so that restoring the notebook brings back exactly what went with it.
 */
export async function trashNotebook(
  db: FolioDatabase,
  id: string,
  options: WriteOptions = {}
): Promise<void> {
  await writeTransaction(db, ['folders', 'notes', 'settings'], options, async (changes) => {
    await requireLiveNotebook(db, id);
    const ids = await descendantNotebookIds(db, id);
    const folders = (await db.folders.bulkGet(ids)).filter((f): f is Notebook => !!f && !f.deleted_time);
    for (const folder of folders) {
      await db.folders.put({ ...folder, deleted_time: changes.now, updated_time: changes.now });
      changes.log(folder.id, ItemType.Folder, 'updated');
    }
    const notes = await db.notes
      .where('parent_id')
      .anyOf(ids)
      .filter((n) => !n.deleted_time)
      .toArray();
    for (const note of notes) {
      await db.notes.put({ ...note, deleted_time: changes.now, updated_time: changes.now });
      changes.log(note.id, ItemType.Note, 'updated');
    }
    const defaultId = await getSetting(db, DEFAULT_NOTEBOOK_KEY, '');
    if (defaultId && ids.includes(defaultId)) await setSettingInTransaction(db, DEFAULT_NOTEBOOK_KEY, '');
  });
}

/**
 * Restores a trashed notebook with what was trashed along with it. If its parent is gone or still
 * in the trash, it comes back at the root.
 */
export async function restoreNotebook(
  db: FolioDatabase,
  id: string,
  options: WriteOptions = {}
): Promise<Notebook> {
  return writeTransaction(db, ['folders', 'notes'], options, async (changes) => {
    const notebook = await db.folders.get(id);
    if (!notebook || !notebook.deleted_time)
      throw new AppError('not_found', `No notebook with id ${id} in the trash.`);
    const batch = notebook.deleted_time;
    const parent = notebook.parent_id ? await db.folders.get(notebook.parent_id) : undefined;
    const parent_id = parent && !parent.deleted_time ? parent.id : '';
    const ids = await descendantNotebookIds(db, id);
    for (const folder of (await db.folders.bulkGet(ids)).filter(
      (f): f is Notebook => !!f && f.deleted_time === batch
    )) {
      const restored = {
        ...folder,
        deleted_time: 0,
        updated_time: changes.now,
        ...(folder.id === id ? { parent_id } : {})
      };
      await db.folders.put(restored);
      changes.log(folder.id, ItemType.Folder, 'updated');
    }
    const notes = await db.notes
      .where('parent_id')
      .anyOf(ids)
      .filter((n) => n.deleted_time === batch)
      .toArray();
    for (const note of notes) {
      await db.notes.put({ ...note, deleted_time: 0, updated_time: changes.now });
      changes.log(note.id, ItemType.Note, 'updated');
    }
    return { ...notebook, deleted_time: 0, parent_id, updated_time: changes.now };
  });
}

/** The id of the notebook new notes go to when none is named, if it still exists. */
export async function getDefaultNotebookId(db: FolioDatabase): Promise<string | undefined> {
  const id = await getSetting(db, DEFAULT_NOTEBOOK_KEY, '');
  if (id) {
    const notebook = await db.folders.get(id);
    if (notebook && !notebook.deleted_time) return id;
  }
  const first = (await listNotebooks(db))[0];
  return first?.id;
}

/** The default notebook, created ("Notes") when the workspace has none, e.g. on first start. */
export async function ensureDefaultNotebook(
  db: FolioDatabase,
  options: WriteOptions = {}
): Promise<Notebook> {
  const id = await getDefaultNotebookId(db);
  if (id) return (await db.folders.get(id))!;
  const notebook = await createNotebook(
    db,
    { title: DEFAULT_NOTEBOOK_TITLE },
    { ...options, source: options.source ?? 'system' }
  );
  await db.settings.put({ key: DEFAULT_NOTEBOOK_KEY, value: notebook.id });
  return notebook;
}
