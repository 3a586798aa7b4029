// @vitest-environment jsdom
// Pasting into the note editor (clipboard.ts reads the text, paste-blocks.ts places the blocks).
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

describe('pasting Markdown whose first block is not a paragraph', () => {
  it('splits the paragraph at the caret and keeps a heading a heading', () => {
    expect(pasteAt('Some words here\n', 'Some ', { text: '# Plan\n\nFirst step' })).toBe(
      'Some \n\n# Plan\n\nFirst stepwords here\n'
    );
  });

  it('keeps a lone heading whole, the rest of the paragraph after it', () => {
    expect(pasteAt('Some words here\n', 'Some ', { text: '# Plan' })).toBe('Some \n\n# Plan\n\nwords here\n');
  });

  it('keeps a list a list', () => {
    expect(pasteAt('Some words here\n', 'Some ', { text: '- socks\n- boots' })).toBe(
      'Some \n\n- socks\n- boots\n\nwords here\n'
    );
  });

  it('keeps a task list a task list', () => {
    expect(pasteAt('Some words here\n', 'Some ', { text: '- [ ] call\n- [x] pack' })).toBe(
      'Some \n\n- [ ] call\n- [x] pack\n\nwords here\n'
    );
  });

  it('keeps a code block code', () => {
    expect(pasteAt('Some words here\n', 'Some ', { text: '```js\nx = 1\n```\n\nthen' })).toBe(
      'Some \n\n```js\nx = 1\n```\n\nthenwords here\n'
    );
  });

  it('keeps a quote a quote', () => {
    expect(pasteAt('Some words here\n', 'Some ', { text: '> quoted\n\nthen' })).toBe(
      'Some \n\n> quoted\n\nthenwords here\n'
    );
  });

  it('keeps a rule and a table whole after a paragraph', () => {
    expect(
      pasteAt('Some words here\n', 'Some words here', { text: '---\n\n| a | b |\n| - | - |\n| 1 | 2 |' })
    ).toBe('Some words here\n\n---\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
  });

  it('puts the blocks after a paragraph when the caret is at its end', () => {
    expect(pasteAt('Some words here\n', 'Some words here', { text: '# Plan\n\nFirst step' })).toBe(
      'Some words here\n\n# Plan\n\nFirst step\n'
    );
  });

  it('puts the blocks before a paragraph when the caret is at its start', () => {
    expect(pasteAt('Some words here\n', '', { text: '```\ncode\n```' })).toBe(
      '```\ncode\n```\n\nSome words here\n'
    );
  });

  it('keeps the last block whole too, the rest of the paragraph after it', () => {
    expect(pasteAt('Some words here\n', 'Some ', { text: 'intro\n\n# Plan' })).toBe(
      'Some intro\n\n# Plan\n\nwords here\n'
    );
  });
});

describe('pasting into other blocks', () => {
  it('fills an empty paragraph with the pasted blocks', () => {
    const view = openAt('Some words here\n\nnext\n', 'Some words here');
    // Enter at the end of the paragraph: the caret in a new empty one.
    view.dispatch(view.state.tr.split(view.state.selection.from));
    expect(paste({ text: '- socks\n- boots' })).toBe('Some words here\n\n- socks\n- boots\n\nnext\n');
  });

  it('puts a heading pasted in a list item inside the item, splitting its text', () => {
    expect(pasteAt('- item one\n- item two\n', 'item ', { text: '# Plan\n\nFirst step' })).toBe(
      '- item \n  # Plan\n  First stepone\n- item two\n'
    );
  });

  it('keeps the rest of a list item apart from a quote pasted in it', () => {
    expect(pasteAt('- item one\n- item two\n', 'item ', { text: '> quoted' })).toBe(
      '- item \n  > quoted\n\n  one\n- item two\n'
    );
  });

  it('makes the items of a list pasted in a list item items of that list', () => {
    expect(pasteAt('1. item one\n2. item two\n', 'item ', { text: '- a\n- b' })).toBe(
      '1. item a\n2. bone\n3. item two\n'
    );
  });

  it('puts a list pasted in a quote inside the quote', () => {
    expect(pasteAt('> quoted words\n', 'quoted ', { text: '- a\n- b' })).toBe(
      '> quoted \n>\n> - a\n> - b\n>\n> words\n'
    );
  });

  it('pastes Markdown into a code block as its text', () => {
    expect(
      pasteAt('```\ncode line\n```\n', 'code ', { text: '# Plan\n\nFirst step', html: '<h1>Plan</h1>' })
    ).toBe('```\ncode # Plan\n\nFirst stepline\n```\n');
  });
});

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

describe('pasting HTML', () => {
  it('keeps a heading from another app a heading', () => {
    const html = '<meta charset="utf-8"><h1>Plan</h1><p>First step</p>';
    expect(pasteAt('Some words here\n', 'Some ', { text: '# Plan\n\nFirst step', html })).toBe(
      'Some \n\n# Plan\n\nFirst stepwords here\n'
    );
  });

  it('keeps a code block from another app code', () => {
    expect(pasteAt('Some words here\n', 'Some ', { text: 'x', html: '<pre><code>x = 1</code></pre>' })).toBe(
      'Some \n\n```\nx = 1\n```\n\nwords here\n'
    );
  });

  it('merges words copied from a heading in this editor, as ProseMirror fits its own slices', () => {
    const html = '<h1 data-pm-slice="1 1 []">lan</h1>';
    expect(pasteAt('Some words here\n', 'Some ', { text: '# lan', html })).toBe('Some lanwords here\n');
  });
});
