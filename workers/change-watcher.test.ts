import { afterEach, describe, expect, it } from 'vitest';
import {
  createNote,
  ensureDefaultNotebook,
  latestChangeSeq,
  openDatabase,
  type FolioDatabase
} from '$lib/db';
import { freshDb } from '../tests/fresh-db';
import { watchChanges } from './change-watcher';
import { createWorkspaceServices, type WorkspaceServices } from './services';

let db: FolioDatabase;
let other: FolioDatabase | undefined;
let stop: (() => void) | undefined;
let services: WorkspaceServices | undefined;

afterEach(async () => {
  stop?.();
  services?.stop();
  other?.close();
  await db?.delete();
  stop = services = other = undefined;
});

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 4_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('watchChanges', () => {
  it('reports a write made through another connection to the same database', async () => {
    db = freshDb();
    await ensureDefaultNotebook(db);
    const seen: number[] = [];
    stop = watchChanges(
      db,
      await latestChangeSeq(db),
      (seq) => seen.push(seq),
      (error) => {
        throw error;
      }
    );
    other = openDatabase(db.name);
    await createNote(other, { title: 'From another tab' });
    await until(() => seen.length > 0);
    expect(seen.at(-1)).toBe(await latestChangeSeq(db));
  });

  it('does not report changes up to the seq it starts from', async () => {
    db = freshDb();
    await ensureDefaultNotebook(db);
    const seen: number[] = [];
    stop = watchChanges(
      db,
      await latestChangeSeq(db),
      (seq) => seen.push(seq),
      () => {}
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([]);
  });
});

describe('services following the log', () => {
  it('embeds a note written after the semantic index caught up, without being asked', async () => {
    db = freshDb();
    await ensureDefaultNotebook(db);
    services = await createWorkspaceServices(db);
    await services.semantic.configure({ kind: 'hashed-ngram' });
    await until(() => !services!.semantic.snapshot().indexing);
    const note = await createNote(db, { title: 'Written later', body: 'lighthouse keeper' });
    await until(async () =>
      (await services!.semantic.search!.search('lighthouse keeper', { relevance: 'loose' })).some(
        (h) => h.note_id === note.id
      )
    );
  });
});
