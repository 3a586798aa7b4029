import { describe, expect, it, vi } from 'vitest';
import { AppError } from '$lib/core';
import { freshDb } from '../../../tests/fresh-db';
import { createToolRegistry } from './registry';
import { wordSearch } from './tool-test-kit';
import type { ToolContext, ToolDefinition, ToolRegistryChange } from './types';

const db = freshDb();
const ctx: ToolContext = { db, search: wordSearch(db), source: 'ai' };

function echoTool(overrides: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    id: 'echo',
    description: 'Echoes its input.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', maxLength: 5 } },
      required: ['text'],
      additionalProperties: false
    },
    annotations: { readOnlyHint: true },
    handler: (input: { text: string }) => ({ echoed: input.text }),
    ...overrides
  };
}

describe('createToolRegistry', () => {
  it('lists registered tools in registration order, without their handlers', () => {
    const registry = createToolRegistry();
    registry.register(echoTool());
    registry.register(echoTool({ id: 'second' }));
    expect(registry.list().map((t) => t.id)).toEqual(['echo', 'second']);
    expect(registry.find('echo')).toMatchObject({
      id: 'echo',
      enabled: true,
      annotations: { readOnlyHint: true }
    });
    expect(registry.find('echo')).not.toHaveProperty('handler');
  });

  it('throws on a duplicate id', () => {
    const registry = createToolRegistry();
    registry.register(echoTool());
    expect(() => registry.register(echoTool())).toThrow(/already registered/);
  });

  it('refuses an id MCP cannot carry and a schema that is not an object', () => {
    const registry = createToolRegistry();
    expect(() => registry.register(echoTool({ id: 'has space' }))).toThrow(TypeError);
    expect(() => registry.register(echoTool({ inputSchema: { type: 'string' } }))).toThrow(
      /inputSchema must be/
    );
  });

  it('leaves a disabled tool out of enabledOnly lists and refuses to call it', async () => {
    const registry = createToolRegistry();
    const handle = registry.register(echoTool());
    handle.disable();
    expect(registry.list({ enabledOnly: true })).toEqual([]);
    expect(registry.list()).toHaveLength(1);
    const result = await registry.call('echo', { text: 'hi' }, ctx);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/turned off/);
    handle.enable();
    expect((await registry.call('echo', { text: 'hi' }, ctx)).isError).toBeUndefined();
  });

  it('filters with a consumer predicate', () => {
    const registry = createToolRegistry();
    registry.register(echoTool());
    registry.register(echoTool({ id: 'writer', annotations: { readOnlyHint: false } }));
    expect(registry.list({ where: (t) => t.annotations.readOnlyHint === true }).map((t) => t.id)).toEqual([
      'echo'
    ]);
  });

  it('removes a tool so that its id can be registered again', () => {
    const registry = createToolRegistry();
    const first = registry.register(echoTool());
    first.remove();
    expect(registry.find('echo')).toBeUndefined();
    registry.register(echoTool());
    first.remove(); // a stale handle must not remove the new registration
    expect(registry.find('echo')).toBeDefined();
  });

  it('reports every change, once, until unsubscribed', () => {
    const registry = createToolRegistry();
    const changes: ToolRegistryChange[] = [];
    const unsubscribe = registry.onChange((c) => changes.push(c));
    const handle = registry.register(echoTool());
    handle.disable();
    handle.disable();
    handle.enable();
    handle.remove();
    unsubscribe();
    registry.register(echoTool());
    expect(changes).toEqual([
      { kind: 'registered', id: 'echo' },
      { kind: 'disabled', id: 'echo' },
      { kind: 'enabled', id: 'echo' },
      { kind: 'removed', id: 'echo' }
    ]);
  });

  it('keeps notifying the other listeners when one throws', () => {
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementationOnce(() => undefined);
    const registry = createToolRegistry();
    const seen: string[] = [];
    registry.onChange(() => {
      throw new Error('listener bug');
    });
    registry.onChange((c) => seen.push(c.kind));
    registry.register(echoTool());
    expect(seen).toEqual(['registered']);
    vi.restoreAllMocks();
  });
});

describe('ToolRegistry.call', () => {
  it('returns an isError result for an unknown tool', async () => {
    const result = await createToolRegistry().call('nope', {}, ctx);
    expect(result).toEqual({ content: [{ type: 'text', text: 'Unknown tool "nope".' }], isError: true });
  });

  it('validates the input before the handler runs and names the field', async () => {
    const handler = vi.fn();
    const registry = createToolRegistry();
    registry.register(echoTool({ handler }));
    const result = await registry.call('echo', { text: 'too long!' }, ctx);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe(
      'Invalid arguments for echo: text: must be at most 5 characters (got 9).'
    );
    expect(handler).not.toHaveBeenCalled();
  });

  it('treats missing arguments as an empty object', async () => {
    const registry = createToolRegistry();
    registry.register(
      echoTool({ inputSchema: { type: 'object', properties: {} }, handler: () => 'none needed' })
    );
    expect(await registry.call('echo', undefined, ctx)).toEqual({
      content: [{ type: 'text', text: 'none needed' }]
    });
  });

  it('sends an object payload as pretty JSON, with structuredContent only when there is an output schema', async () => {
    const registry = createToolRegistry();
    registry.register(echoTool());
    registry.register(
      echoTool({
        id: 'typed',
        outputSchema: { type: 'object', properties: { echoed: { type: 'string' } }, required: ['echoed'] }
      })
    );
    expect(await registry.call('echo', { text: 'hi' }, ctx)).toEqual({
      content: [{ type: 'text', text: '{\n  "echoed": "hi"\n}' }]
    });
    expect(await registry.call('typed', { text: 'hi' }, ctx)).toEqual({
      content: [{ type: 'text', text: '{\n  "echoed": "hi"\n}' }],
      structuredContent: { echoed: 'hi' }
    });
  });

  it('turns output that breaks the output schema into an internal error', async () => {
    const registry = createToolRegistry();
    registry.register(echoTool({ outputSchema: { type: 'object', required: ['other'] } }));
    const result = await registry.call('echo', { text: 'hi' }, ctx);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(
      /^Internal error in echo: its output does not match its output schema \(other: required\)/
    );
  });

  it('passes an AppError message to the model as is', async () => {
    const registry = createToolRegistry();
    registry.register(
      echoTool({ handler: () => Promise.reject(new AppError('not_found', 'No note with id x.')) })
    );
    expect(await registry.call('echo', { text: 'a' }, ctx)).toEqual({
      content: [{ type: 'text', text: 'No note with id x.' }],
      isError: true
    });
  });

  it('reports any other exception as an internal error of the tool', async () => {
    const registry = createToolRegistry();
    registry.register(
      echoTool({
        handler: () => {
          throw new RangeError('bad index');
        }
      })
    );
    expect((await registry.call('echo', { text: 'a' }, ctx)).content[0].text).toBe(
      'Internal error in echo: bad index'
    );
  });

  it('explains a closed database and that nothing changed', async () => {
    const closed = freshDb();
    closed.close();
    const registry = createToolRegistry();
    registry.register(echoTool({ handler: () => closed.notes.count() }));
    const result = await registry.call('echo', { text: 'a' }, ctx);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(
      /database is not available .*DatabaseClosedError.*Nothing was changed/
    );
  });

  it('throws aborted without running the handler when the signal is already aborted', async () => {
    const handler = vi.fn();
    const registry = createToolRegistry();
    registry.register(echoTool({ handler }));
    const controller = new AbortController();
    controller.abort();
    await expect(
      registry.call('echo', { text: 'a' }, { ...ctx, signal: controller.signal })
    ).rejects.toMatchObject({ code: 'aborted' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('rejects with aborted as soon as the signal aborts during a slow handler', async () => {
    const registry = createToolRegistry();
    registry.register(echoTool({ handler: () => new Promise(() => undefined) }));
    const controller = new AbortController();
    const pending = registry.call('echo', { text: 'a' }, { ...ctx, signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toMatchObject({
      name: 'AppError',
      code: 'aborted',
      message: 'The call to echo was cancelled.'
    });
  });
});
