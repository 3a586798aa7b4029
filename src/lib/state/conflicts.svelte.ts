/**
 * The conflict copies sync made (see conflicts-repo.ts in $lib/db): their ids, live, for the
 * `Conflicts` entry of the notebook tree, and what the `Conflict` panel of an open copy needs:
 * the other version (the note it was copied from) and the three ways to resolve it.
 */
import { conflictNoteIds, conflictOriginal, getNote, resolveConflict, type ConflictChoice, type FolioDatabase } from '$lib/db';
import type { Note } from '$lib/core';
import { LiveQuery } from './live-query.svelte';

/** The tab's conflict copies. */
export class SyncConflicts {
  readonly ids: LiveQuery<string[]>;
  readonly #db: FolioDatabase;

  constructor(db: FolioDatabase) {
    this.#db = db;
    this.ids = new LiveQuery(() => undefined, () => conflictNoteIds(db), []);
  }

  /** The copy and the version it competes with (undefined when that note is gone). */
  async versions(copyId: string): Promise<{ mine: Note | undefined; theirs: Note | undefined }> {
    const mine = await getNote(this.#db, copyId);
    return { mine, theirs: mine ? await conflictOriginal(this.#db, mine) : undefined };
  }

  /** Resolves a copy; resolves with the id of the note to show next. */
  resolve(copyId: string, choice: ConflictChoice): Promise<string> {
    return resolveConflict(this.#db, copyId, choice);
  }

  destroy(): void {
    this.ids.destroy();
  }
}

let shared: SyncConflicts | null = null;

/** The tab's conflicts (one per tab). */
export function syncConflictsFor(db: FolioDatabase): SyncConflicts {
  shared ??= new SyncConflicts(db);
  return shared;
}
