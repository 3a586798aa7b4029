import { describe, expect, it } from 'vitest';
import { TopK } from './top-k';
import { VectorIndex } from './vector-index';

/** A deterministic pseudo-random unit-ish vector. */
function vec(seed: number, dim = 8): number[] {
  let x = seed * 2654435761;
  return Array.from({ length: dim }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648 - 0.5;
  });
}

function cosine(a: number[], b: number[]): number {
  let ab = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return ab / Math.sqrt(aa * bb);
}

describe('TopK', () => {
  it('keeps the k largest scores, best first', () => {
    const top = new TopK(3);
    [5, 1, 9, 3, 7, 2, 8].forEach((score, row) => top.push(row, score));
    expect(top.sorted()).toEqual([
      { row: 2, score: 9 },
      { row: 6, score: 8 },
      { row: 4, score: 7 }
    ]);
  });
});

describe('VectorIndex', () => {
  function filled(notes: number, chunks: number): { index: VectorIndex; vectors: Map<string, number[]> } {
    const index = new VectorIndex(8, 2);
    const vectors = new Map<string, number[]>();
    for (let n = 0; n < notes; n++)
      for (let c = 0; c < chunks; c++) {
        const v = vec(n * 100 + c + 1);
        vectors.set(`${n}:${c}`, v);
        index.add(`note${n}`, c, v);
      }
    return { index, vectors };
  }

  it('finds the same top k as exhaustive cosine, with the same scores', () => {
    const { index, vectors } = filled(40, 3);
    const query = vec(999);
    const expected = [...vectors]
      .map(([key, v]) => ({ key, score: cosine(query, v) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 7);
    const got = index.search(query, 7);
    expect(got.map((m) => `${m.noteId.slice(4)}:${m.chunkIndex}`)).toEqual(expected.map((e) => e.key));
    got.forEach((m, i) => expect(m.score).toBeCloseTo(expected[i].score, 5));
  });

  it('scores a stored vector 1 against itself', () => {
    const { index, vectors } = filled(5, 2);
    expect(index.search(vectors.get('3:1')!, 1)[0]).toMatchObject({ noteId: 'note3', chunkIndex: 1 });
    expect(index.search(vectors.get('3:1')!, 1)[0].score).toBeCloseTo(1, 5);
  });

  it('drops matches below minScore', () => {
    const { index } = filled(20, 2);
    for (const m of index.search(vec(5), 40, { minScore: 0.3 })) expect(m.score).toBeGreaterThanOrEqual(0.3);
  });

  it('returns only chunks of the allowed notes', () => {
    const { index } = filled(20, 2);
    const got = index.search(vec(5), 10, { noteIds: new Set(['note3', 'note7', 'missing']) });
    expect(new Set(got.map((m) => m.noteId))).toEqual(new Set(['note3', 'note7']));
    expect(got).toHaveLength(4);
  });

  it('never returns chunks of excluded notes', () => {
    const { index } = filled(10, 2);
    const got = index.search(vec(5), 20, { excludeNoteIds: new Set(['note1']) });
    expect(got).toHaveLength(18);
    expect(got.some((m) => m.noteId === 'note1')).toBe(false);
  });

  it('removes a note and keeps every other vector findable', () => {
    const { index, vectors } = filled(6, 3);
    index.removeNote('note2');
    index.removeNote('note0');
    expect(index.size).toBe(12);
    expect(index.has('note2')).toBe(false);
    for (const [key, v] of vectors) {
      const [n, c] = key.split(':');
      if (n === '2' || n === '0') continue;
      expect(index.search(v, 1)[0]).toMatchObject({ noteId: `note${n}`, chunkIndex: Number(c) });
    }
  });

  it('ranks notes by their best chunk in searchNotes', () => {
    const { index, vectors } = filled(6, 3);
    const got = index.searchNotes(vectors.get('4:2')!, 3);
    expect(got[0]).toMatchObject({ noteId: 'note4', chunkIndex: 2 });
    expect(new Set(got.map((m) => m.noteId)).size).toBe(3);
  });

  it('finds nothing for a zero query vector', () => {
    const { index } = filled(3, 1);
    expect(index.search(new Array(8).fill(0), 3, { minScore: -1 })).toEqual([]);
  });

  it('rejects a vector of the wrong size', () => {
    expect(() => new VectorIndex(8).add('n', 0, [1, 2, 3])).toThrow(RangeError);
    expect(() => new VectorIndex(8).search([1, 2, 3], 1)).toThrow(RangeError);
  });
});
