// An attachment stays when the file it came from is gone: Chromium's IndexedDB would otherwise keep
// only a reference to the user's file (the imported zip, a photo picked from disk), and the image
// would break the day the user tidies that file away.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { zipSync, strToU8 } from 'fflate';
import { body, notesList, openApp, saveStatus } from './shell-helpers';
import { caretAfter, openNote, openWithNotes } from './editor-helpers';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
);

/** Writes `bytes` to a file of its own folder; `remove()` deletes the folder. */
function tempFile(name: string, bytes: Uint8Array) {
  const dir = mkdtempSync(join(tmpdir(), 'folio-kept-'));
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function expectImageShown(page: Page, name: string) {
  const image = body(page).getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
}

test('an image imported from a zip still shows after the zip is deleted and the app reloaded', async ({
  page
}) => {
  await openApp(page);
  // The photo stored, not deflated, as zip tools do for files that do not compress: the entry is then
  // a plain byte range of the archive.
  const zip = zipSync({
    'Trip/Beach day.md': strToU8('# Beach day\n\nSand.\n\n![pixel](pixel.png)\n'),
    'Trip/pixel.png': [new Uint8Array(PNG), { level: 0 }]
  });
  const file = tempFile('trip.zip', zip);
  try {
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await dialog.getByLabel('Import file', { exact: true }).setInputFiles(file.path);
    await expect(dialog.getByRole('status')).toContainText('Imported 1 note');
    await dialog.getByRole('button', { name: 'Close' }).click();
  } finally {
    file.remove();
  }
  await page.reload();
  await notesList(page).getByRole('option', { name: 'Beach day' }).click();
  await expectImageShown(page, 'pixel');
});

test('a photo attached from disk still shows after the file is deleted and the app reloaded', async ({
  page
}) => {
  await openWithNotes(page, [{ id: 'a'.repeat(32), title: 'Photos', body: 'Holiday\n' }]);
  await openNote(page, 'Photos');
  await caretAfter(page, 'Holiday');
  const file = tempFile('beach.png', PNG);
  try {
    const chooser = page.waitForEvent('filechooser');
    await page
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: 'Attach file' })
      .click();
    await (await chooser).setFiles(file.path);
    await expect(body(page).getByRole('img', { name: 'beach.png' })).toBeVisible();
    await expect(saveStatus(page)).toHaveText('Saved');
  } finally {
    file.remove();
  }
  await page.reload();
  await openNote(page, 'Photos');
  await expectImageShown(page, 'beach.png');
});
