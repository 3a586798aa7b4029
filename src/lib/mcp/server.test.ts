import { describe, expect, it } from 'vitest';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '$lib/tools';
import { connectClient, mcpBench, settle } from './mcp-test-kit';

const textOf = (result: Record<string, unknown>) => (result.content as { text: string }[])[0]?.text ?? '';

describe('MCP server: tools', () => {
  it('lists the read tools and not the write tools by default', async () => {
    const { connect } = await mcpBench();
    const client = await connect();
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual([
      'search_notes',
      'semantic_search_notes',
      'read_note',
      'list_notebooks',
      'list_tags'
    ]);
  });

  it('lists a write tool the user switched on, with its annotations', async () => {
    const { connect } = await mcpBench({ delete_note: true });
    const client = await connect();
    const tool = (await client.listTools()).tools.find((t) => t.name === 'delete_note');
    expect(tool?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('hides a read tool the user switched off', async () => {
    const { connect } = await mcpBench({ search_notes: false });
    const client = await connect();
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('search_notes');
  });

  it('passes JSON Schema 2020-12 keywords through unchanged', async () => {
    const bench = await mcpBench();
    const inputSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } },
      properties: { address: { $ref: '#/$defs/address' } },
      additionalProperties: false
    };
    bench.registry.register({
      id: 'schema_probe',
      description: 'probe',
      inputSchema,
      annotations: { readOnlyHint: true },
      handler: () => 'ok'
    });
    const client = await bench.connect();
    const tool = (await client.listTools()).tools.find((t) => t.name === 'schema_probe');
    expect(tool?.inputSchema).toEqual(inputSchema);
  });

  it('notifies tools/list_changed when a switch flips', async () => {
    const { connect, access } = await mcpBench();
    const client = await connect();
    let notified = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void notified++);
    access.set('create_note', true);
    await settle();
    expect(notified).toBe(1);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('create_note');
  });

  it('notifies tools/list_changed when a tool is registered', async () => {
    const bench = await mcpBench();
    const client = await bench.connect();
    let notified = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void notified++);
    bench.registry.register({
      id: 'plugin_tool',
      description: 'x',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      handler: () => 'ok'
    });
    await settle();
    expect(notified).toBe(1);
  });

  it('calls a tool and returns its structured result', async () => {
    const bench = await mcpBench();
    const created = await bench.call('create_note', { title: 'Soup', body: 'Leek and potato' });
    const id = (created.structuredContent as { id: string }).id;
    const client = await bench.connect();
    const result = await client.callTool({ name: 'read_note', arguments: { id } });
    expect(result.structuredContent).toMatchObject({ id, title: 'Soup', body: 'Leek and potato' });
  });

  it('returns a tool failure as an isError result', async () => {
    const { connect } = await mcpBench();
    const client = await connect();
    const result = await client.callTool({ name: 'read_note', arguments: { id: '0'.repeat(32) } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not found|No note/i);
  });

  it('returns invalid arguments as an isError result', async () => {
    const { connect } = await mcpBench();
    const client = await connect();
    const result = await client.callTool({ name: 'read_note', arguments: { id: 42 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Invalid arguments for read_note/);
  });

  it('refuses a switched-off write tool with a protocol error', async () => {
    const { connect } = await mcpBench();
    const client = await connect();
    await expect(
      client.callTool({ name: 'delete_note', arguments: { id: '0'.repeat(32) } })
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/switched off for MCP clients/)
    });
  });

  it('refuses an unknown tool with a protocol error', async () => {
    const { connect } = await mcpBench();
    const client = await connect();
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
      code: -32602
    });
  });

  it('runs calls as an MCP client named by its initialize clientInfo', async () => {
    const bench = await mcpBench();
    let seen: ToolContext | undefined;
    bench.registry.register({
      id: 'who',
      description: 'x',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      handler: (_i, ctx) => ((seen = ctx), 'ok')
    });
    const client = await bench.connect();
    await client.callTool({ name: 'who', arguments: {} });
    expect({ source: seen?.source, caller: seen?.caller }).toEqual({ source: 'mcp', caller: 'test-client' });
  });

  it('aborts the handler when the client cancels the call', async () => {
    const bench = await mcpBench();
    let aborted = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    bench.registry.register({
      id: 'slow',
      description: 'x',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      handler: (_i, ctx) =>
        new Promise((resolve) => {
          started();
          ctx.signal?.addEventListener('abort', () => ((aborted = true), resolve('late')));
        })
    });
    const client = await bench.connect();
    const controller = new AbortController();
    const call = client.callTool({ name: 'slow', arguments: {} }, undefined, { signal: controller.signal });
    await running;
    controller.abort('user stopped');
    await expect(call).rejects.toThrow();
    await settle();
    expect(aborted).toBe(true);
  });

  it('serves several sessions from one factory', async () => {
    const bench = await mcpBench();
    const [a, b] = await Promise.all([connectClient(bench.factory), connectClient(bench.factory)]);
    const [la, lb] = await Promise.all([a.listTools(), b.listTools()]);
    expect(la.tools.length).toBe(lb.tools.length);
  });
});
