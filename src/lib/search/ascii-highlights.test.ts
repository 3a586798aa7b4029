import { describe, expect, it } from 'vitest';
import { asciiHighlights, asciiWords } from './ascii-highlights';
import { queryTokens } from './query-parser';
import type { QueryToken } from './query-types';

/** The word regex snippet.ts used for ASCII text before: the scan must find what it finds. */
function regexHighlights(text: string, tokens: QueryToken[]): [number, number][] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const edge = '[\\p{L}\\p{N}\\p{M}]';
  const exact = tokens.filter((t) => !t.prefix).map((t) => escape(t.text));
  const prefixes = tokens.filter((t) => t.prefix).map((t) => escape(t.text));
  const parts: string[] = [];
  if (exact.length) parts.push(`(?<!${edge})(?:${exact.join('|')})(?!${edge})`);
  if (prefixes.length) parts.push(`(?<!${edge})(?:${prefixes.join('|')})${edge}*`);
  const re = new RegExp(parts.join('|'), 'giu');
  return Array.from(text.matchAll(re), (m) => [m.index, m.index + m[0].length]);
}

function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) & 0x7fffffff;
    return a / 0x80000000;
  };
}

describe('asciiHighlights', () => {
  it('marks whole words, case aside, and words starting with a prefix', () => {
    const words = asciiWords(queryTokens('cat pars*'))!;
    expect(asciiHighlights('The CAT parses cats; a parser-cat', words)).toEqual([
      [4, 7],
      [8, 14],
      [23, 29],
      [30, 33]
    ]);
  });

  it('finds no word of a query in another script', () => {
    const words = asciiWords(queryTokens('café €'))!;
    expect(asciiHighlights('cafe and euro', words)).toEqual([[0, 4]]);
  });

  it('finds what the word regex finds, on random texts and queries', () => {
    const random = rng(7);
    const alphabet = 'abAB1 _-.:\'"*';
    const pick = (n: number) =>
      Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let round = 0; round < 2000; round++) {
      const text = pick(Math.floor(random() * 24));
      const query = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const word = pick(1 + Math.floor(random() * 3)).replace(/[^abAB1]/g, '') || 'a';
        return random() < 0.4 ? `${word}*` : word;
      }).join(' ');
      const tokens = queryTokens(query);
      const words = asciiWords(tokens);
      if (!words) continue;
      expect(asciiHighlights(text, words), `${query} in ${JSON.stringify(text)}`).toEqual(
        regexHighlights(text, tokens)
      );
    }
  });
});
