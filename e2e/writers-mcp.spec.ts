// A desktop MCP client writing to the note the user is typing in: both the client's change and the
// typing are kept (merged into the open editor), and History names both writers. And the bridge
// keeps serving: 100 clients that never end their sessions, then one more that works.
import { expect, test } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Bridge } from '../bridge/src/bridge.mjs';
import { noteIdByTitle } from './agent-helpers';
import { allowTool, CLIENT_TOKEN, connectClient, pairTab, startTestBridge } from './mcp-helpers';
import { body, createNote, openApp, saveStatus } from './shell-helpers';

let bridge: Bridge;
test.beforeEach(async () => {
  bridge = await startTestBridge();
});
test.afterEach(async () => {
  await bridge.close();
});

test('an MCP client appends to the open note while the user types: both are kept, History names both', async ({
  page
}) => {
  await openApp(page);
  await createNote(page, 'Packing list', '- tent');
  const id = await noteIdByTitle(page, 'Packing list');
  await pairTab(page, bridge);
  await allowTool(page, 'update_note');
  await page.keyboard.press('Escape');
  const client = await connectClient(bridge);

  await body(page).getByText('- tent').or(body(page).getByText('tent')).first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' (big)', { delay: 30 });
  // The client's write lands while the user is still typing, before the autosave.
  const [result] = await Promise.all([
    client.callTool({ name: 'update_note', arguments: { id, append: 'Remember the socks.' } }),
    page.keyboard.type(' and pegs', { delay: 30 })
  ]);
  expect(result.isError).toBeFalsy();
  await expect(body(page)).toContainText('tent (big) and pegs');
  await expect(body(page)).toContainText('Remember the socks.');
  await page.keyboard.type('!');
  await expect(saveStatus(page)).toHaveText('Saved');
  const read = (await client.callTool({ name: 'read_note', arguments: { id } })).structuredContent as {
    body: string;
  };
  expect(read.body).toContain('tent (big) and pegs!');
  expect(read.body).toContain('Remember the socks.');

  await page.getByRole('button', { name: 'History' }).click();
  const versions = page.getByRole('dialog', { name: 'Note history' }).getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('button', { name: /By MCP client “e2e-desktop-client”/ })).toBeVisible();
  await expect(versions.getByRole('button', { name: /By you/ }).first()).toBeVisible();
  await versions.getByRole('button', { name: /By MCP client/ }).click();
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Remember the socks.');
  await client.close();
});

test('100 MCP clients that never end their sessions, then one more that works', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await createNote(page, 'Lighthouse log', 'The lamp was lit at dusk.');
  await pairTab(page, bridge);
  await page.keyboard.press('Escape');
  // Each connects and lists the tools, then goes away without an HTTP DELETE (as a CLI that exits).
  for (let batch = 0; batch < 10; batch++) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const transport = new StreamableHTTPClientTransport(new URL(bridge.url), {
          requestInit: { headers: { Authorization: `Bearer ${CLIENT_TOKEN}` } }
        });
        const client = new Client({ name: `abandoning-${batch * 10 + i}`, version: '1' });
        await client.connect(transport);
        await client.listTools();
      })
    );
  }
  expect(bridge.sessionCount).toBeLessThanOrEqual(64);
  const client = await connectClient(bridge);
  const found = (await client.callTool({ name: 'search_notes', arguments: { query: 'lamp' } }))
    .structuredContent as { results: { title: string }[] };
  expect(found.results.map((r) => r.title)).toEqual(['Lighthouse log']);
  await client.close();
});
