// Plugins in the built app: install the example in one click, run its tool and see the rendered
// checklist with thumbnails, switch it off and on, persistence across reloads, removal.
import { expect, test } from '@playwright/test';
import { installExample, installFile, openPluginSettings, pluginRow, tryTool } from './plugins-helpers';

const TRIP = { destination: 'the Lake District', days: 5, companions: ['my dog'] };

test('the example plugin installs in one click and its tool draws a checklist with thumbnails', async ({
  page
}) => {
  const dialog = await openPluginSettings(page);
  await installExample(page);
  const row = pluginRow(page, 'Vacation packing');
  await expect(row).toContainText('Running');
  await expect(row).toContainText('Tools: plan_trip_packing');
  const result = await tryTool(page, 'Vacation packing', 'plan_trip_packing', TRIP);
  const list = result.getByRole('list', { name: 'Packing for 5 days in the Lake District' });
  await expect(list.getByRole('listitem')).toHaveCount(21);
  await expect(list.getByRole('checkbox', { name: 'Old towel for muddy paws' })).not.toBeChecked();
  const thumbs = list.locator('img');
  await expect(thumbs).toHaveCount(21);
  const loaded = await thumbs.evaluateAll((imgs) =>
    imgs.map(
      (img) =>
        (img as HTMLImageElement).src.startsWith('data:image/svg+xml') &&
        (img as HTMLImageElement).naturalWidth > 0
    )
  );
  expect(loaded.every(Boolean)).toBe(true);
  await result.scrollIntoViewIfNeeded();
  await dialog.screenshot({ path: 'test-results/plugins-rendered-list.png' });
});

test('the plugin runs in an opaque-origin frame sandboxed to scripts only', async ({ page }) => {
  await openPluginSettings(page);
  await installExample(page);
  const frameElement = page.locator('iframe[data-folio-plugin="Vacation packing"]');
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-scripts');
  const frame = await (await frameElement.elementHandle())!.contentFrame();
  expect(await frame!.evaluate(() => origin)).toBe('null');
});

test('switching a plugin off takes its tool away, and on brings it back, across a reload', async ({
  page
}) => {
  const dialog = await openPluginSettings(page);
  await installExample(page);
  await dialog.getByRole('switch', { name: 'Vacation packing' }).uncheck();
  const row = pluginRow(page, 'Vacation packing');
  await expect(row).toContainText('Off');
  await expect(row).not.toContainText('plan_trip_packing');
  await expect(page.locator('iframe[data-folio-plugin]')).toHaveCount(0);
  await page.reload();
  const again = await openPluginSettings(page);
  await expect(again.getByRole('switch', { name: 'Vacation packing' })).not.toBeChecked();
  await again.getByRole('switch', { name: 'Vacation packing' }).check();
  await expect(pluginRow(page, 'Vacation packing')).toContainText('Tools: plan_trip_packing');
});

test('an enabled plugin starts with the app after a reload', async ({ page }) => {
  await openPluginSettings(page);
  await installExample(page);
  await page.reload();
  await expect(page.locator('iframe[data-folio-plugin="Vacation packing"]')).toHaveCount(1);
});

test('a plugin file shows its permissions before it installs, and on its row', async ({ page }) => {
  const dialog = await openPluginSettings(page);
  await dialog.getByLabel('Plugin file').setInputFiles({
    name: 'reader.js',
    mimeType: 'text/javascript',
    buffer: Buffer.from(
      '/* @folio-plugin\n{"id":"test.reader","name":"Reader","version":"1.0.0","permissions":["notes:read"]}\n*/\nfolio.plugins.register({});\n'
    )
  });
  const prompt = dialog.getByRole('group', { name: 'Install Reader' });
  await expect(prompt).toContainText('Read your notes, notebooks and tags');
  await prompt.getByRole('button', { name: 'Allow and install' }).click();
  await expect(pluginRow(page, 'Reader')).toContainText('Permissions: Read your notes, notebooks and tags');
});

test('a file that is not a plugin is refused with a readable message', async ({ page }) => {
  const dialog = await openPluginSettings(page);
  await dialog
    .getByLabel('Plugin file')
    .setInputFiles({ name: 'x.js', mimeType: 'text/javascript', buffer: Buffer.from('alert(1)') });
  await expect(dialog.getByRole('alert')).toContainText('This is not a Folio plugin');
});

test('removing a plugin removes its frame and its row', async ({ page }) => {
  const dialog = await openPluginSettings(page);
  await installExample(page);
  await dialog.getByRole('button', { name: 'Remove Vacation packing' }).click();
  await expect(dialog.getByRole('switch', { name: 'Vacation packing' })).toHaveCount(0);
  await expect(page.locator('iframe[data-folio-plugin]')).toHaveCount(0);
});

test('the manager shows installed plugins', async ({ page }) => {
  const dialog = await openPluginSettings(page);
  await installExample(page);
  await installFile(page, 'tests/fixtures/plugins/hostile.js', 'Hostile fixture');
  await dialog.getByRole('heading', { name: 'Plugins' }).scrollIntoViewIfNeeded();
  await dialog.screenshot({ path: 'test-results/plugins-manager.png' });
  await expect(dialog.getByRole('list', { name: 'Installed plugins' }).getByRole('listitem')).toHaveCount(2);
});

test('only a plugin with the network permission gets the sandbox page that allows https', async ({
  page,
  request
}) => {
  const dialog = await openPluginSettings(page);
  await installExample(page);
  await dialog.getByLabel('Plugin file').setInputFiles({
    name: 'net.js',
    mimeType: 'text/javascript',
    buffer: Buffer.from(
      '/* @folio-plugin\n{"id":"test.net","name":"Net","version":"1.0.0","permissions":["network"]}\n*/\nfolio.plugins.register({});\n'
    )
  });
  await expect(dialog.getByRole('group', { name: 'Install Net' })).toContainText(
    'Connect to the internet (https)'
  );
  await dialog
    .getByRole('group', { name: 'Install Net' })
    .getByRole('button', { name: 'Allow and install' })
    .click();
  await expect(pluginRow(page, 'Net')).toContainText('Running');
  await expect(page.locator('iframe[data-folio-plugin="Net"]')).toHaveAttribute(
    'src',
    /\/plugin-sandbox-network\.html$/
  );
  await expect(page.locator('iframe[data-folio-plugin="Vacation packing"]')).toHaveAttribute(
    'src',
    /\/plugin-sandbox\.html$/
  );
  const policy = async (path: string) =>
    /content="(default-src[^"]+)"/.exec(await (await request.get(path)).text())?.[1] ?? '';
  expect(await policy('/plugin-sandbox.html')).toContain("connect-src 'none'; img-src data: blob:;");
  expect(await policy('/plugin-sandbox-network.html')).toContain(
    'connect-src https:; img-src data: blob: https:;'
  );
});

test('a plugin with notes permissions reads and writes notes through folio.data and joplin.data', async ({
  page
}) => {
  const dialog = await openPluginSettings(page);
  const script = `/* @folio-plugin
{"id":"test.notes","name":"Notes helper","version":"1.0.0","permissions":["notes:read","notes:write"]}
*/
folio.ai.tools.register({ id: 'note_roundtrip', description: 'x', inputSchema: { type: 'object' }, handler: async () => {
  const created = await joplin.data.post(['notes'], null, { title: 'From a plugin', body: 'Packed the tent' });
  const found = await folio.data.searchNotes({ query: 'tent' });
  return { created: created.title, found: found.results.map((r) => r.title) };
} });
`;
  await dialog
    .getByLabel('Plugin file')
    .setInputFiles({ name: 'notes.js', mimeType: 'text/javascript', buffer: Buffer.from(script) });
  await dialog
    .getByRole('group', { name: 'Install Notes helper' })
    .getByRole('button', { name: 'Allow and install' })
    .click();
  await expect(pluginRow(page, 'Notes helper')).toContainText('Tools: note_roundtrip');
  const result = await tryTool(page, 'Notes helper', 'note_roundtrip', {});
  await expect(result.locator('pre')).toHaveText(
    JSON.stringify({ created: 'From a plugin', found: ['From a plugin'] }, null, 2)
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('listbox', { name: 'Notes' }).getByRole('option', { name: 'From a plugin' })
  ).toBeVisible();
});
