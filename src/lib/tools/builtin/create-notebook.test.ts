import { describe, expect, it } from 'vitest';
import { createNotebook, readChangesSince, trashNotebook } from '$lib/db';
import { payloadOf, textOf, toolBench } from '../tool-test-kit';

describe('create_notebook', () => {
  it('creates a top-level notebook, marked as written by the AI', async () => {
    const { db, call } = await toolBench();
    const payload = payloadOf(await call('create_notebook', { title: 'Travel' }));
    expect(payload).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      title: 'Travel',
      parent_id: null
    });
    expect((await db.folders.get(payload.id))!.parent_id).toBe('');
    const changes = await readChangesSince(db, 0, 100);
    expect(changes.find((c) => c.item_id === payload.id)).toMatchObject({ source: 'ai' });
  });

  it('creates a notebook inside parent_id', async () => {
    const { db, call } = await toolBench();
    const travel = await createNotebook(db, { title: 'Travel' });
    expect(
      payloadOf(await call('create_notebook', { title: 'Europe', parent_id: travel.id })).parent_id
    ).toBe(travel.id);
  });

  it('reports an unknown or trashed parent and creates nothing', async () => {
    const { db, call } = await toolBench();
    const old = await createNotebook(db, { title: 'Old' });
    await trashNotebook(db, old.id);
    const before = await db.folders.count();
    expect(textOf(await call('create_notebook', { title: 'X', parent_id: 'b'.repeat(32) }))).toMatch(
      /^No notebook with id b{32}\./
    );
    expect((await call('create_notebook', { title: 'X', parent_id: old.id })).isError).toBe(true);
    expect(await db.folders.count()).toBe(before);
  });

  it('refuses a blank or overlong title', async () => {
    const { call } = await toolBench();
    expect(textOf(await call('create_notebook', { title: ' ' }))).toBe(
      'title: must contain text, not only spaces.'
    );
    expect(textOf(await call('create_notebook', { title: 't'.repeat(1001) }))).toContain(
      'title: must be at most 1000 characters (got 1001)'
    );
  });
});
