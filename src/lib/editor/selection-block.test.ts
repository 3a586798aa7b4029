// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { createEditor, type FolioEditor } from './create-editor';

let editor: FolioEditor | null = null;

function open(markdown: string): EditorView {
  const host = document.createElement('div');
  document.body.append(host);
  editor = createEditor(host, { markdown });
  return editor.view;
}

afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.innerHTML = '';
});

/** Which top-level blocks (by their text) carry the class that keeps content-visibility off. */
function marked(view: EditorView): string[] {
  return [...view.dom.children]
    .filter((block) => block.classList.contains('selection-block'))
    .map((block) => block.textContent ?? '');
}

/** The position just after the first occurrence of `text`. */
function after(view: EditorView, text: string): number {
  let found = -1;
  view.state.doc.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text!.includes(text))
      found = pos + node.text!.indexOf(text) + text.length;
  });
  return found;
}

function select(view: EditorView, from: number, to = from): void {
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, from, to)));
}

describe('selection blocks', () => {
  it('marks the top-level block around the cursor, a whole list for a cursor in an item', () => {
    const view = open('One\n\n- two\n- three\n\nFour\n');
    select(view, after(view, 'thr'));
    expect(marked(view)).toEqual(['twothree']);
    select(view, after(view, 'On'));
    expect(marked(view)).toEqual(['One']);
  });

  it('marks the block Enter has just made, from its first render', () => {
    const view = open('One\n\nFour\n');
    select(view, after(view, 'One'));
    view.dispatch(view.state.tr.split(view.state.selection.from));
    expect(view.dom.children).toHaveLength(3);
    expect(view.dom.children[1].classList.contains('selection-block')).toBe(true);
    expect(marked(view)).toEqual(['']);
  });

  it('marks both ends of a selection across blocks, and nothing between them', () => {
    const view = open('One\n\nTwo\n\nThree\n');
    select(view, after(view, 'O'), after(view, 'Thr'));
    expect(marked(view)).toEqual(['One', 'Three']);
  });
});
