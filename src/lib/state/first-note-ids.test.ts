import { describe, expect, it } from 'vitest';
import { createNote, createNotebook, ensureDefaultNotebook, listNoteIds, trashNote } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { firstNoteIds } from './first-note-ids';

async function seed() {
  const db = freshDb();
  const home = await ensureDefaultNotebook(db);
  const other = await createNotebook(db, { title: 'Other' });
  for (let i = 0; i < 12; i++) {
    const note = await createNote(
      db,
      { title: `n${i}`, parent_id: i % 3 ? home.id : other.id },
      { now: 1000 + i }
    );
    if (i === 5) await trashNote(db, note.id, { now: 5000 });
  }
  return { db, home, other };
}

describe('firstNoteIds', () => {
  it('starts like listNoteIds for all notes', async () => {
    const { db } = await seed();
    expect(await firstNoteIds(db, { kind: 'all' }, 4)).toEqual(
      (await listNoteIds(db, { kind: 'all' })).slice(0, 4)
    );
  });

  it('starts like listNoteIds for a notebook', async () => {
    const { db, home } = await seed();
    const scope = { kind: 'notebook', id: home.id } as const;
    expect(await firstNoteIds(db, scope, 3)).toEqual((await listNoteIds(db, scope)).slice(0, 3));
  });

  it('starts like listNoteIds for the trash', async () => {
    const { db } = await seed();
    expect(await firstNoteIds(db, { kind: 'trash' }, 3)).toEqual(await listNoteIds(db, { kind: 'trash' }));
  });
});
