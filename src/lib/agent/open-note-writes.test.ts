import { describe, expect, it } from 'vitest';
import { createAgent } from './agent';
import { FakeWorkspace, ScriptedProvider } from './testing/scripted-provider';
import type { SessionToolHost, ToolResult } from './types';

const OPEN = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);
const pending = (text: string): ToolResult => ({
  content: [{ type: 'text', text }],
  structuredContent: { status: 'pending', editId: 'edit-1' }
});

function setup(calls: { name: string; arguments: string }[]) {
  const provider = new ScriptedProvider([
    { calls: calls.map((c, i) => ({ id: `c${i}`, ...c })) },
    { text: 'Done.' }
  ]);
  const tools = new FakeWorkspace([
    {
      id: 'update_note',
      description: 'Changes a note.',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string' }, append: { type: 'string' } },
        required: ['id']
      },
      writesNote: 'id',
      run: () => ({ id: OTHER, updated_time: 1 })
    }
  ]);
  const sessionCalls: string[] = [];
  const session: SessionToolHost = {
    async call(name) {
      sessionCalls.push(name);
      return pending(`Edit edit-1 proposed (${name}).`);
    }
  };
  const agent = createAgent({ provider, tools });
  const run = () =>
    agent.runNoteChat({ note: { id: OPEN, title: 'Packing list', body: '- tent' } }, [], 'add socks', {
      sessionTools: session
    });
  return { tools, sessionCalls, run };
}

describe('workspace writes to the open note', () => {
  it('go to the editor as a suggestion, not to the stored note', async () => {
    const { tools, sessionCalls, run } = setup([
      { name: 'update_note', arguments: JSON.stringify({ id: OPEN, append: '- socks' }) }
    ]);
    const result = await run();
    expect(sessionCalls).toEqual(['update_note']);
    expect(tools.calls).toEqual([]);
    expect(result.transcript[0]).toMatchObject({ tool: 'update_note', review: true, tier: 'workspace' });
    // The model is told it waits; the chat links the outcome to this call later.
    expect(result.edits).toEqual([expect.objectContaining({ callId: 'c0', tool: 'update_note' })]);
  });

  it('run as usual on any other note', async () => {
    const { tools, sessionCalls, run } = setup([
      { name: 'update_note', arguments: JSON.stringify({ id: OTHER, append: '- socks' }) }
    ]);
    await run();
    expect(sessionCalls).toEqual([]);
    expect(tools.calls.map((c) => c.id)).toEqual(['update_note']);
  });
});
