// Workspace commands (plain methods; the live lists need effects, which Node tests do not run).
import { describe, expect, it } from 'vitest';
import { createNotebook, ensureDefaultNotebook, getNote } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { Workspace } from './workspace.svelte';

async function workspace() {
  const db = freshDb();
  await ensureDefaultNotebook(db);
  return new Workspace(db);
}

describe('Workspace', () => {
  it('creates a note in the selected notebook and opens it', async () => {
    const ws = await workspace();
    const work = await createNotebook(ws.db, { title: 'Work' });
    ws.selectScope({ kind: 'notebook', id: work.id });
    const id = await ws.newNote();
    expect((await getNote(ws.db, id!))?.parent_id).toBe(work.id);
    expect(ws.session?.id).toBe(id);
    expect(ws.pane).toBe('note');
  });

  it('leaves the trash for All notes when a note is created there', async () => {
    const ws = await workspace();
    ws.selectScope({ kind: 'trash' });
    await ws.newNote();
    expect(ws.scope).toEqual({ kind: 'all' });
  });

  it('moves the open note to the trash and closes it', async () => {
    const ws = await workspace();
    const id = await ws.newNote();
    await ws.deleteOpenNote();
    expect((await getNote(ws.db, id!))?.deleted_time).toBeGreaterThan(0);
    expect(ws.session).toBeNull();
    expect(ws.pane).toBe('notes');
  });

  it('lists the search results in the order given while a search is typed', async () => {
    const ws = await workspace();
    ws.setSearchQuery('fox');
    expect(ws.listIds).toEqual([]);
    ws.setSearchResults(['b', 'a', 'c']);
    expect(ws.listIds).toEqual(['b', 'a', 'c']);
    ws.setSearchQuery('fox jumps');
    expect(ws.listIds).toEqual(['b', 'a', 'c']);
    ws.setSearchQuery('');
    expect(ws.searchResults).toBeNull();
  });

  it('goes back from the note to the list to the notebooks on a phone', async () => {
    const ws = await workspace();
    await ws.newNote();
    ws.back();
    expect(ws.pane).toBe('notes');
    ws.back();
    expect(ws.pane).toBe('notebooks');
  });
});
