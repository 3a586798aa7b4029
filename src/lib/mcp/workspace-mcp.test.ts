import { describe, expect, it } from 'vitest';
import { messagePortTransport } from '$lib/rpc';
import { toolBench } from '../tools/tool-test-kit';
import { connectPageClient } from './page-client';
import { setMcpToolSwitch } from './tool-access';
import { createMcpWorkerApi } from './workspace-mcp';

async function attached() {
  const bench = await toolBench();
  const { db, search, semantic } = bench.ctx;
  const api = createMcpWorkerApi({
    registry: bench.registry,
    context: () => ({ db, search, semantic }),
    channelOf: messagePortTransport,
    onError: (error) => {
      throw error;
    }
  });
  const { port1, port2 } = new MessageChannel();
  api.mcpAttach(port2);
  const client = await connectPageClient(messagePortTransport(port1), 'test', 'worker-test');
  return { ...bench, api, client };
}

describe('the worker MCP API', () => {
  it('serves a session over a transferred port', async () => {
    const { client, api } = await attached();
    const { tools } = await client.request<{ tools: { name: string }[] }>('tools/list');
    expect([tools.length, api.mcpSessionCount()]).toEqual([5, 1]);
  });

  it('follows the stored MCP switches and says tools/list_changed', async () => {
    const { client, db } = await attached();
    const notices: string[] = [];
    client.onNotification = (method) => void notices.push(method);
    await setMcpToolSwitch(db, 'create_note', true);
    for (let i = 0; i < 100 && !notices.length; i++) await new Promise((r) => setTimeout(r, 10));
    const { tools } = await client.request<{ tools: { name: string }[] }>('tools/list');
    expect([notices, tools.map((t) => t.name)]).toEqual([
      ['notifications/tools/list_changed'],
      expect.arrayContaining(['create_note'])
    ]);
  });

  it('ends the session when the page closes its port', async () => {
    const { client, api } = await attached();
    client.close();
    for (let i = 0; i < 100 && api.mcpSessionCount() > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(api.mcpSessionCount()).toBe(0);
  });
});
