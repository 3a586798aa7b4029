// The local-folder target in Chromium's real File System Access API. Playwright cannot click a
// native folder picker, so the picker is answered with a folder of the origin-private file system
// (the same FileSystemDirectoryHandle API, implemented by Chromium itself).
import { expect, test } from '@playwright/test';
import { createNote, openApp } from './shell-helpers';
import { closeSettings, openSettings, syncNow } from './sync-helpers';

test.describe.configure({ timeout: 120_000 });

test('syncs into a folder chosen with the File System Access API, in Joplin\u2019s layout', async ({
  page
}) => {
  await page.addInitScript(() => {
    (
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('sync-target', { create: true });
  });
  await openApp(page);
  await createNote(page, 'Into the folder', 'on disk');
  const dialog = await openSettings(page);
  await dialog.getByRole('combobox', { name: 'Sync target' }).selectOption('folder');
  await dialog.getByRole('button', { name: 'Choose folder' }).click();
  await expect(dialog.getByText('Folder: sync-target')).toBeVisible();
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'It is empty' })).toBeVisible();
  await syncNow(page);
  await closeSettings(page);

  const files = await page.evaluate(async () => {
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('sync-target');
    const names: string[] = [];
    for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    const texts: string[] = [];
    for (const name of names.filter((n) => n.endsWith('.md')))
      texts.push(await (await (await dir.getFileHandle(name)).getFile()).text());
    return { names: names.sort(), texts };
  });
  expect(files.names).toEqual(
    expect.arrayContaining(['.lock', '.resource', '.sync', 'info.json', 'locks', 'temp'])
  );
  const note = files.texts.find((t) => t.startsWith('Into the folder\n\n'));
  expect(note).toContain('on disk');
  expect(note).toMatch(/\ntype_: 1$/);

  await page.reload();
  await openApp(page);
  const again = await openSettings(page);
  await expect(again.getByText('Folder: sync-target')).toBeVisible();
  await syncNow(page);
  await expect(again.getByText(/0 sent, 0 received/)).toBeVisible();
});

test('hides the folder target where the browser cannot pick folders', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  });
  await openApp(page);
  const dialog = await openSettings(page);
  await expect(dialog.getByRole('combobox', { name: 'Sync target' }).getByRole('option')).toHaveText([
    'None',
    'WebDAV server'
  ]);
});
