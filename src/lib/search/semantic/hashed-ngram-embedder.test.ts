import { describe, expect, it } from 'vitest';
import { HashedNgramEmbedder, textFeatures } from './hashed-ngram-embedder';

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

describe('HashedNgramEmbedder', () => {
  const embedder = new HashedNgramEmbedder();

  it('names its version and size in its id', () => {
    expect(embedder.id).toBe('hashed-ngram-v1-d384');
    expect(new HashedNgramEmbedder({ dimensions: 64 }).id).toBe('hashed-ngram-v1-d64');
  });

  it('gives the same vector for the same text, every time', async () => {
    const [a] = await embedder.embed(['Sourdough starter feeding schedule']);
    const [b] = await new HashedNgramEmbedder().embed(['Sourdough starter feeding schedule']);
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it('returns unit-length vectors of the configured size', async () => {
    const [v] = await embedder.embed(['Tax return documents for 2025']);
    expect(v).toHaveLength(384);
    expect(dot(v, v)).toBeCloseTo(1, 5);
  });

  it('returns a zero vector for a text without words', async () => {
    const [v] = await embedder.embed(['... !!! ---']);
    expect(dot(v, v)).toBe(0);
  });

  it('ignores case and accents', async () => {
    const [a, b] = await embedder.embed(['Café Crème', 'cafe creme']);
    expect(dot(a, b)).toBeCloseTo(1, 5);
  });

  it('scores a related text above an unrelated one', async () => {
    const [query, related, unrelated] = await embedder.embed([
      'how to bake sourdough bread',
      'Baking bread: my sourdough loaf recipe with a long proof',
      'Quarterly budget review for the marketing department'
    ]);
    expect(dot(query, related)).toBeGreaterThan(dot(query, unrelated) + 0.2);
  });

  it('matches word variants through shared n-grams', async () => {
    const [a, b, c] = await embedder.embed(['gardening', 'gardener', 'astronomy']);
    expect(dot(a, b)).toBeGreaterThan(0.3);
    expect(dot(a, c)).toBeLessThan(0.15);
  });

  it('drops stop words', () => {
    expect([...textFeatures('the and of')]).toEqual([]);
  });

  it('weights rare buckets up when fitted on a corpus, and says so in its id', async () => {
    const corpus = [
      'project meeting notes',
      'project meeting agenda',
      'project meeting minutes',
      'volcano eruption'
    ];
    const fitted = HashedNgramEmbedder.fit(corpus);
    expect(fitted.id).toMatch(/^hashed-ngram-v1-d384-idf[0-9a-f]+$/);
    const [q, common, rare] = await fitted.embed(['project volcano', 'project meeting', 'volcano eruption']);
    const [q0, common0, rare0] = await embedder.embed([
      'project volcano',
      'project meeting',
      'volcano eruption'
    ]);
    // The rare word counts for more once fitted.
    expect(dot(q, rare) - dot(q, common)).toBeGreaterThan(dot(q0, rare0) - dot(q0, common0));
  });

  it('rejects an aborted signal', async () => {
    await expect(embedder.embed(['x'], AbortSignal.abort())).rejects.toThrow();
  });
});
