import { describe, expect, it } from 'vitest';
import { createNotebook, readChangesSince, trashNotebook } from '$lib/db';
import { freshDb } from '../../../../tests/fresh-db';
import { createToolRegistry } from '../registry';
import { payloadOf, textOf, toolBench, wordSearch } from '../tool-test-kit';
import { registerBuiltinTools } from '.';

describe('create_note', () => {
  it('creates a note in the default notebook, marked as written by the AI', async () => {
    const { db, call, notebookId } = await toolBench();
    const payload = payloadOf(await call('create_note', { title: 'Packing', body: '- socks' }));
    expect(payload).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      title: 'Packing',
      notebook_id: notebookId
    });
    expect(await db.notes.get(payload.id)).toMatchObject({
      title: 'Packing',
      body: '- socks',
      is_todo: 0,
      parent_id: notebookId
    });
    const changes = await readChangesSince(db, 0, 100);
    expect(changes.find((c) => c.item_id === payload.id)).toMatchObject({ kind: 'created', source: 'ai' });
  });

  it('creates a to-do in the notebook named', async () => {
    const { db, call } = await toolBench();
    const travel = await createNotebook(db, { title: 'Travel' });
    const payload = payloadOf(
      await call('create_note', { title: 'Book train', notebook_id: travel.id, is_todo: true })
    );
    expect(payload.notebook_id).toBe(travel.id);
    expect((await db.notes.get(payload.id))!.is_todo).toBe(1);
  });

  it('reports an unknown or trashed notebook and creates nothing', async () => {
    const { db, call } = await toolBench();
    const old = await createNotebook(db, { title: 'Old' });
    await trashNotebook(db, old.id);
    expect(textOf(await call('create_note', { title: 'A', notebook_id: 'a'.repeat(32) }))).toMatch(
      /^No notebook with id a{32}\. Use list_notebooks/
    );
    expect(textOf(await call('create_note', { title: 'A', notebook_id: old.id }))).toContain(
      '(it is in the trash)'
    );
    expect(await db.notes.count()).toBe(0);
  });

  it('says to create a notebook first when the workspace has none', async () => {
    const db = freshDb();
    const registry = createToolRegistry();
    registerBuiltinTools(registry);
    const result = await registry.call(
      'create_note',
      { title: 'A' },
      { db, search: wordSearch(db), source: 'ai' }
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('There is no notebook to put the note in. Create a notebook first.');
  });

  it('refuses a body of 5 MB and says the limit', async () => {
    const { db, call } = await toolBench();
    const result = await call('create_note', { title: 'Huge', body: 'x'.repeat(5 * 1024 * 1024) });
    expect(textOf(result)).toBe(
      'Invalid arguments for create_note: body: must be at most 1000000 characters (got 5242880).'
    );
    expect(await db.notes.count()).toBe(0);
  });

  it('refuses a missing or blank title', async () => {
    const { call } = await toolBench();
    expect(textOf(await call('create_note', { body: 'x' }))).toBe(
      'Invalid arguments for create_note: title: required.'
    );
    expect(textOf(await call('create_note', { title: '  ' }))).toBe(
      'title: must contain text, not only spaces.'
    );
  });
});
