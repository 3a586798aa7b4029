import { describe, expect, it } from 'vitest';
import { titleSortKey } from './title-sort-key';

/** Titles sorted by their keys, ties kept in input order. */
const byKey = (titles: string[]) =>
  [...titles].sort((a, b) =>
    titleSortKey(a) < titleSortKey(b) ? -1 : titleSortKey(a) > titleSortKey(b) ? 1 : 0
  );

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

describe('titleSortKey', () => {
  it('orders titles as people read them: case and accents aside, numbers by value', () => {
    expect(byKey(['banana', 'Apple', 'Note 10', 'Note 9', 'Éclair', 'cherry', 'apple'])).toEqual([
      'Apple',
      'apple',
      'banana',
      'cherry',
      'Éclair',
      'Note 9',
      'Note 10'
    ]);
  });

  it('gives equal keys where the collator sees equal titles', () => {
    for (const [a, b] of [
      ['Café', 'cafe'],
      ['Straße', 'strasse'],
      ['Report 007', 'report 7'],
      ['ＡＢＣ１', 'abc1'],
      ['Ærø', 'aero']
    ]) {
      expect(collator.compare(a, b)).toBe(0);
      expect(titleSortKey(a)).toBe(titleSortKey(b));
    }
  });

  it('agrees with Intl.Collator on a mixed list of titles', () => {
    const titles = [
      'zebra',
      'Zoo 2',
      'Zoo 12',
      'a b',
      'ab',
      'a-b',
      '2024 plans',
      '10 tips',
      '9 lives',
      '',
      ' leading space',
      'Ölfarbe',
      'Oma',
      'Ozean',
      'résumé',
      'Resume draft',
      'Über',
      'ubuntu',
      'Ελληνικά',
      'Русский',
      '日本語',
      'v1.10',
      'v1.9',
      'Note 100',
      'Note 99',
      'Note 0099b'
    ];
    const expected = [...titles].sort((a, b) => collator.compare(a, b));
    const mine = byKey(titles);
    // Equal under the collator may come in either order; compare the classes in sequence.
    const classes = (list: string[]) =>
      list.map((t) => expected.findIndex((e) => collator.compare(e, t) === 0));
    expect(classes(mine)).toEqual(classes(expected));
  });

  it('keeps a number before any letter however long it is', () => {
    expect(byKey(['a', '1234567890123', '5'])).toEqual(['5', '1234567890123', 'a']);
  });
});
