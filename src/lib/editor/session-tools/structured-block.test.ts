import { describe, expect, it } from 'vitest';
import { replaceStructuredBlock } from './structured-block';

function apply(markdown: string, tag: string, text: string, cursor = 0): string {
  const resolved = replaceStructuredBlock(markdown, tag, text, cursor);
  if (!resolved.ok) throw new Error(resolved.error);
  const { from, to, insert } = resolved.edit;
  return markdown.slice(0, from) + insert + markdown.slice(to);
}

describe('replaceStructuredBlock', () => {
  it('replaces the content between the fences and keeps them', () => {
    expect(apply('Intro\n\n```abc\nX:1\n```\n\nEnd\n', 'abc', 'X:2\nK:G')).toBe(
      'Intro\n\n```abc\nX:2\nK:G\n```\n\nEnd\n'
    );
  });

  it('writes the content inside the quote the block sits in', () => {
    expect(apply('> ```mermaid\n> a\n> ```\n', 'mermaid', 'b\nc')).toBe('> ```mermaid\n> b\n> c\n> ```\n');
  });

  it('takes the block nearest the cursor', () => {
    const md = '```abc\none\n```\n\ntext\n\n```abc\ntwo\n```\n';
    expect(apply(md, 'abc', 'new', md.length)).toBe('```abc\none\n```\n\ntext\n\n```abc\nnew\n```\n');
  });

  it('accepts a longer fence inside a block opened with four backticks', () => {
    expect(apply('````fountain\nINT. HOUSE\n````\n', 'fountain', 'EXT. ROAD\n```')).toBe(
      '````fountain\nEXT. ROAD\n```\n````\n'
    );
  });

  it('refuses a tag with no block and text that closes the fence', () => {
    expect(replaceStructuredBlock('```abc\nX\n```\n', 'mermaid', 'a', 0).ok).toBe(false);
    expect(replaceStructuredBlock('```abc\nX\n```\n', 'abc', 'a\n```', 0).ok).toBe(false);
  });
});
