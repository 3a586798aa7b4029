import { describe, expect, it } from 'vitest';
import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { parseMarkdown } from './index';
import { markdownSchema } from './schema';
import { textStats } from './text-stats';

/** The counts taken over the note's whole text at once, as a reader's eye does: the reference. */
function wholeTextStats(doc: PMNode): { words: number; characters: number } {
  const text = doc.textBetween(0, doc.content.size, '\n', (leaf) =>
    leaf.type.name === 'math_inline' ? (leaf.attrs.tex as string) : ' '
  );
  let words = 0;
  for (const segment of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text))
    if (segment.isWordLike) words++;
  return { words, characters: [...text].filter((ch) => ch !== '\n').length };
}

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

  it('counts an edited note as the whole of its text counts, reusing the blocks not touched', () => {
    const doc = parseMarkdown(
      '# Plan\n\nFirst day $x^2$ here.\n\n> quoted words\n> over lines\n\n- one\n  - two nested\n\n東京に行きます\n\n| a | b |\n| - | - |\n| c d | e |\n'
    );
    expect(textStats(doc)).toEqual(wholeTextStats(doc));
    // Typing at the start of the second block: every other block is the same node as before.
    const inSecond = doc.child(0).nodeSize + 1;
    const edited = doc.replace(
      inSecond,
      inSecond,
      new Slice(Fragment.from(markdownSchema.text('two more ')), 0, 0)
    );
    expect(textStats(edited)).toEqual(wholeTextStats(edited));
    expect(textStats(edited).words).toBe(textStats(doc).words + 2);
  });

  it('counts the words of text written without spaces (Intl.Segmenter)', () => {
    expect(textStats(parseMarkdown('東京に行きます\n')).words).toBeGreaterThan(1);
  });
});
