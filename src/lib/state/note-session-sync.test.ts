// A remote change that sync brings to the note open in the editor is merged with the typing not yet
// saved (the editor's save carries its base: db's saveNoteEdit), never written over it; the version
// sync replaced stays in History, named as sync's.
import { describe, expect, it, vi } from 'vitest';
import { createNote, ensureDefaultNotebook, getNote, listRevisions } from '$lib/db';
import { applyRemoteItems } from '$lib/sync/apply-remote';
import { freshDb } from '../../../tests/fresh-db';
import type { NoteEditorHandle } from './editor-handle';
import { NoteSession } from './note-session.svelte';

describe('a remote change to the open note', () => {
  it('is merged into the editor with the unsaved typing; the replaced version is kept in History', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const note = await createNote(db, { title: 'Plan', body: 'one\n\ntwo\n\nthree' });
    const session = new NoteSession(db, note.id);
    await vi.waitFor(() => expect(session.loaded).toBe(true));
    let text = note.body;
    const editor = {
      getMarkdown: () => text,
      snapshot: () => ({}),
      applyStored: vi.fn((_s: object, markdown: string) => ((text = markdown), true)),
      setMarkdown: vi.fn((markdown: string) => void (text = markdown)),
      canUndo: () => false,
      canRedo: () => false
    } as Partial<NoteEditorHandle> as NoteEditorHandle;
    session.attachEditor(editor);

    // The user types in the first paragraph; nothing is saved yet.
    text = 'one typed\n\ntwo\n\nthree';
    session.setBody(text);
    // Sync stores the other device's version (it changed the last paragraph), as the engine does.
    const remote = {
      ...note,
      body: 'one\n\ntwo\n\nthree from Joplin',
      updated_time: note.updated_time + 5000
    };
    const skipped = await applyRemoteItems(
      db,
      [{ type: 1, record: remote, expect: note.updated_time }],
      [{ item_id: note.id, item_type: 1, updated_time: remote.updated_time, fingerprint: 'etag-1' }]
    );
    expect(skipped).toEqual([]);

    const merged = 'one typed\n\ntwo\n\nthree from Joplin';
    await vi.waitFor(async () => expect((await getNote(db, note.id))?.body).toBe(merged));
    await vi.waitFor(() => expect(text).toBe(merged));
    expect(await db.conflicts.get(note.id)).toBeUndefined();
    const revisions = await listRevisions(db, note.id);
    expect(revisions.find((r) => r.source === 'sync')).toMatchObject({
      body: 'one\n\ntwo\n\nthree',
      label: 'Before sync'
    });
    // The remote version, replaced by the merge, is in History too.
    expect(revisions.map((r) => r.body)).toContain('one\n\ntwo\n\nthree from Joplin');
  });
});
