// The core loop on a phone (390×844, touch), every step by tap: new note, type, back, search,
// open, delete, restore, set a provider, chat. And the top bar at 360 px: everything fits, with
// Import, Export and Settings behind More, and nothing scrolls sideways.
import { configureProvider, expect, openSidebar, send, test } from './agent-helpers';
import { expectNoSidewaysScroll } from './a11y-helpers';
import { body, notesList, openApp, saveStatus, title } from './shell-helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('the core loop works by tap', async ({ page, model }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New note', exact: true }).tap();
  await expect(title(page)).toHaveValue('');
  await title(page).tap();
  await page.keyboard.type('Shopping');
  await body(page).tap();
  await page.keyboard.type('Milk and bread for the weekend.');
  await expect(saveStatus(page)).toHaveText('Saved');
  await expectNoSidewaysScroll(page, 'phone note');

  await page.getByRole('button', { name: 'Back', exact: true }).tap();
  await expect(notesList(page).getByRole('option', { name: /^Shopping/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search notes' }).tap();
  await page.keyboard.type('bread');
  const row = notesList(page).getByRole('option', { name: /^Shopping/ });
  await expect(row.locator('mark')).toHaveText(['bread'], { timeout: 15_000 });
  await row.tap();
  await expect(title(page)).toHaveValue('Shopping');

  await page.getByRole('button', { name: 'Delete note' }).tap();
  await expect(notesList(page)).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).tap();
  const tree = page.getByRole('navigation', { name: 'Notebooks' });
  await tree.getByRole('button', { name: 'Trash' }).tap();
  const trashed = page.getByRole('list', { name: 'Trashed notes' });
  await expect(trashed).toContainText('Shopping');
  await trashed.getByRole('button', { name: 'Restore' }).tap();
  await page.getByRole('button', { name: 'Back', exact: true }).tap();
  await tree.getByRole('button', { name: 'All notes' }).tap();
  await expect(notesList(page).getByRole('option', { name: /^Shopping/ })).toBeVisible();

  // configureProvider reaches Settings through More and the list of sections, as a phone user does.
  await configureProvider(page, model, 'OpenAI-compatible');
  model.enqueue({ type: 'text', text: 'You need milk and bread.' });
  const sidebar = await openSidebar(page);
  // A full-screen sheet: the whole viewport, over the top bar.
  expect(await sidebar.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  await send(page, 'What do I need?');
  await expect(sidebar.getByText('You need milk and bread.')).toBeVisible();
  await sidebar.getByRole('button', { name: 'Close sidebar' }).tap();
  await expect(sidebar).toHaveCount(0);
});

test('at 360 px the top bar fits, with the rest behind More', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openApp(page);
  const bar = page.getByRole('banner');
  for (const screen of ['list', 'notebooks']) {
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const name of ['AI assistant', 'More']) {
      const box = (await bar.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.x + box.width, `${name} on the ${screen} screen`).toBeLessThanOrEqual(360);
    }
    await expectNoSidewaysScroll(page, `360 px ${screen}`);
    if (screen === 'list') await page.getByRole('button', { name: 'Back', exact: true }).tap();
  }
  await expect(bar.getByRole('button', { name: 'Settings', exact: true })).toBeHidden();
  await bar.getByRole('button', { name: 'More' }).tap();
  await expect(bar.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Import', 'Export', 'Settings'])
    await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
  await bar.getByRole('button', { name: 'Settings', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('navigation', { name: 'Settings sections' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Import', exact: true })).toBeHidden();
});
