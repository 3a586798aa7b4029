import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

describe('highlightSegments', () => {
  it('marks each range and keeps the text between', () => {
    expect(highlightSegments('find the cat here', [[9, 12]])).toEqual([
      { text: 'find the ', mark: false },
      { text: 'cat', mark: true },
      { text: ' here', mark: false }
    ]);
  });

  it('sorts ranges and merges overlaps', () => {
    const segments = highlightSegments('abcdefgh', [
      [4, 6],
      [0, 2],
      [1, 3]
    ]);
    expect(segments.map((s) => (s.mark ? `[${s.text}]` : s.text)).join('')).toBe('[abc]d[ef]gh');
  });

  it('clips ranges past the end of the text', () => {
    expect(highlightSegments('abc', [[2, 10]])).toEqual([
      { text: 'ab', mark: false },
      { text: 'c', mark: true }
    ]);
  });

  it('returns the whole text unmarked without ranges', () => {
    expect(highlightSegments('plain')).toEqual([{ text: 'plain', mark: false }]);
  });
});
