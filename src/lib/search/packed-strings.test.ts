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
  it('packs code units as bytes, one to three each, and cuts every string back out as it was', () => {
    const narrow = ['abc', '', 'café'];
    const wide = ['naïve', 'ü€', '😀x', '', 'lone \ud800 and \udfff', '\u07ff\u0800\uffff'];
    expect(packStrings(narrow).units).toBeInstanceOf(Uint8Array);
    expect(packStrings(['é€😀']).units.length).toBe(2 + 3 + 6);
    for (const list of [narrow, wide]) {
      expect(unpackStrings(packStrings(list))).toEqual(list);
      expect(unpackStrings(packStrings(list, true))).toEqual(list);
      expect(isPackedStrings(packStrings(list), list.length)).toBe(true);
    }
    const long = 'x'.repeat(10_000) + 'é' + 'y'.repeat(5000);
    expect(stringAt(packStrings(['a', long]), 1)).toBe(long);
    expect(stringAt(packStrings(['a', long.replace('é', 'e')]), 1)).toBe(long.replace('é', 'e'));
  });

  it('compares in place as < orders strings, and by prefix', () => {
    const list = ['b', 'ba', 'bc', 'é', '\ud83d\ude00', '\uffff', '', '\ud800', 'b\u0800', 'b\u07ff'];
    for (const asText of [false, true]) {
      const p = packStrings(list, asText);
      for (const [i, s] of list.entries())
        for (const text of [
          '',
          'b',
          'ba',
          'bb',
          'bca',
          'é',
          '\ud83d',
          '\ufffe',
          'a',
          '\ud800x',
          'b\u0800',
          'b\u07ffz'
        ]) {
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
