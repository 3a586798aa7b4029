import { describe, expect, it } from 'vitest';
import { queryTokens } from './query-parser';
import { makeSnippet, SNIPPET_CHARS } from './snippet';

const marked = (body: string, query: string) => {
  const { text, highlights } = makeSnippet(body, queryTokens(query));
  return { text, words: highlights.map(([s, e]) => text.slice(s, e)) };
};

describe('makeSnippet', () => {
  it('returns a short body whole, with its words highlighted', () => {
    expect(marked('The Cat sat on the mat.', 'cat')).toEqual({
      text: 'The Cat sat on the mat.',
      words: ['Cat']
    });
  });

  it('cuts around the first match with … on both sides', () => {
    const body = `${'lorem ipsum '.repeat(60)}the needle is here ${'dolor sit '.repeat(60)}`;
    const { text, words } = marked(body, 'needle');
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(SNIPPET_CHARS + 2);
    expect(words).toEqual(['needle']);
  });

  it('starts at the beginning when no word is in the body', () => {
    const body = 'word '.repeat(100);
    const { text } = marked(body, 'absent');
    expect(text.startsWith('word')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
  });

  it('collapses whitespace and newlines', () => {
    expect(marked('a\n\n  b\tc', 'b').text).toBe('a b c');
  });

  it('finds accented words for a folded query', () => {
    expect(marked('Un crème brûlée, merci.', 'creme').words).toEqual(['crème']);
  });

  it('highlights every word a prefix matches', () => {
    expect(marked('swim, swimming and swimsuit but not a swan', 'swim*').words).toEqual([
      'swim',
      'swimming',
      'swimsuit'
    ]);
  });

  it('highlights CJK characters of the query as one run', () => {
    expect(marked('東京都に行く', '京都').words).toEqual(['京都']);
  });

  it('does not highlight a word that only contains the query', () => {
    expect(marked('cataclysm and cat', 'cat').words).toEqual(['cat']);
  });

  it('shows the plain text of Markdown, with the match highlighted', () => {
    expect(
      marked('# Project kickoff\n\n- apples\n- **pears** and [plums](https://example.com)', 'pears')
    ).toEqual({
      text: 'Project kickoff apples pears and plums',
      words: ['pears']
    });
  });

  it('cuts a long note around the match and converts only those lines', () => {
    const body = `${'- filler line\n'.repeat(2000)}## Found **it** here\n${'- more\n'.repeat(2000)}`;
    const { text, words } = marked(body, 'found');
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text).toContain('Found it here');
    expect(text).not.toMatch(/[#*]|- /);
    expect(words).toEqual(['Found']);
  });

  it('shows no highlight when the word is only in a link target', () => {
    expect(marked('Read [the docs](https://example.com/zebra) first.', 'zebra')).toEqual({
      text: 'Read the docs first.',
      words: []
    });
  });
});
