import { describe, expect, it } from 'vitest';
import type { Node as PMNode } from 'prosemirror-model';
import { parseMarkdown } from './parse';

function first(md: string): PMNode {
  return parseMarkdown(md).firstChild!;
}

function inline(md: string): PMNode {
  return first(md);
}

describe('parseMarkdown', () => {
  it('reads ATX and setext headings with their markup', () => {
    expect(first('## Title\n').attrs).toMatchObject({ level: 2, markup: '##' });
    expect(first('Title\n=====\n').attrs).toMatchObject({ level: 1, markup: '=' });
  });

  it('reads emphasis, strong and strikethrough with their markers', () => {
    const p = inline('_a_ __b__ ~~c~~');
    const marks = (i: number) => p.child(i).marks.map((m) => `${m.type.name}:${m.attrs.markup}`);
    expect(marks(0)).toEqual(['em:_']);
    expect(marks(2)).toEqual(['strong:__']);
    expect(marks(4)).toEqual(['strike:~~']);
  });

  it('reads a note link with a :/id target', () => {
    const link = inline('[Other](:/0123456789abcdef0123456789abcdef)').firstChild!.marks[0];
    expect(link.attrs.href).toBe(':/0123456789abcdef0123456789abcdef');
  });

  it('reads an image with a :/id source, alt and title', () => {
    const img = inline('![A *map*](:/0123456789abcdef0123456789abcdef "Route")').firstChild!;
    expect(img.type.name).toBe('image');
    expect(img.attrs).toMatchObject({
      src: ':/0123456789abcdef0123456789abcdef',
      alt: 'A map',
      title: 'Route'
    });
  });

  it('reads task list items as checked and unchecked', () => {
    const list = first('- [ ] open\n- [x] done\n- plain\n');
    expect([0, 1, 2].map((i) => list.child(i).attrs.checked)).toEqual([false, true, null]);
    expect(list.child(0).textContent).toBe('open');
  });

  it('keeps a bracket that is not a task marker as text', () => {
    expect(first('- [y] maybe\n').child(0).attrs.checked).toBeNull();
    expect(first('- [y] maybe\n').textContent).toBe('[y] maybe');
  });

  it('reads bullet and ordered list markers', () => {
    expect(first('* a\n* b\n').attrs).toMatchObject({ bullet: '*', tight: true });
    expect(first('3) a\n4) b\n').attrs).toMatchObject({ order: 3, delimiter: ')' });
    expect(first('- a\n\n- b\n').attrs.tight).toBe(false);
  });

  it('reads a fenced block with its info string and fence', () => {
    const code = first('~~~~mermaid\ngraph TD\n~~~~\n');
    expect(code.attrs).toMatchObject({ params: 'mermaid', fence: '~~~~' });
    expect(code.textContent).toBe('graph TD');
  });

  it('reads an indented code block without a fence', () => {
    expect(first('    x = 1\n').attrs.fence).toBeNull();
  });

  it('keeps inline and display math verbatim', () => {
    expect(inline('Cost $a_1 + b$ here').child(1).attrs.tex).toBe('a_1 + b');
    const block = first('$$\n\\frac{1}{2}\n$$\n');
    expect(block.type.name).toBe('math_block');
    expect(block.textContent).toBe('\\frac{1}{2}');
  });

  it('keeps raw HTML blocks and inline HTML verbatim', () => {
    expect(first('<details>\n<summary>x</summary>\n</details>\n').textContent).toBe(
      '<details>\n<summary>x</summary>\n</details>'
    );
    expect(inline('a <kbd>b</kbd>').child(1).attrs.html).toBe('<kbd>');
  });

  it('reads a GFM table with column alignment', () => {
    const table = first('| a | b |\n|:--|--:|\n| 1 | 2 |\n');
    expect(table.type.name).toBe('table');
    expect(table.child(0).child(0).type.name).toBe('table_header');
    expect([0, 1].map((i) => table.child(1).child(i).attrs.align)).toEqual(['left', 'right']);
  });

  it('reads soft line breaks as newlines and hard breaks as nodes', () => {
    const p = inline('one\ntwo  \nthree');
    expect(p.child(0).text).toBe('one\ntwo');
    expect(p.child(1).type.name).toBe('hard_break');
  });

  it('records each top-level block source and the lines before it', () => {
    const doc = parseMarkdown('\n# A\n\n\npara\n');
    expect(doc.child(0).attrs.source).toMatchObject({ text: '# A\n', before: '\n', prevType: '' });
    expect(doc.child(1).attrs.source).toMatchObject({ text: 'para\n', before: '\n\n', prevType: 'heading' });
  });

  it('gives an empty note one empty paragraph', () => {
    const doc = parseMarkdown('');
    expect(doc.childCount).toBe(1);
    expect(doc.firstChild!.type.name).toBe('paragraph');
  });
});
