// GPU memory of the in-browser model: unloaded when the settings switch and after an idle time.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProvider, loadTokenCounter, type ProviderConfig } from '$lib/llm';
import { FakeEngine, fakeFactory, fakeGpu } from '$lib/llm/webllm-fake.test-helpers';
import { AgentCache } from './agent-cache';

const QWEN: ProviderConfig = { kind: 'webllm', model: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' };
const LLAMA: ProviderConfig = { kind: 'webllm', model: 'Llama-3.2-1B-Instruct-q4f16_1-MLC' };
const tools = { list: () => [], call: async () => ({ content: [] }) };

function cache(idleMs = 60_000) {
  const engines: FakeEngine[] = [];
  const agents = new AgentCache(
    tools,
    (config) => {
      const engine = new FakeEngine(['hello'], 0, config.model);
      engines.push(engine);
      return createProvider(config, { webllm: { createEngine: fakeFactory(engine), gpu: fakeGpu() } });
    },
    idleMs
  );
  return { agents, engines };
}

// The cache reads the context window from web-llm's catalogue and loads the family's tokenizer:
// modules of several MB, imported once here.
beforeAll(
  () => Promise.all([import('@mlc-ai/web-llm'), loadTokenCounter('qwen'), loadTokenCounter('llama3')]),
  120_000
);
afterEach(() => vi.useRealTimers());

describe('AgentCache', () => {
  it('unloads the previous in-browser model when the model changes', async () => {
    const { agents, engines } = cache();
    const first = await agents.get(QWEN).agent;
    await agents.active(() => first.runNoteChat({}, [], 'hi'));
    agents.get(LLAMA);
    await vi.waitFor(() => expect(engines[0].unloaded).toBe(true));
  });

  it('keeps the model loaded while the same settings are used', async () => {
    const { agents, engines } = cache();
    const entry = agents.get(QWEN);
    await agents.active(async () => (await entry.agent).runNoteChat({}, [], 'hi'));
    expect(agents.get({ ...QWEN })).toBe(entry);
    expect(engines[0].unloaded).toBe(false);
  });

  it('unloads after the idle time, not during a turn, and loads again on the next turn', async () => {
    vi.useFakeTimers();
    const { agents, engines } = cache(1000);
    const agent = await agents.get(QWEN).agent;
    await agents.active(() => agent.runNoteChat({}, [], 'hi'));
    await vi.advanceTimersByTimeAsync(999);
    expect(engines[0].unloaded).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(engines[0].unloaded).toBe(true);
  });

  it('does not unload while a turn is running past the idle time', async () => {
    vi.useFakeTimers();
    const { agents, engines } = cache(1000);
    await agents.get(QWEN).agent;
    let finish = () => {};
    const running = agents.active(() => new Promise<void>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(5000);
    expect(engines[0].unloaded).toBe(false);
    finish();
    await running;
  });
});
