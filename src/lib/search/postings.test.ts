import { describe, expect, it } from 'vitest';
import { Postings } from './postings';

const terms = (p: Postings, prefix: string) =>
  p
    .idsWithPrefix(prefix)
    .map((id) => p.termOf(id))
    .sort();

describe('Postings.idsWithPrefix', () => {
  it('finds the terms of a prefix, and those added after it was searched', () => {
    const p = new Postings();
    p.add(0, 'config', 'configure console contact conf');
    expect(terms(p, 'conf')).toEqual(['conf', 'config', 'configure']);
    p.add(1, '', 'confab conform cone configs');
    expect(terms(p, 'conf')).toEqual(['conf', 'confab', 'config', 'configs', 'configure', 'conform']);
    expect(terms(p, 'con')).toEqual([
      'cone',
      'conf',
      'confab',
      'config',
      'configs',
      'configure',
      'conform',
      'console',
      'contact'
    ]);
    expect(terms(p, 'co')).toEqual(terms(p, 'con'));
    expect(terms(p, 'confx')).toEqual([]);
  });
});
