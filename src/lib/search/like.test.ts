import { describe, expect, it } from 'vitest';
import { likeMatcher } from './like';

describe('likeMatcher', () => {
  it('matches the whole value, ASCII case-insensitively', () => {
    expect(likeMatcher('Work')('work')).toBe(true);
    expect(likeMatcher('Work')('workshop')).toBe(false);
  });

  it('compares other letters exactly, ASCII ones beside them case aside', () => {
    expect(likeMatcher('CAFÉ')('cafÉ')).toBe(true);
    expect(likeMatcher('CAFÉ')('café')).toBe(false);
    expect(likeMatcher('Été')('ÉTÉ')).toBe(false);
  });

  it('treats * and % as any run and _ as one character', () => {
    expect(likeMatcher('image/*')('image/png')).toBe(true);
    expect(likeMatcher('%log')('catalog')).toBe(true);
    expect(likeMatcher('c_t')('cat')).toBe(true);
    expect(likeMatcher('c_t')('cart')).toBe(false);
  });

  it('takes regex characters literally', () => {
    expect(likeMatcher('a.b(c)')('a.b(c)')).toBe(true);
    expect(likeMatcher('a.b')('axb')).toBe(false);
  });
});
