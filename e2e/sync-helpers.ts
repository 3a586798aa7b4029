// Shared steps of the sync specs: Settings → Sync by role and accessible name (UI_CONTRACT.md).
import { expect, type Page } from '@playwright/test';
import type { DavServer } from '../tests/sync/dav-server';
import { openSettings as openSettingsAt } from './settings-helpers';

/** Opens Settings at its Sync section and returns the dialog. */
export async function openSettings(page: Page) {
  const dialog = await openSettingsAt(page, 'Sync');
  await expect(dialog.getByRole('combobox', { name: 'Sync target' })).toBeEnabled();
  return dialog;
}

/** Sets WebDAV sync to `folder` on the server (Settings stays open); returns the dialog. */
export async function configureWebDav(
  page: Page,
  server: DavServer,
  folder: string,
  password = server.password
) {
  const dialog = await openSettings(page);
  await dialog.getByRole('combobox', { name: 'Sync target' }).selectOption('webdav');
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(server.url(folder));
  await dialog.getByRole('textbox', { name: 'User name' }).fill(server.username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Password', { exact: true }).blur();
  return dialog;
}

/** Presses Sync now in the open Settings dialog and waits until the sync finished well. */
export async function syncNow(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Syncing' })).toHaveCount(0, { timeout: 30_000 });
  await expect(dialog.getByText(/^Last synced/)).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
}

/** Closes the Settings dialog. */
export async function closeSettings(page: Page) {
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Close', exact: true })
    .click();
}

/** Syncs from a fresh Settings dialog and closes it. */
export async function syncOnce(page: Page) {
  await openSettings(page);
  await syncNow(page);
  await closeSettings(page);
}
