import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Transform } from 'prosemirror-transform';
import { StepMap } from 'prosemirror-transform';
import { parseMarkdown, parseStructure } from '../parse';
import { expectRandomEdits, serializeChecked } from '../markdown-edit.test-helpers';
import { serializeMarkdown, serializeWithMap } from '../serialize';
import { applyChange } from './doc-change';
import { markdownChange } from './markdown-change';
import { markdownSchema as schema } from '../schema';

const NOTE = readFileSync('tests/fixtures/markdown/folio-features.md', 'utf8');
const identity = StepMap.empty;

function edited(md: string, from: number, to: number, insert: string): string {
  const doc = parseMarkdown(md);
  const change = markdownChange(doc, { from, to, insert });
  if (!change) return md;
  const tr = new Transform(doc);
  expect(applyChange(tr, change, identity)).toBe(true);
  return serializeChecked(tr.doc);
}

describe('markdownChange', () => {
  it('replaces one word with a step that touches only that word', () => {
    const md = 'Keep **bold** and the weekend plan.\n\nSecond paragraph.\n';
    const doc = parseMarkdown(md);
    const from = md.indexOf('weekend');
    const change = markdownChange(doc, { from, to: from + 7, insert: 'week' })!;
    expect(change.replacements).toHaveLength(1);
    const r = change.replacements[0];
    expect(doc.textBetween(r.from, r.to)).toBe('end');
    const tr = new Transform(doc);
    applyChange(tr, change, identity);
    // The bold word before the edit keeps its mark and its position.
    const bold = tr.doc.firstChild!.child(1);
    expect(bold.text).toBe('bold');
    expect(bold.marks.map((m) => m.type.name)).toEqual(['strong']);
    expect(tr.doc.nodeAt(tr.mapping.map(7))?.text).toBe(doc.nodeAt(7)?.text);
    expect(serializeMarkdown(tr.doc)).toBe(md.replace('weekend', 'week'));
  });

  it('keeps the words a rewrite leaves unchanged out of the replacements', () => {
    const md = 'The quick brown fox jumps.\n';
    const doc = parseMarkdown(md);
    const change = markdownChange(doc, { from: 0, to: md.length - 1, insert: 'The slow brown dog jumps.' })!;
    const replaced = change.replacements.map((r) => doc.textBetween(r.from, r.to));
    expect(replaced).toEqual(['quick', 'fox']);
  });

  it('returns null for an edit that changes nothing', () => {
    const doc = parseMarkdown('a b c\n');
    expect(markdownChange(doc, { from: 2, to: 3, insert: 'b' })).toBeNull();
  });

  it('gives exactly the edited text for 300 random edits of a real note', () => {
    const pieces = [
      '',
      'x',
      ' ',
      '\n',
      '\n\n',
      '- ',
      '# ',
      '**',
      '`',
      '| c |',
      '$$\n',
      '<b>',
      '```\n',
      'word **strong**'
    ];
    expectRandomEdits(NOTE, edited, { seed: 7, pieces, maxLength: 40, count: 300 });
  }, 60_000);

  it('gives exactly the edited text for 300 random edits of a long note with link definitions', () => {
    const long = [
      NOTE,
      readFileSync('tests/fixtures/markdown/folio-styles.md', 'utf8'),
      NOTE.replace(/\[([^\]]+)\]:/g, '[$1-2]:')
    ].join('\n');
    const pieces = ['', 'x', '\n', '\n\n', '- ', '> ', '[ref]', '```\n', '[x]: /u\n', 'one\n\ntwo'];
    expectRandomEdits(long, edited, { seed: 11, pieces, maxLength: 30, count: 300 });
  }, 120_000);

  it('gives exactly the edited text for insertions at the end of every line of a real note', () => {
    // Where a block is written after: the block it follows is the window's neighbour.
    const pieces = [' ', 'x', '\n\nA new paragraph.', '\nmore', '\n===', '\n- item', '\n| a |', '\n```'];
    let k = 0;
    for (let at = NOTE.indexOf('\n'); at >= 0; at = NOTE.indexOf('\n', at + 1)) {
      const insert = pieces[k++ % pieces.length];
      expect(edited(NOTE, at, at, insert), `at ${at} ${JSON.stringify(insert)}`).toBe(
        NOTE.slice(0, at) + insert + NOTE.slice(at)
      );
    }
  }, 60_000);

  it('gives a paragraph written after a paragraph or heading the source records of a whole parse', () => {
    // Such a neighbour is not parsed again (nothing after a blank line changes it, but for a
    // definition list's `:`): the new blocks must still be exactly what parsing the note gives.
    const doc = parseMarkdown(NOTE);
    const { spans } = serializeWithMap(doc);
    const pieces = [
      '\n\nA new paragraph with **bold**.',
      '\n\n- an item',
      '\n\n: a definition',
      '\n\n```js',
      '\n\n    indented',
      '\n\n# A heading\n\nand text',
      '\n\n',
      '\n\n<div>',
      '\n\n$$'
    ];
    let checked = 0;
    doc.forEach((block, _offset, i) => {
      if (block.type.name !== 'paragraph' && block.type.name !== 'heading') return;
      const at = spans[i].to - 1;
      if (NOTE[at] !== '\n') return;
      for (const insert of pieces) {
        const md = NOTE.slice(0, at) + insert + NOTE.slice(at);
        const change = markdownChange(doc, { from: at, to: at, insert });
        const expected = parseMarkdown(md);
        expect(change?.after.content.eq(expected.content), `after block ${i} ${JSON.stringify(insert)}`).toBe(
          true
        );
        checked++;
      }
    });
    expect(checked).toBeGreaterThanOrEqual(60);
  });

  it('parses the block after a written paragraph again when it may read otherwise', () => {
    // The block after the new paragraph is kept unparsed only when nothing written can change it.
    const filler = Array.from({ length: 6 }, (_, i) => `Filler ${i}.`).join('\n\n');
    const insert = '\n\nA new paragraph.';
    const cases = [
      // No blank line before it: it would run on as the new paragraph's next line.
      { md: `${filler}\n\n# Heading\nText right under it.\n\n${filler}\n`, after: '# Heading' },
      // A definition's `:` line: the new paragraph would become its term.
      { md: `${filler}\n\n# Heading\n\n: not a definition yet\n\n${filler}\n`, after: '# Heading' }
    ];
    for (const { md, after } of cases) {
      const at = md.indexOf(after) + after.length;
      const change = markdownChange(parseMarkdown(md), { from: at, to: at, insert });
      const expected = parseMarkdown(md.slice(0, at) + insert + md.slice(at));
      expect(change?.after.content.eq(expected.content), JSON.stringify(md.slice(at, at + 30))).toBe(true);
    }
  });

  it('parses the block after a written paragraph again when the user changed it', () => {
    const md = 'One.\n\nTwo.\n\nPack the tent.\n\nBuy milk.\n\nFive.\n\nSix.\n';
    const base = parseMarkdown(md);
    // `milk` made bold in the editor: the block is no longer its source text.
    let from = 0;
    base.descendants((node, pos) => {
      if (node.isText && node.text!.includes('milk')) from = pos + node.text!.indexOf('milk');
    });
    const tr = new Transform(base).addMark(from, from + 4, schema.marks.strong.create());
    const doc = tr.doc;
    const edited = serializeMarkdown(doc);
    expect(edited).toContain('Buy **milk**.');
    const at = edited.indexOf('Pack the tent.') + 'Pack the tent.'.length;
    const insert = '\n\nA new paragraph.';
    const change = markdownChange(doc, { from: at, to: at, insert })!;
    const expected = parseMarkdown(edited.slice(0, at) + insert + edited.slice(at));
    // The new paragraph and the block after it, with their source records, as a parse gives them.
    for (const i of [3, 4]) expect(change.after.child(i).eq(expected.child(i)), `block ${i}`).toBe(true);
  });

  it('proposes a paragraph written between two blocks as one insertion of that paragraph', () => {
    const md = 'Pack the tent.\n\nBuy milk.\n\n- stove\n- pan\n';
    const at = md.indexOf('Buy milk.') + 'Buy milk.'.length;
    const doc = parseMarkdown(md);
    const change = markdownChange(doc, { from: at, to: at, insert: '\n\nWalk **home**.' })!;
    expect(change.replacements).toHaveLength(1);
    const [r] = change.replacements;
    expect([r.from, r.to]).toEqual([doc.child(0).nodeSize + doc.child(1).nodeSize, r.from]);
    expect(r.slice.content.childCount).toBe(1);
    expect(r.slice.content.firstChild!.textContent).toBe('Walk home.');
    expect(edited(md, at, at, '\n\nWalk **home**.')).toBe(
      md.slice(0, at) + '\n\nWalk **home**.' + md.slice(at)
    );
  });

  it('keeps a reference link a link when its paragraph is edited far from the definition', () => {
    const md =
      Array.from({ length: 20 }, (_, i) => (i === 3 ? 'See [the site][s] now.' : `Paragraph ${i}.`)).join(
        '\n\n'
      ) + '\n\n[s]: https://example.com\n';
    const at = md.indexOf('now');
    const doc = parseMarkdown(md);
    const tr = new Transform(doc);
    applyChange(tr, markdownChange(doc, { from: at, to: at + 3, insert: 'today' })!, identity);
    expect(serializeMarkdown(tr.doc)).toBe(md.replace('now', 'today'));
    const link = tr.doc.child(3).child(1);
    expect(link.marks.map((m) => m.type.name)).toEqual(['link']);
  });

  it('keeps the text an insertion adds to the end of the block it follows', () => {
    const md = Array.from({ length: 8 }, (_, i) => (i === 4 ? '***' : `Paragraph ${i}.`)).join('\n\n') + '\n';
    const at = md.indexOf('***') + 3;
    // Still a rule, but its line now ends in a space: the block written after is not as before.
    expect(edited(md, at, at, ' ')).toBe(md.slice(0, at) + ' ' + md.slice(at));
    expect(edited(md, at, at, '\n\nNew paragraph.')).toBe(
      md.slice(0, at) + '\n\nNew paragraph.' + md.slice(at)
    );
  });

  it('sees a fence left open swallow the rest of a long note', () => {
    const md = Array.from({ length: 12 }, (_, i) => `Paragraph ${i}.`).join('\n\n') + '\n';
    const at = md.indexOf('Paragraph 3');
    const out = edited(md, at, at, '```\n');
    expect(out).toBe(md.slice(0, at) + '```\n' + md.slice(at));
    expect(parseStructure(out).childCount).toBe(4);
  });
});

describe('markdownChange on a note with empty paragraphs', () => {
  it('keeps the empty paragraphs outside the edit', () => {
    const typed = parseMarkdown('Pack the stove.\n\nBuy milk.\n\nCall mum.\n');
    const empty = schema.nodes.paragraph.create();
    const doc = typed.type.create(typed.attrs, [
      typed.child(0),
      empty,
      typed.child(1),
      empty,
      typed.child(2)
    ]);
    const md = serializeMarkdown(doc);
    const from = md.indexOf('stove');
    const change = markdownChange(doc, { from, to: from + 5, insert: 'camping stove' })!;
    expect(change.replacements).toHaveLength(1);
    expect(doc.textBetween(change.replacements[0].from, change.replacements[0].to)).toBe('');
    const tr = new Transform(doc);
    applyChange(tr, change, identity);
    expect(tr.doc.childCount).toBe(5);
    expect(tr.doc.firstChild!.textContent).toBe('Pack the camping stove.');
  });
});
