import { describe, expect, it } from 'vitest';
import { createNote, ensureDefaultNotebook, getNote } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { recoverDrafts, stashDraft, takeDrafts } from './unsaved-drafts';

/** An in-memory Storage with the same key enumeration as localStorage. */
function memoryStorage(): Storage {
  const data: Record<string, string> = {};
  const storage = {
    getItem: (k: string) => (k in data ? data[k] : null),
    setItem: (k: string, v: string) => void (data[k] = v),
    removeItem: (k: string) => void delete data[k],
    clear: () => Object.keys(data).forEach((k) => delete data[k]),
    key: (i: number) => Object.keys(data)[i] ?? null,
    get length() {
      return Object.keys(data).length;
    }
  };
  return new Proxy(storage, {
    ownKeys: () => Object.keys(data),
    getOwnPropertyDescriptor: (_, k) => ({ enumerable: true, configurable: true, value: data[k as string] })
  }) as unknown as Storage;
}

describe('unsaved drafts', () => {
  it('takes every stashed draft once', () => {
    const storage = memoryStorage();
    stashDraft(storage, 'a', { body: 'x' }, 5);
    expect(takeDrafts(storage)).toEqual([{ noteId: 'a', patch: { body: 'x' }, time: 5 }]);
    expect(takeDrafts(storage)).toEqual([]);
  });

  it('saves a draft newer than its note', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const note = await createNote(db, { title: 'T' }, { now: 1000 });
    const storage = memoryStorage();
    stashDraft(storage, note.id, { body: 'typed before reload' }, 2000);
    expect(await recoverDrafts(db, storage)).toBe(1);
    expect((await getNote(db, note.id))?.body).toBe('typed before reload');
  });

  it('drops a draft older than the stored note (the last save wins)', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const note = await createNote(db, { title: 'T', body: 'newer elsewhere' }, { now: 3000 });
    const storage = memoryStorage();
    stashDraft(storage, note.id, { body: 'stale' }, 2000);
    expect(await recoverDrafts(db, storage)).toBe(0);
    expect((await getNote(db, note.id))?.body).toBe('newer elsewhere');
  });

  it('merges a draft with its base into what was stored after it (a reload mid-save)', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const base = 'Intro.\n\nMiddle.\n\nEnd.';
    const note = await createNote(db, { title: 'T', body: base }, { now: 1000 });
    const { updateNote } = await import('$lib/db');
    await updateNote(
      db,
      note.id,
      { body: base.replace('End.', 'End, from another tab.') },
      { source: 'user', tab: 'other', now: 3000 }
    );
    const storage = memoryStorage();
    stashDraft(storage, note.id, { body: base.replace('Intro.', 'Intro, typed before reload.') }, 2000, {
      title: 'T',
      body: base
    });
    expect(await recoverDrafts(db, storage)).toBe(1);
    expect((await getNote(db, note.id))?.body).toBe(
      'Intro, typed before reload.\n\nMiddle.\n\nEnd, from another tab.'
    );
  });
});
