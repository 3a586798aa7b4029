import { describe, expect, it } from 'vitest';
import { createNote } from '$lib/db';
import { createCancelRegistry } from '$lib/rpc';
import { NO_EMBEDDER_MESSAGE } from '$lib/tools';
import { createSearchApi } from './search-api';
import { useTestWorkspace } from './test-services';
import { createToolsApi } from './tools-api';

const workspace = useTestWorkspace();

async function setUp(cancels = createCancelRegistry()) {
  return createToolsApi(await workspace.start({ cancels }));
}

const text = (result: { content: { text: string }[] }) => result.content.map((c) => c.text).join('');

describe('tools api', () => {
  it('lists the ten built-in tools, switched on', async () => {
    const tools = (await setUp()).listTools();
    expect(tools).toHaveLength(10);
    expect(tools.map((t) => t.id)).toContain('search_notes');
    expect(tools.every((t) => t.enabled)).toBe(true);
  });

  it('runs search_notes against the worker’s full-text index with its syntax', async () => {
    const api = await setUp();
    await createNote(workspace.db, { title: 'Garden plan', body: 'tomatoes and basil' });
    await createNote(workspace.db, { title: 'Tomato sauce', body: 'simmer slowly' });
    const result = await api.callTool('search_notes', { query: 'tomat* -sauce' });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain('Garden plan');
    expect(text(result)).not.toContain('Tomato sauce');
  });

  it('answers semantic_search_notes without an embedder by pointing to search_notes', async () => {
    const result = await (await setUp()).callTool('semantic_search_notes', { query: 'anything' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(NO_EMBEDDER_MESSAGE);
  });

  it('uses the semantic index once an embedder is configured', async () => {
    const api = await setUp();
    await createNote(workspace.db, {
      title: 'Bicycle repair',
      body: 'Patch the inner tube of the bicycle tyre.'
    });
    await createSearchApi(workspace.services).configureEmbedder({ kind: 'hashed-ngram' });
    await workspace.services.semantic.search!.indexer.run();
    const result = await api.callTool('semantic_search_notes', {
      query: 'bicycle tyre tube',
      relevance: 'loose'
    });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain('Bicycle repair');
  });

  it('turns a tool off and reports the call as an error the caller can read', async () => {
    const api = await setUp();
    expect(api.setToolEnabled('list_tags', false)?.enabled).toBe(false);
    const result = await api.callTool('list_tags', {});
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('turned off');
  });

  it('rejects a tool call cancelled by its id', async () => {
    const cancels = createCancelRegistry();
    const api = await setUp(cancels);
    cancels.cancel('c1');
    await expect(api.callTool('list_tags', {}, { callId: 'c1' })).rejects.toMatchObject({ code: 'aborted' });
  });
});
