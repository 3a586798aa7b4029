import { describe, expect, it } from 'vitest';
import { boundedJsonSize, formatSize } from './payload-size';

describe('boundedJsonSize', () => {
  it('is close to the JSON length of a small object', () => {
    const value = { a: 'hello', b: ['x', 'yz'], c: { d: 'e' } };
    const size = boundedJsonSize(value, 1_000);
    expect(Math.abs(size - JSON.stringify(value).length)).toBeLessThan(8);
  });

  it('passes the limit for a 50 MB string', () => {
    expect(boundedJsonSize({ text: 'x'.repeat(50_000_000) }, 1_000_000)).toBeGreaterThan(1_000_000);
  });

  it('passes the limit for a million small items', () => {
    const many = Array.from({ length: 1_000_000 }, () => 'abcdefgh');
    expect(boundedJsonSize(many, 1_000)).toBeGreaterThan(1_000);
  });

  it('counts a shared object once and survives cycles', () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    expect(boundedJsonSize(a, 1_000)).toBeLessThan(100);
  });
});

describe('formatSize', () => {
  it('says MB above a million characters', () => {
    expect(formatSize(52_400_000)).toBe('52.4 MB');
  });
});
