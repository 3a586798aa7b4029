import { describe, expect, it } from 'vitest';
import { chunkNote, estimateTokens, tailOf } from './chunk';
import { markdownToBlocks, stripInline } from './strip-markdown';

/** A paragraph of `words` distinct words: w0 w1 w2 ... */
function paragraph(words: number, prefix = 'w'): string {
  return Array.from({ length: words }, (_, i) => `${prefix}${i}`).join(' ');
}

describe('estimateTokens', () => {
  it('takes the larger of chars / 4 and words × 1.3', () => {
    expect(estimateTokens('a b c d e f g h i j')).toBe(13);
    expect(estimateTokens('x'.repeat(400))).toBe(100);
  });
});

describe('markdown stripping', () => {
  it('keeps link and image text and drops their targets', () => {
    expect(stripInline('See [the plan](:/0123456789abcdef0123456789abcdef) and ![a cat](:/aa)')).toBe(
      'See the plan and a cat'
    );
  });

  it('drops emphasis, code marks and HTML tags', () => {
    expect(stripInline('**bold** _it_ `code` <span class="x">html</span> ~~gone~~')).toBe(
      'bold it code html gone'
    );
  });

  it('keeps underscores inside words', () => {
    expect(stripInline('snake_case_name stays')).toBe('snake_case_name stays');
  });

  it('drops heading, list, checkbox, quote and fence marks', () => {
    const blocks = markdownToBlocks(
      '# Title\n\n- [x] done item\n1. first\n> quoted\n\n```js\nlet a = 1;\n```'
    );
    expect(blocks.map((b) => b.text)).toEqual(['Title\ndone item\nfirst\nquoted', 'let a = 1;']);
  });

  it('starts a block at each heading and joins the heading to the paragraph after it', () => {
    const blocks = markdownToBlocks('intro\n## Setup\n\nstep one\n\nstep two');
    expect(blocks).toEqual([
      { text: 'intro', heading: false },
      { text: 'Setup\nstep one', heading: true },
      { text: 'step two', heading: false }
    ]);
  });

  it('drops table separator rows and pipes', () => {
    expect(markdownToBlocks('| a | b |\n|---|:-:|\n| 1 | 2 |').map((b) => b.text)).toEqual(['a | b\n1 | 2']);
  });
});

describe('chunkNote', () => {
  it('returns one chunk with the title first for a short note', () => {
    expect(chunkNote('Groceries', 'eggs and *milk*')).toEqual([
      { index: 0, text: 'Groceries\n\neggs and milk' }
    ]);
  });

  it('returns the title alone for an empty body, and nothing for an empty note', () => {
    expect(chunkNote('Only a title', '')).toEqual([{ index: 0, text: 'Only a title' }]);
    expect(chunkNote('', '  ')).toEqual([]);
  });

  it('keeps every chunk within the window by the estimate', () => {
    const body = Array.from({ length: 12 }, (_, i) => paragraph(60, `p${i}w`)).join('\n\n');
    const chunks = chunkNote('Long note', body, { maxTokens: 128, overlapTokens: 16 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(estimateTokens(chunk.text)).toBeLessThanOrEqual(128);
  });

  it('puts the title only in the first chunk', () => {
    const body = Array.from({ length: 6 }, (_, i) => paragraph(60, `p${i}w`)).join('\n\n');
    const chunks = chunkNote('Unique Heading', body, { maxTokens: 128, overlapTokens: 16 });
    expect(chunks[0].text.startsWith('Unique Heading\n\n')).toBe(true);
    expect(chunks.slice(1).some((c) => c.text.includes('Unique Heading'))).toBe(false);
  });

  it('repeats the end of a full window at the start of the next', () => {
    const body = Array.from({ length: 4 }, (_, i) => paragraph(60, `p${i}w`)).join('\n\n');
    const chunks = chunkNote('', body, { maxTokens: 100, overlapTokens: 16 });
    for (let i = 1; i < chunks.length; i++) {
      const tail = tailOf(chunks[i - 1].text, 16);
      expect(tail.length).toBeGreaterThan(0);
      expect(chunks[i].text.startsWith(tail)).toBe(true);
    }
  });

  it('covers every word of the body', () => {
    const body = Array.from({ length: 8 }, (_, i) => paragraph(45, `p${i}w`)).join('\n\n');
    const text = chunkNote('', body, { maxTokens: 100, overlapTokens: 16 })
      .map((c) => c.text)
      .join(' ');
    for (const word of body.split(/\s+/)) expect(text.split(/\s+/)).toContain(word);
  });

  it('closes a half-full window at a heading, without overlap', () => {
    const body = `${paragraph(50, 'a')}\n\n## Second section\n\n${paragraph(20, 'b')}`;
    const chunks = chunkNote('', body, { maxTokens: 100, overlapTokens: 16 });
    expect(chunks.map((c) => c.text)).toEqual([paragraph(50, 'a'), `Second section\n${paragraph(20, 'b')}`]);
  });

  it('keeps a heading in the same window when the window is less than half full', () => {
    const body = `${paragraph(10, 'a')}\n\n## Next\n\n${paragraph(10, 'b')}`;
    expect(chunkNote('', body, { maxTokens: 100, overlapTokens: 16 })).toHaveLength(1);
  });

  it('splits one huge paragraph at sentence ends', () => {
    const sentences = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} talks about topic ${i}.`);
    const chunks = chunkNote('', sentences.join(' '), { maxTokens: 64, overlapTokens: 8 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(estimateTokens(chunk.text)).toBeLessThanOrEqual(64);
    // Each window (after its overlap) starts at a sentence start.
    for (const chunk of chunks.slice(1))
      expect(chunk.text.split('\n\n').at(-1)).toMatch(/^Sentence number \d+/);
  });

  it('cuts a word longer than a window', () => {
    const chunks = chunkNote('', 'z'.repeat(1000), { maxTokens: 64, overlapTokens: 0 });
    expect(chunks.map((c) => c.text).join('')).toBe('z'.repeat(1000));
  });

  it('rejects an overlap larger than half the window', () => {
    expect(() => chunkNote('t', 'b', { maxTokens: 100, overlapTokens: 60 })).toThrow(RangeError);
  });
});
