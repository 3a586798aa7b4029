// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextSelection } from 'prosemirror-state';
import { createEditor, pendingProposals, reviewPlugin, type FolioEditor } from '$lib/editor';
import { DRAFT_INTERVAL_MS, OutcomeQueue, startSessionTurn } from './session-tools';

let editor: FolioEditor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function mount(markdown: string): FolioEditor {
  const host = document.createElement('div');
  document.body.append(host);
  editor = createEditor(host, { markdown, plugins: [reviewPlugin()] });
  return editor;
}

const text = (r: { content: { text: string }[] }) => r.content.map((c) => c.text).join('');

describe('startSessionTurn', () => {
  it('gives the note, the cursor and the selection as the turn context', () => {
    const ed = mount('Hello brave world.\n');
    ed.view.dispatch(ed.view.state.tr.setSelection(TextSelection.create(ed.view.state.doc, 7, 12)));
    const turn = startSessionTurn({ editor: ed, noteId: 'n1', title: 'Greeting', isCurrent: () => true });
    expect(turn.context.note).toMatchObject({ id: 'n1', title: 'Greeting', body: 'Hello brave world.\n' });
    expect(turn.context.selection).toEqual({ from: 7, to: 12, text: 'brave' });
  });

  it('proposes edit_selection on the selection the turn started with', async () => {
    const ed = mount('Hello brave world.\n');
    ed.view.dispatch(ed.view.state.tr.setSelection(TextSelection.create(ed.view.state.doc, 7, 12)));
    const turn = startSessionTurn({ editor: ed, noteId: 'n1', title: 'Greeting', isCurrent: () => true });
    ed.view.dispatch(ed.view.state.tr.setSelection(TextSelection.create(ed.view.state.doc, 1)));
    const result = await turn.host.call('edit_selection', { text: 'bold' }, {});
    expect(result.isError).toBeUndefined();
    expect(pendingProposals(ed.view.state)[0].change.after.textContent).toBe('Hello bold world.');
    expect(ed.getMarkdown()).toBe('Hello brave world.\n');
  });

  it('refuses every call once the note is no longer the one open', async () => {
    const ed = mount('Pack the tent.\n');
    let current = true;
    const turn = startSessionTurn({ editor: ed, noteId: 'n1', title: 'Trip', isCurrent: () => current });
    current = false;
    const result = await turn.host.call('append_to_note', { text: 'More.' }, {});
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('“Trip” was closed or switched');
    expect(pendingProposals(ed.view.state)).toHaveLength(0);
  });
});

describe('OutcomeQueue', () => {
  it('hands each note’s outcomes over once, and takes back those of a failed turn', () => {
    const queue = new OutcomeQueue();
    queue.add('a', { tool: 'append_to_note', status: 'accepted' });
    queue.add('b', { tool: 'rewrite_paragraph', status: 'rejected' });
    const taken = queue.take('a');
    expect(taken).toEqual([{ tool: 'append_to_note', status: 'accepted' }]);
    expect(queue.take('a')).toEqual([]);
    queue.restore('a', taken);
    expect(queue.take('a')).toEqual(taken);
    expect(queue.take('b')).toHaveLength(1);
  });
});

describe('streamed drafts', () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const insertedText = (ed: FolioEditor) =>
    [...ed.view.dom.querySelectorAll('.folio-suggest-ins')].map((el) => el.textContent);

  it('starts a later message’s call afresh though it is numbered 0 again', async () => {
    const ed = mount('Pack the tent.\n\nBuy milk.\n');
    const turn = startSessionTurn({ editor: ed, noteId: 'n1', title: 'Trip', isCurrent: () => true });
    const first = JSON.stringify({ anchor: 'Buy milk.', text: 'Walk home.' });
    turn.onToolDelta({ index: 0, id: 'call_a', name: 'insert_after_anchor', argumentsDelta: first });
    await frame();
    expect(insertedText(ed)).toEqual(['Walk home.']);
    await turn.host.call('insert_after_anchor', JSON.parse(first), {});
    const second = JSON.stringify({ anchor: 'Pack the tent.', text: 'And the stove.' });
    turn.onToolDelta({
      index: 0,
      id: 'call_b',
      name: 'insert_after_anchor',
      argumentsDelta: second.slice(0, 30)
    });
    await frame();
    turn.onToolDelta({
      index: 0,
      id: 'call_b',
      name: 'insert_after_anchor',
      argumentsDelta: second.slice(30)
    });
    await frame();
    expect(insertedText(ed)).toEqual(['And the stove.', 'Walk home.']);
    expect(pendingProposals(ed.view.state).map((p) => p.draft)).toEqual([true, false]);
    turn.end();
    expect(pendingProposals(ed.view.state).map((p) => p.draft)).toEqual([false]);
  });

  it('draws a call’s first piece at the next frame, then at most once per interval, the last always', async () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'performance']
    });
    try {
      const ed = mount('Pack the tent.\n\nBuy milk.\n');
      const turn = startSessionTurn({ editor: ed, noteId: 'n1', title: 'Trip', isCurrent: () => true });
      const piece = (argumentsDelta: string) =>
        turn.onToolDelta({ index: 0, id: 'call_a', name: 'insert_after_anchor', argumentsDelta });
      piece('{"anchor":"Buy milk.","text":"Walk');
      vi.advanceTimersByTime(16);
      expect(insertedText(ed)).toEqual(['Walk']);
      // Pieces coming faster than the interval are coalesced, not dropped.
      piece(' home');
      vi.advanceTimersByTime(16);
      piece(' now.');
      vi.advanceTimersByTime(16);
      expect(insertedText(ed)).toEqual(['Walk']);
      vi.advanceTimersByTime(DRAFT_INTERVAL_MS);
      expect(insertedText(ed)).toEqual(['Walk home now.']);
      // The model's next message: its first piece is drawn at the next frame again.
      await turn.host.call('insert_after_anchor', { anchor: 'Buy milk.', text: 'Walk home now.' }, {});
      turn.onToolDelta({
        index: 0,
        id: 'call_b',
        name: 'insert_after_anchor',
        argumentsDelta: '{"anchor":"Pack the tent.","text":"And'
      });
      vi.advanceTimersByTime(16);
      expect(insertedText(ed)).toEqual(['And', 'Walk home now.']);
      turn.end();
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws nothing more of a message once its calls run (providers whose ids repeat)', async () => {
    const ed = mount('Pack the tent.\n\nBuy milk.\n');
    const turn = startSessionTurn({ editor: ed, noteId: 'n1', title: 'Trip', isCurrent: () => true });
    const args = JSON.stringify({ anchor: 'Buy milk.', text: 'Walk home.' });
    // The last piece arrives, and the call runs before the frame that would draw it.
    turn.onToolDelta({ index: 0, id: 'call_0', name: 'insert_after_anchor', argumentsDelta: args });
    await turn.host.call('insert_after_anchor', JSON.parse(args), {});
    await frame();
    expect(pendingProposals(ed.view.state).map((p) => [p.draft, p.summary])).toEqual([[false, 'Buy milk.']]);
    const next = JSON.stringify({ anchor: 'Pack the tent.', text: 'And the stove.' });
    turn.onToolDelta({ index: 0, id: 'call_0', name: 'insert_after_anchor', argumentsDelta: next });
    await frame();
    expect(insertedText(ed)).toEqual(['And the stove.', 'Walk home.']);
    turn.end();
  });
});
