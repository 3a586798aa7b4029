import { expect, test } from '@playwright/test';
import { body, createNote, notesList, openApp, saveStatus, title } from './shell-helpers';

test('a new note keeps its title and body across a reload', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Groceries', 'Milk and bread');
  await page.reload();
  await notesList(page).getByRole('option', { name: 'Groceries' }).click();
  await expect(title(page)).toHaveValue('Groceries');
  await expect(body(page)).toHaveText('Milk and bread');
});

test('a reload reopens the note that was open', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Where I was', 'still here');
  await page.reload();
  await expect(title(page)).toHaveValue('Where I was');
  await expect(notesList(page).getByRole('option', { name: 'Where I was' })).toHaveAttribute(
    'aria-selected',
    'true'
  );
});

test('a reload right after typing keeps the edit (flushed on page hide)', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Draft');
  await body(page).click();
  await page.keyboard.type('typed just before reload');
  await page.reload();
  await notesList(page).getByRole('option', { name: 'Draft' }).click();
  await expect(body(page)).toHaveText('typed just before reload');
});

test('the list shows the most recently edited note first, Untitled when it has no title', async ({
  page
}) => {
  await openApp(page);
  await createNote(page, 'First');
  await page.getByRole('button', { name: 'New note', exact: true }).click();
  await body(page).click();
  await page.keyboard.type('no title here');
  await expect(saveStatus(page)).toHaveText('Saved');
  const options = notesList(page).getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toHaveAccessibleName(/^Untitled /);
  await expect(options.nth(1)).toHaveAccessibleName(/^First /);
});

test('arrow keys and Enter open notes from the list', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Older');
  await createNote(page, 'Newer');
  await notesList(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(title(page)).toHaveValue('Older');
});

test('a note becomes a to-do and can be completed', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Call the bank');
  await page.getByRole('checkbox', { name: 'To-do' }).check();
  await page.getByRole('checkbox', { name: 'Completed' }).check();
  await expect(saveStatus(page)).toHaveText('Saved');
  await page.reload();
  await notesList(page).getByRole('option', { name: 'Call the bank' }).click();
  await expect(page.getByRole('checkbox', { name: 'To-do' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Completed' })).toBeChecked();
});

test('tags are added with autocomplete and removed', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Trip');
  const tagInput = page.getByRole('combobox', { name: 'Add tag' });
  await tagInput.fill('travel');
  await tagInput.press('Enter');
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([/^travel/]);
  await createNote(page, 'Hotel');
  const input = page.getByRole('combobox', { name: 'Add tag' });
  const suggestions = await input.evaluate((el) =>
    [...((el as HTMLInputElement).list?.options ?? [])].map((o) => o.value)
  );
  expect(suggestions).toEqual(['travel']);
  await input.fill('travel');
  await input.press('Enter');
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([/^travel/]);
  await page.getByRole('button', { name: 'Remove tag travel' }).click();
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveCount(0);
});

test('a deleted note goes to the trash and is restored from there', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Keep me');
  await page.getByRole('button', { name: 'Delete note' }).click();
  await expect(notesList(page).getByRole('option', { name: 'Keep me' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Trash', exact: true }).click();
  const item = page
    .getByRole('list', { name: 'Trashed notes' })
    .getByRole('listitem')
    .filter({ hasText: 'Keep me' });
  await item.getByRole('button', { name: 'Restore' }).click();
  await expect(item).toHaveCount(0);
  await page.getByRole('button', { name: 'All notes' }).click();
  await expect(notesList(page).getByRole('option', { name: 'Keep me' })).toBeVisible();
});

test('emptying the trash asks first, then deletes for good', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Throwaway');
  await page.getByRole('button', { name: 'Delete note' }).click();
  await page.getByRole('button', { name: 'Trash', exact: true }).click();
  await page.getByRole('button', { name: 'Empty trash' }).click();
  const dialog = page.getByRole('dialog', { name: 'Empty trash' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('list', { name: 'Trashed notes' })).toContainText('Throwaway');
  await page.getByRole('button', { name: 'Empty trash' }).click();
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
});

test('undo and redo act on the editor', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Undoable', 'abc');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(body(page)).not.toHaveText('abc');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(body(page)).toHaveText('abc');
});

test('a task list item is ticked by clicking its checkbox, and stays ticked after a reload', async ({
  page
}) => {
  await openApp(page);
  await createNote(page, 'Packing');
  await body(page).click();
  // Typing "- [ ] " at the start of a line makes a task; Enter after a task starts the next one.
  await page.keyboard.type('- [ ] socks\nboots');
  const boxes = body(page).getByRole('checkbox', { name: 'Done' });
  await expect(boxes).toHaveCount(2);
  await boxes.first().click();
  await expect(boxes.first()).toBeChecked();
  await expect(saveStatus(page)).toHaveText('Saved');
  await page.reload();
  await notesList(page).getByRole('option', { name: 'Packing' }).click();
  const reloaded = body(page).getByRole('checkbox', { name: 'Done' });
  await expect(reloaded).toHaveCount(2);
  await expect(reloaded.first()).toBeChecked();
  await expect(reloaded.nth(1)).not.toBeChecked();
  await expect(body(page)).toContainText('socks');
  await expect(body(page)).toContainText('boots');
});
