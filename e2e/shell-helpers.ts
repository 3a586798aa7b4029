// Shared steps of the app-shell specs: everything by role and accessible name (UI_CONTRACT.md).
import { expect, type Page } from '@playwright/test';

/** Opens Folio and waits until it can create notes. */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'New note', exact: true })).toBeEnabled();
}

/** The open note's save status. */
export function saveStatus(page: Page) {
  return page.getByRole('toolbar', { name: 'Note' }).getByRole('status');
}

/** The open note's Markdown editor. */
export function body(page: Page) {
  return page.getByRole('textbox', { name: 'Note body' });
}

/** The open note's title field. */
export function title(page: Page) {
  return page.getByRole('textbox', { name: 'Title', exact: true });
}

/** The Notes list. */
export function notesList(page: Page) {
  return page.getByRole('listbox', { name: 'Notes' });
}

/** Creates a note with a title and body, and waits until it is saved. */
export async function createNote(page: Page, noteTitle: string, noteBody = ''): Promise<void> {
  await page.getByRole('button', { name: 'New note', exact: true }).click();
  // The new note opens empty; wait for it so the title goes to the new note, not the previous one.
  await expect(title(page)).toHaveValue('');
  await title(page).fill(noteTitle);
  if (noteBody) {
    await body(page).click();
    await page.keyboard.type(noteBody);
  }
  await expect(saveStatus(page)).toHaveText('Saved');
}
