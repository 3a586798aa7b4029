// Every main screen and dialog, checked with axe-core (serious and critical violations fail), for
// sideways scrolling, and on a phone for 44 px touch targets: light and dark, desktop (1280×800)
// and phone (390×844). Each walk takes screenshots of the first screen, a note and the sidebar
// into the test's output folder, to be looked at.
import type { Page } from '@playwright/test';
import { checkScreen } from './a11y-helpers';
import { configureProvider, expect, openSidebar, send, test } from './agent-helpers';
import { openSettings } from './settings-helpers';
import { body, createNote, openApp } from './shell-helpers';

const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: JSON.stringify(args) });

const looks = [
  { name: 'desktop light', scheme: 'light', phone: false },
  { name: 'desktop dark', scheme: 'dark', phone: false },
  { name: 'phone light', scheme: 'light', phone: true },
  { name: 'phone dark', scheme: 'dark', phone: true }
] as const;

for (const look of looks) {
  test.describe(look.name, () => {
    test.use({
      colorScheme: look.scheme,
      viewport: look.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      hasTouch: look.phone,
      isMobile: look.phone
    });

    test('every screen and dialog passes axe', async ({ page, model }) => {
      test.setTimeout(180_000);
      const check = (screen: string) => checkScreen(page, `${look.name}: ${screen}`, { phone: look.phone });
      const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });
      const back = () => page.getByRole('button', { name: 'Back', exact: true }).click();

      await openApp(page);
      await check('empty');
      await shot('first-screen');
      if (look.phone) {
        await back();
        await check('notebooks');
        await page
          .getByRole('navigation', { name: 'Notebooks' })
          .getByRole('button', { name: 'All notes' })
          .click();
      }

      // Each Settings section, reached from the list of sections.
      const dialog = await openSettings(page);
      for (const section of [
        'AI provider',
        'Semantic search',
        'Plugins',
        'Desktop apps (MCP)',
        'Sync',
        'Storage and backup',
        'About'
      ]) {
        if (look.phone) {
          await check('Settings: list of sections');
          await dialog.getByRole('button', { name: section }).click();
        } else {
          await dialog
            .getByRole('navigation', { name: 'Settings sections' })
            .getByRole('button', { name: section })
            .click();
        }
        await expect(dialog.getByRole('region', { name: section })).toBeVisible();
        if (section === 'Plugins') {
          await dialog.getByRole('button', { name: 'Install example plugin' }).click();
          await dialog.getByRole('button', { name: 'Allow and install' }).click();
          await expect(dialog.getByRole('switch', { name: 'Vacation packing' })).toBeChecked();
        }
        await check(`Settings: ${section}`);
        if (look.phone) await dialog.getByRole('button', { name: 'Back', exact: true }).click();
      }
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();

      await createNote(page, 'Packing list', 'Tent, stove and a warm hat.');
      await check('note open');
      await shot('note');

      await page.getByRole('button', { name: 'History' }).click();
      await check('history');
      await page.getByRole('dialog', { name: 'Note history' }).getByRole('button', { name: 'Close' }).click();

      const sidebar = await openSidebar(page);
      await check('sidebar before a provider is set');
      await sidebar.getByRole('button', { name: 'Close sidebar' }).click();
      await configureProvider(page, model, 'OpenAI-compatible');
      model.enqueue(
        { type: 'tool_calls', calls: [call('search_notes', { query: 'packing' })] },
        {
          type: 'tool_calls',
          calls: [call('rewrite_paragraph', { anchor: 'a warm hat', text: 'a warm hat and socks' })]
        },
        { type: 'text', text: 'I suggested adding socks.' }
      );
      await openSidebar(page);
      await send(page, 'Add socks to my packing list');
      await expect(sidebar.getByText('I suggested adding socks.')).toBeVisible();
      await expect(sidebar.getByRole('group').filter({ hasText: 'search_notes' })).toBeVisible();
      await sidebar.getByRole('group').filter({ hasText: 'search_notes' }).locator('summary').click();
      await expect(sidebar.getByRole('button', { name: 'Accept all' })).toBeVisible();
      await check('sidebar with a transcript and a suggestion');
      await shot('sidebar');
      if (!look.phone) await expect(body(page).getByRole('group', { name: 'Suggested edit' })).toBeVisible();
      await sidebar.getByRole('button', { name: 'Reject all' }).click();
      await sidebar.getByRole('button', { name: 'Close sidebar' }).click();

      await importMarkdown(page);
      await check('import summary');
      await page.getByRole('dialog', { name: 'Import' }).getByRole('button', { name: 'Close' }).click();

      // The note is still open (on a phone, its page is still the one shown).
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Packing list');
      await page.getByRole('button', { name: 'Delete note' }).click();
      if (look.phone) await back();
      await page
        .getByRole('navigation', { name: 'Notebooks' })
        .getByRole('button', { name: 'Trash' })
        .click();
      await expect(page.getByRole('list', { name: 'Trashed notes' })).toContainText('Packing list');
      await check('trash');
    });
  });
}

/** Imports one Markdown file through the top bar's Import (behind More on a phone). */
async function importMarkdown(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Import', exact: true });
  const more = page.getByRole('button', { name: 'More' });
  // Wait for the top bar before asking which of the two it shows.
  await expect(button.or(more).first()).toBeVisible();
  if (!(await button.isVisible())) await more.click();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.getByLabel('Import file').setInputFiles({
    name: 'Recipes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Pancakes\n\nFlour, eggs, milk.\n')
  });
  await expect(dialog.getByRole('status')).toContainText('Imported 1 note');
}
