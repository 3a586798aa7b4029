import { describe, expect, it, vi } from 'vitest';
import { createLinkedTransports } from '$lib/rpc';
import type { FrameFromHost, JsonRpcMessage } from './frames';
import { mcpBench, settle } from './mcp-test-kit';
import { createMcpSessionHost, MAX_SESSIONS, type SessionSink } from './session-host';

const init = (id: number): JsonRpcMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }
});
const initialized: JsonRpcMessage = { jsonrpc: '2.0', method: 'notifications/initialized' };

function recorder() {
  const messages: JsonRpcMessage[] = [];
  let closed = 0;
  const sink: SessionSink = { message: (m) => void messages.push(m), closed: () => void closed++ };
  return { sink, messages, closed: () => closed };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await settle(10);
}

describe('MCP session host', () => {
  it('does not build the server factory before the first session', async () => {
    const bench = await mcpBench();
    const getFactory = vi.fn(() => bench.factory);
    const host = createMcpSessionHost(getFactory);
    expect(getFactory).not.toHaveBeenCalled();
    const r = recorder();
    host.receive('a', init(1), r.sink);
    await until(() => r.messages.length > 0);
    expect(getFactory).toHaveBeenCalledTimes(1);
  });

  it('answers initialize and tools/list on a session', async () => {
    const bench = await mcpBench();
    const host = createMcpSessionHost(() => bench.factory);
    const r = recorder();
    host.receive('a', init(1), r.sink);
    host.receive('a', initialized, r.sink);
    host.receive('a', { jsonrpc: '2.0', id: 2, method: 'tools/list' }, r.sink);
    await until(() => r.messages.length >= 2);
    expect(r.messages.map((m) => m.id)).toEqual([1, 2]);
    expect((r.messages[1].result as { tools: unknown[] }).tools.length).toBe(5);
  });

  it('keeps sessions apart', async () => {
    const bench = await mcpBench();
    const host = createMcpSessionHost(() => bench.factory);
    const a = recorder();
    const b = recorder();
    host.receive('a', init(7), a.sink);
    host.receive('b', init(7), b.sink);
    await until(() => a.messages.length + b.messages.length >= 2);
    expect([a.messages.length, b.messages.length, host.size]).toEqual([1, 1, 2]);
  });

  it('serves a session beyond the limit by closing the least recently used one', async () => {
    const bench = await mcpBench();
    const host = createMcpSessionHost(() => bench.factory);
    const sinks = Array.from({ length: MAX_SESSIONS }, () => recorder());
    sinks.forEach((r, i) => host.open(`s${i}`, r.sink));
    host.receive('s0', init(9), sinks[0].sink); // s0 used again: s1 is now the least recent
    const r = recorder();
    host.receive('one-more', init(1), r.sink);
    await until(() => r.messages.length >= 1);
    expect(r.messages[0]).toMatchObject({ id: 1, result: { serverInfo: expect.any(Object) } });
    expect(host.size).toBe(MAX_SESSIONS);
    expect(sinks[1].closed()).toBe(1);
    expect(sinks[0].closed()).toBe(0);
  });

  it('aborts a call in flight when its session closes', async () => {
    const bench = await mcpBench();
    let aborted = false;
    bench.registry.register({
      id: 'slow',
      description: 'x',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      handler: (_i, ctx) =>
        new Promise((resolve) =>
          ctx.signal?.addEventListener('abort', () => ((aborted = true), resolve('x')))
        )
    });
    const host = createMcpSessionHost(() => bench.factory);
    const r = recorder();
    host.receive('a', init(1), r.sink);
    host.receive(
      'a',
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow', arguments: {} } },
      r.sink
    );
    await settle(50);
    await host.close('a');
    expect([aborted, r.closed(), host.size]).toEqual([true, 1, 0]);
  });

  it('serves frames over an attached channel and closes its sessions with it', async () => {
    const bench = await mcpBench();
    const host = createMcpSessionHost(() => bench.factory);
    const [page, worker] = createLinkedTransports();
    host.attach(worker);
    const frames: FrameFromHost[] = [];
    page.onmessage = (frame) => void frames.push(frame as FrameFromHost);
    page.send({ t: 'msg', s: 'x', m: init(1) });
    await until(() => frames.length > 0);
    expect(frames[0]).toMatchObject({ t: 'msg', s: 'x', m: { id: 1 } });
    page.close();
    await until(() => host.size === 0);
    expect(host.size).toBe(0);
  });

  it('drops frames that are not frames', async () => {
    const bench = await mcpBench();
    const host = createMcpSessionHost(() => bench.factory);
    const [page, worker] = createLinkedTransports();
    host.attach(worker);
    for (const junk of [
      null,
      'x',
      { t: 'msg', s: 'x', m: { id: 1 } },
      { t: 'open', s: '' },
      { t: 'open', s: 'y'.repeat(500) }
    ])
      page.send(junk);
    await settle(50);
    expect(host.size).toBe(0);
  });
});
