import { describe, expect, it } from 'vitest';
import { hunksBetween, mergeThreeWay } from './three-way';

describe('hunksBetween', () => {
  it('gives the changed characters as hunks of the base', () => {
    expect(hunksBetween('a cat sat', 'a bat sat!')).toEqual([
      { from: 2, to: 3, text: 'b' },
      { from: 9, to: 9, text: '!' }
    ]);
  });

  it('compares long texts row by row', () => {
    const rows = Array.from({ length: 400 }, (_, i) => `| row ${i} | value |\n`);
    const padded = rows.map((row) => row.replace(' |', '   |'));
    const hunks = hunksBetween(rows.join(''), padded.join(''));
    expect(hunks).toHaveLength(400);
    expect(hunks.every((h) => h.text === '  ' && h.from === h.to)).toBe(true);
  });
});

describe('mergeThreeWay', () => {
  it('keeps both sides where they changed different characters', () => {
    expect(mergeThreeWay('foo\\\nbar', 'foo  \nbar', 'foo\\\nbarx')).toBe('foo  \nbarx');
  });

  it('takes theirs where both changed the same characters', () => {
    expect(mergeThreeWay('| a | b |', '| A | b |', '| c | b |')).toBe('| c | b |');
  });

  it('puts an insertion at the start of a change of the other side before it', () => {
    expect(mergeThreeWay('foo\\\nbar', 'foo  \nbar', 'foox\\\nbar')).toBe('foox  \nbar');
  });

  it('keeps both insertions at one point, in the order asked', () => {
    expect(mergeThreeWay('ab', 'a b', 'axb')).toBe('ax b');
    expect(mergeThreeWay('ab', 'a b', 'axb', 'ours-first')).toBe('a xb');
  });

  it('returns the changed side when the other is the base', () => {
    expect(mergeThreeWay('same', 'same', 'other')).toBe('other');
    expect(mergeThreeWay('same', 'mine', 'same')).toBe('mine');
  });
});
