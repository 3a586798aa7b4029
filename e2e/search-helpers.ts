// Steps shared by the search specs.
import { expect, type Page } from '@playwright/test';
import { body, saveStatus, title } from './shell-helpers';

/**
 * Creates a note with a title and body and waits until it is saved. Unlike a bare click-and-fill,
 * it waits for the new, empty note to be open first: on a busy machine the previous note's title
 * field can still be on screen right after `New note`, and filling it would rename that note.
 */
export async function addNote(page: Page, noteTitle: string, noteBody = ''): Promise<void> {
  await page.getByRole('button', { name: 'New note', exact: true }).click();
  await expect(title(page)).toHaveValue('');
  await expect(body(page)).toHaveText('');
  await title(page).fill(noteTitle);
  if (noteBody) {
    await body(page).click();
    await page.keyboard.type(noteBody);
  }
  await expect(saveStatus(page)).toHaveText('Saved');
  await expect(title(page)).toHaveValue(noteTitle);
}
