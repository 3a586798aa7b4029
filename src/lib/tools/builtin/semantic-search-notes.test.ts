import { describe, expect, it } from 'vitest';
import { addTagsToNote, createNote, createNotebook, trashNote } from '$lib/db';
import { createSemanticSearch, HashedNgramEmbedder } from '$lib/search/semantic';
import { payloadOf, textOf, toolBench } from '../tool-test-kit';
import { NO_EMBEDDER_MESSAGE } from './semantic-search-notes';

describe('semantic_search_notes', () => {
  it('returns passages with their real similarity scores, best first', async () => {
    const { db, call, notebookId } = await toolBench({ semantic: true });
    const dog = await createNote(db, { title: 'Dog', body: 'walking the dog in the hills\n\nbuy milk' });
    await createNote(db, { title: 'Cat', body: 'the cat sleeps' });
    const payload = payloadOf(
      await call('semantic_search_notes', { query: 'dog walking hills', relevance: 'loose' })
    );
    expect(payload.results[0]).toEqual({
      note_id: dog.id,
      title: 'Dog',
      notebook_id: notebookId,
      chunk_index: 0,
      chunk_text: 'walking the dog in the hills',
      score: 0.612 // 3 / (√3 · √8), rounded to 3 decimals
    });
    expect(payload.total).toBe(payload.results.length);
  });

  it('drops passages under the relevance threshold', async () => {
    const { db, call } = await toolBench({ semantic: true });
    await createNote(db, { title: 'Dog', body: 'walking the dog in the hills today with friends' });
    // Similarity about 0.43 with the query: found by normal (0.40), not by strict (0.55).
    expect(
      payloadOf(await call('semantic_search_notes', { query: 'dog hills', relevance: 'normal' })).total
    ).toBe(1);
    expect(
      payloadOf(await call('semantic_search_notes', { query: 'dog hills', relevance: 'strict' })).total
    ).toBe(0);
  });

  it('searches only a notebook and its sub-notebooks', async () => {
    const { db, call } = await toolBench({ semantic: true });
    const travel = await createNotebook(db, { title: 'Travel' });
    const europe = await createNotebook(db, { title: 'Europe', parent_id: travel.id });
    const inside = await createNote(db, { title: 'Rome', body: 'trains in italy', parent_id: europe.id });
    await createNote(db, { title: 'Elsewhere', body: 'trains in italy' });
    const payload = payloadOf(
      await call('semantic_search_notes', { query: 'trains italy', notebook_id: travel.id })
    );
    expect(payload.results.map((r: { note_id: string }) => r.note_id)).toEqual([inside.id]);
  });

  it('searches only the notes with a tag', async () => {
    const { db, call } = await toolBench({ semantic: true });
    const tagged = await createNote(db, { title: 'A', body: 'garden roses' });
    await createNote(db, { title: 'B', body: 'garden roses' });
    await addTagsToNote(db, tagged.id, ['plants']);
    const tagId = (await db.tags.toArray())[0].id;
    const payload = payloadOf(await call('semantic_search_notes', { query: 'garden roses', tag_id: tagId }));
    expect(payload.results.map((r: { note_id: string }) => r.note_id)).toEqual([tagged.id]);
  });

  it('leaves out notes in the trash', async () => {
    const { db, call } = await toolBench({ semantic: true });
    const note = await createNote(db, { title: 'A', body: 'garden roses' });
    await trashNote(db, note.id);
    expect(payloadOf(await call('semantic_search_notes', { query: 'garden roses' })).total).toBe(0);
  });

  it('says clearly that no embedder is configured and suggests search_notes', async () => {
    const { call } = await toolBench({ semantic: false });
    const result = await call('semantic_search_notes', { query: 'anything' });
    expect(result).toEqual({ content: [{ type: 'text', text: NO_EMBEDDER_MESSAGE }], isError: true });
    expect(NO_EMBEDDER_MESSAGE).toContain('search_notes');
  });

  it('refuses notebook_id and tag_id together', async () => {
    const { call, notebookId } = await toolBench({ semantic: true });
    const result = await call('semantic_search_notes', {
      query: 'a',
      notebook_id: notebookId,
      tag_id: notebookId
    });
    expect(textOf(result)).toBe('Give notebook_id or tag_id, not both.');
  });

  it('reports an unknown notebook or tag id', async () => {
    const { call } = await toolBench({ semantic: true });
    const missing = 'f'.repeat(32);
    expect(textOf(await call('semantic_search_notes', { query: 'a', notebook_id: missing }))).toMatch(
      /^No notebook with id f{32}\. Use list_notebooks/
    );
    expect(textOf(await call('semantic_search_notes', { query: 'a', tag_id: missing }))).toMatch(
      /^No tag with id f{32}\. Use list_tags/
    );
  });

  it('refuses an unknown relevance and an overlong query', async () => {
    const { call } = await toolBench({ semantic: true });
    expect(textOf(await call('semantic_search_notes', { query: 'a', relevance: 'wild' }))).toContain(
      'relevance: must be one of "strict", "normal", "loose" (got "wild")'
    );
    expect(textOf(await call('semantic_search_notes', { query: 'a'.repeat(10_000) }))).toContain(
      'at most 2000 characters (got 10000)'
    );
  });
});

describe('semantic_search_notes over the semantic index', () => {
  it('returns the index hits, restricted to a notebook', async () => {
    const { db, ctx, registry } = await toolBench();
    const travel = await createNotebook(db, { title: 'Travel' });
    const inside = await createNote(db, {
      title: 'Lake District',
      body: 'hiking boots, rain jacket, dog lead',
      parent_id: travel.id
    });
    await createNote(db, { title: 'Outside', body: 'hiking boots, rain jacket, dog lead' });
    const semantic = createSemanticSearch({ db, embedder: new HashedNgramEmbedder() });
    await semantic.indexer.run();
    const result = await registry.call(
      'semantic_search_notes',
      { query: 'hiking boots rain jacket', notebook_id: travel.id },
      { ...ctx, semantic }
    );
    const payload = payloadOf(result);
    expect(payload.results.map((r: { note_id: string }) => r.note_id)).toEqual([inside.id]);
    expect(payload.results[0].score).toBeGreaterThanOrEqual(0.4);
  });
});
