// The hostile fixture (tests/fixtures/plugins/hostile.js) in real Chromium: every trick is refused,
// each failure names the plugin, and the app and the other plugin keep working.
import { expect, test, type Page } from '@playwright/test';
import { installExample, installFile, openPluginSettings, pluginRow, tryTool } from './plugins-helpers';

const HOSTILE = 'Hostile fixture';
const TRIP = { destination: 'Cornwall', days: 2, companions: [] };

async function setUp(page: Page) {
  const dialog = await openPluginSettings(page);
  await page.evaluate(() => localStorage.setItem('folio-canary', 'kept'));
  await installExample(page);
  await installFile(page, 'tests/fixtures/plugins/hostile.js', HOSTILE);
  await expect(pluginRow(page, HOSTILE)).toContainText('Tools: hostile_probe');
  return dialog;
}

/** The JSON output shown (collapsed) in a result group. */
async function jsonOutput(result: ReturnType<Page['getByRole']>): Promise<Record<string, string>> {
  return JSON.parse((await result.locator('pre').textContent()) ?? '{}');
}

async function exampleStillWorks(page: Page) {
  const result = await tryTool(page, 'Vacation packing', 'plan_trip_packing', TRIP);
  await expect(result.getByRole('list', { name: 'Packing for 2 days in Cornwall' })).toBeVisible();
}

test('the sandbox refuses DOM, storage, cookie, database, navigation, popup and network access', async ({
  page,
  context
}) => {
  await setUp(page);
  const result = await tryTool(page, HOSTILE, 'hostile_probe', {});
  await expect(result.locator('pre')).toHaveCount(1);
  const report = await jsonOutput(result);
  expect(Object.keys(report).sort()).toEqual(
    [
      'document.cookie',
      'fetch',
      'fetch same server',
      'indexedDB',
      'indexedDB.open',
      'localStorage',
      'parent.document',
      'parent.localStorage',
      'sessionStorage',
      'sibling frames',
      'top.location',
      'window.open'
    ].sort()
  );
  for (const [attack, outcome] of Object.entries(report))
    expect(`${attack}: ${outcome}`).toMatch(/^[^:]+: blocked/);
  expect(page.url()).toMatch(/^http:\/\/localhost:\d+\/$/);
  expect(context.pages()).toHaveLength(1);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('folio-canary'),
      localStorage.getItem('pwned'),
      document.cookie
    ])
  ).toEqual(['kept', null, '']);
  await exampleStillWorks(page);
});

test('forged handshakes, messages to other frames and methods outside the table are refused', async ({
  page
}) => {
  await setUp(page);
  const result = await tryTool(page, HOSTILE, 'hostile_forge', {});
  await expect(result.locator('pre')).toHaveCount(1, { timeout: 15_000 });
  const report = await jsonOutput(result);
  expect(report['second handshake']).toBe('blocked: ignored');
  expect(report['method __proto__']).toBe('refused: plugin Hostile fixture has no method "__proto__"');
  expect(report['method constructor']).toBe('refused: plugin Hostile fixture has no method "constructor"');
  expect(report['unknown method']).toBe('refused: plugin Hostile fixture has no method "deleteEverything"');
  expect(report['data method __proto__']).toMatch(
    /^refused: Plugin Hostile fixture: called an unknown data method "__proto__"/
  );
  await expect(pluginRow(page, HOSTILE)).not.toContainText('forged');
  await exampleStillWorks(page);
});

test('a tool id of a built-in tool is refused, naming the plugin', async ({ page }) => {
  await setUp(page);
  const row = pluginRow(page, HOSTILE);
  await expect(row.getByRole('alert').filter({ hasText: 'search_notes' })).toHaveText(
    'Hostile fixture: cannot register tool "search_notes": "search_notes" is the id of one of Folio\'s own tools.'
  );
  await expect(row.getByText(/^Tools:/)).toHaveText(
    'Tools: hostile_probe, hostile_forge, hostile_hang, hostile_throw, hostile_huge, hostile_render, hostile_read, hostile_flood'
  );
});

test('data calls without permission are refused, naming the plugin', async ({ page }) => {
  await setUp(page);
  const result = await tryTool(page, HOSTILE, 'hostile_read', {});
  await expect(result.getByRole('alert')).toContainText(
    'Hostile fixture: has no permission to read your notes, notebooks and tags (notes:read); searchNotes was refused.'
  );
});

test('a handler that never answers times out, naming the plugin', async ({ page }) => {
  await setUp(page);
  const result = await tryTool(page, HOSTILE, 'hostile_hang', {});
  await expect(result.getByRole('alert')).toContainText(
    'Plugin Hostile fixture: the tool hostile_hang did not answer within 500 ms.'
  );
  await exampleStillWorks(page);
});

test('a handler that throws fails cleanly, naming the plugin', async ({ page }) => {
  await setUp(page);
  const result = await tryTool(page, HOSTILE, 'hostile_throw', {});
  await expect(result.getByRole('alert')).toContainText(
    'Plugin Hostile fixture: the tool hostile_throw failed: hostile failure'
  );
});

test('an output of 50 MB is dropped, naming the plugin', async ({ page }) => {
  await setUp(page);
  const result = await tryTool(page, HOSTILE, 'hostile_huge', {});
  await expect(result.getByRole('alert')).toContainText(
    'Plugin Hostile fixture: the output of tool hostile_huge is larger than 1 MB once written out as JSON; the output was dropped.',
    { timeout: 15_000 }
  );
  await exampleStillWorks(page);
});

test('a RenderSpec with a script URL is refused and the output shows as JSON', async ({ page }) => {
  await setUp(page);
  const result = await tryTool(page, HOSTILE, 'hostile_render', {});
  await expect(result.getByRole('alert')).toContainText(
    'the renderer of hostile_render failed: The renderer returned an invalid spec: list.items[0].thumbnail uses a javascript URL'
  );
  await expect(result.getByText('Output')).toBeVisible();
  await expect(result.locator('img')).toHaveCount(0);
});

test('a flood of 10,000 messages stops that plugin only, naming it', async ({ page }) => {
  await setUp(page);
  await tryTool(page, HOSTILE, 'hostile_flood', {});
  const row = pluginRow(page, HOSTILE);
  await expect(row.getByRole('alert').filter({ hasText: /^Hostile fixture: flooded/ })).toHaveText(
    'Hostile fixture: flooded Folio with messages (more than 1000 at once, or over 300 a second) and was stopped.',
    { timeout: 15_000 }
  );
  await expect(row.getByRole('status')).toHaveText('Stopped: it flooded Folio with messages.');
  await expect(page.locator('iframe[data-folio-plugin="Hostile fixture"]')).toHaveCount(0);
  await exampleStillWorks(page);
  await expect(page.getByRole('button', { name: 'Close' })).toBeEnabled();
});
