// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { TextSelection } from 'prosemirror-state';
import { splitBlock } from 'prosemirror-commands';
import { undo } from 'prosemirror-history';
import { changedRange, mergeText, spliceLines, splitLines } from '$lib/core';
import { seededRandom } from './markdown-edit.test-helpers';
import { createEditor, type FolioEditor } from './create-editor';
import { reviewPlugin } from './review/review-plugin';
import { proposeEdit, resolveConflict } from './review/review-commands';
import { exactMarkdownChange } from './stored-change';

let editor: FolioEditor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.innerHTML = '';
});

function mount(markdown: string): FolioEditor {
  const host = document.createElement('div');
  document.body.append(host);
  editor = createEditor(host, { markdown });
  return editor;
}

/** Puts the cursor at the end of the text `after` and types `text` there. */
function typeAfter(e: FolioEditor, after: string, text: string): void {
  let at = -1;
  e.view.state.doc.descendants((node, pos) => {
    if (at < 0 && node.isText && node.text!.includes(after))
      at = pos + node.text!.indexOf(after) + after.length;
  });
  e.view.dispatch(e.view.state.tr.setSelection(TextSelection.create(e.view.state.doc, at)).insertText(text));
}

const note = '# Packing list\n\n- tent\n- stove\n\nLeave on Friday.\n\nCall Sam.';

describe('applyStored', () => {
  it('keeps a space just typed at the end of a line when a stored version appends a paragraph', () => {
    const e = mount('- tent');
    typeAfter(e, 'tent', ' (big) ');
    const snapshot = e.snapshot();
    const stored = mergeText('- tent', e.getMarkdown(), '- tent\n\nRemember the socks.').text;
    e.view.dispatch(e.view.state.tr.insertText('and'));
    expect(e.applyStored(snapshot, stored)).toBe(true);
    expect(e.view.state.doc.firstChild!.textContent).toBe('tent (big) and');
    expect(e.getMarkdown()).toBe('- tent (big) and\n\nRemember the socks.');
  });

  it('brings in a stored version with nothing typed since, exactly', () => {
    const e = mount(note);
    const snapshot = e.snapshot();
    expect(e.applyStored(snapshot, `${note}\n\n- socks`)).toBe(true);
    expect(e.getMarkdown()).toBe(`${note}\n\n- socks`);
  });

  it('keeps what the user typed since the snapshot, and the cursor after it', () => {
    const e = mount(note);
    const snapshot = e.snapshot();
    typeAfter(e, 'Leave on Friday', ' at noon');
    expect(e.applyStored(snapshot, note.replace('- tent', '- tent (big)'))).toBe(true);
    expect(e.getMarkdown()).toBe(note.replace('- tent', '- tent (big)').replace('Friday', 'Friday at noon'));
    // The cursor is still where they were typing.
    e.view.dispatch(e.view.state.tr.insertText('!'));
    expect(e.view.state.selection.$from.parent.textContent).toBe('Leave on Friday at noon!.');
  });

  it('is not an undo step: undo takes back only the user’s own typing', () => {
    const e = mount(note);
    typeAfter(e, 'Call Sam', ' today');
    const snapshot = e.snapshot();
    e.applyStored(
      snapshot,
      note.replace('Call Sam.', 'Call Sam today.').replace('- stove', '- stove and gas')
    );
    undo(e.view.state, e.view.dispatch);
    expect(e.getMarkdown()).toBe(note.replace('- stove', '- stove and gas'));
  });

  it('appends after the last block while the user types at its end, keeping their typing and cursor', () => {
    const e = mount(note);
    const snapshot = e.snapshot();
    typeAfter(e, 'Call Sam.', ' ');
    expect(e.applyStored(snapshot, `${note}\n\nRemember the socks.`)).toBe(true);
    e.view.dispatch(e.view.state.tr.insertText('Soon.'));
    expect(e.getMarkdown()).toBe(`${note.replace('Call Sam.', 'Call Sam. Soon.')}\n\nRemember the socks.`);
  });

  it('refuses a snapshot taken before another note was loaded', () => {
    const e = mount(note);
    const snapshot = e.snapshot();
    e.load('other');
    expect(e.applyStored(snapshot, 'x')).toBe(false);
    expect(e.getMarkdown()).toBe('other');
  });

  it('gives the merge of the user’s typing and the stored version, for random edits of different blocks', () => {
    const next = seededRandom(5);
    const blocks = ['Alpha one.', 'Beta two.', 'Gamma three.', 'Delta four.', 'Epsilon five.', 'Zeta six.'];
    for (let round = 0; round < 40; round++) {
      const base = blocks.join('\n\n');
      const e = mount(base);
      const snapshot = e.snapshot();
      const mineAt = Math.floor(next() * 3);
      const theirsAt = 3 + Math.floor(next() * 3);
      typeAfter(e, blocks[mineAt].slice(0, -1), ' mine');
      const theirs = base.replace(blocks[theirsAt], `${blocks[theirsAt]} Theirs.`);
      expect(e.applyStored(snapshot, theirs)).toBe(true);
      const mine = base.replace(blocks[mineAt], blocks[mineAt].replace(/\.$/, ' mine.'));
      expect(e.getMarkdown(), `round ${round}`).toBe(mergeText(base, mine, theirs).text);
      e.destroy();
      editor = null;
    }
  });

  it('keeps paragraphs apart in a note typed in the editor (blocks without source records)', () => {
    const host = document.createElement('div');
    document.body.append(host);
    editor = createEditor(host, { markdown: '', plugins: [reviewPlugin()] });
    const v = editor.view;
    for (const [i, text] of ['Alpha.', 'Beta.', 'Gamma.'].entries()) {
      if (i) splitBlock(v.state, v.dispatch);
      v.dispatch(v.state.tr.insertText(text));
    }
    typeAfter(editor, 'Beta.', ' Version A.');
    editor.applyStored(editor.snapshot(), editor.getMarkdown().replace('Version A.', 'Version B.'));
    const md = editor.getMarkdown();
    const lines = splitLines(md);
    const both = exactMarkdownChange(
      v.state.doc,
      changedRange(md, spliceLines(lines, 2, 1, ['Beta. Version B.', '', 'Beta. Version A.']))!
    );
    const change = exactMarkdownChange(
      v.state.doc,
      changedRange(md, spliceLines(lines, 2, 1, ['Beta. Version A.']))!
    )!;
    v.dispatch(
      proposeEdit(v.state, { id: 'c', tool: 'conflict', summary: '', change, both, kind: 'conflict' })
    );
    resolveConflict('c', 'both')(v.state, v.dispatch);
    expect(editor.getMarkdown()).toBe(md.replace('Beta. Version B.', 'Beta. Version B.\n\nBeta. Version A.'));
  });
});
