/** Tags and note-tag links. Tag titles match case-insensitively ("Travel" is "travel"). */
import { AppError, ItemType, newId, type Tag } from '$lib/core';
import type { FolioDatabase } from './database';
import { writeTransaction, type WriteOptions } from './write';

/** All tags, in title order. */
export async function listTags(db: FolioDatabase): Promise<Tag[]> {
  const tags = await db.tags.toArray();
  return tags.sort((a, b) => a.title.localeCompare(b.title));
}

/** The tags that at least one note (not in the trash) carries. */
export async function listTagsInUse(db: FolioDatabase): Promise<Tag[]> {
  const links = await db.note_tags.toArray();
  const notes = await db.notes.bulkGet([...new Set(links.map((l) => l.note_id))]);
  const live = new Set(notes.filter((n) => n && !n.deleted_time).map((n) => n!.id));
  const used = new Set(links.filter((l) => live.has(l.note_id)).map((l) => l.tag_id));
  return (await listTags(db)).filter((t) => used.has(t.id));
}

/** The tag with this title, ignoring case. */
export function findTagByTitle(db: FolioDatabase, title: string): Promise<Tag | undefined> {
  return db.tags.where('title').equalsIgnoreCase(title.trim()).first();
}

/** A note's tags, in title order. */
export async function getNoteTags(db: FolioDatabase, noteId: string): Promise<Tag[]> {
  const links = await db.note_tags.where('note_id').equals(noteId).toArray();
  const tags = (await db.tags.bulkGet(links.map((l) => l.tag_id))).filter((t): t is Tag => !!t);
  return tags.sort((a, b) => a.title.localeCompare(b.title));
}

/** The ids of the notes that carry a tag (trashed ones included). */
export async function noteIdsWithTag(db: FolioDatabase, tagId: string): Promise<string[]> {
  return (await db.note_tags.where('tag_id').equals(tagId).toArray()).map((l) => l.note_id);
}

async function requireNote(db: FolioDatabase, noteId: string) {
  const note = await db.notes.get(noteId);
  if (!note || note.deleted_time) throw new AppError('not_found', `No note with id ${noteId}.`);
  return note;
}

/**
 * Adds tags to a note by title, creating the tags that do not exist yet. Returns the titles
 * actually added (a tag the note already has is not added twice).
 */
export async function addTagsToNote(
  db: FolioDatabase,
  noteId: string,
  titles: string[],
  options: WriteOptions = {}
): Promise<{ added: string[] }> {
  const wanted = uniqueTitles(titles);
  return writeTransaction(db, ['notes', 'tags', 'note_tags'], options, async (changes) => {
    await requireNote(db, noteId);
    const added: string[] = [];
    for (const title of wanted) {
      let tag = await findTagByTitle(db, title);
      if (!tag) {
        const t = changes.now;
        tag = {
          id: newId(),
          title,
          created_time: t,
          updated_time: t,
          user_created_time: t,
          user_updated_time: t,
          parent_id: ''
        };
        await db.tags.add(tag);
        changes.log(tag.id, ItemType.Tag, 'created');
      }
      const exists = await db.note_tags.where('[note_id+tag_id]').equals([noteId, tag.id]).count();
      if (exists) continue;
      const t = changes.now;
      const link = {
        id: newId(),
        note_id: noteId,
        tag_id: tag.id,
        created_time: t,
        updated_time: t,
        user_created_time: t,
        user_updated_time: t
      };
      await db.note_tags.add(link);
      changes.log(link.id, ItemType.NoteTag, 'created');
      added.push(tag.title);
    }
    if (added.length) changes.log(noteId, ItemType.Note, 'updated');
    return { added };
  });
}

/** Removes tags from a note by title (ignoring case). Returns the titles actually removed. */
export async function removeTagsFromNote(
  db: FolioDatabase,
  noteId: string,
  titles: string[],
  options: WriteOptions = {}
): Promise<{ removed: string[] }> {
  const wanted = uniqueTitles(titles);
  return writeTransaction(db, ['notes', 'tags', 'note_tags'], options, async (changes) => {
    await requireNote(db, noteId);
    const removed: string[] = [];
    for (const title of wanted) {
      const tag = await findTagByTitle(db, title);
      if (!tag) continue;
      const links = await db.note_tags.where('[note_id+tag_id]').equals([noteId, tag.id]).toArray();
      for (const link of links) {
        await db.note_tags.delete(link.id);
        changes.log(link.id, ItemType.NoteTag, 'deleted');
      }
      if (links.length) removed.push(tag.title);
    }
    if (removed.length) changes.log(noteId, ItemType.Note, 'updated');
    return { removed };
  });
}

function uniqueTitles(titles: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of titles) {
    const title = raw.trim();
    if (!title) throw new AppError('invalid_argument', 'A tag title cannot be empty.');
    if (seen.has(title.toLowerCase())) continue;
    seen.add(title.toLowerCase());
    result.push(title);
  }
  return result;
}
