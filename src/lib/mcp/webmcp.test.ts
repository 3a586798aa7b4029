import { describe, expect, it } from 'vitest';
import { createLinkedTransports } from '$lib/rpc';
import { mcpBench, settle } from './mcp-test-kit';
import { createMcpSessionHost } from './session-host';
import { startWebMcp, webMcpAnnotations, type ModelContextLike, type WebMcpTool } from './webmcp';

/** A model context that keeps what is registered until its signal aborts, like Chromium's. */
function fakeModelContext() {
  const tools = new Map<string, WebMcpTool>();
  const context: ModelContextLike = {
    registerTool(tool, options) {
      if (tools.has(tool.name)) throw new Error(`duplicate ${tool.name}`);
      tools.set(tool.name, tool);
      options?.signal?.addEventListener('abort', () => tools.delete(tool.name));
    }
  };
  return { context, tools };
}

async function start(switches: Record<string, boolean> = {}) {
  const bench = await mcpBench(switches);
  const host = createMcpSessionHost(() => bench.factory);
  const [page, worker] = createLinkedTransports();
  host.attach(worker);
  const fake = fakeModelContext();
  const stop = await startWebMcp(fake.context, page, (e) => {
    throw e;
  });
  return { ...bench, ...fake, stop, host };
}

describe('WebMCP registration', () => {
  it('registers the tools enabled for MCP', async () => {
    const { tools } = await start();
    expect([...tools.keys()]).toEqual([
      'search_notes',
      'semantic_search_notes',
      'read_note',
      'list_notebooks',
      'list_tags'
    ]);
  });

  it('marks read tools read-only and writes consequential', async () => {
    const { tools } = await start({ delete_note: true });
    expect([tools.get('read_note')?.annotations.readOnlyHint, tools.get('delete_note')?.annotations]).toEqual(
      [
        true,
        { readOnlyHint: false, destructiveHint: true, consequentialHint: true, untrustedContentHint: false }
      ]
    );
  });

  it('runs a tool and returns its text', async () => {
    const { tools } = await start({ create_note: true });
    const text = await tools.get('create_note')!.execute({ title: 'From the agent' });
    expect(JSON.parse(text)).toMatchObject({ title: 'From the agent' });
  });

  it('throws a tool failure so the agent sees it failed', async () => {
    const { tools } = await start();
    await expect(tools.get('read_note')!.execute({ id: '0'.repeat(32) })).rejects.toThrow(/note/i);
  });

  it('re-registers when a switch flips', async () => {
    const { tools, access } = await start();
    access.set('create_note', true);
    await settle(50);
    expect(tools.has('create_note')).toBe(true);
  });

  it('unregisters everything when stopped', async () => {
    const { tools, stop } = await start();
    stop();
    expect(tools.size).toBe(0);
  });

  it('treats a tool without annotations as a consequential write', () => {
    expect(webMcpAnnotations({})).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      consequentialHint: true,
      untrustedContentHint: false
    });
  });
});
