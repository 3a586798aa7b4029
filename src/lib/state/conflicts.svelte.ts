/**
 * The conflict copies (made by sync or by a merge; see conflicts-repo.ts in $lib/db): their ids,
 * live, for the `Conflicts` entry of the notebook tree, and what the `Conflict` panel of an open
 * copy needs: the two versions, from the user's side, and the three ways to resolve it.
 */
import { describeWriter, type Writer } from '$lib/core';
import {
  conflictNoteIds,
  conflictVersions,
  resolveConflict,
  type ConflictChoice,
  type ConflictVersions,
  type FolioDatabase
} from '$lib/db';
import { LiveQuery } from './live-query.svelte';
import { tabId } from './tab-id';

/** A conflict copy's two versions, from the user's side, and who wrote the other one. */
export type ConflictSides = ConflictVersions & { mineName: string; theirsName: string };

/** The tab's conflict copies. */
export class SyncConflicts {
  readonly ids: LiveQuery<string[]>;
  readonly #db: FolioDatabase;

  constructor(db: FolioDatabase) {
    this.#db = db;
    this.ids = new LiveQuery(
      () => undefined,
      () => conflictNoteIds(db),
      []
    );
  }

  /** The user's version and the other one, and who wrote that (undefined when the copy is gone). */
  async versions(copyId: string): Promise<ConflictSides | undefined> {
    const versions = await conflictVersions(this.#db, copyId);
    if (!versions) return undefined;
    if (versions.kind === 'sync') return { ...versions, mineName: 'this device', theirsName: 'other device' };
    const name = (writer: Writer | undefined, fallback: string) =>
      writer ? describeWriter(writer, tabId()) : fallback;
    return {
      ...versions,
      mineName: name(versions.mineAuthor, 'an edit'),
      theirsName: name(versions.theirsAuthor, 'another writer')
    };
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
