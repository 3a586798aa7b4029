/**
 * Seeding the app's IndexedDB ('folio') with notes from a Playwright page, as an import would
 * leave them: raw IndexedDB writes of records in the exact shape of core/records.ts `Note`, after
 * the app itself created the schema. Plain JavaScript so both the browser specs (e2e/) and the
 * Node benchmarks (tests/bench/) can import it; records.ts is TypeScript, which Node 20 cannot load,
 * so the field list is repeated here (keep it in step with `noteDefaults` there).
 */

/**
 * A stored note record: `id`, `parent_id`, every other `Note` field from `fields` or its default.
 * `time` (ms) fills the four timestamps that `fields` leaves out; fields `Note` has not are dropped.
 * @param {{ id: string, parent_id: string, time?: number } & Record<string, unknown>} fields
 */
export function noteRecord({ id, parent_id, time = 0, ...fields }) {
  /** @type {Record<string, unknown>} */
  const record = {
    id,
    parent_id,
    title: '',
    body: '',
    created_time: time,
    updated_time: time,
    user_created_time: time,
    user_updated_time: time,
    is_todo: 0,
    todo_due: 0,
    todo_completed: 0,
    source_url: '',
    author: '',
    latitude: 0,
    longitude: 0,
    altitude: 0,
    markup_language: 1,
    is_conflict: 0,
    deleted_time: 0
  };
  for (const key of Object.keys(record)) if (fields[key] !== undefined) record[key] = fields[key];
  return record;
}

/**
 * Writes `records` into the notes store of the page's 'folio' database, in one transaction. They
 * lack the title sort key the app's own writes add (db/title-sort-middleware.ts), as the notes of
 * a Folio before it did; so the same transaction clears the settings that say every note has its
 * key, and the worker keys them at its next start (db/title-sort-backfill.ts), as it would those.
 * @param {import('@playwright/test').Page} page
 * @param {Record<string, unknown>[]} records
 * @returns {Promise<void>}
 */
export function putNotes(page, records) {
  return page.evaluate(async (notes) => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('folio');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction(['notes', 'settings'], 'readwrite');
    for (const note of notes) tx.objectStore('notes').put(note);
    for (const key of ['db.titleSortFilled', 'db.titleSortFilledUpTo'])
      tx.objectStore('settings').delete(key);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, records);
}

/** The setting the worker writes once every note has its title sort key (db/title-sort-backfill.ts). */
const TITLE_SORT_FILLED = 'db.titleSortFilled';

/**
 * Whether the page's database says every note has its title sort key. Polled from Node by its
 * callers: Playwright's waitForFunction takes a returned promise for a yes at once.
 * @param {import('@playwright/test').Page} page
 * @returns {Promise<boolean>}
 */
export function titleSortKeyed(page) {
  return page.evaluate(
    (key) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('folio');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('settings').objectStore('settings').get(key);
          get.onsuccess = () => {
            db.close();
            resolve(get.result?.value === true);
          };
        };
      }),
    TITLE_SORT_FILLED
  );
}
