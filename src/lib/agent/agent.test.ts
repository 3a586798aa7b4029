import { describe, expect, it, vi } from 'vitest';
import { createAgent, MAX_STEPS } from './agent';
import { AgentError } from './errors';
import { notesWorkspace, ScriptedProvider, type ScriptedAnswer } from './testing/scripted-provider';
import type { ChatMessage, SessionToolHost, ToolResult } from './types';

const NOTE_ID = 'a'.repeat(32);
const note = { id: NOTE_ID, title: 'Trip', body: '# Trip\n\nPack socks.\n' };
const workspace = () => notesWorkspace({ [NOTE_ID]: { title: 'Trip', body: note.body } });
const ok = (text: string): ToolResult => ({ content: [{ type: 'text', text }] });

function recordingSession(): SessionToolHost & { calls: { name: string; args: Record<string, unknown> }[] } {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  return {
    calls,
    async call(name, args) {
      calls.push({ name, args });
      return ok(`Proposed ${name} (edit ${calls.length}); pending review.`);
    }
  };
}

function setup(script: ScriptedAnswer[], options: { contextTokens?: number } = {}) {
  const provider = new ScriptedProvider(script);
  const tools = workspace();
  const agent = createAgent({ provider, tools, now: () => new Date('2026-11-30T12:00:00Z'), ...options });
  return { provider, tools, agent };
}

describe('runNoteChat', () => {
  it('returns the reply of a model that calls no tool', async () => {
    const { agent } = setup([{ text: 'Hello.' }]);
    const result = await agent.runNoteChat({}, [], 'Hi');
    expect(result.reply).toBe('Hello.');
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(result.steps).toBe(1);
  });

  it('sends the answer reserve as the output limit: a quarter of a small window, at most 4,096', async () => {
    for (const [contextTokens, reserve] of [
      [4096, 1024],
      [8192, 2048],
      [200_000, 4096]
    ]) {
      const { agent, provider } = setup([{ text: 'Hello.' }], { contextTokens });
      await agent.runNoteChat({}, [], 'Hi');
      expect(provider.requests[0].maxOutputTokens).toBe(reserve);
    }
  });

  it('flags a reply cut off by the output limit', async () => {
    const { agent } = setup([{ text: 'Half a sent', cutOff: true }]);
    const result = await agent.runNoteChat({}, [], 'Hi');
    expect(result).toMatchObject({ reply: 'Half a sent', truncated: true });
  });

  it('sends the system prompt, the history and the user message in order', async () => {
    const { agent, provider } = setup([{ text: 'Sure.' }]);
    const history: ChatMessage[] = [
      { role: 'user', content: 'Earlier' },
      { role: 'assistant', content: 'Earlier reply' }
    ];
    await agent.runNoteChat({}, history, 'Now');
    expect(provider.requests[0].messages.map((m) => m.content)).toEqual([
      expect.stringContaining('Folio'),
      'Earlier',
      'Earlier reply',
      'Now'
    ]);
  });

  it('runs several tool calls of one step in order and answers each in order', async () => {
    const session = recordingSession();
    const { agent, provider } = setup([
      {
        calls: [
          { id: 'c1', name: 'insert_before_anchor', arguments: { anchor: 'Pack socks.', text: 'First' } },
          { id: 'c2', name: 'search_notes', arguments: { query: 'Trip' } },
          { id: 'c3', name: 'append_to_note', arguments: { text: 'Last' } }
        ]
      },
      { text: 'Done.' }
    ]);
    const result = await agent.runNoteChat({ note }, [], 'Edit', { sessionTools: session });
    expect(session.calls.map((c) => c.name)).toEqual(['insert_before_anchor', 'append_to_note']);
    const second = provider.requests[1].messages.slice(2);
    expect(second.map((m) => (m.role === 'tool' ? m.toolCallId : m.role))).toEqual([
      'assistant',
      'c1',
      'c2',
      'c3'
    ]);
    expect(result.transcript.map((e) => e.tool)).toEqual([
      'insert_before_anchor',
      'search_notes',
      'append_to_note'
    ]);
  });

  it('returns the session-tool calls of the turn as edits with their results', async () => {
    const session = recordingSession();
    const { agent } = setup([
      { calls: [{ id: 'c1', name: 'append_to_note', arguments: { text: 'Socks' } }] },
      { calls: [{ id: 'c2', name: 'read_note', arguments: { id: NOTE_ID } }] },
      { text: 'Added socks.' }
    ]);
    const result = await agent.runNoteChat({ note }, [], 'Add socks', { sessionTools: session });
    expect(result.reply).toBe('Added socks.');
    expect(result.edits).toEqual([
      {
        callId: 'c1',
        tool: 'append_to_note',
        arguments: { text: 'Socks' },
        result: ok('Proposed append_to_note (edit 1); pending review.')
      }
    ]);
  });

  it('keeps a refused session call out of the edits', async () => {
    const session: SessionToolHost = {
      call: async () => ({ content: [{ type: 'text', text: 'Anchor not found.' }], isError: true })
    };
    const { agent } = setup([
      { calls: [{ name: 'rewrite_paragraph', arguments: { anchor: 'nope', text: 'x' } }] },
      { text: 'Could not.' }
    ]);
    const result = await agent.runNoteChat({ note }, [], 'Edit', { sessionTools: session });
    expect(result.edits).toEqual([]);
    expect(result.transcript[0].isError).toBe(true);
  });

  it('sends a byte-identical system prompt and the same tool list on every step', async () => {
    const { agent, provider } = setup([
      { calls: [{ name: 'search_notes', arguments: { query: 'Trip' } }] },
      { calls: [{ name: 'read_note', arguments: { id: NOTE_ID } }] },
      { text: 'Read it.' }
    ]);
    await agent.runNoteChat({ note }, [], 'Look', { sessionTools: recordingSession() });
    const systems = provider.requests.map((r) => r.messages[0].content);
    expect(new Set(systems).size).toBe(1);
    expect(systems[0]).toContain('Pack socks.');
    expect(new Set(provider.requests.map((r) => r.toolsRef)).size).toBe(1);
  });

  it('lets the model recover from an error result', async () => {
    const session = recordingSession();
    const { agent, provider } = setup([
      { calls: [{ id: 'bad', name: 'append_to_note', arguments: { text: 42 } }] },
      { calls: [{ id: 'good', name: 'append_to_note', arguments: { text: 'Socks' } }] },
      { text: 'Fixed.' }
    ]);
    const result = await agent.runNoteChat({ note }, [], 'Add', { sessionTools: session });
    const errorMessage = provider.requests[1].messages.at(-1);
    expect(errorMessage).toMatchObject({ role: 'tool', toolCallId: 'bad', isError: true });
    expect(errorMessage?.content).toContain(
      'Invalid arguments for append_to_note: text: must be a string (got 42)'
    );
    expect(session.calls).toEqual([{ name: 'append_to_note', args: { text: 'Socks' } }]);
    expect(result.edits.map((e) => e.callId)).toEqual(['good']);
  });

  it('answers malformed tool-call JSON with an error result and runs nothing', async () => {
    const session = recordingSession();
    const { agent, provider } = setup([
      { calls: [{ id: 'broken', name: 'append_to_note', arguments: '{"text": "Socks"' }] },
      { text: 'Sorry.' }
    ]);
    await agent.runNoteChat({ note }, [], 'Add', { sessionTools: session });
    const answer = provider.requests[1].messages.at(-1);
    expect(answer).toMatchObject({ role: 'tool', toolCallId: 'broken', isError: true });
    expect(answer?.content).toContain('not a JSON object');
    expect(session.calls).toEqual([]);
  });

  it('fails with max steps after MAX_STEPS model calls and keeps the transcript', async () => {
    const loop = Array.from({ length: MAX_STEPS + 1 }, () => ({
      calls: [{ name: 'search_notes', arguments: { query: 'x' } }]
    }));
    const { agent, provider } = setup(loop);
    const error = await agent.runNoteChat({}, [], 'Loop').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).reason).toBe('max_steps');
    expect((error as AgentError).message).toMatch(/exceeded max steps/);
    expect(provider.requests).toHaveLength(MAX_STEPS);
    expect((error as AgentError).partial.transcript).toHaveLength(MAX_STEPS);
    expect((error as AgentError).partial.messages.at(-1)?.role).toBe('tool');
  });

  it('says the proposed edits are kept when it runs out of steps', async () => {
    const loop = Array.from({ length: MAX_STEPS }, () => ({
      calls: [{ name: 'append_to_note', arguments: { text: 'more' } }]
    }));
    const { agent } = setup(loop);
    const error = (await agent
      .runNoteChat({ note }, [], 'Loop', { sessionTools: recordingSession() })
      .catch((e: unknown) => e)) as AgentError;
    expect(error.message).toContain('The edits it proposed are kept for review.');
    expect(error.partial.edits).toHaveLength(MAX_STEPS);
  });

  it('reports each tool call when it starts and when it ends', async () => {
    const onToolCall = vi.fn();
    const onToolResult = vi.fn();
    const { agent } = setup([
      { calls: [{ id: 'c1', name: 'search_notes', arguments: { query: 'Trip' } }] },
      { text: 'ok' }
    ]);
    await agent.runNoteChat({}, [], 'Find', { onToolCall, onToolResult });
    expect(onToolCall).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'tool', id: 'c1', tool: 'search_notes', arguments: { query: 'Trip' } })
    );
    expect(onToolCall.mock.calls[0][0].result).toBeUndefined();
    expect(onToolResult.mock.calls[0][0].result.content[0].text).toContain(NOTE_ID);
  });

  it('streams the model text to onDelta', async () => {
    const onDelta = vi.fn();
    const { agent } = setup([{ text: 'Hi there' }]);
    await agent.runNoteChat({}, [], 'Hi', { onDelta });
    expect(onDelta).toHaveBeenCalledWith({ type: 'text', text: 'Hi there' });
  });

  it('puts the review outcomes in the user message, not in the system prompt', async () => {
    const { agent, provider } = setup([{ text: 'Noted.' }]);
    const outcomes = [{ callId: 'c1', tool: 'append_to_note', status: 'rejected' as const }];
    await agent.runNoteChat(
      { note },
      [],
      { text: 'Try again', editOutcomes: outcomes },
      { sessionTools: recordingSession() }
    );
    const [system, user] = provider.requests[0].messages;
    expect(user.content).toContain('append_to_note (call c1): rejected by the user');
    expect(user.content.endsWith('Try again')).toBe(true);
    expect(system.content).not.toContain('rejected');
  });

  it('fails with the partial turn when the model call fails', async () => {
    const { agent } = setup([
      { calls: [{ name: 'search_notes', arguments: { query: 'Trip' } }] },
      { error: new Error('HTTP 500') }
    ]);
    const error = (await agent.runNoteChat({}, [], 'Find').catch((e: unknown) => e)) as AgentError;
    expect(error.reason).toBe('model');
    expect(error.message).toContain('HTTP 500');
    expect(error.partial.transcript).toHaveLength(1);
  });

  it('refuses a note context without a session tool handler', async () => {
    const { agent } = setup([{ text: 'x' }]);
    await expect(agent.runNoteChat({ note }, [], 'Hi')).rejects.toThrow(TypeError);
  });

  it('refuses a history holding a system message', async () => {
    const { agent } = setup([{ text: 'x' }]);
    await expect(agent.runNoteChat({}, [{ role: 'system', content: 'x' }], 'Hi')).rejects.toThrow(TypeError);
  });
});
