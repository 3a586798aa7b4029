// Typing in one block keeps the rest of that block as the user wrote it (block-style.ts).
import { describe, expect, it } from 'vitest';
import { EditorState, TextSelection } from 'prosemirror-state';
import { parseMarkdown, serializeMarkdown } from './markdown';

/** Types `text` at the end of the text of top-level block `index`, then saves. */
function typeAtEnd(md: string, index: number, text = 'x'): string {
  const doc = parseMarkdown(md);
  let end = 0;
  doc.forEach((node, offset, i) => {
    if (i === index) end = offset + node.nodeSize;
  });
  let state = EditorState.create({ doc });
  state = state.apply(state.tr.setSelection(TextSelection.near(state.doc.resolve(end), -1)));
  return serializeMarkdown(state.apply(state.tr.insertText(text)).doc);
}

describe('typing in a block keeps what the user did not change', () => {
  it('keeps the lines of a hard-wrapped paragraph', () => {
    expect(typeAtEnd('First line\nsecond line\nthird line.\n', 0)).toBe(
      'First line\nsecond line\nthird line.x\n'
    );
  });

  it('keeps two-space hard breaks', () => {
    expect(typeAtEnd('a  \nb\n', 0)).toBe('a  \nbx\n');
  });

  it('keeps escapes the user typed', () => {
    expect(typeAtEnd('3 \\* 4 and \\_x\\_\n', 0)).toBe('3 \\* 4 and \\_x\\_x\n');
  });

  it('changes only the edited row of a padded table', () => {
    const md = '| a   | b |\n| --- | - |\n| 1   | 2 |\n| 333 | 4 |\n';
    expect(typeAtEnd(md, 0, 'yy')).toBe('| a   | b |\n| --- | - |\n| 1   | 2 |\n| 333 | 4yy |\n');
  });

  it('keeps a four-space list continuation and the list tight', () => {
    expect(typeAtEnd('- item\n\n    continued\n- two\n', 0)).toBe('- item\n\n    continued\n- twox\n');
  });

  it('adds no blank line between a heading and the paragraph under it', () => {
    expect(typeAtEnd('# Heading\nparagraph\n', 0)).toBe('# Headingx\nparagraph\n');
    expect(typeAtEnd('# Heading\nparagraph\n', 1)).toBe('# Heading\nparagraphx\n');
  });

  it('keeps the underline of a setext heading', () => {
    expect(typeAtEnd('Title\n=====\n\ntext\n', 0)).toBe('Titlex\n=====\n\ntext\n');
  });

  it('keeps footnote definitions on consecutive lines apart', () => {
    const md = 'Text[^1] and[^note].\n\n[^1]: one\n[^note]: two\n    continued\n';
    expect(typeAtEnd(md, 1)).toBe('Text[^1] and[^note].\n\n[^1]: onex\n[^note]: two\n    continued\n');
    expect(typeAtEnd(md, 2)).toBe('Text[^1] and[^note].\n\n[^1]: one\n[^note]: two\n    continuedx\n');
  });

  it('keeps a callout and an embed line as written', () => {
    expect(typeAtEnd('> [!warning]- Title\n> body\n', 0)).toBe('> [!warning]- Title\n> bodyx\n');
    expect(typeAtEnd('Para\n![[diagram.png]]\n', 0)).toBe('Para\n![[diagram.png]]x\n');
  });

  it('keeps a definition list as written', () => {
    expect(typeAtEnd('Term\n: definition\n', 0)).toBe('Term\n: definitionx\n');
  });

  it('keeps wiki links and highlights unescaped next to the edit', () => {
    expect(typeAtEnd('see [[Other note]] and ==hi== \\*x\\*\n', 0)).toBe(
      'see [[Other note]] and ==hi== \\*x\\*x\n'
    );
  });

  it('keeps a byte order mark and reads the heading after it', () => {
    const doc = parseMarkdown('\uFEFF# Title\n\ntext\n');
    expect(doc.firstChild!.type.name).toBe('heading');
    expect(typeAtEnd('\uFEFF# Title\n\ntext\n', 0)).toBe('\uFEFF# Titlex\n\ntext\n');
  });
});
