// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createEditor, type FolioEditor } from '../create-editor';
import { runSessionTool, showDraft } from '../session-tools/session-tools';
import { acceptEdits, rejectEdits } from './review-commands';
import { pendingProposals, reviewPlugin } from './review-plugin';

let editor: FolioEditor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

const NOTE = 'Pack the tent.\n\nBuy milk at the shop.\n\nLast line.\n';
const ARGS = JSON.stringify({ anchor: 'Buy milk at the shop.', text: 'Then walk home slowly.' });

function mount(): { ed: FolioEditor; host: HTMLElement } {
  const host = document.createElement('div');
  document.body.append(host);
  editor = createEditor(host, { markdown: NOTE, plugins: [reviewPlugin()] });
  return { ed: editor, host };
}

const inserted = (host: HTMLElement) => host.querySelector<HTMLElement>('.folio-suggest-ins');
const group = (host: HTMLElement) =>
  host.querySelector<HTMLElement>('[role="group"][aria-label="Suggested edit"]');

describe('suggestions drawn in place', () => {
  it('grows a streamed draft in the element drawn first, showing the text so far', () => {
    const { ed, host } = mount();
    showDraft(ed.view, 0, 'insert_after_anchor', ARGS.slice(0, ARGS.indexOf('walk')), {});
    const first = inserted(host);
    expect(first?.textContent).toBe('Then');
    expect(group(host)?.textContent).toBe('Writing…');
    // The paragraph drawn first stays too; only its text grows.
    const paragraph = first?.firstElementChild;
    const text = paragraph?.firstChild;
    showDraft(ed.view, 0, 'insert_after_anchor', ARGS.slice(0, ARGS.indexOf('slowly')), {});
    expect(inserted(host)).toBe(first);
    expect(first?.textContent).toBe('Then walk home');
    expect(first?.firstElementChild).toBe(paragraph);
    expect(paragraph?.firstChild).toBe(text);
    expect(host.querySelectorAll('.folio-suggest-ins')).toHaveLength(1);
    expect(ed.getMarkdown()).toBe(NOTE);
  });

  it('turns the last draft into the finished suggestion with Accept and Reject, one undo step', () => {
    const { ed, host } = mount();
    showDraft(ed.view, 0, 'insert_after_anchor', ARGS, {});
    const drawn = group(host);
    const result = runSessionTool(ed.view, 'insert_after_anchor', JSON.parse(ARGS), {
      newId: () => 'edit-x'
    });
    expect(result.isError).toBeUndefined();
    expect(pendingProposals(ed.view.state).map((p) => [p.id, p.draft])).toEqual([['edit-x', false]]);
    // Same element, refilled: the finished suggestion's label and buttons, named for its id.
    expect(group(host)).toBe(drawn);
    expect(drawn?.dataset.editId).toBe('edit-x');
    expect(drawn?.classList.contains('draft')).toBe(false);
    expect([...drawn!.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Accept', 'Reject']);
    expect(inserted(host)?.textContent).toBe('Then walk home slowly.');
    expect(acceptEdits(['edit-x'])(ed.view.state, ed.view.dispatch)).toBe(true);
    expect(ed.getMarkdown()).toBe(NOTE.replace('shop.\n', 'shop.\n\nThen walk home slowly.\n'));
    expect(host.querySelector('.folio-suggest-ins')).toBeNull();
    ed.undo();
    expect(ed.getMarkdown()).toBe(NOTE);
  });

  it('refills the draft with the whole text when the call ends after the last frame drew it', () => {
    const { ed, host } = mount();
    showDraft(ed.view, 0, 'insert_after_anchor', ARGS.slice(0, ARGS.indexOf('slowly')), {});
    const [drawnText, drawnGroup] = [inserted(host), group(host)];
    runSessionTool(ed.view, 'insert_after_anchor', JSON.parse(ARGS), { newId: () => 'edit-y' });
    expect(host.querySelectorAll('.folio-suggest-ins')).toHaveLength(1);
    expect(inserted(host)).toBe(drawnText);
    expect(inserted(host)?.textContent).toBe('Then walk home slowly.');
    expect(group(host)).toBe(drawnGroup);
    expect(group(host)?.dataset.editId).toBe('edit-y');
    expect([...drawnGroup!.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Accept',
      'Reject'
    ]);
    rejectEdits(['edit-y'])(ed.view.state, ed.view.dispatch);
    expect(host.querySelector('.folio-suggest-ins, .folio-suggest-group')).toBeNull();
    expect(ed.getMarkdown()).toBe(NOTE);
  });

  it('draws a finished call at another place than its draft afresh, and removes the draft', () => {
    const { ed, host } = mount();
    showDraft(ed.view, 0, 'insert_after_anchor', ARGS, {});
    const drawn = group(host);
    const args = { anchor: 'Pack the tent.', text: 'Then walk home slowly.' };
    runSessionTool(ed.view, 'insert_after_anchor', args, { newId: () => 'edit-z' });
    expect(host.querySelectorAll('.folio-suggest-ins')).toHaveLength(1);
    expect(group(host)).not.toBe(drawn);
    expect(group(host)?.dataset.editId).toBe('edit-z');
    expect(acceptEdits(['edit-z'])(ed.view.state, ed.view.dispatch)).toBe(true);
    expect(ed.getMarkdown()).toBe(NOTE.replace('tent.\n', 'tent.\n\nThen walk home slowly.\n'));
  });

  it('keeps the drawings of two drafts of later calls apart', () => {
    const { ed, host } = mount();
    showDraft(ed.view, 0, 'insert_after_anchor', ARGS, {});
    runSessionTool(ed.view, 'insert_after_anchor', JSON.parse(ARGS), { newId: () => 'edit-1' });
    // The next model message numbers its call 0 again: a draft at another place.
    const next = JSON.stringify({ anchor: 'Pack the tent.', text: 'And the stove.' });
    showDraft(ed.view, 0, 'insert_after_anchor', next.slice(0, next.indexOf('stove')), {});
    showDraft(ed.view, 0, 'insert_after_anchor', next, {});
    const texts = [...host.querySelectorAll('.folio-suggest-ins')].map((el) => el.textContent);
    expect(texts).toEqual(['And the stove.', 'Then walk home slowly.']);
    const groups = [...host.querySelectorAll<HTMLElement>('.folio-suggest-group')].map(
      (el) => el.dataset.editId
    );
    expect(groups).toEqual(['draft-0', 'edit-1']);
  });
});
