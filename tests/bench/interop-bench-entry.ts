/**
 * The interop benchmark's page code, bundled by interop-bench.mjs: builds a synthetic JEX, then
 * times Folio's import and export of it on the browser's real IndexedDB, sampling the JS heap.
 */
import { openDatabase } from '$lib/db';
import { exportLibrary, importFiles } from '$lib/interop';
import { packJex, syntheticRawFiles } from '../interop/synthetic-jex';

/** Builds the benchmark archive. */
export async function makeJex(notes: number): Promise<Uint8Array> {
  return packJex(syntheticRawFiles(notes, 20));
}

type Memory = { usedJSHeapSize: number };
/** The live JS heap: collected first when the page may call gc (Chromium --js-flags=--expose-gc). */
const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return (performance as unknown as { memory?: Memory }).memory?.usedJSHeapSize ?? 0;
};

/** Imports then exports `jex` in a fresh database; times in ms, heap in bytes. */
export async function run(jex: Uint8Array, dbName: string) {
  const db = openDatabase(dbName);
  await db.open();
  const base = heap();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, heap())), 250);
  const t0 = performance.now();
  const report = await importFiles(db, [
    { name: 'bench.jex', blob: new Blob([jex as Uint8Array<ArrayBuffer>]) }
  ]);
  const importMs = performance.now() - t0;
  clearInterval(sampler);
  const t1 = performance.now();
  const file = await exportLibrary(db, { format: 'jex' });
  const exportMs = performance.now() - t1;
  const notes = await db.notes.count();
  db.close();
  return {
    importMs,
    exportMs,
    notes,
    problems: report.problems.length,
    exportBytes: file.blob.size,
    heapBase: base,
    heapPeak: peak
  };
}
