// Import a Joplin JEX in the built app, see its notebooks, tags and image; export; re-import.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { listFiles, tarOf, untar } from '../tests/interop/fixture-files';
import { notesList, openApp } from './shell-helpers';

// A library made by Joplin 3.6 itself (its RAW export), packed as the JEX Joplin writes.
const RAW = join(process.cwd(), 'tests/interop/fixtures/joplin-raw');

async function importJex(page: Page, name: string, data: Buffer, summary: string) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page
    .getByLabel('Import file', { exact: true })
    .setInputFiles({ name, mimeType: 'application/x-tar', buffer: data });
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await expect(dialog.getByRole('status')).toContainText(summary);
  await dialog.getByRole('button', { name: 'Close' }).click();
}

async function openNote(page: Page, title: string) {
  await page.getByRole('button', { name: 'All notes' }).click();
  await notesList(page).getByRole('option', { name: title }).click();
}

test('imports a JEX with its notebooks, tags and image, exports it and imports the export again', async ({
  page
}) => {
  await openApp(page);
  await importJex(
    page,
    'library.jex',
    Buffer.from(await tarOf(RAW)),
    'Imported 4 notes, 4 notebooks, 2 new tags and 1 attachment.'
  );

  const tree = page.getByRole('navigation', { name: 'Notebooks' });
  await expect(tree.getByRole('button', { name: 'lib', exact: true })).toBeVisible();
  const expand = tree.getByRole('button', { name: 'Expand lib' });
  if (await expand.count()) await expand.click();
  await expect(tree.getByRole('button', { name: 'Work', exact: true })).toBeVisible();
  await expect(tree.getByRole('button', { name: 'Personal', exact: true })).toBeVisible();

  await openNote(page, 'The plan');
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('plan');
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('work');

  await openNote(page, 'Photo');
  const image = page.getByRole('textbox', { name: 'Note body' }).getByRole('img', { name: 'pixel' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export' });
  await exportDialog.getByRole('combobox', { name: 'Format' }).selectOption('JEX');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportDialog.getByRole('button', { name: 'Download' }).click()
  ]);
  expect(download.suggestedFilename()).toMatch(/\.jex$/);
  const exported = readFileSync((await download.path())!);
  const files = await untar(new Uint8Array(exported));
  // Every item of the JEX comes back (beside the app's own default notebook).
  for (const item of listFiles(RAW)) expect(files.has(item), item).toBe(true);
  await exportDialog.getByRole('button', { name: 'Close' }).click();

  // The export also holds the app's default notebook; tags merge into the existing ones by title.
  await importJex(
    page,
    download.suggestedFilename(),
    exported,
    'Imported 4 notes, 5 notebooks, 0 new tags and 1 attachment.'
  );
  await page.getByRole('button', { name: 'All notes' }).click();
  await expect(notesList(page).getByRole('option', { name: 'Photo' })).toHaveCount(2);
});

test('says in words which file could not be imported', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByLabel('Import file', { exact: true }).setInputFiles({
    name: 'holiday.jex',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(4096, 7)
  });
  await expect(page.getByRole('alert')).toContainText('"holiday.jex" is not a file Folio can import');
});

/** A JEX of `count` copies of one Joplin-written note, each with its own id, in one notebook. */
async function bigJex(count: number): Promise<Buffer> {
  const { packTar } = await import('modern-tar');
  const folder = readFileSync(join(RAW, '96e2c14635a944098bd9f1b8bd24387d.md'));
  const note = readFileSync(join(RAW, '4ba0094f437f4884a3522df1995ae9dd.md'), 'utf8');
  const entries = [
    {
      header: { name: '96e2c14635a944098bd9f1b8bd24387d.md', size: folder.length },
      body: new Uint8Array(folder)
    }
  ];
  for (let i = 0; i < count; i++) {
    const id = i.toString(16).padStart(32, 'e');
    const body = new TextEncoder().encode(
      note.replace('4ba0094f437f4884a3522df1995ae9dd', id).replace('Done task', `Task ${i}`)
    );
    entries.push({ header: { name: `${id}.md`, size: body.length }, body });
  }
  return Buffer.from(await packTar(entries));
}

test('shows the Importing progress and Cancel leaves nothing behind', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page
    .getByLabel('Import file', { exact: true })
    .setInputFiles({ name: 'big.jex', mimeType: 'application/x-tar', buffer: await bigJex(6000) });
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await expect(dialog.getByRole('progressbar', { name: 'Importing' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The import was cancelled; nothing was imported.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'All notes' }).click();
  await expect(notesList(page).getByRole('option')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Notebooks' }).getByRole('button', { name: 'Personal', exact: true })
  ).toHaveCount(0);
});

test('imports Markdown files titled by their first heading and saves a note back as one .md file', async ({
  page
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByLabel('Import file', { exact: true }).setInputFiles([
    {
      name: 'trip.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Trip to Lyon\n\n- [ ] book train\n\nSee [packing](packing.md).\n')
    },
    {
      name: 'packing.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('---\ntitle: Packing list\ntags: [travel]\n---\nsocks\n')
    }
  ]);
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await expect(dialog.getByRole('status')).toContainText('Imported 2 notes');
  await expect(dialog.getByRole('status')).toContainText(
    'Titles: 1 from the front matter, 1 from the first heading.'
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  await openNote(page, 'Trip to Lyon');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export' });
  await exportDialog.getByRole('combobox', { name: 'Format' }).selectOption('Markdown');
  await exportDialog.getByRole('combobox', { name: 'Export what' }).selectOption('The open note');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportDialog.getByRole('button', { name: 'Download' }).click()
  ]);
  expect(download.suggestedFilename()).toBe('Trip to Lyon.md');
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toMatch(/^---\ntitle: Trip to Lyon\n/);
  expect(text).toContain('- [ ] book train');
  expect(text).toMatch(/\[packing\]\(:\/[0-9a-f]{32}\)/);
});
