import { expect, test } from '@playwright/test';
import { body, createNote, openApp, saveStatus, title } from './shell-helpers';

test('an earlier version is previewed and restored from the history', async ({ page }) => {
  // The user's own edits keep a version at most every 10 minutes: move the clock past that.
  await page.clock.install();
  await openApp(page);
  await createNote(page, 'Essay', 'first draft');
  await page.clock.fastForward('11:00');
  await body(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('second draft');
  await expect(saveStatus(page)).toHaveText('Saved');

  await page.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'Note history' });
  await dialog.getByRole('list', { name: 'Versions' }).getByRole('button').first().click();
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText('first draft');
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(dialog).toBeHidden();
  await expect(body(page)).toHaveText('first draft');
  await expect(title(page)).toHaveValue('Essay');
});

test('a note without earlier versions says so', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New note', exact: true }).click();
  await page.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'Note history' });
  await expect(dialog).toContainText('No earlier versions yet');
  await expect(dialog.getByRole('button', { name: 'Restore this version' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
