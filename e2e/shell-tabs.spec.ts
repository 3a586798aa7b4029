import { expect, test } from '@playwright/test';
import { body, createNote, notesList, openApp, saveStatus, title } from './shell-helpers';

test('two tabs on the same note stay in step', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openApp(a);
  await createNote(a, 'Shared', 'from tab A');
  await openApp(b);
  await notesList(b).getByRole('option', { name: 'Shared' }).click();
  await expect(body(b)).toHaveText('from tab A');

  await title(a).fill('Shared, renamed in A');
  await body(a).click();
  await a.keyboard.press('End');
  await a.keyboard.type(' and more');
  await expect(saveStatus(a)).toHaveText('Saved');

  await expect(title(b)).toHaveValue('Shared, renamed in A');
  await expect(body(b)).toHaveText('from tab A and more');
  await expect(notesList(b).getByRole('option', { name: 'Shared, renamed in A' })).toBeVisible();
});

test('typing in one tab is not overwritten by the other tab; the last save wins', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openApp(a);
  await createNote(a, 'Race', 'base');
  await openApp(b);
  await notesList(b).getByRole('option', { name: 'Race' }).click();
  await expect(body(b)).toHaveText('base');

  await body(b).click();
  await b.keyboard.press('End');
  await b.keyboard.type(' typed in B');
  await title(a).fill('Race (A)');
  await expect(saveStatus(a)).toHaveText('Saved');
  await expect(body(b)).toHaveText('base typed in B');
  await expect(saveStatus(b)).toHaveText('Saved');
  await expect(body(a)).toHaveText('base typed in B');
  // B saved only what B changed: A's title survives, and B's title field catches up.
  await expect(title(b)).toHaveValue('Race (A)');
});

test('a note created in one tab appears in the other tab’s list', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openApp(a);
  await openApp(b);
  await createNote(a, 'Made in A');
  await expect(notesList(b).getByRole('option', { name: 'Made in A' })).toBeVisible();
});
