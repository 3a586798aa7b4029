import { expect, test, type Page } from '@playwright/test';
import { noteRecord, putNotes, titleSortKeyed } from '../tests/seed-notes.mjs';
import { notesList, openApp, title } from './shell-helpers';

const NOTE_COUNT = 10_000;

/** Writes notes straight into the app's IndexedDB (as an import would), in one transaction. */
async function seedNotes(page: Page, count: number, order: (i: number) => number = (i) => i): Promise<void> {
  const parentId = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('folio');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const folders = await new Promise<{ id: string }[]>((resolve) => {
      const request = db.transaction('folders').objectStore('folders').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return folders[0].id;
  });
  const base = Date.now() - count * 1000;
  const records = Array.from({ length: count }, (_, i) =>
    noteRecord({
      id: i.toString(16).padStart(32, '0'),
      parent_id: parentId,
      time: base + i * 1000,
      title: `Seeded note ${order(i)}`,
      body: `Body of seeded note ${i} with some words to show in the excerpt.`
    })
  );
  await putNotes(page, records);
}

test('10,000 notes: the first screen of the list comes fast and only visible rows are rendered', async ({
  page
}) => {
  // Seeding 10,000 records in the page took over a minute at load 16 (14 s at load 6).
  test.setTimeout(150_000);
  await openApp(page);
  await seedNotes(page, NOTE_COUNT);
  // Record, in the page, when the first list row appears (ms since navigation start).
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (
        [...document.querySelectorAll('[role="option"]')].some((row) =>
          row.textContent?.includes('Seeded note')
        )
      ) {
        (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.reload();
  const list = notesList(page);
  await expect(
    list.getByRole('option', { name: new RegExp(`^Seeded note ${NOTE_COUNT - 1}\\b`) })
  ).toBeVisible();
  const firstRowAt = await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt);
  console.log(`first screen of ${NOTE_COUNT} notes after ${Math.round(firstRowAt)} ms (target 300 ms)`);
  // The 300 ms target belongs to the benchmark (a quiet machine); this loose bound and the row count
  // below catch a list that is not virtualised.
  expect(firstRowAt).toBeLessThan(5000);
  expect(await list.getByRole('option').count()).toBeLessThan(80);

  await list.focus();
  await page.keyboard.press('End');
  const last = list.getByRole('option', { name: /^Seeded note 0\b/ });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('aria-posinset', String(NOTE_COUNT));
  await page.keyboard.press('Enter');
  await expect(title(page)).toHaveValue('Seeded note 0');
});

test('notes stored before the Title index sort by title at once, get their keys in the background, and keep their order', async ({
  page
}) => {
  test.setTimeout(120_000);
  const count = 3_000;
  await openApp(page);
  // Written as an older Folio left them: without the title sort key (the seed writes under Dexie),
  // and with titles whose numbers put plain string order (1, 10, 100…) apart from reading order.
  await seedNotes(page, count, (i) => (i * 7919) % count);
  await page.reload();
  const list = notesList(page);
  await page.getByRole('combobox', { name: 'Sort notes' }).selectOption('title');
  const first = list.getByRole('option').first();
  await expect(first).toHaveAccessibleName(/^Seeded note 0\b/);
  await expect(list.getByRole('option').nth(1)).toHaveAccessibleName(/^Seeded note 1\b/);
  await expect(list.getByRole('option').nth(2)).toHaveAccessibleName(/^Seeded note 2\b/);
  // The worker keys every note once search is ready, then says so in the settings.
  await expect.poll(() => titleSortKeyed(page), { timeout: 60_000 }).toBe(true);
  // Read from the index now: the same order, to the end.
  await page.reload();
  await expect(first).toHaveAccessibleName(/^Seeded note 0\b/);
  await list.focus();
  await page.keyboard.press('End');
  const last = list.getByRole('option', { name: new RegExp(`^Seeded note ${count - 1}\\b`) });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('aria-posinset', String(count));
});
