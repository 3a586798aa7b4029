import { describe, expect, it } from 'vitest';
import {
  compareAt,
  isPackedStrings,
  packStrings,
  stringAt,
  StringColumn,
  unpackStrings
} from './packed-strings';

describe('packed strings', () => {
  it('packs as one byte a code unit unless a unit needs two, and cuts every string back out', () => {
    const narrow = ['abc', '', 'café'];
    expect(packStrings(narrow).units).toBeInstanceOf(Uint8Array);
    const wide = ['naïve', 'ü€', '😀x', ''];
    expect(packStrings(wide).units).toBeInstanceOf(Uint16Array);
    for (const list of [narrow, wide]) {
      expect(unpackStrings(packStrings(list))).toEqual(list);
      expect(unpackStrings(packStrings(list, true))).toEqual(list);
      expect(isPackedStrings(packStrings(list), list.length)).toBe(true);
    }
    const long = 'x'.repeat(10_000) + 'é' + 'y'.repeat(5000);
    expect(stringAt(packStrings(['a', long]), 1)).toBe(long);
  });

  it('compares in place as < orders strings, and by prefix', () => {
    const list = ['b', 'ba', 'bc', 'é', '\ud83d\ude00', '\uffff', ''];
    for (const asText of [false, true]) {
      const p = packStrings(list, asText);
      for (const [i, s] of list.entries())
        for (const text of ['', 'b', 'ba', 'bb', 'bca', 'é', '\ud83d', '\ufffe', 'a']) {
          expect(Math.sign(compareAt(p, i, text))).toBe(s < text ? -1 : s > text ? 1 : 0);
          expect(compareAt(p, i, text, true) === 0).toBe(s.startsWith(text));
        }
    }
  });

  it('a column keeps the form it was made for when it packs again', () => {
    const base = packStrings(['one', 'two']);
    const column = new StringColumn(base, true);
    expect(typeof column.pack().units).toBe('string');
    expect(new StringColumn(base).pack()).toBe(base);
    column.push('three');
    expect(unpackStrings(column.pack())).toEqual(['one', 'two', 'three']);
  });
});
