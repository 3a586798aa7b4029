// Shared steps of the MCP specs: a bridge on a free port, the tab paired to it through Settings,
// and an SDK client over Streamable HTTP, all as a user (and a desktop app) would do it.
import { expect, type Page } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startBridge, type Bridge } from '../bridge/src/bridge.mjs';
import { openSettings } from './settings-helpers';

export const CLIENT_TOKEN = 'e2e-client-token-0123456789abcdef';
export const PAIRING_TOKEN = 'e2e-pairing-token-0123456789abcdef';

/** A bridge on a free loopback port; `log` gets the lines it logs (a tab connecting, among them). */
export function startTestBridge(log?: (line: string) => void): Promise<Bridge> {
  return startBridge({ port: 0, clientToken: CLIENT_TOKEN, pairingToken: PAIRING_TOKEN, log });
}

/** Opens Settings → MCP, the section of the Settings dialog. */
export async function openMcpSettings(page: Page) {
  return openSettings(page, 'Desktop apps (MCP)');
}

/** Pairs the tab with `bridge` through Settings, as the README tells a user to. */
export async function pairTab(page: Page, bridge: Bridge): Promise<void> {
  const dialog = await openMcpSettings(page);
  await dialog.getByRole('textbox', { name: 'Bridge URL' }).fill(bridge.url.replace(/\/mcp$/, ''));
  await dialog.getByRole('textbox', { name: 'Pairing token' }).fill(PAIRING_TOKEN);
  await dialog.getByRole('textbox', { name: 'Pairing token' }).press('Tab');
  await dialog.getByRole('checkbox', { name: 'Allow desktop MCP clients' }).check();
  await expect(dialog.getByText('Connected to the bridge')).toBeVisible();
}

/** Turns an MCP tool switch on in Settings → MCP (the dialog must be open). */
export async function allowTool(page: Page, toolId: string): Promise<void> {
  const tools = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('group', { name: 'Tools MCP clients may use' });
  await tools.getByRole('switch', { name: toolId, exact: true }).check();
  await expect(tools.getByRole('switch', { name: toolId, exact: true })).toBeChecked();
}

/** An SDK client of `bridge` over Streamable HTTP with the bearer token. */
export async function connectClient(bridge: Bridge): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(bridge.url), {
    requestInit: { headers: { Authorization: `Bearer ${CLIENT_TOKEN}` } }
  });
  const client = new Client({ name: 'e2e-desktop-client', version: '1.0.0' });
  await client.connect(transport);
  return client;
}
