// The loop over the real providers and the scripted model server (real OpenAI and Anthropic wire
// formats): what the agent builds must be what both wires accept, including parallel calls, a
// malformed call answered with an error result, and Stop during a streamed answer.
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicProvider, OpenAiCompatibleProvider, type ChatProvider } from '$lib/llm';
import { startModelServer, type ModelServer } from '../../../tests/model-server/server';
import type { Turn } from '../../../tests/model-server/script';
import { createAgent } from './agent';
import { AgentError } from './errors';
import { notesWorkspace } from './testing/scripted-provider';
import type { SessionToolHost } from './types';

const NOTE_ID = 'e'.repeat(32);
/** How soon Stop must end a turn whose stream has seconds left (timers run late on a loaded machine). */
const STOP_BOUND_MS = 2_000;
const note = { id: NOTE_ID, title: 'Trip', body: 'Pack socks.\n' };
let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const providers: Record<string, (url: string) => ChatProvider> = {
  openai: (url) =>
    new OpenAiCompatibleProvider({ kind: 'openai-compatible', baseUrl: url, model: 'scripted-model' }),
  anthropic: (url) =>
    new AnthropicProvider({ kind: 'anthropic', baseUrl: url, apiKey: 'sk-ant-test', model: 'claude-test' })
};

async function setup(kind: string, script: Turn[]) {
  server = await startModelServer({ script });
  const tools = notesWorkspace({ [NOTE_ID]: { title: 'Trip', body: note.body } });
  return { server, agent: createAgent({ provider: providers[kind](server.url), tools }) };
}

const session: SessionToolHost = {
  call: async (name) => ({ content: [{ type: 'text', text: `${name} proposed; pending review.` }] })
};

describe.each(Object.keys(providers))('agent over the %s wire', (kind) => {
  it('runs parallel calls, answers a malformed one with an error, and finishes', async () => {
    const { agent, server } = await setup(kind, [
      {
        type: 'tool_calls',
        calls: [
          { id: 'ok1', name: 'read_note', arguments: JSON.stringify({ id: NOTE_ID }) },
          { id: 'bad', name: 'append_to_note', arguments: '{"text": "socks' }
        ]
      },
      {
        type: 'tool_calls',
        calls: [{ id: 'ok2', name: 'append_to_note', arguments: '{"text":"- [ ] socks"}' }]
      },
      { type: 'text', text: 'Proposed adding socks.' }
    ]);
    const result = await agent.runNoteChat({ note }, [], 'Add socks', { sessionTools: session });
    expect(result.reply).toBe('Proposed adding socks.');
    expect(result.transcript.map((e) => [e.id, e.isError])).toEqual([
      ['ok1', false],
      ['bad', true],
      ['ok2', false]
    ]);
    expect(result.edits.map((e) => e.callId)).toEqual(['ok2']);
    const bodies = server.requests.filter((r) => r.method === 'POST').map((r) => JSON.stringify(r.body));
    expect(bodies).toHaveLength(3);
    expect(bodies[1]).toContain('not a JSON object');
  });

  it('stops a streamed answer at Stop: no text after it, long before the stream would end', async () => {
    // 400 pieces, 20 ms apart: 8 s of answer. Stop comes after the first piece arrived; from there the
    // turn must end without another piece and without waiting for the stream. The bound is far below
    // the stream's length but generous for a loaded machine, whose timers run hundreds of ms late.
    const { agent } = await setup(kind, [{ type: 'text', text: 'x'.repeat(400), pieceSize: 1, delayMs: 20 }]);
    const controller = new AbortController();
    let stoppedAt = 0;
    let textAfterStop = 0;
    const pending = agent
      .runNoteChat({}, [], 'Talk', {
        signal: controller.signal,
        onDelta: (delta) => {
          if (delta.type !== 'text') return;
          if (stoppedAt) textAfterStop++;
          else {
            stoppedAt = performance.now();
            controller.abort();
          }
        }
      })
      .catch((e: unknown) => e);
    const error = (await pending) as AgentError;
    expect(error.reason).toBe('aborted');
    expect(textAfterStop).toBe(0);
    expect(performance.now() - stoppedAt).toBeLessThan(STOP_BOUND_MS);
  });
});
