import { describe, expect, it } from 'vitest';
import { undo } from 'prosemirror-history';
import { runSessionTool } from '../session-tools';
import { acceptEdits, rejectEdits } from './review-commands';
import { pendingProposals, reviewKey } from './review-plugin';
import { testEditor, type TestEditor } from './review-testing';

let counter = 0;
const turn = { newId: () => `r${++counter}` };

function propose(editor: TestEditor, name: string, args: Record<string, unknown>): string {
  const result = runSessionTool(editor.view, name, args, turn);
  expect(result.isError).toBeUndefined();
  return result.structuredContent!.editId as string;
}

const NOTE = 'Pack the **tent** and the stove.\n\nBuy milk.\n\nCall *mum* today.\n';

describe('review queue', () => {
  it('accepts an edit as one transaction that gives exactly the edited Markdown', () => {
    const editor = testEditor(NOTE);
    const id = propose(editor, 'rewrite_paragraph', { anchor: 'the stove', text: 'the pot' });
    let transactions = 0;
    expect(acceptEdits([id])(editor.state, (tr) => (transactions++, editor.dispatch(tr)))).toBe(true);
    expect(transactions).toBe(1);
    expect(editor.markdown()).toBe(NOTE.replace('the stove', 'the pot'));
    expect(pendingProposals(editor.state)).toHaveLength(0);
  });

  it('keeps the marks and positions of text outside the edit', () => {
    const editor = testEditor(NOTE);
    const tentPos = 10;
    expect(editor.state.doc.textBetween(tentPos, tentPos + 4)).toBe('tent');
    const id = propose(editor, 'rewrite_paragraph', { anchor: 'stove', text: 'pot' });
    acceptEdits([id])(editor.state, editor.dispatch);
    const tent = editor.state.doc.nodeAt(tentPos)!;
    expect(tent.text).toBe('tent');
    expect(tent.marks.map((m) => m.type.name)).toEqual(['strong']);
    const mum = editor.state.doc.lastChild!.child(1);
    expect(mum.marks.map((m) => m.type.name)).toEqual(['em']);
  });

  it('is undone by one undo, back to the exact previous document', () => {
    const editor = testEditor(NOTE);
    const before = editor.state.doc;
    editor.type(1, 'So: ');
    const typed = editor.state.doc;
    const id = propose(editor, 'rewrite_paragraph', {
      anchor: 'Buy milk.',
      text: 'Buy oat milk.\n\nAnd bread.'
    });
    acceptEdits([id])(editor.state, editor.dispatch);
    expect(editor.markdown()).toContain('And bread.');
    undo(editor.state, editor.dispatch);
    expect(editor.state.doc.eq(typed)).toBe(true);
    undo(editor.state, editor.dispatch);
    expect(editor.state.doc.eq(before)).toBe(true);
  });

  it('accepts all pending edits in one undo step', () => {
    const editor = testEditor(NOTE);
    const before = editor.state.doc;
    propose(editor, 'rewrite_paragraph', { anchor: 'stove', text: 'pot' });
    propose(editor, 'insert_after_anchor', { anchor: 'Buy milk.', text: 'Buy eggs.' });
    propose(editor, 'append_to_note', { text: 'The end.' });
    acceptEdits('all')(editor.state, editor.dispatch);
    expect(editor.markdown()).toBe(
      'Pack the **tent** and the pot.\n\nBuy milk.\n\nBuy eggs.\n\nCall *mum* today.\n\nThe end.\n'
    );
    undo(editor.state, editor.dispatch);
    expect(editor.state.doc.eq(before)).toBe(true);
  });

  it('leaves the document byte-identical on reject', () => {
    const editor = testEditor(NOTE);
    const before = editor.state.doc;
    const id = propose(editor, 'rewrite_paragraph', { anchor: 'stove', text: 'pot' });
    rejectEdits([id])(editor.state, editor.dispatch);
    expect(editor.state.doc).toBe(before);
    expect(editor.markdown()).toBe(NOTE);
    expect(pendingProposals(editor.state)).toHaveLength(0);
  });

  it('marks an edit stale when the user types in its range, and will not accept it', () => {
    const editor = testEditor(NOTE);
    const id = propose(editor, 'rewrite_paragraph', { anchor: 'the stove', text: 'the pot' });
    const [p] = pendingProposals(editor.state);
    editor.type(p.from + 2, 'X');
    expect(pendingProposals(editor.state)[0].stale).toBe(true);
    const doc = editor.state.doc;
    expect(acceptEdits([id])(editor.state, editor.dispatch)).toBe(false);
    expect(editor.state.doc).toBe(doc);
  });

  it('keeps an edit acceptable through typing elsewhere and applies it at its mapped place', () => {
    const editor = testEditor(NOTE);
    const id = propose(editor, 'rewrite_paragraph', { anchor: 'Buy milk.', text: 'Buy tea.' });
    editor.type(1, 'Hey ');
    expect(pendingProposals(editor.state)[0].stale).toBe(false);
    acceptEdits([id])(editor.state, editor.dispatch);
    expect(editor.markdown()).toBe('Hey ' + NOTE.replace('Buy milk.', 'Buy tea.'));
  });

  it('draws struck and inserted text as decorations without changing the document', () => {
    const editor = testEditor(NOTE);
    const before = editor.state.doc;
    propose(editor, 'rewrite_paragraph', { anchor: 'stove', text: 'pot' });
    const decorations = reviewKey.getState(editor.state)!.decorations.find();
    expect(
      decorations.some(
        (d) =>
          (d as unknown as { type: { attrs?: { class?: string } } }).type.attrs?.class === 'folio-suggest-del'
      )
    ).toBe(true);
    expect(decorations.filter((d) => d.spec.key?.startsWith('r')).length).toBeGreaterThanOrEqual(2);
    expect(editor.state.doc).toBe(before);
  });
});
