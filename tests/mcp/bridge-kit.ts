/** Starting the bridge and SDK clients for the bridge tests. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startBridge, type Bridge } from '../../bridge/src/bridge.mjs';

/** The handle `startBridge` resolves to. */
export type BridgeHandle = Bridge;

export const CLIENT_TOKEN = 'client-token-for-tests-0123456789';
export const PAIRING_TOKEN = 'pairing-token-for-tests-0123456789';

/** A bridge on a free loopback port with the test tokens. */
export function startTestBridge(): Promise<BridgeHandle> {
  return startBridge({ port: 0, clientToken: CLIENT_TOKEN, pairingToken: PAIRING_TOKEN });
}

/** The Bridge URL a user pastes into Folio. */
export function bridgeBase(bridge: BridgeHandle): string {
  return bridge.url.replace(/\/mcp$/, '');
}

/** An SDK client connected to the bridge over Streamable HTTP with the bearer token. */
export async function connectHttpClient(bridge: BridgeHandle, name = 'sdk-test'): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(bridge.url), {
    requestInit: { headers: { Authorization: `Bearer ${CLIENT_TOKEN}` } }
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A raw POST to the bridge's /mcp, for the attack tests. */
export async function post(
  bridge: BridgeHandle,
  body: string,
  headers: Record<string, string> = {}
): Promise<{ status: number; json: any }> {
  const response = await fetch(bridge.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${CLIENT_TOKEN}`,
      ...headers
    },
    body
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

/** An initialize request body. */
export function initializeBody(id: number | string = 1): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }
  });
}
