import { expect, test } from '@playwright/test';
import { body, createNote, notesList, openApp, saveStatus } from './shell-helpers';

test('a save refused for lack of space shows an alert, keeps the edit and retries it', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Quota', 'saved part');
  // Make IndexedDB writes fail the way a full disk does, until the flag is cleared.
  await page.evaluate(() => {
    const w = window as unknown as { failWrites: boolean };
    w.failWrites = true;
    for (const method of ['put', 'add'] as const) {
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (
        this: IDBObjectStore,
        ...args: Parameters<typeof original>
      ) {
        if (w.failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      } as typeof original;
    }
  });
  await body(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and the unsaved part');
  const alert = page.getByRole('toolbar', { name: 'Note' }).getByRole('alert');
  await expect(alert).toContainText('Not saved: The browser has no storage space left');
  await expect(alert).toContainText('retrying');
  await expect(body(page)).toHaveText('saved part and the unsaved part');

  await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = false));
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 10_000 });
  await page.reload();
  await notesList(page).getByRole('option', { name: 'Quota' }).click();
  await expect(body(page)).toHaveText('saved part and the unsaved part');
});
