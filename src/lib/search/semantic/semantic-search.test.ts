import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../../tests/fresh-db';
import { createNote, createNotebook, trashNote, updateNote, type FolioDatabase } from '$lib/db';
import { HashedNgramEmbedder } from './hashed-ngram-embedder';
import { SemanticIndexer } from './indexer';
import { RELEVANCE_PRESETS, resolveLimits } from './presets';
import { createSemanticSearch } from './semantic-search';

let clock = 1_700_000_000_000;
const at = () => ({ now: (clock += 1000) });
const embedder = new HashedNgramEmbedder();

const NOTES: [string, string][] = [
  ['Sourdough bread', 'Feed the sourdough starter, then bake the bread loaf at 250 degrees.'],
  ['Bread baking tips', 'A long cold proof gives the loaf a better crust. Bake bread with steam.'],
  ['Tax return', 'Collect the receipts and file the tax return before the deadline.'],
  ['Garden plan', 'Plant tomatoes and basil in the raised garden beds in May.'],
  ['Trip to Lisbon', 'Flights booked; visit the tram 28 line and eat pastel de nata.']
];

async function indexed(notes = NOTES): Promise<{ db: FolioDatabase; ids: string[]; books: string[] }> {
  const db = freshDb();
  const books = [
    (await createNotebook(db, { title: 'Home' }, at())).id,
    (await createNotebook(db, { title: 'Work' }, at())).id
  ];
  const ids: string[] = [];
  for (const [i, [title, body]] of notes.entries())
    ids.push((await createNote(db, { parent_id: books[i % 2], title, body }, at())).id);
  await new SemanticIndexer({ db, embedder }).run();
  return { db, ids, books };
}

function dot(a: Float32Array, b: Float32Array): number {
  return a.reduce((sum, x, i) => sum + x * b[i], 0);
}

describe('RELEVANCE_PRESETS', () => {
  it('holds the spec values', () => {
    expect(RELEVANCE_PRESETS).toEqual({
      strict: { k: 5, minScore: 0.55 },
      normal: { k: 10, minScore: 0.4 },
      loose: { k: 20, minScore: 0.25 }
    });
  });

  it('defaults to normal and lets explicit k and minScore win', () => {
    expect(resolveLimits({})).toEqual({ k: 10, minScore: 0.4 });
    expect(resolveLimits({ relevance: 'strict', k: 2 })).toEqual({ k: 2, minScore: 0.55 });
    expect(() => resolveLimits({ relevance: 'fuzzy' as never })).toThrow(RangeError);
  });
});

describe('createSemanticSearch', () => {
  it('returns the nearest chunks best first, with note title, notebook and chunk text', async () => {
    const { db, ids, books } = await indexed();
    const hits = await createSemanticSearch({ db, embedder }).search('baking sourdough bread', {
      relevance: 'loose'
    });
    expect(
      hits
        .slice(0, 2)
        .map((h) => h.note_id)
        .sort()
    ).toEqual([ids[0], ids[1]].sort());
    expect(hits[0]).toMatchObject({
      note_id: ids[0],
      title: 'Sourdough bread',
      notebook_id: books[0],
      chunk_index: 0
    });
    expect(hits[0].chunk_text).toBe(
      'Sourdough bread\n\nFeed the sourdough starter, then bake the bread loaf at 250 degrees.'
    );
    for (let i = 1; i < hits.length; i++) expect(hits[i].score).toBeLessThanOrEqual(hits[i - 1].score);
  });

  it('scores hits with the real cosine similarity of the embedder', async () => {
    const { db } = await indexed();
    const [hit] = await createSemanticSearch({ db, embedder }).search('tax receipts deadline', {
      k: 1,
      minScore: 0
    });
    const [q, c] = await embedder.embed(['tax receipts deadline', hit.chunk_text]);
    expect(hit.score).toBeCloseTo(dot(q, c), 5);
  });

  it('keeps no hit below the preset minimum and at most its k', async () => {
    const notes: [string, string][] = Array.from({ length: 12 }, (_, i) => [
      `Bread ${i}`,
      `sourdough bread loaf baking ${'x'.repeat(i)} note${i}`
    ]);
    const { db } = await indexed(notes);
    const search = createSemanticSearch({ db, embedder });
    const strict = await search.search('sourdough bread loaf', { relevance: 'strict' });
    expect(strict.length).toBeLessThanOrEqual(5);
    expect(strict.length).toBeGreaterThan(0);
    for (const hit of strict) expect(hit.score).toBeGreaterThanOrEqual(0.55);
    const loose = await search.search('sourdough bread loaf', { relevance: 'loose' });
    expect(loose.length).toBe(12);
    expect(await search.search('volcanic eruption', { relevance: 'strict' })).toEqual([]);
  });

  it('searches only the given notes', async () => {
    const { db, ids } = await indexed();
    const hits = await createSemanticSearch({ db, embedder }).search('bread', {
      noteIds: [ids[1], ids[3]],
      minScore: 0
    });
    expect(new Set(hits.map((h) => h.note_id))).toEqual(new Set([ids[1], ids[3]]));
  });

  it('drops a note trashed since it was indexed and still fills k', async () => {
    const { db, ids } = await indexed();
    const search = createSemanticSearch({ db, embedder });
    await trashNote(db, ids[0], at());
    const hits = await search.search('sourdough bread baking', { k: 2, minScore: 0 });
    expect(hits).toHaveLength(2);
    expect(hits.map((h) => h.note_id)).not.toContain(ids[0]);
  });

  it('sees notes its own indexer embedded after the first search', async () => {
    const { db, books } = await indexed();
    const search = createSemanticSearch({ db, embedder });
    expect(await search.search('volcano eruption lava', { minScore: 0.3 })).toEqual([]);
    const note = await createNote(
      db,
      { parent_id: books[0], title: 'Volcano', body: 'The eruption sent lava down the volcano.' },
      at()
    );
    await search.indexer.run();
    expect((await search.search('volcano eruption lava', { minScore: 0.3 }))[0]?.note_id).toBe(note.id);
  });

  it('sees vectors another tab indexed, through the stored cursor', async () => {
    const { db, ids } = await indexed();
    const search = createSemanticSearch({ db, embedder });
    await search.search('bread');
    await updateNote(db, ids[3], { body: 'Volcano eruption, lava everywhere.' }, at());
    await new SemanticIndexer({ db, embedder }).run(); // the other tab's indexer
    expect((await search.search('volcano eruption lava', { k: 1 }))[0]?.note_id).toBe(ids[3]);
  });

  it('returns nothing, not made-up scores, before anything is indexed', async () => {
    const db = freshDb();
    const search = createSemanticSearch({ db, embedder });
    expect(await search.search('anything', { minScore: -1 })).toEqual([]);
    expect(await search.status()).toMatchObject({ model: embedder.id, chunks: 0, notes: 0, indexing: false });
  });

  it('sees the first full pass another tab made after its own first search', async () => {
    const db = freshDb();
    const book = (await createNotebook(db, { title: 'Home' }, at())).id;
    const note = await createNote(db, { parent_id: book, title: 'Volcano', body: 'lava and ash' }, at());
    const search = createSemanticSearch({ db, embedder });
    expect(await search.search('volcano lava')).toEqual([]);
    await new SemanticIndexer({ db, embedder }).run();
    expect((await search.search('volcano lava'))[0]?.note_id).toBe(note.id);
  });

  it('says the index must be rebuilt when stored vectors differ in size', async () => {
    const { db, ids } = await indexed();
    await db.embeddings.put({
      id: `${embedder.id}:${ids[0]}:9`,
      note_id: ids[0],
      model: embedder.id,
      chunk_index: 9,
      chunk_text: 'x',
      vector: new Float32Array(8),
      note_updated_time: 0
    });
    await expect(createSemanticSearch({ db, embedder }).search('bread')).rejects.toMatchObject({
      code: 'conflict'
    });
  });

  it('rejects an empty query', async () => {
    const search = createSemanticSearch({ db: freshDb(), embedder });
    await expect(search.search('  ')).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('lists related notes by their best chunk, without the note itself', async () => {
    const { db, ids } = await indexed();
    const related = await createSemanticSearch({ db, embedder }).relatedNotes(ids[0], 3, { minScore: 0 });
    expect(related[0].note_id).toBe(ids[1]);
    expect(related.map((r) => r.note_id)).not.toContain(ids[0]);
    expect(new Set(related.map((r) => r.note_id)).size).toBe(related.length);
  });

  it('has no related notes for a note that is not indexed', async () => {
    const { db } = await indexed();
    expect(await createSemanticSearch({ db, embedder }).relatedNotes('0'.repeat(32), 3)).toEqual([]);
  });

  it('reports the size of its index', async () => {
    const { db } = await indexed();
    expect(await createSemanticSearch({ db, embedder }).status()).toMatchObject({
      chunks: 5,
      notes: 5,
      paused: false
    });
  });
});
