import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteDefaults } from '$lib/core';
import { createNote, ensureDefaultNotebook, putImportBatch, type FolioDatabase } from '$lib/db';
import { freshDb } from '../tests/fresh-db';
import { FullTextService, MANY_CHANGES, SAVE_DELAY_MS, SAVE_SOON_MS } from './full-text';

// Only the save timer is faked: the database (fake-indexeddb, Dexie) keeps its own scheduling.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** `count` notes written as one import batch (one logged change each). */
async function importNotes(db: FolioDatabase, count: number, from = 0): Promise<void> {
  const parent = await ensureDefaultNotebook(db);
  const notes = Array.from({ length: count }, (_, i) => ({
    ...noteDefaults(1000 + from + i),
    id: (from + i).toString(16).padStart(32, '0'),
    parent_id: parent.id,
    title: `Imported ${from + i}`,
    body: `word${from + i}`
  }));
  await putImportBatch(db, { folders: [], notes, tags: [], noteTags: [], resources: [] });
}

/** A service started from a stored snapshot of the database as it is now. */
async function startedFromSnapshot(db: FolioDatabase): Promise<FullTextService> {
  const first = new FullTextService(db);
  await first.ready;
  await first.saveNow();
  first.stop();
  const service = new FullTextService(db);
  await service.ready;
  expect(service.follower.started?.kind).toBe('snapshot');
  return service;
}

describe('when the full-text snapshot is saved', () => {
  it('saves soon after a rebuild, so a start right after it need not rebuild again', async () => {
    const db = freshDb();
    await importNotes(db, 20);
    const service = new FullTextService(db);
    const save = vi.spyOn(service.follower, 'save');
    await service.ready;
    expect(service.follower.started?.kind).toBe('rebuilt');
    await vi.advanceTimersByTimeAsync(SAVE_SOON_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    service.stop();
  });

  it('waits for a pause after a few changes, as while typing', async () => {
    const db = freshDb();
    await importNotes(db, 5);
    const service = await startedFromSnapshot(db);
    const save = vi.spyOn(service.follower, 'save');
    await createNote(db, { title: 'Typed', body: 'one change' });
    expect(await service.catchUp()).toBe(1);
    await vi.advanceTimersByTimeAsync(SAVE_SOON_MS);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - SAVE_SOON_MS);
    expect(save).toHaveBeenCalledTimes(1);
    service.stop();
  });

  it('saves soon after many changes, as after an import', async () => {
    const db = freshDb();
    await importNotes(db, 5);
    const service = await startedFromSnapshot(db);
    const save = vi.spyOn(service.follower, 'save');
    await importNotes(db, MANY_CHANGES, 100);
    expect(await service.catchUp()).toBe(MANY_CHANGES);
    await vi.advanceTimersByTimeAsync(SAVE_SOON_MS);
    expect(save).toHaveBeenCalledTimes(1);
    service.stop();
  });
});
