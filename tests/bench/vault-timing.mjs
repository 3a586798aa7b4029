/**
 * The steps bench:vault times: an archive imported through the Import dialog, and each start of
 * the app: the time from a navigation to the first answer of a search typed as soon as the search
 * box takes input, the app's `folio:*` marks on the way (page and workspace worker, on the page's
 * clock), and the workspace worker's memory after it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vaultWord } from '../vault-archives.mjs';

/** Imports archive `bytes` (file `name`) through the Import dialog; resolves to its time and summary. */
export async function importThroughDialog(page, name, bytes) {
  await page.getByRole('button', { name: 'New note', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  const t = Date.now();
  // Playwright passes a buffer of at most 50 MB (a 50,000-note JEX is larger): the archive goes as a file.
  const dir = mkdtempSync(join(tmpdir(), 'folio-vault-'));
  try {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    await dialog.getByLabel('Import file', { exact: true }).setInputFiles(file);
    const summary = dialog.getByRole('status');
    await summary.getByText(/^Imported/).waitFor({ timeout: 1_800_000 });
    const importMs = Date.now() - t;
    const text = await summary.innerText();
    const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    return { importMs, complete: text.includes('Import complete'), notesLine: text.split('\n')[0], heap };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Resolves once `check()` holds, polling every 0.5 s; throws after `timeoutMs`. */
export async function until(check, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Navigates (`navigate()`: a reload unless given) and times, from the navigation's start (the
 * page's own clock), a search for note `i`'s own word typed as soon as the search box takes
 * input, to the moment its answer is on screen. `cdp` opens a DevTools session that can see the
 * page's workers (for their memory).
 */
export async function searchableAfterReload(
  page,
  i,
  cdp,
  navigate = () => page.reload({ waitUntil: 'commit' })
) {
  await navigate();
  const { boxAt, answeredAt } = await searchFor(page, i);
  return {
    ms: answeredAt,
    boxAt,
    marks: await startMarks(page),
    memory: await workerMemory(cdp)
  };
}

/**
 * Right after an import (the dialog closed, no reload): the time from a search for note `i`'s own
 * word typed into the box to its answer on screen, while the index is still taking in what the
 * import wrote (the search waits for it to catch up rather than answer from a partial index).
 */
export async function searchableAfterImport(page, i) {
  const { boxAt, answeredAt } = await searchFor(page, i);
  return answeredAt - boxAt;
}

/** Types note `i`'s own word into the search box once it takes input; resolves when its answer is on screen (page clock). */
async function searchFor(page, i) {
  const box = page.getByRole('searchbox', { name: 'Search notes' });
  await box.waitFor();
  const boxAt = await page.evaluate(() => performance.now());
  await box.fill(vaultWord(i));
  const answered = await page.waitForFunction(
    (title) =>
      [...document.querySelectorAll('[role="listbox"][aria-label="Notes"] [role="option"]')].some((o) =>
        new RegExp(`^Note ${title}\\b`).test(o.getAttribute('aria-label') ?? o.textContent?.trim() ?? '')
      ) && performance.now(),
    i,
    { polling: 'raf', timeout: 600_000 }
  );
  return { boxAt, answeredAt: await answered.jsonValue() };
}

/** Where the first answer's time went: the app's `folio:*` marks, page and worker, from navigation start. */
async function startMarks(page) {
  const read = () => ({
    origin: performance.timeOrigin,
    marks: performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('folio:'))
      .map((m) => [m.name.slice(6), m.startTime])
  });
  const own = await page.evaluate(read);
  const worker = page.workers().find((w) => w.url().includes('workspace.worker'));
  const theirs = worker ? await worker.evaluate(read).catch(() => ({ marks: [] })) : { marks: [] };
  return [...own.marks, ...theirs.marks.map(([name, t]) => [name, t + theirs.origin - own.origin])].sort(
    (a, b) => a[1] - b[1]
  );
}

/**
 * The workspace worker's memory, through Chromium's DevTools protocol (a worker has no
 * performance.memory): its JS heap after a full garbage collection, plus the ArrayBuffers the
 * heap holds (the index's typed arrays live outside the heap proper). `cdp()` opens a session
 * whose Target domain lists the worker (a browser session, or a page's).
 */
async function workerMemory(cdp) {
  const session = await cdp();
  try {
    const { targetInfos } = await session.send('Target.getTargets');
    const worker = targetInfos.find((t) => t.type === 'worker' && t.url.includes('workspace.worker'));
    if (!worker) return undefined;
    const { sessionId } = await session.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false
    });
    let nextId = 1;
    const waiting = new Map();
    session.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message);
      waiting.get(message.id)?.(message.result);
    });
    const send = (method, params = {}) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        void session.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params })
        });
      });
    await send('HeapProfiler.collectGarbage');
    const usage = await send('Runtime.getHeapUsage');
    await session.send('Target.detachFromTarget', { sessionId });
    return { heap: usage.usedSize, buffers: usage.backingStorageSize ?? 0 };
  } finally {
    await session.detach();
  }
}

/** A worker's memory in all: heap plus array buffers (NaN when it was not read). */
export const memoryTotal = (m) => (m ? m.heap + m.buffers : NaN);

/** The middle value (the upper one of two for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One start's marks as a line: `name ms → name ms …`. */
export const marksLine = (marks) => marks.map(([name, t]) => `${name} ${Math.round(t)}`).join(' → ');

/** Each mark's median over several starts (in the order of the first start's marks), as a line. */
export function medianMarksLine(starts) {
  const names = [...new Set(starts.flatMap((x) => x.marks.map(([name]) => name)))];
  // A start's first mark of that name; starts without it are left out of its median.
  const at = (name) =>
    starts.map((x) => x.marks.find(([n]) => n === name)?.[1]).filter((t) => t !== undefined);
  const line = names.map((name) => [name, median(at(name))]).sort((a, b) => a[1] - b[1]);
  return `${marksLine(line)} → on screen ${Math.round(median(starts.map((x) => x.ms)))}`;
}
