// A 20,000-file Markdown zip and a 20,000-note RAW zip import completely through the UI (the counts
// are checked against what the test put in the archive), and after a reload a search answers
// fast: the index starts from its stored snapshot instead of being rebuilt.
//
// The 1 s target (from navigation start) is measured by `npm run bench:vault` (50,000 notes). Here,
// on a machine shared with other work, the time varies with the load: the test checks that the
// start from the snapshot beats a rebuild measured in the same run (the snapshot dropped), and
// that a search typed while the index is still being prepared is answered once it is.
import { expect, test, type Page } from '@playwright/test';
import { dropSnapshot, snapshotCoversLog } from '../tests/search-snapshot-probe.mjs';
import { markdownVaultZip, rawVaultZip, vaultWord } from '../tests/vault-archives.mjs';
import { notesList, openApp } from './shell-helpers';

// Six times the size that used to overflow the stack (the figure); 50,000 notes are
// bench:vault's.
const NOTES = 20_000;
const count = (n: number) => n.toLocaleString('en');

async function importArchive(page: Page, name: string, data: Uint8Array, files: number): Promise<void> {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  const started = Date.now();
  await dialog
    .getByLabel('Import file', { exact: true })
    .setInputFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(data) });
  await expect(dialog.getByRole('progressbar', { name: 'Importing' })).toBeVisible();
  const summary = dialog.getByRole('status');
  await expect(summary).toContainText(`Imported ${count(NOTES)} notes`, { timeout: 300_000 });
  await expect(summary).toContainText(`Import complete: all ${count(files)} files read.`);
  console.log(`${name}: ${count(NOTES)} notes imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** Waits until the stored search snapshot covers the whole change log (the worker saves it in the background). */
async function waitForSnapshot(page: Page): Promise<void> {
  await expect.poll(() => snapshotCoversLog(page), { timeout: 180_000 }).toBe(true);
}

/** Reloads, then times one search typed as soon as the search box is there. */
async function searchAfterReload(
  page: Page,
  i: number,
  timeout = 10_000,
  preparing = false
): Promise<number> {
  await page.reload();
  const box = page.getByRole('searchbox', { name: 'Search notes' });
  await expect(box).toBeEditable();
  const started = Date.now();
  await box.fill(vaultWord(i));
  // A rebuild takes seconds: meanwhile the list says so, and the query typed is answered after.
  if (preparing)
    await expect(page.getByRole('status').filter({ hasText: 'Preparing search…' })).toBeVisible();
  await expect(notesList(page).getByRole('option', { name: new RegExp(`^Note ${i}\\b`) })).toBeVisible({
    timeout
  });
  const elapsed = Date.now() - started;
  await expect(notesList(page).getByRole('option')).toHaveCount(1);
  return elapsed;
}

/** Once the import is searchable and its snapshot saved, times a search for note `i` after a reload. */
async function expectFastSearchAfterReload(page: Page, first: number, i: number): Promise<void> {
  // The worker indexes the imported notes first: minutes on a loaded 2-core machine.
  await page.getByRole('searchbox', { name: 'Search notes' }).fill(vaultWord(first));
  await expect(notesList(page).getByRole('option', { name: new RegExp(`^Note ${first}\\b`) })).toBeVisible({
    timeout: 300_000
  });
  await waitForSnapshot(page);
  const elapsed = await searchAfterReload(page, i);
  await dropSnapshot(page);
  // The peer: a full rebuild, which takes several times the snapshot's start on a loaded machine.
  const rebuilt = await searchAfterReload(page, i - 1, 180_000, true);
  console.log(
    `search after reload: ${elapsed} ms from the snapshot (target 1000 ms, in bench:vault), ${rebuilt} ms rebuilt`
  );
  expect(elapsed).toBeLessThan(rebuilt);
}

test.describe('a 20,000-note vault', () => {
  test.describe.configure({ timeout: 900_000 });

  test('a Markdown zip of 20,000 files imports completely and is searchable soon after a reload', async ({
    page
  }) => {
    await openApp(page);
    await importArchive(page, 'vault.zip', markdownVaultZip(NOTES), NOTES);
    await expectFastSearchAfterReload(page, 1, 2_345);
  });

  test('a RAW zip of 20,000 notes imports completely, with its 10 notebooks, and is searchable soon after a reload', async ({
    page
  }) => {
    await openApp(page);
    // 20,000 notes and 10 notebooks, each an item file.
    await importArchive(page, 'raw.zip', rawVaultZip(NOTES), NOTES + 10);
    const tree = page.getByRole('navigation', { name: 'Notebooks' });
    for (const b of [0, 9])
      await expect(tree.getByRole('button', { name: `Folder ${b}`, exact: true })).toBeVisible();
    await expectFastSearchAfterReload(page, 2, 19_999);
  });
});
