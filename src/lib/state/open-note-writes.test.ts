// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNote, ensureDefaultNotebook, getNote, getNoteTags, listRevisions } from '$lib/db';
import { acceptEdits, createEditor, pendingProposals, reviewPlugin, type FolioEditor } from '$lib/editor';
import { freshDb } from '../../../tests/fresh-db';
import { NoteSession } from './note-session.svelte';
import { NoteSuggestions } from './note-suggestions.svelte';
import { proposeOpenNoteWrite } from './open-note-writes';

let editor: FolioEditor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

async function openNote(body: string) {
  const db = freshDb();
  await ensureDefaultNotebook(db);
  const note = await createNote(db, { title: 'Packing list', body });
  const session = new NoteSession(db, note.id);
  await vi.waitFor(() => expect(session.loaded).toBe(true));
  const host = document.createElement('div');
  editor = createEditor(host, {
    markdown: session.body,
    onChange: (md) => session.setBody(md),
    plugins: [reviewPlugin()]
  });
  session.attachEditor(editor);
  const cards = new NoteSuggestions();
  let n = 0;
  const target = { editor, session, db, cards, newId: () => `edit-${++n}` };
  return {
    db,
    note,
    session,
    editor,
    cards,
    call: (name: string, args: Record<string, unknown>) => proposeOpenNoteWrite(target, name, args)
  };
}

describe('the assistant writing to the open note', () => {
  it('proposes an append on the text as typed, unsaved typing included; nothing is stored until accepted', async () => {
    const { db, note, editor, session, call } = await openNote('- tent');
    editor.view.dispatch(
      editor.view.state.tr.insertText('\n- stove', editor.view.state.doc.content.size - 1)
    );
    const typed = editor.getMarkdown();
    const result = await call('update_note', { id: note.id, append: '- socks' });
    expect(result.structuredContent).toMatchObject({ status: 'pending', editId: 'edit-1' });
    expect(result.content[0].text).toMatch(/accepts or rejects/);
    expect(pendingProposals(editor.view.state)).toHaveLength(1);
    expect(editor.getMarkdown()).toBe(typed);
    acceptEdits('all')(editor.view.state, editor.view.dispatch);
    expect(editor.getMarkdown()).toBe(`${typed}\n\n- socks`);
    await session.flush();
    expect((await getNote(db, note.id))?.body).toBe(`${typed}\n\n- socks`);
  });

  it('refuses a replace_text that is not in the open note, proposing nothing', async () => {
    const { editor, note, call } = await openNote('- tent');
    const result = await call('update_note', {
      id: note.id,
      replace_text: { find: 'socks', replace: 'boots' }
    });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/not found/);
    expect(pendingProposals(editor.view.state)).toHaveLength(0);
  });

  it('turns a rename, tags and the trash into cards that change nothing until accepted', async () => {
    const { db, note, cards, call } = await openNote('- tent');
    await call('update_note', { id: note.id, title: 'Trip packing' });
    await call('manage_tags', { note_id: note.id, add: ['travel'] });
    await call('delete_note', { id: note.id });
    expect(cards.items.map((c) => c.description)).toEqual([
      'Rename the note to “Trip packing”',
      'Add the tags “travel”',
      'Move this note to the trash (it can be restored from there)'
    ]);
    expect(await getNote(db, note.id)).toMatchObject({ title: 'Packing list', deleted_time: 0 });
    await cards.items[0].apply();
    await cards.items[1].apply();
    expect((await getNote(db, note.id))?.title).toBe('Trip packing');
    expect((await getNoteTags(db, note.id)).map((t) => t.title)).toEqual(['travel']);
    expect((await listRevisions(db, note.id))[0]).toMatchObject({
      title: 'Packing list',
      label: 'Accepted AI edit'
    });
  });
});
