import { describe, expect, it } from 'vitest';
import { createAgent } from './agent';
import { AgentError } from './errors';
import { FakeWorkspace, ScriptedProvider } from './testing/scripted-provider';
import type { SessionToolHost } from './types';

const note = { id: 'b'.repeat(32), title: 'Draft', body: 'Some text.\n' };
// Stop must end the turn at once instead of waiting for the model (10 s here) or a tool that never
// answers. The bound is far below those waits but generous for a loaded machine, whose timers run
// hundreds of ms late (568 ms was seen at load 16 for a stop that is immediate on an idle one).
const STOP_LIMIT_MS = 2_000;

async function stopAfter(ms: number, run: (signal: AbortSignal) => Promise<unknown>) {
  const controller = new AbortController();
  const pending = run(controller.signal).catch((error: unknown) => error);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const stoppedAt = performance.now();
  controller.abort();
  const error = await pending;
  return { error: error as AgentError, elapsedMs: performance.now() - stoppedAt };
}

/** A session host that never answers and cannot see the signal, like a Comlink proxy. */
const hangingSession: SessionToolHost = { call: () => new Promise(() => {}) };

describe('Stop', () => {
  it('cancels a model call in flight at once', async () => {
    const provider = new ScriptedProvider([{ text: 'late', delayMs: 10_000 }]);
    const agent = createAgent({ provider, tools: new FakeWorkspace([]) });
    const { error, elapsedMs } = await stopAfter(20, (signal) => agent.runNoteChat({}, [], 'Hi', { signal }));
    expect(error).toBeInstanceOf(AgentError);
    expect(error.reason).toBe('aborted');
    expect(elapsedMs).toBeLessThan(STOP_LIMIT_MS);
  });

  it('stops waiting for a provider that ignores the signal at once', async () => {
    const provider = new ScriptedProvider([{ text: 'late', delayMs: 10_000, ignoreSignal: true }]);
    const agent = createAgent({ provider, tools: new FakeWorkspace([]) });
    const { error, elapsedMs } = await stopAfter(20, (signal) => agent.runNoteChat({}, [], 'Hi', { signal }));
    expect(error.reason).toBe('aborted');
    expect(elapsedMs).toBeLessThan(STOP_LIMIT_MS);
  });

  it('cancels a session tool call in flight at once and closes the unanswered calls', async () => {
    const provider = new ScriptedProvider([
      {
        calls: [
          { id: 'c1', name: 'append_to_note', arguments: { text: 'a' } },
          { id: 'c2', name: 'append_to_note', arguments: { text: 'b' } }
        ]
      },
      { text: 'never reached' }
    ]);
    const agent = createAgent({ provider, tools: new FakeWorkspace([]) });
    const { error, elapsedMs } = await stopAfter(20, (signal) =>
      agent.runNoteChat({ note }, [], 'Add', { signal, sessionTools: hangingSession })
    );
    expect(error.reason).toBe('aborted');
    expect(elapsedMs).toBeLessThan(STOP_LIMIT_MS);
    const tail = error.partial.messages.slice(-2);
    expect(tail).toEqual([
      expect.objectContaining({ role: 'tool', toolCallId: 'c1', isError: true }),
      expect.objectContaining({ role: 'tool', toolCallId: 'c2', isError: true })
    ]);
    expect(provider.requests).toHaveLength(1);
  });

  it('passes the signal to a workspace tool so it can stop its own work', async () => {
    let seen: AbortSignal | undefined;
    const tools = new FakeWorkspace([
      {
        id: 'slow',
        description: 'Slow.',
        inputSchema: { type: 'object' },
        run: (_input, signal) => {
          seen = signal;
          return new Promise(() => {});
        }
      }
    ]);
    const provider = new ScriptedProvider([{ calls: [{ name: 'slow', arguments: {} }] }]);
    const agent = createAgent({ provider, tools });
    const { error, elapsedMs } = await stopAfter(20, (signal) => agent.runNoteChat({}, [], 'Go', { signal }));
    expect(error.reason).toBe('aborted');
    expect(elapsedMs).toBeLessThan(STOP_LIMIT_MS);
    expect(seen?.aborted).toBe(true);
  });

  it('does not call the model when stopped before the turn starts', async () => {
    const provider = new ScriptedProvider([{ text: 'x' }]);
    const agent = createAgent({ provider, tools: new FakeWorkspace([]) });
    const error = await agent
      .runNoteChat({}, [], 'Hi', { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect((error as AgentError).reason).toBe('aborted');
    expect(provider.requests).toHaveLength(0);
  });
});
