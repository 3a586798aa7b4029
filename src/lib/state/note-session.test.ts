// NoteSession's plain logic (no effects): Node compiles runes for the server, where $state fields are
// plain fields, and the session follows its note with Dexie's liveQuery directly.
import { describe, expect, it, vi } from 'vitest';
import { createNote, ensureDefaultNotebook, getNote, trashNote, updateNote } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import type { NoteEditorHandle } from './editor-handle';
import { NoteSession } from './note-session.svelte';

async function open(body = 'first') {
  const db = freshDb();
  await ensureDefaultNotebook(db);
  const note = await createNote(db, { title: 'T', body });
  const session = new NoteSession(db, note.id);
  await vi.waitFor(() => expect(session.loaded).toBe(true));
  const editor: NoteEditorHandle = {
    setMarkdown: vi.fn(),
    undo: vi.fn(),
    redo: vi.fn(),
    canUndo: () => false,
    canRedo: () => false,
    focus: vi.fn()
  };
  session.attachEditor(editor);
  return { db, note, session, editor };
}

describe('NoteSession', () => {
  it('loads the stored title and body', async () => {
    const { session } = await open('hello');
    expect(session.title).toBe('T');
    expect(session.body).toBe('hello');
  });

  it('saves edits on flush', async () => {
    const { db, note, session } = await open();
    session.setTitle('New title');
    session.setBody('new body');
    await session.flush();
    expect(await getNote(db, note.id)).toMatchObject({ title: 'New title', body: 'new body' });
    expect(session.status).toEqual({ kind: 'saved' });
  });

  it('puts a change made elsewhere into the editor when nothing is unsaved', async () => {
    const { db, note, session, editor } = await open();
    await updateNote(db, note.id, { title: 'From another tab', body: 'changed elsewhere' });
    await vi.waitFor(() => expect(editor.setMarkdown).toHaveBeenCalledWith('changed elsewhere'));
    expect(session.title).toBe('From another tab');
  });

  it('keeps unsaved typing when the note changes elsewhere, and its save wins', async () => {
    const { db, note, session, editor } = await open();
    session.setBody('typed here');
    await updateNote(db, note.id, { body: 'changed elsewhere' });
    await new Promise((r) => setTimeout(r, 50));
    expect(editor.setMarkdown).not.toHaveBeenCalled();
    await session.flush();
    expect((await getNote(db, note.id))?.body).toBe('typed here');
  });

  it('marks itself gone when the note is moved to the trash elsewhere', async () => {
    const { db, note, session } = await open();
    await trashNote(db, note.id);
    await vi.waitFor(() => expect(session.gone).toBe(true));
  });

  it('saves a to-do change at once', async () => {
    const { db, note, session } = await open();
    await session.setTodo(true);
    await session.setCompleted(true);
    const stored = await getNote(db, note.id);
    expect(stored?.is_todo).toBe(1);
    expect(stored?.todo_completed).toBeGreaterThan(0);
  });
});
