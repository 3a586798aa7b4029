// The agent's worker methods over the real OpenAI and Anthropic providers and the scripted model
// server, with the built-in tools on a test database: a whole turn changes a note, Stop answers with
// the partial turn, failures resolve as outcomes, and a remote provider needs the opt-in.
import { afterEach, describe, expect, it } from 'vitest';
import { createNote, ensureDefaultNotebook, getNote, listRevisions, type FolioDatabase } from '$lib/db';
import { createCancelRegistry } from '$lib/rpc';
import { createToolRegistry, registerBuiltinTools, type ToolContext } from '$lib/tools';
import { wordSearch } from '$lib/tools/tool-test-kit';
import { freshDb } from '../tests/fresh-db';
import { startModelServer, type ModelServer } from '../tests/model-server/server';
import type { Turn } from '../tests/model-server/script';
import { agentToolHost, createAgentApi, REMOTE_REFUSED_MESSAGE } from './agent-api';
import type { AgentProviderSettings } from '$lib/rpc';

let server: ModelServer | undefined;
let db: FolioDatabase | undefined;
afterEach(async () => {
  await server?.close();
  await db?.delete();
  server = db = undefined;
});

async function setUp(script: Turn[]) {
  server = await startModelServer({ script });
  db = freshDb();
  const notebook = await ensureDefaultNotebook(db);
  const note = await createNote(db, { parent_id: notebook.id, title: 'Packing list', body: '- tent\n' });
  const registry = createToolRegistry();
  registerBuiltinTools(registry);
  const cancels = createCancelRegistry();
  const base = db;
  const toolContext = (o: { source: ToolContext['source']; signal?: AbortSignal }): ToolContext => ({
    db: base,
    search: wordSearch(base),
    ...o
  });
  return { api: createAgentApi({ cancels, registry, toolContext }), note, url: server.url, cancels };
}

const openai = (url: string): AgentProviderSettings => ({
  config: { kind: 'openai-compatible', baseUrl: `${url}/v1`, model: 'scripted-model' },
  allowRemote: false
});
const anthropic = (url: string): AgentProviderSettings => ({
  config: { kind: 'anthropic', baseUrl: url, apiKey: 'sk-ant-test', model: 'claude-test' },
  allowRemote: false
});

const turn = (settings: AgentProviderSettings, callId = 'c1') => ({
  callId,
  settings,
  context: {},
  history: [],
  message: 'Add socks to my packing list'
});

describe.each([
  ['OpenAI-compatible', openai],
  ['Anthropic', anthropic]
])('runTurn over the %s wire', (_name, settingsFor) => {
  it('searches, reads and updates a note, saving a revision first', async () => {
    const { api, note, url } = await setUp([]);
    server!.enqueue(
      { type: 'tool_calls', calls: [{ name: 'search_notes', arguments: '{"query":"packing"}' }] },
      { type: 'tool_calls', calls: [{ name: 'read_note', arguments: JSON.stringify({ id: note.id }) }] },
      {
        type: 'tool_calls',
        calls: [
          { name: 'update_note', arguments: JSON.stringify({ id: note.id, body: '- tent\n- socks\n' }) }
        ]
      },
      { type: 'text', text: 'Added socks.' }
    );
    const tools: string[] = [];
    const outcome = await api.runTurn(turn(settingsFor(url)), {
      onToolResult: (e) => void tools.push(`${e.tool}:${e.isError}`)
    });
    expect(outcome.ok && outcome.result.reply).toBe('Added socks.');
    expect((await getNote(db!, note.id))?.body).toBe('- tent\n- socks\n');
    expect((await listRevisions(db!, note.id)).length).toBeGreaterThan(0);
    expect(tools).toEqual(['search_notes:false', 'read_note:false', 'update_note:false']);
  });
});

describe('runTurn', () => {
  it('streams text deltas to the listener', async () => {
    const { api, url } = await setUp([{ type: 'text', text: 'Hello there', pieceSize: 3 }]);
    const pieces: string[] = [];
    await api.runTurn(turn(openai(url)), { onDelta: (d) => void (d.type === 'text' && pieces.push(d.text)) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pieces.join('')).toBe('Hello there');
    expect(pieces.length).toBeGreaterThan(1);
  });

  it('answers Stop (cancel of the call id) with the partial turn within 200 ms', async () => {
    const { api, url, cancels } = await setUp([
      { type: 'text', text: 'x'.repeat(300), pieceSize: 1, delayMs: 20 }
    ]);
    const pending = api.runTurn(turn(openai(url), 'stop-me'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stoppedAt = performance.now();
    cancels.cancel('stop-me');
    const outcome = await pending;
    expect(performance.now() - stoppedAt).toBeLessThan(200);
    expect(outcome).toMatchObject({ ok: false, reason: 'aborted' });
  });

  it('resolves a 401 as a failed turn with the server’s reason', async () => {
    const { api, url } = await setUp([{ type: 'error', status: 401, message: 'Invalid API key' }]);
    const outcome = await api.runTurn(turn(openai(url)));
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toBe('model');
    expect(!outcome.ok && outcome.message).toMatch(/key/i);
  });

  it('refuses a remote provider without the opt-in and sends nothing', async () => {
    const { api } = await setUp([]);
    const remote: AgentProviderSettings = {
      config: { kind: 'openai-compatible', baseUrl: 'https://models.example.com/v1', model: 'm' },
      allowRemote: false
    };
    const outcome = await api.runTurn(turn(remote));
    expect(outcome).toEqual({ ok: false, reason: 'settings', message: REMOTE_REFUSED_MESSAGE });
  });
});

describe('testProvider', () => {
  it('reports success with the reply', async () => {
    const { api, url } = await setUp([{ type: 'text', text: 'OK' }]);
    expect(await api.testProvider(openai(url))).toMatchObject({ ok: true, reply: 'OK' });
  });

  it('reports the exact failure', async () => {
    const { api, url } = await setUp([{ type: 'error', status: 429, message: 'Slow down' }]);
    expect(await api.testProvider(anthropic(url))).toMatchObject({
      ok: false,
      kind: 'rate_limit',
      status: 429
    });
  });

  it('refuses a remote provider without the opt-in', async () => {
    const { api } = await setUp([]);
    const remote: AgentProviderSettings = {
      config: { kind: 'anthropic', apiKey: 'k', model: 'claude-x' },
      allowRemote: false
    };
    expect(await api.testProvider(remote)).toEqual({
      ok: false,
      kind: 'config',
      message: REMOTE_REFUSED_MESSAGE
    });
  });
});

describe('agentToolHost', () => {
  const registry = createToolRegistry();
  registerBuiltinTools(registry);
  const host = (kind: string, available = true) =>
    agentToolHost({
      registry,
      toolContext: () => ({}) as ToolContext,
      semantic: { snapshot: () => ({ available, config: { kind } }) }
    });
  const described = (kind: string, available = true) =>
    host(kind, available)
      .list()
      .find((t) => t.id === 'semantic_search_notes')?.description ?? '';

  it('tells the model the lexical embedder matches spelling, not meaning', () => {
    expect(described('hashed-ngram')).toMatch(/character n-gram/);
    expect(described('hashed-ngram')).not.toMatch(/by meaning/);
  });

  it('says semantic search finds by meaning with a real embedding model', () =>
    expect(described('webllm')).toMatch(/by meaning/));
  it('says it is unavailable without an embedder', () =>
    expect(described('none', false)).toMatch(/Unavailable/));
});
