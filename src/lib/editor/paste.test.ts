// @vitest-environment jsdom
// Pasting into the note editor (clipboard.ts reads the text).
// Pastes go through ProseMirror's own paste path (a paste event on the editor, read by
// clipboardTextParser or the HTML parser, then the handlePaste plugins); each test checks the
// Markdown the app is given to save, and that it reads back as the blocks shown.
import { afterEach, describe, expect, it } from 'vitest';
import type { Node as PMNode } from 'prosemirror-model';
import { TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { createEditor, type FolioEditor } from './create-editor';
import { parseStructure } from './parse';

let editor: FolioEditor | null = null;
let saved: string[] = [];

afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.innerHTML = '';
});

interface Clipboard {
  text: string;
  html?: string;
}

/** Opens `note` with the caret right after the first `after` in a block's text ('' for the start). */
function openAt(note: string, after: string): EditorView {
  const host = document.createElement('div');
  document.body.append(host);
  editor = createEditor(host, { markdown: note, onChange: (md) => saved.push(md) });
  const view = editor.view;
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, caretAfter(after))));
  return view;
}

/** Pastes into the open note through a paste event; returns the Markdown saved after it. */
function paste(clipboard: Clipboard): string {
  const view = editor!.view;
  const data = {
    types: clipboard.html ? ['text/html', 'text/plain'] : ['text/plain'],
    files: [],
    getData: (kind: string) =>
      kind === 'text/plain' ? clipboard.text : kind === 'text/html' ? (clipboard.html ?? '') : ''
  };
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: data });
  saved = [];
  view.dom.dispatchEvent(event);
  expect(event.defaultPrevented, 'the editor took the paste').toBe(true);
  expect(saved).toHaveLength(1);
  expect(kinds(parseStructure(saved[0])), 'the saved Markdown reads as the blocks shown').toEqual(
    kinds(view.state.doc)
  );
  return saved[0];
}

/** Every block of a document, by type (and level for headings), in order. */
function kinds(doc: PMNode): string[] {
  const out: string[] = [];
  doc.descendants((node) => {
    if (!node.isInline) out.push(node.type.name + (node.type.name === 'heading' ? node.attrs.level : ''));
  });
  return out;
}

function pasteAt(note: string, after: string, clipboard: Clipboard): string {
  openAt(note, after);
  return paste(clipboard);
}

function caretAfter(text: string): number {
  let found = -1;
  editor!.view.state.doc.descendants((node, pos) => {
    if (found >= 0) return false;
    if (!node.isTextblock) return true;
    const at = node.textContent.indexOf(text);
    if (at >= 0) found = pos + 1 + at + text.length;
    return false;
  });
  if (found < 0) throw new RangeError(`No text ${JSON.stringify(text)} in the note`);
  return found;
}

describe('pasting paragraphs', () => {
  it('merges a few words into the sentence', () => {
    expect(pasteAt('Some words here\n', 'Some ', { text: 'fine ' })).toBe('Some fine words here\n');
  });

  it('merges the first and last paragraphs with the text around the caret', () => {
    expect(pasteAt('Some words here\n', 'Some ', { text: 'one\n\ntwo ' })).toBe(
      'Some one\n\ntwo words here\n'
    );
  });

  it('merges words pasted in a heading into the heading', () => {
    expect(pasteAt('# Title here\n', 'Title ', { text: 'big ' })).toBe('# Title big here\n');
  });

  it('keeps the note’s last line break when the paste ends the note', () => {
    expect(pasteAt('Some words here\n', 'Some words here', { text: ' and more\n\nlast words' })).toBe(
      'Some words here and more\n\nlast words\n'
    );
  });
});
