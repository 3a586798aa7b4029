import { describe, expect, it } from 'vitest';
import { createNote, latestChangeSeq } from '$lib/db';
import { createToolRegistry } from '../registry';
import { textOf, toolBench } from '../tool-test-kit';
import { builtinTools, registerBuiltinTools } from '.';

const SPEC_TOOLS = [
  'search_notes',
  'semantic_search_notes',
  'read_note',
  'list_notebooks',
  'list_tags',
  'create_note',
  'update_note',
  'delete_note',
  'manage_tags',
  'create_notebook'
];

describe('builtinTools', () => {
  it('are the ten workspace tools of the spec', () => {
    expect(builtinTools().map((t) => t.id)).toEqual(SPEC_TOOLS);
  });

  it('reject unknown properties, so a typo in an argument name is reported', () => {
    for (const tool of builtinTools()) expect(tool.inputSchema.additionalProperties, tool.id).toBe(false);
  });

  it('mark exactly the five readers as read-only', () => {
    const readOnly = builtinTools()
      .filter((t) => t.annotations.readOnlyHint)
      .map((t) => t.id);
    expect(readOnly).toEqual(SPEC_TOOLS.slice(0, 5));
  });

  it('stay small enough to send to a model: under 1,000 tokens for all ten definitions', () => {
    const definitions = builtinTools().map(({ id, description, inputSchema }) => ({
      name: id,
      description,
      parameters: inputSchema
    }));
    // About 4 characters a token for English and JSON; the agent's budget is 1,500 with the prompt.
    expect(JSON.stringify(definitions).length / 4).toBeLessThan(1_000);
  });

  it('register all switched on', () => {
    const registry = createToolRegistry();
    const handles = registerBuiltinTools(registry);
    expect([...handles.keys()]).toEqual(SPEC_TOOLS);
    expect(registry.list({ enabledOnly: true })).toHaveLength(10);
  });
});

describe('built-in tools while the database is closed for an upgrade', async () => {
  const calls: [string, (ids: { note: string; notebook: string }) => unknown][] = [
    ['search_notes', () => ({ query: 'socks' })],
    ['semantic_search_notes', () => ({ query: 'socks' })],
    ['read_note', ({ note }) => ({ id: note })],
    ['list_notebooks', () => ({})],
    ['list_tags', () => ({})],
    ['create_note', () => ({ title: 'New' })],
    ['update_note', ({ note }) => ({ id: note, append: 'more' })],
    ['delete_note', ({ note }) => ({ id: note })],
    ['manage_tags', ({ note }) => ({ note_id: note, add: ['x'] })],
    ['create_notebook', () => ({ title: 'New' })]
  ];

  it.each(calls)('%s returns an error the model can act on and changes nothing', async (id, input) => {
    const { db, call, notebookId } = await toolBench({ semantic: true });
    const note = await createNote(db, { title: 'Packing', body: 'socks' });
    const seq = await latestChangeSeq(db);
    db.close(); // what Dexie does when another tab upgrades the schema
    const result = await call(id, input({ note: note.id, notebook: notebookId }));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'The notes database is not available right now; it may be closing or being upgraded (DatabaseClosedError). Nothing was changed. Try the call again in a moment.'
    );
    await db.open();
    expect(await latestChangeSeq(db)).toBe(seq);
    expect(await db.notes.get(note.id)).toEqual(note);
  });
});
