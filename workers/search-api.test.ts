import { describe, expect, it } from 'vitest';
import { AppError } from '$lib/core';
import { addTagsToNote, createNote, trashNote, updateNote } from '$lib/db';
import { createCancelRegistry } from '$lib/rpc';
import { createSearchApi } from './search-api';
import type { SemanticSnapshot } from '$lib/rpc';
import { useTestWorkspace } from './test-services';

const workspace = useTestWorkspace();

async function setUp(cancels = createCancelRegistry()) {
  return createSearchApi(await workspace.start({ cancels }));
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 3_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('search', () => {
  it('finds notes written before the worker started, with highlights', async () => {
    await createNote(await workspace.open(), {
      title: 'Harbour walk',
      body: 'We saw the lighthouse at dusk.'
    });
    const { results, total } = await createSearchApi(await workspace.start()).search('lighthouse');
    expect(total).toBe(1);
    expect(results[0].title).toBe('Harbour walk');
    const [start, end] = results[0].highlights[0];
    expect(results[0].snippet.slice(start, end)).toBe('lighthouse');
  });

  it('sees a note written after the index was built, and drops a trashed one', async () => {
    const api = await setUp();
    await api.search('anything');
    const note = await createNote(workspace.db, { title: 'Late arrival', body: 'kumquat jam' });
    expect((await api.search('kumquat')).total).toBe(1);
    await updateNote(workspace.db, note.id, { body: 'apricot jam' });
    expect((await api.search('kumquat')).total).toBe(0);
    expect((await api.search('apricot')).total).toBe(1);
    await trashNote(workspace.db, note.id);
    expect((await api.search('apricot')).total).toBe(0);
  });

  it('ranks title matches first and applies tag filters and negation', async () => {
    const api = await setUp();
    const body = await createNote(workspace.db, { title: 'Misc', body: 'a recipe for soup' });
    await createNote(workspace.db, { title: 'Recipe book', body: 'index of dishes' });
    await addTagsToNote(workspace.db, body.id, ['kitchen']);
    expect((await api.search('recipe')).results.map((r) => r.title)).toEqual(['Recipe book', 'Misc']);
    expect((await api.search('tag:kitchen')).results.map((r) => r.title)).toEqual(['Misc']);
    expect((await api.search('recipe -soup')).results.map((r) => r.title)).toEqual(['Recipe book']);
  });

  it('searches an unclosed quote as typed and says so', async () => {
    const api = await setUp();
    await createNote(workspace.db, { title: 'Quote', body: 'open sesame' });
    const response = await api.search('"open sesame');
    expect(response.total).toBe(1);
    expect(response.warnings.length).toBeGreaterThan(0);
  });

  it('caps the number of results at limit and still counts them all', async () => {
    const api = await setUp();
    for (let i = 0; i < 3; i++) await createNote(workspace.db, { title: `Plum ${i}` });
    const response = await api.search('plum', { limit: 2 });
    expect(response.results).toHaveLength(2);
    expect(response.total).toBe(3);
  });

  it('rejects a call cancelled before it answered', async () => {
    const cancels = createCancelRegistry();
    const api = await setUp(cancels);
    cancels.cancel('early');
    await expect(api.search('x', { callId: 'early' })).rejects.toMatchObject({ code: 'aborted' });
  });
});

describe('semantic', () => {
  it('says related notes are unavailable while no embedder is configured', async () => {
    const api = await setUp();
    const note = await createNote(workspace.db, { title: 'Alone' });
    expect(await api.relatedNotes(note.id)).toEqual({ available: false, notes: [] });
    expect((await api.semanticStatus()).available).toBe(false);
  });

  it('indexes in the background once an embedder is chosen and finds related notes', async () => {
    const api = await setUp();
    const a = await createNote(workspace.db, {
      title: 'Sourdough starter',
      body: 'Feed the sourdough starter flour and water daily.'
    });
    await createNote(workspace.db, {
      title: 'Sourdough loaf',
      body: 'Bake the sourdough loaf with starter, flour and water.'
    });
    await createNote(workspace.db, {
      title: 'Tax return',
      body: 'Deadline for the annual tax return forms.'
    });
    await api.configureEmbedder({ kind: 'hashed-ngram' });
    await until(
      async () => (await api.semanticStatus()).notes === 3 && !workspace.services.semantic.snapshot().indexing
    );
    const related = await api.relatedNotes(a.id, 2);
    expect(related.available).toBe(true);
    expect(related.notes[0].title).toBe('Sourdough loaf');
    expect(related.notes.map((n) => n.id)).not.toContain(a.id);
  });

  it('keeps the choice in settings for the next start', async () => {
    const api = await setUp();
    await api.configureEmbedder({ kind: 'hashed-ngram' });
    workspace.services.stop();
    expect((await createSearchApi(await workspace.start()).semanticStatus()).config.kind).toBe(
      'hashed-ngram'
    );
  });

  it('refuses a remote embeddings server without the opt-in', async () => {
    const api = await setUp();
    await expect(
      api.configureEmbedder({ kind: 'openai-compatible', baseUrl: 'https://api.example.com/v1', model: 'e' })
    ).rejects.toBeInstanceOf(AppError);
    const snapshot = await api.configureEmbedder({
      kind: 'openai-compatible',
      baseUrl: 'http://localhost:9/v1',
      model: 'e',
      apiKey: 'secret'
    });
    expect(snapshot.config).toMatchObject({ kind: 'openai-compatible', hasApiKey: true });
    expect(JSON.stringify(snapshot)).not.toContain('secret');
  });

  it('reports the failure of an unreachable embeddings server as the status error', async () => {
    const api = await setUp();
    await createNote(workspace.db, { title: 'Some note', body: 'text' });
    await api.configureEmbedder({ kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'e' });
    await until(() => workspace.services.semantic.snapshot().error !== null);
    expect(workspace.services.semantic.snapshot().indexing).toBe(false);
  });

  it('sends every state change to a subscriber until it unsubscribes', async () => {
    const api = await setUp();
    const seen: SemanticSnapshot[] = [];
    const id = api.subscribeSemantic((snapshot) => seen.push(snapshot));
    expect(seen[0].available).toBe(false);
    api.pauseIndexing();
    await api.configureEmbedder({ kind: 'hashed-ngram' });
    expect(seen.some((s) => s.available)).toBe(true);
    expect(api.unsubscribeSemantic(id)).toBe(true);
    const count = seen.length;
    api.resumeIndexing();
    expect(seen).toHaveLength(count);
  });

  it('holds indexing while paused and finishes after resume', async () => {
    const api = await setUp();
    for (let i = 0; i < 20; i++)
      await createNote(workspace.db, { title: `Note ${i}`, body: `body number ${i}` });
    await api.configureEmbedder({ kind: 'hashed-ngram' });
    api.pauseIndexing();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const paused = workspace.services.semantic.snapshot();
    expect(paused.paused).toBe(true);
    expect(paused.progress.done).toBeLessThan(20);
    api.resumeIndexing();
    await until(() => !workspace.services.semantic.snapshot().indexing);
    expect((await api.semanticStatus()).notes).toBe(20);
  });
});

describe('full-text build failure', () => {
  it('reports a failed build to the search and builds again on the next one', async () => {
    const db = await workspace.open();
    await createNote(db, { title: 'Survivor', body: 'still here' });
    const notes = db.notes;
    // Reading the notes fails until the storage recovers, as a storage hiccup would.
    const original = notes.where.bind(notes);
    let broken = true;
    notes.where = ((index: string) => {
      if (broken) throw new Error('storage hiccup');
      return original(index);
    }) as typeof notes.where;
    const api = createSearchApi(await workspace.start());
    await expect(api.search('survivor')).rejects.toThrow('storage hiccup');
    broken = false;
    expect((await api.search('survivor')).total).toBe(1);
  });
});
