import { describe, expect, it } from 'vitest';
import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { markdownSchema as s } from './schema';
import { parseMarkdown, parseStructure, stripSources } from './parse';
import { serializeBlock, serializeMarkdown, serializeWithMap } from './serialize';

/** Replaces the text of top-level block `index` (a textblock), as typing would. */
function editBlock(doc: PMNode, index: number, text: string): PMNode {
  const node = doc.child(index);
  return doc.copy(
    doc.content.replaceChild(index, node.copy(text ? Fragment.from(s.text(text)) : Fragment.empty))
  );
}

function posOf(doc: PMNode, index: number): number {
  let pos = 0;
  for (let i = 0; i < index; i++) pos += doc.child(i).nodeSize;
  return pos;
}

function roundTrip(md: string): string {
  return serializeMarkdown(parseMarkdown(md));
}

/** The Markdown a doc built in code gets, checked to parse back to the same document. */
function written(doc: PMNode): string {
  const md = serializeMarkdown(doc);
  expect(parseStructure(md).eq(stripSources(doc))).toBe(true);
  return md;
}

const doc = (...blocks: PMNode[]) => s.topNodeType.create(null, blocks);
const p = (...content: (PMNode | string)[]) =>
  s.nodes.paragraph.create(
    null,
    content.filter((c) => c !== '').map((c) => (typeof c === 'string' ? s.text(c) : c))
  );

describe('serializeMarkdown of unedited notes', () => {
  it('gives back odd but valid Markdown byte for byte', () => {
    const md =
      'Title\n===\n\n\n* one\n*   two\n\n[x]: /url\n\n  _a_ __b__ \\* [x]\n\n~~~ js\ncode\n~~~\n\n\n';
    expect(roundTrip(md)).toBe(md);
  });

  it('keeps CRLF line endings and a missing final newline', () => {
    expect(roundTrip('a\r\n\r\n- b\r\n- c')).toBe('a\r\n\r\n- b\r\n- c');
  });

  it('keeps a note holding only blank lines or definitions', () => {
    expect(roundTrip('\n\n')).toBe('\n\n');
    expect(roundTrip('[a]: /b\n')).toBe('[a]: /b\n');
  });
});

describe('serializeMarkdown after edits', () => {
  it('rewrites only the edited block and keeps every other byte', () => {
    const md = '# Title #\n\n* a\n* b\n\nSome  text.\n\n\n___\n';
    const edited = editBlock(parseMarkdown(md), 2, 'New text.');
    expect(serializeMarkdown(edited)).toBe('# Title #\n\n* a\n* b\n\nNew text.\n\n\n___\n');
  });

  it('writes an edited list in the user list style', () => {
    const start = parseMarkdown('* [ ] one\n* [x] two\n');
    const list = start.firstChild!;
    const edited = start.copy(
      start.content.replaceChild(
        0,
        list.copy(list.content.addToEnd(s.nodes.list_item.create({ checked: false }, p('three'))))
      )
    );
    expect(written(edited)).toBe('* [ ] one\n* [x] two\n* [ ] three\n');
  });

  it('keeps underscores and lone stars unescaped when they cannot be misread', () => {
    expect(written(doc(p('snake_case and 5 * 3')))).toBe('snake_case and 5 * 3\n');
  });

  it('escapes every underscore of a run, which would otherwise open emphasis', () => {
    const text = '__proto__ becomes ___proto___ *and* stays text';
    const out = written(doc(p(text)));
    expect(parseStructure(out).eq(stripSources(doc(p(text))))).toBe(true);
  });

  it('escapes text that would otherwise become markup', () => {
    expect(written(doc(p('*not em* and [not link]')))).toBe('\\*not em\\* and \\[not link\\]\n');
    expect(written(doc(p('# not a heading')))).toBe('\\# not a heading\n');
    expect(written(doc(p('$x$ is no math')))).toBe('\\$x\\$ is no math\n');
  });

  it('writes a new task list', () => {
    const list = s.nodes.bullet_list.create(null, [
      s.nodes.list_item.create({ checked: true }, p('done')),
      s.nodes.list_item.create({ checked: false }, p(''))
    ]);
    expect(written(doc(list))).toBe('- [x] done\n- [ ] \n');
  });

  it('parts text after a quote or a list in a tight list item from it by a blank line', () => {
    // Written on the next line it would be the quote's (or the nested item's) last line.
    const item = (second: PMNode) => s.nodes.list_item.create(null, [p('a'), second, p('c')]);
    const list = (...items: PMNode[]) => s.nodes.bullet_list.create({ tight: true }, items);
    const quote = s.nodes.blockquote.create(null, [p('q')]);
    const nested = list(s.nodes.list_item.create(null, [p('n')]));
    for (const [second, md] of [
      [quote, '- a\n  > q\n\n  c\n'],
      [nested, '- a\n  - n\n\n  c\n'],
      [p('b'), '- a\n\n  b\n\n  c\n']
    ] as const) {
      const written = serializeMarkdown(doc(list(item(second))));
      expect(written).toBe(md);
      // Read back as a loose list, the item holds the same blocks.
      expect(parseStructure(written).firstChild!.firstChild!.eq(item(second))).toBe(true);
    }
  });

  it('writes note links and resource images with :/id targets', () => {
    const id = '0123456789abcdef0123456789abcdef';
    const link = s.marks.link.create({ href: `:/${id}` });
    const img = s.nodes.image.create({ src: `:/${id}`, alt: 'pic' });
    expect(written(doc(p(s.text('note', [link]), ' ', img)))).toBe(`[note](:/${id}) ![pic](:/${id})\n`);
  });

  it('writes a table with alignments and escaped pipes', () => {
    const cell = (text: string, align: string | null = null) =>
      s.nodes.table_cell.create({ align }, text ? s.text(text) : null);
    const head = (text: string, align: string | null) => s.nodes.table_header.create({ align }, s.text(text));
    const table = s.nodes.table.create(null, [
      s.nodes.table_row.create(null, [head('a', 'left'), head('b', 'center')]),
      s.nodes.table_row.create(null, [cell('x|y', 'left'), cell('', 'center')])
    ]);
    expect(written(doc(table))).toBe('| a | b |\n| :-- | :-: |\n| x\\|y |  |\n');
  });

  it('writes code blocks with their info string and a fence longer than their content', () => {
    const code = s.nodes.code_block.create({ params: 'abc', fence: '```' }, s.text('X:1\n```\nK:C'));
    const md = serializeMarkdown(doc(code));
    expect(md).toBe('````abc\nX:1\n```\nK:C\n````\n');
    expect(parseMarkdown(md).firstChild!.textContent).toBe('X:1\n```\nK:C');
  });

  it('writes math and raw HTML verbatim', () => {
    const math = s.nodes.math_block.create(null, s.text('x^2'));
    const html = s.nodes.html_block.create(null, s.text('<div>\nhi\n</div>'));
    const inlineMath = s.nodes.math_inline.create({ tex: 'a+b' });
    expect(written(doc(math, html, p('so ', inlineMath)))).toBe(
      '$$\nx^2\n$$\n\n<div>\nhi\n</div>\n\nso $a+b$\n'
    );
  });

  it('keeps two adjacent bullet lists apart by switching the marker', () => {
    const list = () => s.nodes.bullet_list.create({ bullet: '-' }, s.nodes.list_item.create(null, p('a')));
    const md = serializeMarkdown(doc(list(), list()));
    expect(md).toBe('- a\n\n* a\n');
    expect(parseMarkdown(md).childCount).toBe(2);
  });

  it('writes reference links inline when the block carrying their definition is deleted', () => {
    const start = parseMarkdown('See [docs][d].\n\n[d]: https://example.com\nLast\n');
    const withoutLast = start.copy(start.content.cut(0, start.child(0).nodeSize));
    const md = serializeMarkdown(withoutLast);
    expect(md).toBe('See [docs](https://example.com).\n');
    expect(parseMarkdown(md).firstChild!.child(1).marks[0].attrs.href).toBe('https://example.com');
  });

  it('keeps reference links as written while their definitions stay', () => {
    const start = parseMarkdown('See [docs][d].\n\n[d]: https://example.com\nLast\n');
    expect(serializeMarkdown(editBlock(start, 1, 'Changed'))).toBe(
      'See [docs][d].\n\n[d]: https://example.com\nChanged\n'
    );
  });

  it('keeps full, collapsed and shortcut reference links as written when their block is edited', () => {
    const start = parseMarkdown('See [docs][d], [d][] and [d]\n\n[d]: https://example.com "T"\n');
    const para = start.firstChild!;
    const edited = start.copy(start.content.replaceChild(0, para.copy(para.content.addToEnd(s.text('!')))));
    expect(serializeMarkdown(edited)).toBe('See [docs][d], [d][] and [d]!\n\n[d]: https://example.com "T"\n');
  });

  it('writes a reference link inline once its destination was changed', () => {
    const start = parseMarkdown('See [docs][d].\n\n[d]: https://example.com\n');
    const para = start.firstChild!;
    const link = s.marks.link.create({ ...para.child(1).marks[0].attrs, href: 'https://other.org' });
    const edited = start.copy(start.content.replaceChild(0, p('See ', s.text('docs', [link]), '.')));
    expect(serializeMarkdown(edited)).toBe('See [docs](https://other.org).\n\n[d]: https://example.com\n');
  });

  it('writes an empty new paragraph as an empty note', () => {
    expect(serializeMarkdown(doc(p()))).toBe('');
  });

  it('serialises a single block afresh without its source', () => {
    expect(serializeBlock(parseMarkdown('Heading\n-------\n').firstChild!)).toBe('Heading\n-------');
  });
});

describe('serializeMarkdown of edited tables', () => {
  function editFirstCell(md: string, text: string): string {
    const doc = parseMarkdown(md);
    let pos = -1;
    doc.descendants((node, p) => {
      if (pos < 0 && node.isText) pos = p;
    });
    const first = doc.nodeAt(pos)!;
    return serializeMarkdown(
      doc.replace(pos, pos + first.nodeSize, new Slice(Fragment.from(s.text(text)), 0, 0))
    );
  }

  it('keeps a padded table padded, each column aligned as it was', () => {
    const md = '| Item  | Cost |\n|:------|-----:|\n| Train | 42.5 |\n| Hotel |  120 |\n';
    expect(editFirstCell(md, 'Thing')).toBe(
      '| Thing | Cost |\n|:------|-----:|\n| Train | 42.5 |\n| Hotel |  120 |\n'
    );
  });

  it('keeps a table without outer pipes without them', () => {
    expect(editFirstCell('a | b\n--- | ---\n1 | 2\n', 'x')).toBe('x | b\n--- | ---\n1 | 2\n');
  });
});

describe('serializeMarkdown of headings', () => {
  it('escapes hashes at the end of a heading so they stay text', () => {
    const heading = s.nodes.heading.create({ level: 2, markup: '##' }, s.text('C# and F ##'));
    expect(written(doc(heading))).toBe('## C# and F \\##\n');
  });
});

describe('serializeMarkdown when blocks meet after a deletion', () => {
  function deleteBlock(md: string, index: number): PMNode {
    const doc = parseMarkdown(md);
    return doc.copy(doc.content.cut(0, posOf(doc, index)).append(doc.content.cut(posOf(doc, index + 1))));
  }

  it('keeps two lists with the same marker apart', () => {
    const edited = deleteBlock('- a\n\nbetween\n\n- b\n', 1);
    const md = serializeMarkdown(edited);
    expect(md).toBe('- a\n\n* b\n');
    expect(parseMarkdown(md).childCount).toBe(2);
  });

  it('keeps indented code from joining the list before it', () => {
    const edited = deleteBlock('- a\n\nbetween\n\n    code\n', 1);
    const md = serializeMarkdown(edited);
    expect(md).toBe('- a\n\n```\ncode\n```\n');
    expect(parseMarkdown(md).child(1).type.name).toBe('code_block');
  });
});

describe('serializeWithMap per document', () => {
  it('serialises a document once and hands every caller the same result', () => {
    const doc = parseMarkdown('# Title\n\nFirst paragraph.\n\nSecond one.\n');
    const first = serializeWithMap(doc);
    expect(serializeWithMap(doc)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.spans)).toBe(true);
  });

  it('serialises an edited document afresh', () => {
    const doc = parseMarkdown('# Title\n\nFirst paragraph.\n');
    const before = serializeWithMap(doc).markdown;
    const edited = editBlock(doc, 1, 'Changed.');
    expect(serializeWithMap(edited).markdown).toBe('# Title\n\nChanged.\n');
    expect(serializeWithMap(doc).markdown).toBe(before);
  });
});
