import { describe, expect, it } from 'vitest';
import type { ToolCall } from '$lib/llm';
import { dispatchToolCall, resultText, type DispatchContext } from './dispatch';
import { buildToolList } from './tool-list';
import { SESSION_TOOL_NAMES } from './session-tool-defs';
import { FakeWorkspace } from './testing/scripted-provider';
import type { NoteContext, SessionToolHost } from './types';

const note = { id: 'c'.repeat(32), title: 'N', body: 'Alpha beta.\n' };

function context(noteContext: NoteContext, run: (input: Record<string, unknown>) => unknown = () => 'ran') {
  const workspace = new FakeWorkspace([
    {
      id: 'list_tags',
      description: 'Tags.',
      inputSchema: {
        type: 'object',
        properties: { limit: { type: 'integer', minimum: 1 } },
        additionalProperties: false
      },
      run
    },
    { id: 'delete_note', description: 'Delete.', inputSchema: { type: 'object' }, enabled: false, run }
  ]);
  const sessionCalls: string[] = [];
  const session: SessionToolHost = {
    call: async (name) => {
      sessionCalls.push(name);
      return { content: [{ type: 'text', text: 'pending' }] };
    }
  };
  const tools = buildToolList(noteContext, workspace.list());
  const ctx: DispatchContext = {
    offered: new Map(tools.map((tool) => [tool.name, tool])),
    known: new Set([...SESSION_TOOL_NAMES, ...workspace.list().map((tool) => tool.id)]),
    workspace,
    session,
    taint: {}
  };
  return { ctx, workspace, sessionCalls };
}

const call = (name: string, args: string, extra: Partial<ToolCall> = {}): ToolCall => ({
  id: 'x1',
  name,
  arguments: args,
  ...extra
});

describe('dispatchToolCall', () => {
  it('refuses a tool that does not exist, naming the tools on offer', async () => {
    const { ctx, workspace } = context({});
    const entry = await dispatchToolCall(call('launch_rocket', '{}'), 1, ctx);
    expect(entry.isError).toBe(true);
    expect(resultText(entry.result!)).toBe(
      'There is no tool named "launch_rocket"; nothing was done. The tools you can call now: list_tags.'
    );
    expect(workspace.calls).toEqual([]);
  });

  it('refuses a session tool not offered while text is selected', async () => {
    const { ctx, sessionCalls } = context({ note, selection: { from: 1, to: 6, text: 'Alpha' } });
    const entry = await dispatchToolCall(call('append_to_note', '{"text":"x"}'), 1, ctx);
    expect(entry.isError).toBe(true);
    expect(resultText(entry.result!)).toContain(
      'append_to_note is not offered in this turn; nothing was done'
    );
    expect(resultText(entry.result!)).toContain('edit_selection');
    expect(sessionCalls).toEqual([]);
  });

  it('refuses a workspace tool that is switched off', async () => {
    const { ctx, workspace } = context({});
    const entry = await dispatchToolCall(call('delete_note', '{}'), 1, ctx);
    expect(resultText(entry.result!)).toContain('delete_note is not offered in this turn');
    expect(workspace.calls).toEqual([]);
  });

  it('returns schema problems without running the tool', async () => {
    const { ctx, workspace } = context({});
    const entry = await dispatchToolCall(call('list_tags', '{"limit": 0, "extra": true}'), 1, ctx);
    expect(entry.isError).toBe(true);
    const text = resultText(entry.result!);
    expect(text).toContain('Invalid arguments for list_tags');
    expect(text).toContain('limit: ');
    expect(text).toBe(
      'Invalid arguments for list_tags: limit: must be at least 1 (got 0); extra: unknown property (allowed: limit).'
    );
    expect(workspace.calls).toEqual([]);
  });

  it('takes the provider parse error as the problem', async () => {
    const { ctx } = context({});
    const entry = await dispatchToolCall(
      call('list_tags', '{', { parseError: 'Unexpected end of JSON input' }),
      1,
      ctx
    );
    expect(resultText(entry.result!)).toContain('not a JSON object (Unexpected end of JSON input)');
    expect(entry.arguments).toBe('{');
  });

  it('parses raw arguments itself when the provider did not', async () => {
    const { ctx, workspace } = context({});
    await dispatchToolCall(call('list_tags', '{"limit": 3}'), 1, ctx);
    expect(workspace.calls).toEqual([{ id: 'list_tags', input: { limit: 3 }, source: 'ai' }]);
  });

  it('refuses arguments that are JSON but not an object', async () => {
    const { ctx } = context({});
    const entry = await dispatchToolCall(call('list_tags', '[1]'), 1, ctx);
    expect(resultText(entry.result!)).toContain('got an array');
  });

  it('takes empty arguments as an empty object', async () => {
    const { ctx } = context({});
    const entry = await dispatchToolCall(call('list_tags', ''), 1, ctx);
    expect(entry.isError).toBe(false);
  });

  it('turns a handler failure into an error result', async () => {
    const { ctx } = context({}, () => {
      throw new Error('disk on fire');
    });
    const entry = await dispatchToolCall(call('list_tags', '{}'), 1, ctx);
    expect(resultText(entry.result!)).toBe('list_tags failed: disk on fire');
  });

  it('checks the arguments of a session tool itself in the words of the registry and proposes nothing', async () => {
    const { ctx, sessionCalls } = context({ note });
    const entry = await dispatchToolCall(call('append_to_note', '{}'), 1, ctx);
    expect(entry.isError).toBe(true);
    expect(resultText(entry.result!)).toMatch(/^Invalid arguments for append_to_note: text: required/);
    expect(sessionCalls).toEqual([]);
  });

  it('routes a session tool to the session host', async () => {
    const { ctx, sessionCalls } = context({ note });
    const entry = await dispatchToolCall(call('append_to_note', '{"text":"more"}'), 2, ctx);
    expect(sessionCalls).toEqual(['append_to_note']);
    expect(entry).toMatchObject({ tier: 'session', step: 2, isError: false, arguments: { text: 'more' } });
  });
});
