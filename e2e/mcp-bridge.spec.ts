// A desktop MCP client (the official SDK Client over Streamable HTTP) reaches the notes in the open
// tab through the bridge: it lists, searches, reads, creates, updates and deletes, and the tab's UI
// shows each change.
import { expect, test } from '@playwright/test';
import type { Bridge } from '../bridge/src/bridge.mjs';
import { allowTool, connectClient, pairTab, startTestBridge } from './mcp-helpers';
import { createNote, notesList, openApp } from './shell-helpers';

let bridge: Bridge;
/** How many times a tab was adopted by this test's bridge (its log line). */
let tabConnects = 0;
test.beforeEach(async () => {
  tabConnects = 0;
  bridge = await startTestBridge((line) => {
    if (line === 'Folio tab connected.') tabConnects += 1;
  });
});
test.afterEach(async () => {
  await bridge.close();
});

const payload = (result: Record<string, unknown>) => result.structuredContent as Record<string, any>;

test('a desktop client sees only read tools until the user allows writes', async ({ page }) => {
  await openApp(page);
  await pairTab(page, bridge);
  const client = await connectClient(bridge);
  const names = (await client.listTools()).tools.map((t) => t.name);
  expect(names).toContain('read_note');
  expect(names).not.toContain('create_note');
  await client.close();
});

test('a desktop client searches, reads, creates, updates and trashes notes shown in the tab', async ({
  page
}) => {
  await openApp(page);
  await createNote(page, 'Lighthouse log', 'The lamp was lit at dusk.');
  await pairTab(page, bridge);
  for (const tool of ['create_note', 'update_note', 'delete_note']) await allowTool(page, tool);
  await page.keyboard.press('Escape');
  const client = await connectClient(bridge);

  const found = payload(await client.callTool({ name: 'search_notes', arguments: { query: 'lamp' } }));
  expect(found.results.map((r: { title: string }) => r.title)).toEqual(['Lighthouse log']);
  const read = payload(await client.callTool({ name: 'read_note', arguments: { id: found.results[0].id } }));
  expect(read.body.trim()).toBe('The lamp was lit at dusk.');

  const created = payload(
    await client.callTool({
      name: 'create_note',
      arguments: { title: 'From the desktop', body: 'Written over MCP' }
    })
  );
  await expect(notesList(page).getByRole('option', { name: 'From the desktop' })).toBeVisible();

  await client.callTool({ name: 'update_note', arguments: { id: created.id, title: 'Renamed over MCP' } });
  await expect(notesList(page).getByRole('option', { name: 'Renamed over MCP' })).toBeVisible();

  expect(payload(await client.callTool({ name: 'delete_note', arguments: { id: created.id } }))).toEqual({
    id: created.id,
    trashed: true
  });
  await expect(notesList(page).getByRole('option', { name: 'Renamed over MCP' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Trash', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Trashed notes' })).toContainText('Renamed over MCP');
  await client.close();
});

test('the client session survives a tab reload', async ({ page }) => {
  await openApp(page);
  await pairTab(page, bridge);
  const client = await connectClient(bridge);
  const before = tabConnects;
  await page.reload();
  // The reloaded tab's own connection, not `tabConnected`: right after the reload that can still be
  // the old page's socket, whose close the bridge has not seen yet (on a loaded machine it came after
  // the check, and the call found no tab). The bridge adopts a tab only once the previous one is gone.
  await expect.poll(() => tabConnects, { timeout: 15_000 }).toBe(before + 1);
  expect(bridge.tabConnected).toBe(true);
  expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  await client.close();
});

test('the client is told clearly when no tab is connected', async ({ page }) => {
  await openApp(page);
  await pairTab(page, bridge);
  const client = await connectClient(bridge);
  await page.close();
  await expect.poll(() => bridge.tabConnected).toBe(false);
  await expect(client.listTools()).rejects.toThrow(/No Folio tab is connected/);
  await client.close();
});
