import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import {
  createNote,
  ensureDefaultNotebook,
  listRevisions,
  restoreRevision,
  updateNote,
  REVISION_INTERVAL_MS,
  getNote
} from '$lib/db';

async function noteWith(body: string) {
  const db = freshDb();
  await ensureDefaultNotebook(db);
  const note = await createNote(db, { title: 'T', body }, { now: 0 });
  return { db, note };
}

describe('revisions', () => {
  it('saves the old version before the first edit of a session', async () => {
    const { db, note } = await noteWith('one');
    await updateNote(db, note.id, { body: 'two' }, { now: 1000 });
    const revisions = await listRevisions(db, note.id);
    expect(revisions.map((r) => r.body)).toEqual(['one']);
  });

  it('takes at most one revision per 10 minutes of the user typing', async () => {
    const { db, note } = await noteWith('v0');
    for (let i = 1; i <= 5; i++) await updateNote(db, note.id, { body: `v${i}` }, { now: i * 60_000 });
    expect(await listRevisions(db, note.id)).toHaveLength(1);
    await updateNote(db, note.id, { body: 'later' }, { now: 60_000 + REVISION_INTERVAL_MS });
    expect((await listRevisions(db, note.id)).map((r) => r.body)).toEqual(['v5', 'v0']);
  });

  it('always saves a revision before a change from the AI, labelled as such', async () => {
    const { db, note } = await noteWith('mine');
    await updateNote(db, note.id, { body: 'typed' }, { now: 1000 });
    await updateNote(db, note.id, { body: 'ai wrote' }, { now: 2000, source: 'ai', label: 'update_note' });
    const [latest] = await listRevisions(db, note.id);
    expect(latest).toMatchObject({ body: 'typed', source: 'ai', label: 'update_note' });
  });

  it('does not save a revision when neither title nor body changes', async () => {
    const { db, note } = await noteWith('same');
    await updateNote(db, note.id, { todo_completed: 5 }, { now: 1000, source: 'ai' });
    expect(await listRevisions(db, note.id)).toHaveLength(0);
  });

  it('restores an old version and keeps the current one as a revision', async () => {
    const { db, note } = await noteWith('first');
    await updateNote(db, note.id, { body: 'second' }, { now: 1000, source: 'ai' });
    const [old] = await listRevisions(db, note.id);
    await restoreRevision(db, old.id, { now: 2000 });
    expect((await getNote(db, note.id))?.body).toBe('first');
    expect((await listRevisions(db, note.id))[0].body).toBe('second');
  });
});
