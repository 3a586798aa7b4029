import { describe, expect, it } from 'vitest';
import {
  createNote,
  createNotebook,
  ensureDefaultNotebook,
  fillTitleSortKeys,
  listNoteIds,
  sortedNoteIds,
  trashNote
} from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { FIRST_IDS_COUNT, FIRST_NOTES_COUNT, firstNoteIds, firstRows } from './first-note-ids';

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

describe('firstRows', () => {
  it('reads the first notes of every order with the ids, as the list would show them', async () => {
    const { db, home } = await seed();
    // Until every note has its title sort key, the Title order has no first notes (rows read by id).
    expect((await firstRows(db, { kind: 'all' }, 'title')).summaries.size).toBe(0);
    await fillTitleSortKeys(db);
    for (const sort of ['updated', 'created', 'title'] as const)
      for (const scope of [{ kind: 'all' }, { kind: 'notebook', id: home.id }] as const) {
        const rows = await firstRows(db, scope, sort);
        const ids = await sortedNoteIds(db, scope, sort);
        expect(rows.ids).toEqual(ids);
        expect([...rows.summaries.keys()]).toEqual(ids);
        expect(rows.summaries.get(ids[0])?.title).toMatch(/^n\d+$/);
      }
  });

  it('reads FIRST_NOTES_COUNT notes of a long list, and leaves a conflict copy out of the ids', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    for (let i = 0; i < FIRST_IDS_COUNT + 6; i++) await createNote(db, { title: `n${i}` }, { now: 1000 + i });
    const copy = await createNote(db, { title: 'copy', is_conflict: 1 }, { now: 9000 });
    const rows = await firstRows(db, { kind: 'all' }, 'updated');
    expect(rows.ids).toHaveLength(FIRST_IDS_COUNT);
    expect(rows.ids).not.toContain(copy.id);
    expect(rows.ids).toEqual((await listNoteIds(db, { kind: 'all' })).slice(0, FIRST_IDS_COUNT));
    // The copy is the newest: it is read among the first notes, and no row shows it.
    expect(rows.summaries.size).toBe(FIRST_NOTES_COUNT);
    expect(rows.ids.filter((id) => rows.summaries.has(id))).toHaveLength(FIRST_NOTES_COUNT - 1);
  });

  it('reads no notes for the trash: its rows are read by id', async () => {
    const { db } = await seed();
    const rows = await firstRows(db, { kind: 'trash' }, 'updated');
    expect(rows.ids).toHaveLength(1);
    expect(rows.summaries.size).toBe(0);
  });
});
