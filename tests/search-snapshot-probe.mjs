/**
 * From a Playwright page of the app: whether the stored full-text snapshot covers the whole change
 * log (the worker saves it in the background, a few seconds after the last change), and dropping
 * it (to time a start that must rebuild). Plain JavaScript for the browser specs and benchmarks.
 */

/** @param {import('@playwright/test').Page} page */
export function snapshotCoversLog(page) {
  return page.evaluate(async () => {
    const read = (request) =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const db = await read(indexedDB.open('folio'));
    const tx = db.transaction(['search_index', 'changes']);
    const snapshot = await read(tx.objectStore('search_index').get('full-text'));
    const last = await read(tx.objectStore('changes').openCursor(null, 'prev'));
    db.close();
    return !!snapshot && snapshot.seq === (last?.value.seq ?? 0);
  });
}

/** @param {import('@playwright/test').Page} page */
export function dropSnapshot(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('folio');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction('search_index', 'readwrite');
    tx.objectStore('search_index').delete('full-text');
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
}
