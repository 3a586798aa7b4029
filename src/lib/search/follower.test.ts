import { describe, expect, it, vi } from 'vitest';
import { ItemType, newId, noteDefaults } from '$lib/core';
import {
  addTagsToNote,
  createNote,
  createNotebook,
  createResource,
  latestChangeSeq,
  openDatabase,
  removeTagsFromNote,
  renameNotebook,
  restoreNote,
  trashNote,
  updateNote,
  writeTransaction,
  type FolioDatabase
} from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { BUILD_CHUNK, CHANGE_BATCH, IndexFollower } from './follower';
import { SearchIndex } from './search-index';

async function setup(db: FolioDatabase = freshDb()) {
  const notebook = await createNotebook(db, { title: 'Inbox' });
  const index = new SearchIndex();
  const follower = new IndexFollower(db, index);
  const find = (query: string) => index.search(query, { limit: 100 }).results.map((r) => r.id);
  return { db, notebook, index, follower, find };
}

describe('IndexFollower', () => {
  it('indexes the notes not in the trash on start', async () => {
    const { db, notebook, follower, find } = await setup();
    const kept = await createNote(db, { title: 'Kept', body: 'walrus', parent_id: notebook.id });
    const gone = await createNote(db, { title: 'Gone', body: 'walrus', parent_id: notebook.id });
    await trashNote(db, gone.id);
    await follower.start();
    expect(find('walrus')).toEqual([kept.id]);
    expect(follower.cursor).toBe(await latestChangeSeq(db));
  });

  it('lets other work run while it builds', async () => {
    const { db, notebook, index, follower } = await setup();
    await writeTransaction(db, ['notes'], {}, async (changes) => {
      for (let i = 0; i < BUILD_CHUNK * 2; i++) {
        const note = { ...noteDefaults(changes.now), id: newId(), parent_id: notebook.id, body: `wren ${i}` };
        await db.notes.add(note);
        changes.log(note.id, ItemType.Note, 'created');
      }
    });
    let sizeSeenMeanwhile = -1;
    const started = follower.start();
    const probe = new Promise<void>((resolve) => {
      const check = () =>
        index.size > 0 ? ((sizeSeenMeanwhile = index.size), resolve()) : setTimeout(check, 0);
      check();
    });
    await Promise.all([started, probe]);
    expect(sizeSeenMeanwhile).toBeGreaterThan(0);
    expect(sizeSeenMeanwhile).toBeLessThan(BUILD_CHUNK * 2);
    expect(index.size).toBe(BUILD_CHUNK * 2);
  });

  it('picks up a created note on catch-up', async () => {
    const { db, notebook, follower, find } = await setup();
    await follower.start();
    const note = await createNote(db, { title: 'New', body: 'otter', parent_id: notebook.id });
    expect(find('otter')).toEqual([]);
    expect(await follower.catchUp()).toBeGreaterThan(0);
    expect(find('otter')).toEqual([note.id]);
  });

  it('replaces the text of an updated note', async () => {
    const { db, notebook, follower, find } = await setup();
    const note = await createNote(db, { body: 'heron', parent_id: notebook.id });
    await follower.start();
    await updateNote(db, note.id, { body: 'egret' });
    await follower.catchUp();
    expect(find('heron')).toEqual([]);
    expect(find('egret')).toEqual([note.id]);
  });

  it('drops a trashed note and brings it back on restore', async () => {
    const { db, notebook, follower, find } = await setup();
    const note = await createNote(db, { body: 'lynx', parent_id: notebook.id });
    await follower.start();
    await trashNote(db, note.id);
    await follower.catchUp();
    expect(find('lynx')).toEqual([]);
    await restoreNote(db, note.id);
    await follower.catchUp();
    expect(find('lynx')).toEqual([note.id]);
  });

  it('follows tags added to and removed from a note', async () => {
    const { db, notebook, follower, find } = await setup();
    const note = await createNote(db, { body: 'x', parent_id: notebook.id });
    await follower.start();
    await addTagsToNote(db, note.id, ['Birds']);
    await follower.catchUp();
    expect(find('tag:birds')).toEqual([note.id]);
    await removeTagsFromNote(db, note.id, ['birds']);
    await follower.catchUp();
    expect(find('tag:birds')).toEqual([]);
  });

  it('re-reads a note whose tag link alone was deleted', async () => {
    const { db, notebook, follower, find } = await setup();
    const note = await createNote(db, { body: 'x', parent_id: notebook.id });
    await addTagsToNote(db, note.id, ['solo']);
    await follower.start();
    await writeTransaction(db, ['note_tags'], {}, async (changes) => {
      const link = await db.note_tags.where('note_id').equals(note.id).first();
      await db.note_tags.delete(link!.id);
      changes.log(link!.id, ItemType.NoteTag, 'deleted');
    });
    await follower.catchUp();
    expect(find('tag:solo')).toEqual([]);
  });

  it('finds notes by a renamed notebook', async () => {
    const { db, notebook, follower, find } = await setup();
    const note = await createNote(db, { body: 'x', parent_id: notebook.id });
    await follower.start();
    await renameNotebook(db, notebook.id, 'Zoology');
    await follower.catchUp();
    expect(find('notebook:zoology')).toEqual([note.id]);
    expect(find('notebook:inbox')).toEqual([]);
  });

  it('finds notes by the MIME type of a linked resource', async () => {
    const { db, notebook, follower, find } = await setup();
    await follower.start();
    const resource = await createResource(db, new Blob(['png'], { type: 'image/png' }), {
      filename: 'a.png'
    });
    const note = await createNote(db, { body: `![a](:/${resource.id})`, parent_id: notebook.id });
    await follower.catchUp();
    expect(find('resource:image/*')).toEqual([note.id]);
  });

  it('rebuilds the same index after a restart', async () => {
    const { db, notebook, follower, find } = await setup();
    await createNote(db, { body: 'bison one', parent_id: notebook.id });
    await follower.start();
    await createNote(db, { body: 'bison two', parent_id: notebook.id });
    await follower.catchUp();
    const again = await setup(db);
    await again.follower.start();
    expect(again.find('bison').sort()).toEqual(find('bison').sort());
  });

  it('sees writes made through another connection (another tab)', async () => {
    const name = `search-follower-${Math.random()}`;
    const { follower, find } = await setup(openDatabase(name));
    await follower.start();
    const otherTab = openDatabase(name);
    const notebook = await createNotebook(otherTab, { title: 'Other' });
    const note = await createNote(otherTab, { body: 'puffin', parent_id: notebook.id });
    await follower.catchUp();
    expect(find('puffin')).toEqual([note.id]);
  });

  it('catches up by itself while following', async () => {
    const { db, notebook, follower, find } = await setup();
    await follower.start();
    const errors: unknown[] = [];
    const stop = follower.follow((e) => errors.push(e));
    const note = await createNote(db, { body: 'gannet', parent_id: notebook.id });
    await vi.waitFor(() => expect(find('gannet')).toEqual([note.id]), { timeout: 3000 });
    stop();
    expect(errors).toEqual([]);
  });

  it('applies more changes than one batch', async () => {
    const { db, notebook, index, follower, find } = await setup();
    await follower.start();
    await writeTransaction(db, ['notes'], {}, async (changes) => {
      for (let i = 0; i < CHANGE_BATCH + 20; i++) {
        const note = { ...noteDefaults(changes.now), id: newId(), parent_id: notebook.id, body: `tern ${i}` };
        await db.notes.add(note);
        changes.log(note.id, ItemType.Note, 'created');
      }
    });
    expect(await follower.catchUp()).toBe(CHANGE_BATCH + 20);
    expect(index.size).toBe(CHANGE_BATCH + 20);
    expect(find('tern')).toHaveLength(100);
  });
});
