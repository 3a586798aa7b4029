import { expect, test } from '@playwright/test';
import { createNote, notesList, openApp, title } from './shell-helpers';
import { openSettings } from './settings-helpers';

test('on a phone the panes become one column with Back navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  const tree = page.getByRole('navigation', { name: 'Notebooks' });
  await expect(notesList(page)).toBeVisible();
  await expect(tree).toBeHidden();
  await createNote(page, 'Phone note', 'small screen');
  await expect(notesList(page)).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('phone-note.png') });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(notesList(page).getByRole('option', { name: 'Phone note' })).toBeVisible();
  await expect(title(page)).toBeHidden();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(tree).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('phone-notebooks.png') });
  await tree.getByRole('button', { name: 'All notes' }).click();
  await notesList(page).getByRole('option', { name: 'Phone note' }).click();
  await expect(title(page)).toHaveValue('Phone note');
});

test('on a desktop all panes show side by side, with no Back button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await createNote(page, 'Desk note', 'wide screen');
  await expect(page.getByRole('navigation', { name: 'Notebooks' })).toBeVisible();
  await expect(notesList(page)).toBeVisible();
  await expect(title(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('desktop-light.png') });
});

test('dark mode follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await createNote(page, 'Night note', 'dark background');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(28, 28, 30)');
  await page.getByRole('button', { name: 'AI assistant' }).click();
  await page.screenshot({ path: test.info().outputPath('desktop-dark.png') });
});

test('the AI assistant button toggles the sidebar placeholder', async ({ page }) => {
  await openApp(page);
  const toggle = page.getByRole('button', { name: 'AI assistant' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const sidebar = page.getByRole('complementary', { name: 'AI assistant' });
  await expect(sidebar.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Send' })).toBeDisabled();
  await toggle.click();
  await expect(sidebar).toHaveCount(0);
});

test('Settings opens a dialog with the storage status, closed by Escape', async ({ page }) => {
  await openApp(page);
  const dialog = await openSettings(page, 'Storage and backup');
  await expect(dialog.getByRole('region', { name: 'Storage and backup' })).toContainText(
    /persistent storage/
  );
  await expect(dialog.getByRole('region', { name: 'Storage and backup' })).toContainText(
    /Using|does not report/
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('keyboard: Alt+N creates a note, Ctrl+K focuses the search', async ({ page }) => {
  await openApp(page);
  await page.keyboard.press('Alt+n');
  await expect(title(page)).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('searchbox', { name: 'Search notes' })).toBeFocused();
});
