// A plugin tool registered through the worker's plugin API, as an external MCP client sees it:
// listed with a list-changed notification, callable with the plain output, gone when removed.
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { mcpBench, settle } from '../src/lib/mcp/mcp-test-kit';
import { createPluginsApi } from './plugins-api';

async function setUp(readOnlyHint = true, switches: Record<string, boolean> = { plan_trip_packing: true }) {
  const bench = await mcpBench(switches);
  const api = createPluginsApi({
    db: bench.db,
    registry: bench.registry,
    toolContext: (o) => ({ ...bench.ctx, ...o })
  });
  const client = await bench.connect();
  let notified = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void notified++);
  const register = () =>
    api.registerPluginTool(
      'example',
      {
        id: 'plan_trip_packing',
        pluginName: 'Vacation packing',
        description: 'Plans packing.',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint }
      },
      { call: async () => ({ items: [{ name: 'Socks' }] }) }
    );
  return { api, client, register, notified: () => notified };
}

describe('plugin tools over MCP', () => {
  it('lists a plugin tool after a list-changed notification', async () => {
    const { client, register, notified } = await setUp();
    register();
    await settle();
    expect(notified()).toBe(1);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('plan_trip_packing');
  });

  it('keeps a plugin tool off for MCP clients until the user turns it on, even a read-only one', async () => {
    const { client, register } = await setUp(true, {});
    register();
    await settle();
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('plan_trip_packing');
  });

  it('keeps a plugin tool that may write off for MCP clients until the user turns it on', async () => {
    const { client, register } = await setUp(false, {});
    register();
    await settle();
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('plan_trip_packing');
  });

  it('gives an MCP client the plain output, without a renderer', async () => {
    const { client, register } = await setUp();
    register();
    const result = (await client.callTool({ name: 'plan_trip_packing', arguments: {} })) as {
      content: { text: string }[];
    };
    expect(JSON.parse(result.content[0].text)).toEqual({ items: [{ name: 'Socks' }] });
  });

  it('drops the tool from the list, with a notification, when the plugin stops', async () => {
    const { api, client, register, notified } = await setUp();
    register();
    await settle();
    api.unregisterPluginTool('plan_trip_packing');
    await settle();
    expect(notified()).toBe(2);
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('plan_trip_packing');
  });
});
