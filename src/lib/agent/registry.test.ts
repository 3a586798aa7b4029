// The agent over the real workspace registry and built-in tools (on fake-indexeddb): the spec's
// motivating case, "find my last packing list and add socks to it", end to end below the UI.
import { describe, expect, it } from 'vitest';
import { createNote, getNote } from '$lib/db';
import { toolBench } from '$lib/tools/tool-test-kit';
import { createAgent } from './agent';
import { ScriptedProvider } from './testing/scripted-provider';
import type { WorkspaceToolHost } from './types';

async function bench() {
  const { db, registry, ctx } = await toolBench();
  const note = await createNote(db, { title: 'Packing list', body: '- [ ] tent\n' });
  // The registry as the workspace worker hands it to the agent: each call with the worker's context.
  const tools: WorkspaceToolHost = {
    list: () => registry.list(),
    call: (id, input, options) =>
      registry.call(id, input, { ...ctx, signal: options.signal, source: options.source })
  };
  return { db, note, tools };
}

describe('agent over the workspace registry', () => {
  it('finds a note and appends to it through the built-in tools', async () => {
    const { db, note, tools } = await bench();
    const provider = new ScriptedProvider([
      { calls: [{ name: 'search_notes', arguments: { query: 'packing' } }] },
      { calls: [{ name: 'update_note', arguments: { id: note.id, append: '- [ ] socks' } }] },
      { text: 'Added socks to your packing list.' }
    ]);
    const result = await createAgent({ provider, tools }).runNoteChat({}, [], 'Add socks to my packing list');
    expect(result.reply).toBe('Added socks to your packing list.');
    expect(provider.requests[1].messages.at(-1)?.content).toContain(note.id);
    expect((await getNote(db, note.id))?.body).toBe('- [ ] tent\n\n- [ ] socks');
    expect(result.edits).toEqual([]);
    expect(result.transcript.map((entry) => [entry.tool, entry.tier, entry.isError])).toEqual([
      ['search_notes', 'workspace', false],
      ['update_note', 'workspace', false]
    ]);
  });

  it('offers every built-in tool and refuses invalid arguments before the tool runs', async () => {
    const { db, note, tools } = await bench();
    const provider = new ScriptedProvider([
      { calls: [{ name: 'update_note', arguments: { id: 'not-an-id', append: 'x' } }] },
      { text: 'Sorry.' }
    ]);
    await createAgent({ provider, tools }).runNoteChat({}, [], 'Edit');
    expect(provider.requests[0].tools?.map((tool) => tool.name)).toEqual(tools.list().map((tool) => tool.id));
    expect(provider.requests[1].messages.at(-1)).toMatchObject({ role: 'tool', isError: true });
    expect((await getNote(db, note.id))?.body).toBe('- [ ] tent\n');
  });
});
