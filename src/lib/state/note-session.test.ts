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
  let text = body;
  const editor: NoteEditorHandle = {
    getMarkdown: () => text,
    snapshot: () => ({}),
    release: vi.fn(),
    applyStored: vi.fn((_s: object, markdown: string) => ((text = markdown), true)),
    setMarkdown: vi.fn((markdown: string) => void (text = markdown)),
    undo: vi.fn(),
    redo: vi.fn(),
    canUndo: () => false,
    canRedo: () => false,
    focus: vi.fn(),
    replayTyping: vi.fn()
  };
  session.attachEditor(editor);
  /** The user types: the editor's text changes and tells the session. */
  const type = (markdown: string) => {
    text = markdown;
    session.setBody(markdown);
  };
  return { db, note, session, editor, type, text: () => text };
}

describe('NoteSession', () => {
  it('continues a title shown before the note is read (a note just created)', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const note = await createNote(db, { title: 'Groc' });
    const session = new NoteSession(db, note.id);
    session.presetTitle('Groc');
    // What the user types into the Title before the first read goes on from it.
    session.setTitle(`${session.title}eries`);
    await vi.waitFor(() => expect(session.loaded).toBe(true));
    expect(session.title).toBe('Groceries');
    await session.flush();
    expect((await getNote(db, note.id))?.title).toBe('Groceries');
  });

  it('loads the stored title and body', async () => {
    const { session } = await open('hello');
    expect(session.title).toBe('T');
    expect(session.body).toBe('hello');
  });

  it('saves edits on flush', async () => {
    const { db, note, session, type } = await open();
    session.setTitle('New title');
    type('new body');
    await session.flush();
    expect(await getNote(db, note.id)).toMatchObject({ title: 'New title', body: 'new body' });
    expect(session.status).toEqual({ kind: 'saved' });
  });

  it('puts a change made elsewhere into the editor when nothing is unsaved', async () => {
    const { db, note, session, text } = await open();
    await updateNote(db, note.id, { title: 'From another tab', body: 'changed elsewhere' });
    await vi.waitFor(() => expect(text()).toBe('changed elsewhere'));
    expect(session.title).toBe('From another tab');
  });

  it('merges unsaved typing with a change stored elsewhere: both are kept, in the note and the editor', async () => {
    const { db, note, session, type, text } = await open('one\n\ntwo\n\nthree');
    type('one typed\n\ntwo\n\nthree');
    await updateNote(
      db,
      note.id,
      { body: 'one\n\ntwo\n\nthree\n\nsocks' },
      { source: 'mcp', name: 'Claude' }
    );
    await vi.waitFor(async () =>
      expect((await getNote(db, note.id))?.body).toBe('one typed\n\ntwo\n\nthree\n\nsocks')
    );
    await vi.waitFor(() => expect(text()).toBe('one typed\n\ntwo\n\nthree\n\nsocks'));
    expect(session.status).toEqual({ kind: 'saved' });
  });

  it('records a conflict when typing and a stored change touch the same line, keeping the typing', async () => {
    const { db, note, type, text } = await open('one\n\ntwo');
    type('one\n\ntwo typed');
    await updateNote(db, note.id, { body: 'one\n\ntwo changed' }, { source: 'user', tab: 'other-tab' });
    await vi.waitFor(async () => expect(await db.conflicts.get(note.id)).toBeDefined());
    expect(text()).toBe('one\n\ntwo typed');
    expect((await getNote(db, note.id))?.body).toBe('one\n\ntwo typed');
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
