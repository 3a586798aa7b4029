import http from 'node:http';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectBridge,
  type BridgeLinkStatus,
  type WebSocketConstructor
} from '../../src/lib/mcp/bridge-link';
import { MAX_CLIENT_SESSIONS, startBridge } from '../../bridge/src/bridge.mjs';
import {
  bridgeBase,
  CLIENT_TOKEN,
  connectHttpClient,
  initializeBody,
  post,
  startTestBridge,
  PAIRING_TOKEN,
  type BridgeHandle
} from './bridge-kit';
import { startNodeTab } from './node-tab';

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup() {
  const bridge: BridgeHandle = await startTestBridge();
  cleanups.push(() => bridge.close());
  const tab = await startNodeTab(bridgeBase(bridge), PAIRING_TOKEN);
  cleanups.push(() => tab.close());
  return { bridge, tab };
}

/** A raw request with any headers (fetch forbids setting Host). */
function raw(
  bridge: BridgeHandle,
  options: { method?: string; headers?: Record<string, string>; body?: string }
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      bridge.url,
      {
        method: options.method ?? 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...options.headers
        }
      },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      }
    );
    req.on('error', reject);
    req.end(options.body ?? '');
  });
}

/** Registers a tool in the tab that waits until aborted; resolves `started` when called. */
function slowTool(tab: Awaited<ReturnType<typeof startNodeTab>>) {
  const state = { aborted: false, started: undefined as unknown as Promise<void> };
  let begin!: () => void;
  state.started = new Promise((r) => (begin = r));
  tab.registry.register({
    id: 'slow',
    description: 'waits',
    inputSchema: { type: 'object' },
    annotations: { readOnlyHint: true },
    handler: (_i, ctx) =>
      new Promise((resolve) => {
        begin();
        ctx.signal?.addEventListener('abort', () => ((state.aborted = true), resolve('late')));
      })
  });
  return state;
}

const waitUntil = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('bridge against bad input and attacks', () => {
  it('refuses a request without a token', async () => {
    const { bridge } = await setup();
    const res = await raw(bridge, { body: initializeBody() });
    expect([res.status, JSON.parse(res.body).error.message]).toEqual([
      401,
      expect.stringMatching(/Unauthorized/)
    ]);
  });

  it('refuses a wrong token', async () => {
    const { bridge } = await setup();
    expect((await post(bridge, initializeBody(), { authorization: 'Bearer wrong' })).status).toBe(401);
  });

  it('accepts the token in the URL for clients that only take a URL', async () => {
    const { bridge } = await setup();
    const res = await fetch(`${bridge.url}?token=${CLIENT_TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: initializeBody()
    });
    expect(res.status).toBe(200);
  });

  it('refuses a foreign Origin', async () => {
    const { bridge } = await setup();
    expect((await post(bridge, initializeBody(), { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('refuses a non-loopback Host (DNS rebinding)', async () => {
    const { bridge } = await setup();
    const res = await raw(bridge, {
      headers: { host: `evil.example:${bridge.port}`, authorization: `Bearer ${CLIENT_TOKEN}` },
      body: initializeBody()
    });
    expect(res.status).toBe(403);
  });

  it('answers a malformed body with a parse error', async () => {
    const { bridge } = await setup();
    const res = await post(bridge, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect([res.status, res.json.error.code]).toEqual([400, -32700]);
  });

  it('refuses an oversized body', async () => {
    const { bridge } = await setup();
    const res = await post(
      bridge,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(2 * 1024 * 1024) } })
    );
    expect(res.status).toBe(413);
  });

  it('refuses a batch of 1,000 requests and keeps serving', async () => {
    const { bridge } = await setup();
    const client = await connectHttpClient(bridge);
    const batch = Array.from({ length: 1000 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }));
    const res = await post(bridge, JSON.stringify(batch));
    expect([res.status, res.json.error.code]).toEqual([400, -32600]);
    expect((await client.listTools()).tools.length).toBe(5);
  });

  it('answers an unknown session with 404', async () => {
    const { bridge } = await setup();
    const res = await post(bridge, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }), {
      'mcp-session-id': 'no-such-session'
    });
    expect(res.status).toBe(404);
  });

  it('refuses a request without a session that is not initialize', async () => {
    const { bridge } = await setup();
    expect((await post(bridge, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))).status).toBe(
      400
    );
  });

  it('refuses other methods', async () => {
    const { bridge } = await setup();
    expect(
      (await raw(bridge, { method: 'PUT', headers: { authorization: `Bearer ${CLIENT_TOKEN}` } })).status
    ).toBe(405);
  });

  it('cancels the call in the tab when the client disconnects mid-call, and keeps serving', async () => {
    const { bridge, tab } = await setup();
    const slow = slowTool(tab);
    const init = await fetch(bridge.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${CLIENT_TOKEN}`
      },
      body: initializeBody()
    });
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    const headers = {
      authorization: `Bearer ${CLIENT_TOKEN}`,
      'mcp-session-id': session,
      'mcp-protocol-version': '2025-06-18'
    };
    await post(bridge, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), headers);
    const req = http.request(bridge.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers
      }
    });
    req.on('error', () => undefined);
    req.end(
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'slow', arguments: {} } })
    );
    await slow.started;
    req.destroy();
    await waitUntil(() => slow.aborted);
    expect(slow.aborted).toBe(true);
    const client = await connectHttpClient(bridge);
    expect((await client.listTools()).tools.length).toBe(6);
  });

  it('answers a waiting call with an error when the tab closes mid-call', async () => {
    const { bridge, tab } = await setup();
    const slow = slowTool(tab);
    const client = await connectHttpClient(bridge);
    const call = client.callTool({ name: 'slow', arguments: {} });
    await slow.started;
    tab.close();
    await expect(call).rejects.toThrow(/tab closed or reloaded/);
  });

  it('refuses a tab with the wrong pairing token', async () => {
    const bridge = await startTestBridge();
    cleanups.push(() => bridge.close());
    const statuses: BridgeLinkStatus[] = [];
    const link = connectBridge({
      url: bridgeBase(bridge),
      pairingToken: 'wrong',
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      connectHost: () => {
        throw new Error('must not connect');
      },
      onStatus: (s) => void statuses.push(s)
    });
    cleanups.push(() => link.stop());
    await waitUntil(() => statuses.some((s) => s.state === 'refused'));
    expect([statuses.at(-1)?.state, bridge.tabConnected]).toEqual(['refused', false]);
  });

  it('refuses a second tab while one is connected', async () => {
    const { bridge } = await setup();
    const statuses: BridgeLinkStatus[] = [];
    const link = connectBridge({
      url: bridgeBase(bridge),
      pairingToken: PAIRING_TOKEN,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      connectHost: () => {
        throw new Error('must not connect');
      },
      onStatus: (s) => void statuses.push(s)
    });
    cleanups.push(() => link.stop());
    await waitUntil(() => statuses.some((s) => s.state === 'retrying'));
    expect(statuses.find((s) => s.state === 'retrying')).toMatchObject({
      message: expect.stringMatching(/Another Folio tab/)
    });
  });
});

/** Initializes a session with a raw POST; resolves its session id. */
async function initializeRaw(bridge: BridgeHandle): Promise<string> {
  const response = await fetch(bridge.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${CLIENT_TOKEN}`
    },
    body: initializeBody()
  });
  await response.text();
  expect(response.status).toBe(200);
  return response.headers.get('mcp-session-id')!;
}

describe('bridge sessions without DELETE', () => {
  it('lets a new client in past the limit by closing the least recently used session, which then gets a clean 404', async () => {
    const { bridge } = await setup();
    const firstId = await initializeRaw(bridge);
    const client = await connectHttpClient(bridge);
    const opened = await Promise.all(
      Array.from({ length: MAX_CLIENT_SESSIONS - 2 }, () => post(bridge, initializeBody()))
    );
    expect(opened.every((r) => r.status === 200)).toBe(true);
    expect(bridge.sessionCount).toBe(MAX_CLIENT_SESSIONS);
    expect((await client.listTools()).tools.length).toBe(5); // used now: the first session is the least recent
    const more = await Promise.all(Array.from({ length: 10 }, () => post(bridge, initializeBody())));
    expect(more.every((r) => r.status === 200)).toBe(true);
    expect(bridge.sessionCount).toBe(MAX_CLIENT_SESSIONS);
    const gone = await post(bridge, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }), {
      'mcp-session-id': firstId,
      'mcp-protocol-version': '2025-06-18'
    });
    expect([gone.status, gone.json.error.message]).toEqual([404, expect.stringMatching(/Session not found/)]);
    expect((await client.listTools()).tools.length).toBe(5);
  }, 30_000); // 74 initializes at once: over vitest's 5 s default on a loaded 2-core machine

  it('closes a session left idle, in the bridge and in the tab', async () => {
    const bridge = await startBridge({
      port: 0,
      clientToken: CLIENT_TOKEN,
      pairingToken: PAIRING_TOKEN,
      sessionIdleMs: 200
    });
    cleanups.push(() => bridge.close());
    const tab = await startNodeTab(bridgeBase(bridge), PAIRING_TOKEN);
    cleanups.push(() => tab.close());
    await initializeRaw(bridge);
    expect(bridge.sessionCount).toBe(1);
    await expect.poll(() => bridge.sessionCount, { timeout: 5000 }).toBe(0);
    await expect.poll(() => tab.host.size, { timeout: 5000 }).toBe(0);
  });
});

describe('bridge body limit', () => {
  it('answers a chunked body over 1 MiB with 413, not a connection reset', async () => {
    const { bridge } = await setup();
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        bridge.url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            authorization: `Bearer ${CLIENT_TOKEN}`,
            'transfer-encoding': 'chunked'
          }
        },
        (response) => {
          let body = '';
          response.on('data', (c) => (body += c));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        }
      );
      req.on('error', reject);
      req.write('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"');
      const piece = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 40; i++) req.write(piece); // 2.5 MiB in 64 KiB chunks
      req.end('"}}');
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.message).toMatch(/too large/);
  });
});
