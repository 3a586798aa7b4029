import { describe, expect, it } from 'vitest';
import { addTagsToNote, createNote, trashNote } from '$lib/db';
import { IndexFollower, SearchIndex } from '$lib/search';
import { payloadOf, textOf, toolBench } from '../tool-test-kit';

describe('search_notes', () => {
  it('returns the matching notes with id, title, notebook, time and snippet', async () => {
    const { db, call, notebookId } = await toolBench();
    const note = await createNote(db, { title: 'Packing list', body: 'socks and boots' });
    await createNote(db, { title: 'Recipes', body: 'soup' });
    const payload = payloadOf(await call('search_notes', { query: 'socks' }));
    expect(payload).toEqual({
      results: [
        {
          id: note.id,
          title: 'Packing list',
          notebook_id: notebookId,
          updated_time: note.updated_time,
          snippet: 'socks and boots'
        }
      ],
      total: 1
    });
  });

  it('returns at most limit results while total counts them all', async () => {
    const { db, call } = await toolBench();
    for (let i = 0; i < 3; i++) await createNote(db, { title: `Trip ${i}`, body: 'trip' });
    const payload = payloadOf(await call('search_notes', { query: 'trip', limit: 2 }));
    expect(payload.results).toHaveLength(2);
    expect(payload.total).toBe(3);
  });

  it('does not find a note in the trash', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Old', body: 'unique' });
    await trashNote(db, note.id);
    expect(payloadOf(await call('search_notes', { query: 'unique' })).total).toBe(0);
  });

  it('refuses a missing query', async () => {
    const { call } = await toolBench();
    const result = await call('search_notes', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Invalid arguments for search_notes: query: required.');
  });

  it('refuses a query of 10,000 characters and says the limit', async () => {
    const { call } = await toolBench();
    const result = await call('search_notes', { query: 'a'.repeat(10_000) });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('query: must be at most 2000 characters (got 10000)');
  });

  it('refuses a query of only spaces', async () => {
    const { call } = await toolBench();
    expect(textOf(await call('search_notes', { query: '   ' }))).toBe(
      'query: must contain text, not only spaces.'
    );
  });

  it('refuses a limit above 100 and an unknown property', async () => {
    const { call } = await toolBench();
    const result = await call('search_notes', { query: 'a', limit: 500, sort: 'date' });
    expect(textOf(result)).toBe(
      'Invalid arguments for search_notes: limit: must be at most 100 (got 500); sort: unknown property (allowed: query, limit).'
    );
  });

  it('summarises the search syntax in its description', async () => {
    const { registry } = await toolBench();
    const description = registry.find('search_notes')!.description;
    for (const part of [
      '"exact phrase"',
      'prefix*',
      '-word',
      'tag:',
      'notebook:',
      'created:',
      'type:note',
      'iscompleted:',
      'any:1'
    ]) {
      expect(description).toContain(part);
    }
  });
});

describe('search_notes over the full-text index', () => {
  it('passes the search syntax through to the index', async () => {
    const { db, ctx, registry } = await toolBench();
    const tagged = await createNote(db, {
      title: 'Lake District',
      body: 'Pack wool socks and boots for the dog walk.'
    });
    await addTagsToNote(db, tagged.id, ['travel']);
    await createNote(db, { title: 'Laundry', body: 'socks to wash' });
    const index = new SearchIndex();
    await new IndexFollower(db, index).start();
    const call = (query: string) => registry.call('search_notes', { query }, { ...ctx, search: index });
    const found = payloadOf(await call('socks tag:travel'));
    expect(found.results.map((r: { id: string }) => r.id)).toEqual([tagged.id]);
    expect(found.results[0].snippet).toContain('socks');
    expect(Object.keys(found.results[0])).toEqual(['id', 'title', 'notebook_id', 'updated_time', 'snippet']);
    expect(payloadOf(await call('socks -boots')).results.map((r: { title: string }) => r.title)).toEqual([
      'Laundry'
    ]);
  });
});
