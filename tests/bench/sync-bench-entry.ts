/**
 * The sync benchmark's page code, bundled by sync-bench.mjs: seeds a library on the browser's real
 * IndexedDB, then times Folio's sync engine against the WebDAV server (first sync up, first sync
 * down into a second database, one changed note), sampling the JS heap during the first sync.
 */
import { ItemType, newId, noteDefaults, type Note, type Notebook } from '$lib/core';
import { openDatabase, putImportBatch, updateNote } from '$lib/db';
import { runSync, WebDavDriver } from '$lib/sync';

type Memory = { usedJSHeapSize: number };
const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return (performance as unknown as { memory?: Memory }).memory?.usedJSHeapSize ?? 0;
};

/** Options: the target folder's URL and account. */
export interface Target {
  url: string;
  username: string;
  password: string;
}

const driver = (t: Target) => new WebDavDriver({ ...t, retryDelaysMs: [200, 1000] });

/** The driver, counting its calls and the time spent waiting on each kind (summed over concurrent calls). */
function timed(inner: WebDavDriver) {
  const totals: Record<string, { n: number; ms: number }> = {};
  const driver = new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return async (...a: unknown[]) => {
        const t = performance.now();
        try {
          return await value.apply(target, a);
        } finally {
          const total = (totals[key] ??= { n: 0, ms: 0 });
          total.n++;
          total.ms += performance.now() - t;
        }
      };
    }
  });
  return { driver, totals };
}

/** Seeds `notes` notes in 20 notebooks (bodies of a few hundred bytes) into database `name`. */
export async function seed(name: string, notes: number): Promise<string> {
  const db = openDatabase(name);
  const t = Date.now() - 60_000;
  const folders: Notebook[] = Array.from({ length: 20 }, (_, i) => ({
    id: newId(),
    title: `Notebook ${i}`,
    parent_id: '',
    created_time: t,
    updated_time: t,
    user_created_time: t,
    user_updated_time: t,
    icon: '',
    deleted_time: 0
  }));
  const all: Note[] = Array.from({ length: notes }, (_, i) => ({
    ...noteDefaults(t + i),
    id: newId(),
    parent_id: folders[i % 20].id,
    title: `Note ${i}`,
    body: `# Note ${i}\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4)}\n\n- [ ] item ${i}\n`
  }));
  for (let i = 0; i < all.length; i += 1000) {
    await putImportBatch(db, {
      folders: i ? [] : folders,
      notes: all.slice(i, i + 1000),
      tags: [],
      noteTags: [],
      resources: []
    });
  }
  db.close();
  return all[0].id;
}

/** One sync of database `name` with the target; time in ms, JS heap growth peak in bytes. */
export async function sync(name: string, target: Target) {
  const db = openDatabase(name);
  await db.open();
  const base = heap();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, heap())), 250);
  const phases: Record<string, number> = {};
  let phase = '';
  let since = performance.now();
  const onProgress = ({ phase: next }: { phase: string }) => {
    if (next === phase) return;
    const now = performance.now();
    if (phase) phases[phase] = (phases[phase] ?? 0) + now - since;
    phase = next;
    since = now;
  };
  const calls = timed(driver(target));
  const t0 = performance.now();
  const report = await runSync({ db, driver: calls.driver, targetKey: `bench ${target.url}`, onProgress });
  const ms = performance.now() - t0;
  onProgress({ phase: '' });
  clearInterval(sampler);
  peak = Math.max(peak, heap());
  const notes = await db.notes.count();
  db.close();
  return {
    ms,
    heapBase: base,
    heapPeak: peak,
    uploaded: report.uploaded,
    downloaded: report.downloaded,
    problems: report.problems.length,
    notes,
    phases,
    requests: calls.totals
  };
}

/** Changes one note's body. */
export async function touch(name: string, id: string): Promise<void> {
  const db = openDatabase(name);
  await updateNote(db, id, { body: `changed at ${Date.now()}` });
  db.close();
}

export { ItemType };
