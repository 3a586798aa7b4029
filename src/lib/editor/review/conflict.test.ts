import { describe, expect, it } from 'vitest';
import { undo } from 'prosemirror-history';
import { acceptEdits, proposeEdit, rejectEdits, resolveConflict } from './review-commands';
import { markdownChange } from './markdown-change';
import { pendingProposals } from './review-plugin';
import { testEditor } from './review-testing';

const NOTE = '# Trip\n\nLeave on Friday at noon.\n\nCall Sam.\n';
const MINE = 'Leave on Friday at noon.';
const THEIRS = 'Leave on Thursday.';

/** A test editor holding NOTE with a conflict at MINE (theirs: THEIRS). */
function withConflict() {
  const editor = testEditor(NOTE);
  const at = NOTE.indexOf(MINE);
  const change = markdownChange(editor.state.doc, { from: at, to: at + MINE.length, insert: THEIRS })!;
  const both = markdownChange(editor.state.doc, {
    from: at + MINE.length,
    to: at + MINE.length,
    insert: `\n\n${THEIRS}`
  });
  editor.dispatch(
    proposeEdit(editor.state, { id: 'c1', tool: 'conflict', summary: THEIRS, change, both, kind: 'conflict' })
  );
  return editor;
}

describe('conflicts in the review queue', () => {
  it('keeps mine: the note is unchanged and the conflict gone', () => {
    const editor = withConflict();
    expect(resolveConflict('c1', 'mine')(editor.state, editor.dispatch)).toBe(true);
    expect(editor.markdown()).toBe(NOTE);
    expect(pendingProposals(editor.state)).toHaveLength(0);
  });

  it('keeps theirs in one undo step', () => {
    const editor = withConflict();
    resolveConflict('c1', 'theirs')(editor.state, editor.dispatch);
    expect(editor.markdown()).toBe(NOTE.replace(MINE, THEIRS));
    undo(editor.state, editor.dispatch);
    expect(editor.markdown()).toBe(NOTE);
  });

  it('keeps both, mine first', () => {
    const editor = withConflict();
    resolveConflict('c1', 'both')(editor.state, editor.dispatch);
    expect(editor.markdown()).toBe(NOTE.replace(MINE, `${MINE}\n\n${THEIRS}`));
  });

  it('refuses to put theirs over text the user changed since, but still keeps both', () => {
    const editor = withConflict();
    let noon = -1;
    editor.state.doc.descendants((node, pos) => {
      if (node.isText && node.text!.includes('noon')) noon = pos + node.text!.indexOf('noon');
    });
    editor.type(noon + 2, 'o'); // inside the conflict: nooon
    expect(pendingProposals(editor.state)[0].stale).toBe(true);
    expect(resolveConflict('c1', 'theirs')(editor.state, editor.dispatch)).toBe(false);
    expect(resolveConflict('c1', 'both')(editor.state, editor.dispatch)).toBe(true);
    expect(editor.markdown()).toContain('Thursday');
    expect(editor.markdown()).toContain('nooon');
  });

  it('is left alone by Accept all and Reject all', () => {
    const editor = withConflict();
    expect(acceptEdits('all')(editor.state, editor.dispatch)).toBe(false);
    expect(rejectEdits('all')(editor.state, editor.dispatch)).toBe(false);
    expect(pendingProposals(editor.state)).toHaveLength(1);
  });
});
