// What a new user meets in the first hour: the sidebar's guide to the three kinds of provider
// before one is set, Open Settings after a send that could not go, the storage notice only once
// there is something to lose (and gone for good when dismissed), search snippets in plain text,
// and a visible focus on the title and the editor.
import { expect, test } from '@playwright/test';
import { settingsDialog } from './settings-helpers';
import { body, createNote, notesList, openApp, title } from './shell-helpers';

async function openGuide(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'AI assistant' }).click();
  const sidebar = page.getByRole('complementary', { name: 'AI assistant' });
  await expect(sidebar.getByRole('region', { name: 'Set up the assistant' })).toBeVisible();
  return sidebar;
}

test('before a provider is set, the sidebar explains the three choices and each opens its settings', async ({
  page
}) => {
  await openApp(page);
  const sidebar = await openGuide(page);
  const guide = sidebar.getByRole('region', { name: 'Set up the assistant' });
  await expect(guide).toContainText('In this browser');
  await expect(guide).toContainText('A server on this computer');
  await expect(guide).toContainText('A remote service');

  const choices = [
    { button: 'Use a model in this browser', provider: 'webllm', baseUrl: null },
    { button: 'Use a local server', provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1' },
    { button: 'Use a remote API', provider: 'openai-compatible', baseUrl: 'https://api.openai.com/v1' }
  ];
  for (const choice of choices) {
    await guide.getByRole('button', { name: choice.button }).click();
    const dialog = settingsDialog(page);
    await expect(dialog.getByRole('region', { name: 'AI provider' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toHaveValue(choice.provider);
    if (choice.baseUrl)
      await expect(dialog.getByRole('textbox', { name: 'Base URL' })).toHaveValue(choice.baseUrl);
    if (choice.button === 'Use a remote API')
      await expect(
        dialog.getByRole('checkbox', { name: 'Allow sending notes to this provider' })
      ).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
});

test('a send with no model fails with Open Settings instead of Retry', async ({ page }) => {
  await openApp(page);
  const sidebar = await openGuide(page);
  await sidebar.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await sidebar.getByRole('button', { name: 'Send' }).click();
  await expect(sidebar.getByRole('alert')).toHaveText('Choose a model in Settings first.');
  await expect(sidebar.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await sidebar.getByRole('button', { name: 'Open Settings' }).click();
  await expect(settingsDialog(page).getByRole('region', { name: 'AI provider' })).toBeVisible();
});

test('the storage notice waits for a note, offers a backup, and stays dismissed', async ({ page }) => {
  await openApp(page);
  // Headless Chromium refuses persistent storage, as a browser does for a site visited once.
  expect(await page.evaluate(() => navigator.storage.persisted())).toBe(false);
  const notice = page.getByRole('status').filter({ hasText: 'may delete Folio’s notes' });
  await expect(page.getByRole('searchbox', { name: 'Search notes' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  await createNote(page, 'Worth keeping', 'Something to lose.');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('install Folio');
  const download = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Keep a copy in a file' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.jex$/);

  await notice.getByRole('button', { name: 'Don’t show again' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(notesList(page).getByRole('option', { name: 'Worth keeping' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('search results show plain text snippets with the words marked', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Kickoff');
  await body(page).click();
  // Typed as Markdown source: the editor's input rules make a heading and a list of it.
  await page.keyboard.type('# Project kickoff\nWe buy apples\n- pears and **plums**\n');
  await expect(page.getByRole('toolbar', { name: 'Note' }).getByRole('status')).toHaveText('Saved');
  await page.getByRole('searchbox', { name: 'Search notes' }).fill('plums');
  const row = notesList(page).getByRole('option', { name: /^Kickoff/ });
  await expect(row.locator('mark')).toHaveText(['plums'], { timeout: 15_000 });
  const snippet = row.locator('.excerpt');
  await expect(snippet).toContainText('Project kickoff We buy apples pears and plums');
  await expect(snippet).not.toHaveText(/[#*]|- /);
  // The row's name starts with the title, then says what the row shows.
  await expect(row).toHaveAccessibleName(/^Kickoff .*Project kickoff We buy apples pears and plums/);
});

test('the title and the editor show where the focus is', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Focus');
  await title(page).focus();
  expect(await title(page).evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await page.keyboard.press('Enter');
  await expect(body(page)).toBeFocused();
  expect(await body(page).evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
});

test('a note moves to another notebook by keyboard, as dragging it does', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New notebook' }).click();
  await page.getByRole('textbox', { name: 'Notebook name' }).fill('Archive');
  await page.keyboard.press('Enter');
  await page
    .getByRole('navigation', { name: 'Notebooks' })
    .getByRole('button', { name: 'All notes' })
    .click();
  await createNote(page, 'Old memo');
  await page.getByRole('button', { name: 'Move to notebook' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move “Old memo”' });
  await dialog.getByRole('combobox', { name: 'Notebook' }).selectOption({ label: 'Archive' });
  await dialog.getByRole('button', { name: 'Move' }).press('Enter');
  await expect(dialog).toBeHidden();
  await page
    .getByRole('navigation', { name: 'Notebooks' })
    .getByRole('button', { name: 'Archive', exact: true })
    .press('Enter');
  await expect(notesList(page).getByRole('option', { name: /^Old memo/ })).toBeVisible();
});
