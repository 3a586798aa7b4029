/**
 * Gives the notes stored before schema version 7 their title sort key (title-sort-middleware.ts
 * keys every note written since), in the background, a batch per short transaction so that a
 * save never waits long behind it. Once every note has its key, a setting says so and the
 * Title order reads the key's index (note-order.ts).
 *
 * It writes through IndexedDB itself, under Dexie: the key is derived from what is stored and
 * changes nothing anyone sees, so it must neither enter the change log nor wake every live
 * query (the note list would re-read itself after each batch). Each batch reads and writes its
 * notes in one transaction, so a note saved meanwhile is never overwritten with older text.
 */
import type { FolioDatabase } from './database';
import { getSetting, setSetting } from './settings-repo';
import { titleSortKey } from './title-sort-key';
import { TITLE_SORT_FIELD } from './title-sort-middleware';

/** The setting that says every stored note has its title sort key. */
export const TITLE_SORT_FILLED = 'db.titleSortFilled';
/** The setting holding the last note id keyed, so that a reload goes on from there. */
const FILLED_UP_TO = 'db.titleSortFilledUpTo';

/** Notes per transaction: a few milliseconds of work each. */
const BATCH = 400;

/** Whether every note has its title sort key (then the Title order may use their index). */
export function titleSortFilled(db: FolioDatabase): Promise<boolean> {
  return getSetting(db, TITLE_SORT_FILLED, false);
}

/**
 * Keys the next `BATCH` notes after `after` and remembers how far it got, in one transaction;
 * resolves to the last id looked at, or null at the end.
 */
function keyBatch(idb: IDBDatabase, after: string | null): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const tx = idb.transaction(['notes', 'settings'], 'readwrite');
    const range = after === null ? null : IDBKeyRange.lowerBound(after, true);
    const request = tx.objectStore('notes').openCursor(range);
    let seen = 0;
    let last: string | null = null;
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor || seen === BATCH) {
        if (last !== null) tx.objectStore('settings').put({ key: FILLED_UP_TO, value: last });
        return;
      }
      const note = cursor.value as { title?: unknown; [TITLE_SORT_FIELD]?: string };
      const key = titleSortKey(String(note.title ?? ''));
      if (note[TITLE_SORT_FIELD] !== key) cursor.update({ ...note, [TITLE_SORT_FIELD]: key });
      last = cursor.primaryKey as string;
      seen += 1;
      cursor.continue();
    };
    tx.oncomplete = () => resolve(seen === BATCH ? last : null);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/**
 * Keys every note that has no title sort key yet, then records that all have one. Stops early
 * when `signal` aborts; the next start goes on after the last batch done.
 */
export async function fillTitleSortKeys(db: FolioDatabase, signal?: AbortSignal): Promise<void> {
  if (await titleSortFilled(db)) return;
  await db.open();
  let after = await getSetting<string | null>(db, FILLED_UP_TO, null);
  do {
    if (signal?.aborted) return;
    after = await keyBatch(db.backendDB(), after);
  } while (after !== null);
  await setSetting(db, TITLE_SORT_FILLED, true);
}
