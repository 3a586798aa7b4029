import { describe, expect, it } from 'vitest';
import { DocMarks, seekSorted } from './doc-sets';

/** Marks `docs` (distinct) in `marks` and returns them ordered by `ascending`. */
function ordered(marks: DocMarks, docs: number[], size: number): number[] {
  marks.reset(size);
  const found = new Int32Array(docs.length);
  let n = 0;
  for (const doc of docs) if (marks.add(doc)) found[n++] = doc;
  return Array.from(marks.ascending(found, n, size));
}

/** Distinct documents below `size`, in a scrambled order (a fixed stride, so the test is the same each run). */
function scrambled(count: number, size: number): number[] {
  const out = new Set<number>();
  for (let i = 0; out.size < count; i++) out.add((i * 7919 + 13) % size);
  return [...out];
}

describe('DocMarks.ascending', () => {
  it('orders a set dense enough to be read back from bits', () => {
    const docs = [63, 0, 32, 31, 64, 1, 95, 33];
    expect(ordered(new DocMarks(), docs, 100)).toEqual([...docs].sort((a, b) => a - b));
  });

  it('orders a sparse set by sorting', () => {
    const docs = scrambled(20, 100_000);
    expect(ordered(new DocMarks(), docs, 100_000)).toEqual([...docs].sort((a, b) => a - b));
  });

  it('leaves no bit behind for the next set', () => {
    const marks = new DocMarks();
    const first = scrambled(3000, 5000);
    const second = scrambled(40, 5000).filter((doc) => doc % 2 === 0);
    ordered(marks, first, 5000);
    expect(ordered(marks, second, 5000)).toEqual([...second].sort((a, b) => a - b));
  });
});

describe('seekSorted', () => {
  const list = Int32Array.from({ length: 1000 }, (_, i) => i * 3);

  it('finds the first entry not below the document, from any start', () => {
    for (const from of [0, 1, 7, 500])
      for (const doc of [0, 2, 3, 4, 299, 300, 1500, 2997])
        expect(seekSorted(list, from, doc)).toBe(Math.max(from, Math.ceil(doc / 3)));
  });

  it('ends at the length past the last entry', () => {
    expect(seekSorted(list, 0, 2998)).toBe(1000);
    expect(seekSorted(list, 1000, 5)).toBe(1000);
  });
});
