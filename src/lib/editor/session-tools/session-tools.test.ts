import { describe, expect, it } from 'vitest';
import { pendingProposals, trackRange } from '../review';
import { testEditor } from '../review/review-testing';
import { acceptEdits } from '../review';
import { runSessionTool, showDraft, type SessionTurn } from './session-tools';

let counter = 0;
const turn = (extra: Partial<SessionTurn> = {}): SessionTurn => ({ newId: () => `e${++counter}`, ...extra });
const text = (result: { content: { text: string }[] }) => result.content.map((c) => c.text).join('');

const NOTE =
  'Intro paragraph.\n\n## Plan\n\nPack the **tent** and the stove.\n\n```mermaid\ngraph TD\nA-->B\n```\n\nLast line.\n';

function call(
  editor: ReturnType<typeof testEditor>,
  name: string,
  args: Record<string, unknown>,
  t = turn()
) {
  const before = editor.state.doc;
  const result = runSessionTool(editor.view, name, args, t);
  return { result, before };
}

describe('session tools', () => {
  it('proposes a rewrite without changing the document', () => {
    const editor = testEditor(NOTE);
    const { result, before } = call(editor, 'rewrite_paragraph', { anchor: 'the stove', text: 'the pot' });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toMatch(/waits for the user to accept or reject/);
    expect(editor.state.doc).toBe(before);
    expect(pendingProposals(editor.state)).toHaveLength(1);
  });

  it('refuses an anchor that is not in the note', () => {
    const editor = testEditor(NOTE);
    const { result, before } = call(editor, 'rewrite_paragraph', { anchor: 'the Stove', text: 'x' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/is not in the note/);
    expect(editor.state.doc).toBe(before);
    expect(pendingProposals(editor.state)).toHaveLength(0);
  });

  for (const name of ['insert_before_anchor', 'insert_after_anchor']) {
    it(`refuses ${name} with an anchor that is not in the note`, () => {
      const editor = testEditor(NOTE);
      const { result, before } = call(editor, name, { anchor: 'no such text', text: 'x' });
      expect(text(result)).toMatch(/is not in the note/);
      expect(editor.state.doc).toBe(before);
    });
  }

  it('refuses an empty anchor', () => {
    const editor = testEditor(NOTE);
    expect(text(call(editor, 'insert_after_anchor', { anchor: '', text: 'x' }).result)).toMatch(
      /anchor is empty/
    );
  });

  it('refuses to rewrite an anchor longer than half the note', () => {
    const editor = testEditor(NOTE);
    const { result } = call(editor, 'rewrite_paragraph', { anchor: NOTE.slice(0, 60), text: '' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/more than half of the note/);
  });

  it('picks the occurrence of a repeated anchor nearest the cursor', () => {
    const md = 'one two\n\nfiller\n\none two\n';
    const editor = testEditor(md, { cursor: 20 });
    call(editor, 'rewrite_paragraph', { anchor: 'two', text: '2' });
    const [p] = pendingProposals(editor.state);
    expect(p.from).toBeGreaterThan(15);
  });

  it('inserts before an anchor that starts a line as its own paragraph', () => {
    const editor = testEditor(NOTE);
    call(editor, 'insert_before_anchor', { anchor: '## Plan', text: 'New paragraph.' });
    const [p] = pendingProposals(editor.state);
    expect(p.change.after.child(1).textContent).toBe('New paragraph.');
  });

  it('inserts after a list item as another item', () => {
    const editor = testEditor('- a\n- b\n\nEnd.\n');
    call(editor, 'insert_after_anchor', { anchor: '- b', text: '- c' });
    const [p] = pendingProposals(editor.state);
    expect(p.change.after.firstChild!.childCount).toBe(3);
  });

  it('appends with a paragraph break', () => {
    const editor = testEditor('Last line.');
    call(editor, 'append_to_note', { text: 'Added.' });
    const [p] = pendingProposals(editor.state);
    expect(p.change.after.childCount).toBe(2);
    expect(p.change.after.lastChild!.textContent).toBe('Added.');
  });

  it('replaces the content of a structured block', () => {
    const editor = testEditor(NOTE);
    const { result } = call(editor, 'replace_structured_block', { tag: 'mermaid', text: 'graph LR\nA-->C' });
    expect(result.isError).toBeUndefined();
    const [p] = pendingProposals(editor.state);
    const block = p.change.after.child(3);
    expect(block.type.name).toBe('code_block');
    expect(block.textContent).toBe('graph LR\nA-->C');
  });

  it('refuses a tag with no such block', () => {
    const editor = testEditor(NOTE);
    const { result } = call(editor, 'replace_structured_block', { tag: 'abc', text: 'X:1' });
    expect(text(result)).toMatch(/no fenced block tagged "abc"/);
  });

  it('refuses text that would close the block’s fence', () => {
    const editor = testEditor(NOTE);
    const { result, before } = call(editor, 'replace_structured_block', {
      tag: 'mermaid',
      text: 'graph LR\n```\nrest'
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/would close the ```mermaid fence/);
    expect(editor.state.doc).toBe(before);
  });

  it('replaces the selection the turn started with', () => {
    const editor = testEditor('Hello brave world.\n');
    editor.dispatch(trackRange(editor.state, 'sel', 7, 12));
    const { result } = call(editor, 'edit_selection', { text: 'new' }, turn({ selectionKey: 'sel' }));
    expect(result.isError).toBeUndefined();
    expect(pendingProposals(editor.state)[0].change.after.textContent).toBe('Hello new world.');
  });

  it('applies edit_selection to the selection mapped through later typing', () => {
    const editor = testEditor('Hello brave world.\n');
    editor.dispatch(trackRange(editor.state, 'sel', 7, 12));
    editor.type(1, 'Oh, ');
    call(editor, 'edit_selection', { text: 'new' }, turn({ selectionKey: 'sel' }));
    expect(pendingProposals(editor.state)[0].change.after.textContent).toBe('Oh, Hello new world.');
  });

  it('refuses edit_selection without a selection', () => {
    const editor = testEditor('Hello.\n');
    expect(call(editor, 'edit_selection', { text: 'x' }).result.isError).toBe(true);
  });

  it('refuses an edit overlapping a pending one', () => {
    const editor = testEditor(NOTE);
    call(editor, 'rewrite_paragraph', { anchor: 'the stove', text: 'the pot' });
    const { result } = call(editor, 'rewrite_paragraph', { anchor: 'stove.', text: 'pan.' });
    expect(text(result)).toMatch(/overlaps your edit/);
  });

  it('refuses when the note was closed or switched', () => {
    const editor = testEditor(NOTE);
    const { result, before } = call(
      editor,
      'append_to_note',
      { text: 'x' },
      turn({ refusal: () => 'The note “A” was closed while the turn ran.' })
    );
    expect(text(result)).toMatch(/was closed while the turn ran\. Nothing was proposed/);
    expect(editor.state.doc).toBe(before);
  });

  it('refuses a note open read-only', () => {
    const editor = testEditor(NOTE, { editable: false });
    expect(text(call(editor, 'append_to_note', { text: 'x' }).result)).toMatch(/read-only/);
  });

  it('shows a call still being written as a draft that grows, and never accepts it', () => {
    const editor = testEditor(NOTE);
    showDraft(editor.view, 0, 'rewrite_paragraph', '{"anchor": "the sto', {});
    expect(pendingProposals(editor.state)).toHaveLength(0);
    showDraft(editor.view, 0, 'rewrite_paragraph', '{"anchor": "the stove", "text": "the cam', {});
    const [first] = pendingProposals(editor.state);
    expect(first.draft).toBe(true);
    showDraft(editor.view, 0, 'rewrite_paragraph', '{"anchor": "the stove", "text": "the camping stove', {});
    const [grown] = pendingProposals(editor.state);
    expect(grown.change.after.textContent).toContain('the camping stove');
    expect(pendingProposals(editor.state)).toHaveLength(1);
    expect(acceptEdits('all')(editor.state, editor.dispatch)).toBe(false);
  });

  it('replaces the drafts with the finished call', () => {
    const editor = testEditor(NOTE);
    showDraft(editor.view, 0, 'rewrite_paragraph', '{"anchor": "the stove", "text": "the cam', {});
    call(editor, 'rewrite_paragraph', { anchor: 'the stove', text: 'the camping stove' });
    const proposals = pendingProposals(editor.state);
    expect(proposals).toHaveLength(1);
    expect(proposals[0].draft).toBe(false);
  });
});
