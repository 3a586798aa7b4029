import WebSocket from 'ws';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLinkedTransports } from '$lib/rpc';
import { builtinTools } from '$lib/tools';
import { mcpBench } from '../../src/lib/mcp/mcp-test-kit';
import { startPageMcp, type PageMcp, type PageMcpSnapshot } from '../../src/lib/mcp/page-mcp';
import { createMcpSessionHost } from '../../src/lib/mcp/session-host';
import { bridgeBase, startTestBridge, PAIRING_TOKEN, type BridgeHandle } from './bridge-kit';

// Node 20 has no WebSocket; the page's controller uses the global one, as in the browser.
beforeAll(() => {
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
});

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function controller() {
  const bench = await mcpBench();
  const host = createMcpSessionHost(() => bench.factory);
  const mcp: PageMcp = startPageMcp({
    db: bench.db,
    connectHost: () => {
      const [page, worker] = createLinkedTransports();
      host.attach(worker);
      return page;
    },
    tools: async () =>
      builtinTools().map(({ id, description, annotations }) => ({ id, description, annotations })),
    onError: (error) => {
      throw error;
    }
  });
  cleanups.push(() => mcp.stop());
  return { ...bench, mcp };
}

function until(mcp: PageMcp, check: (s: PageMcpSnapshot) => boolean): Promise<PageMcpSnapshot> {
  return new Promise((resolve) => {
    const stop = mcp.subscribe((s) => {
      if (!check(s)) return;
      queueMicrotask(() => stop());
      resolve(s);
    });
  });
}

describe('the page MCP controller', () => {
  it('offers read tools on and write tools off at first', async () => {
    const { mcp } = await controller();
    const rows = await mcp.toolRows();
    expect(rows.filter((r) => r.on).map((r) => r.id)).toEqual([
      'search_notes',
      'semantic_search_notes',
      'read_note',
      'list_notebooks',
      'list_tags'
    ]);
  });

  it('stores a tool switch', async () => {
    const { mcp } = await controller();
    await mcp.setToolOn('create_note', true);
    expect((await mcp.toolRows()).find((r) => r.id === 'create_note')?.on).toBe(true);
  });

  it('connects to the bridge when desktop clients are allowed, and disconnects when not', async () => {
    const bridge: BridgeHandle = await startTestBridge();
    cleanups.push(() => bridge.close());
    const { mcp } = await controller();
    await mcp.update({ desktop: true, bridgeUrl: bridgeBase(bridge), pairingToken: PAIRING_TOKEN });
    await until(mcp, (s) => s.bridge.state === 'connected');
    expect(bridge.tabConnected).toBe(true);
    await mcp.update({ desktop: false });
    await until(mcp, (s) => s.bridge.state === 'stopped');
    for (let i = 0; i < 100 && bridge.tabConnected; i++) await new Promise((r) => setTimeout(r, 10));
    expect(bridge.tabConnected).toBe(false);
  });

  it('reports WebMCP as unavailable where the browser lacks it', async () => {
    const { mcp } = await controller();
    expect(mcp.snapshot.webmcp).toBe('unavailable');
  });
});
