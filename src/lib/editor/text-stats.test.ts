import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './index';
import { textStats } from './text-stats';

describe('textStats', () => {
  it('counts the words and characters a reader sees, not the Markdown syntax', () => {
    const stats = textStats(
      parseMarkdown('# Trip\n\nWe **leave** on [Friday](https://example.com).\n\n- [ ] pack\n')
    );
    expect(stats.words).toBe(6);
    // "Trip" + "We leave on Friday." + "pack": line breaks between blocks are not characters.
    expect(stats.characters).toBe('Trip'.length + 'We leave on Friday.'.length + 'pack'.length);
  });

  it('counts inline math by its TeX and an empty note as nothing', () => {
    expect(textStats(parseMarkdown('Energy $E=mc^2$\n')).characters).toBe('Energy '.length + 'E=mc^2'.length);
    expect(textStats(parseMarkdown(''))).toEqual({ words: 0, characters: 0 });
  });

  it('counts the words of text written without spaces (Intl.Segmenter)', () => {
    expect(textStats(parseMarkdown('東京に行きます\n')).words).toBeGreaterThan(1);
  });
});
