// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { createEditor, type EditorOptions, type FolioEditor } from './create-editor';
import { selectionMarkdown } from './clipboard';

const ID = '0123456789abcdef0123456789abcdef';
let editor: FolioEditor | null = null;

function mount(options: EditorOptions): FolioEditor {
  const host = document.createElement('div');
  document.body.append(host);
  editor = createEditor(host, options);
  return editor;
}

afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.innerHTML = '';
});

/** Types text at the cursor the way the browser does, so input rules get their chance. */
function type(view: EditorView, text: string): void {
  for (const ch of text) {
    const { from, to } = view.state.selection;
    const handled = view.someProp('handleTextInput', (f) =>
      f(view, from, to, ch, () => view.state.tr.insertText(ch, from, to))
    );
    if (!handled) view.dispatch(view.state.tr.insertText(ch, from, to));
  }
}

function key(view: EditorView, keyName: string, mods: KeyboardEventInit = {}): boolean {
  const event = new KeyboardEvent('keydown', { key: keyName, ...mods });
  return view.someProp('handleKeyDown', (f) => f(view, event)) ?? false;
}

function cursorAtEnd(view: EditorView): void {
  view.dispatch(view.state.tr.setSelection(TextSelection.atEnd(view.state.doc)));
}

describe('createEditor', () => {
  it('exposes the body as a multiline textbox named Note body', () => {
    const { view } = mount({ markdown: 'hi' });
    expect(view.dom.getAttribute('role')).toBe('textbox');
    expect(view.dom.getAttribute('aria-multiline')).toBe('true');
    expect(view.dom.getAttribute('aria-label')).toBe('Note body');
  });

  it('gives back the opened Markdown untouched', () => {
    const md = 'Title\n===\n\n* a\n* b\n\n| x |\n|---|\n| 1 |\n';
    expect(mount({ markdown: md }).getMarkdown()).toBe(md);
  });

  it('reports edits with the new Markdown', () => {
    const onChange = vi.fn();
    const { view } = mount({ markdown: 'one\n\ntwo\n', onChange });
    cursorAtEnd(view);
    type(view, '!');
    expect(onChange).toHaveBeenLastCalledWith('one\n\ntwo!\n');
  });

  it('undoes and redoes an edit', () => {
    const ed = mount({ markdown: 'text\n' });
    cursorAtEnd(ed.view);
    type(ed.view, 'x');
    expect(ed.canUndo()).toBe(true);
    ed.undo();
    expect(ed.getMarkdown()).toBe('text\n');
    expect(ed.canRedo()).toBe(true);
    ed.redo();
    expect(ed.getMarkdown()).toBe('textx\n');
  });

  it('undoes with Mod-z and redoes with Mod-y', () => {
    const ed = mount({ markdown: 'text\n' });
    cursorAtEnd(ed.view);
    type(ed.view, 'x');
    key(ed.view, 'z', { ctrlKey: true });
    expect(ed.getMarkdown()).toBe('text\n');
    key(ed.view, 'y', { ctrlKey: true });
    expect(ed.getMarkdown()).toBe('textx\n');
  });

  it('turns "# " into a heading and "- [ ] " into a task', () => {
    const ed = mount({ markdown: '' });
    type(ed.view, '# Plan');
    expect(ed.getMarkdown()).toBe('# Plan\n');
    ed.load('');
    type(ed.view, '- [ ] milk');
    expect(ed.getMarkdown()).toBe('- [ ] milk\n');
  });

  it('turns "```js " into a code block with that info string', () => {
    const ed = mount({ markdown: '' });
    type(ed.view, '```js const a');
    expect(ed.getMarkdown()).toBe('```js\nconst a\n```\n');
  });

  it('makes the selection bold with Mod-b', () => {
    const ed = mount({ markdown: 'word\n' });
    ed.view.dispatch(ed.view.state.tr.setSelection(TextSelection.create(ed.view.state.doc, 1, 5)));
    key(ed.view, 'b', { ctrlKey: true });
    expect(ed.getMarkdown()).toBe('**word**\n');
  });

  it('toggles a task when its checkbox is clicked', () => {
    const ed = mount({ markdown: 'Intro\n\n- [ ] milk\n- [x] eggs\n' });
    const boxes = ed.view.dom.querySelectorAll<HTMLInputElement>('input[type=checkbox]');
    expect(boxes).toHaveLength(2);
    boxes[0].click();
    expect(ed.getMarkdown()).toBe('Intro\n\n- [x] milk\n- [x] eggs\n');
    expect(ed.view.dom.querySelectorAll<HTMLInputElement>('input[type=checkbox]')[0].checked).toBe(true);
  });

  it('shows a :/id image through resolveResourceUrl', async () => {
    const resolveResourceUrl = vi.fn(async () => 'blob:folio/1');
    const ed = mount({ markdown: `![cat](:/${ID})\n`, resolveResourceUrl });
    await vi.waitFor(() =>
      expect(ed.view.dom.querySelector('img[data-resource-id]')!.getAttribute('src')).toBe('blob:folio/1')
    );
    expect(resolveResourceUrl).toHaveBeenCalledWith(ID);
  });

  it('replaces the content from outside, keeping the cursor and adding no undo step', () => {
    const onChange = vi.fn();
    const ed = mount({ markdown: 'first\n\nsecond\n', onChange });
    ed.view.dispatch(ed.view.state.tr.setSelection(TextSelection.create(ed.view.state.doc, 11)));
    ed.setMarkdown('first changed\n\nsecond\n');
    expect(ed.getMarkdown()).toBe('first changed\n\nsecond\n');
    expect(ed.view.state.doc.resolve(ed.view.state.selection.from).parent.textContent).toBe('second');
    expect(ed.canUndo()).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('opens the link under a click or tap, and not under an Alt-click', () => {
    const onOpenLink = vi.fn();
    const ed = mount({ markdown: `[other](:/${ID})\n`, onOpenLink });
    const click = (init: MouseEventInit) => {
      const event = new MouseEvent('click', init);
      Object.defineProperty(event, 'target', { value: ed.view.dom.querySelector('a') });
      return ed.view.someProp('handleClick', (f) => f(ed.view, 2, event));
    };
    expect(click({ altKey: true })).toBeFalsy();
    expect(onOpenLink).not.toHaveBeenCalled();
    expect(click({})).toBe(true);
    expect(onOpenLink).toHaveBeenCalledWith(`:/${ID}`);
  });

  it('opens a wiki link by its source', () => {
    const onOpenLink = vi.fn();
    const ed = mount({ markdown: 'see [[Other note]]\n', onOpenLink });
    const node = ed.view.state.doc.nodeAt(5)!;
    const handled = ed.view.someProp('handleClickOn', (f) =>
      f(ed.view, 5, node, 5, new MouseEvent('click'), true)
    );
    expect(handled).toBe(true);
    expect(onOpenLink).toHaveBeenCalledWith('[[Other note]]');
  });

  it('reads pasted plain text as Markdown', () => {
    const ed = mount({ markdown: '' });
    const slice = ed.view.someProp('clipboardTextParser', (f) =>
      f('**bold** text', ed.view.state.selection.$from, false, ed.view)
    )!;
    ed.view.dispatch(ed.view.state.tr.replaceSelection(slice));
    expect(ed.getMarkdown()).toBe('**bold** text\n');
  });
});

describe('mark input rules', () => {
  it('makes **text** bold and _text_ italic as the closing delimiter is typed', () => {
    const ed = mount({ markdown: '' });
    type(ed.view, 'a **bold** and _it_ and `c` end');
    expect(ed.getMarkdown()).toBe('a **bold** and _it_ and `c` end\n');
    expect(ed.view.state.doc.firstChild!.child(1).marks.map((m) => m.type.name)).toEqual(['strong']);
  });

  it('leaves a lone star as text', () => {
    const ed = mount({ markdown: '' });
    type(ed.view, '5 * 3 = 15');
    expect(ed.getMarkdown()).toBe('5 * 3 = 15\n');
  });
});

describe('editor state handling', () => {
  it('opens another note with an empty history', () => {
    const ed = mount({ markdown: 'one\n' });
    cursorAtEnd(ed.view);
    type(ed.view, '!');
    ed.load('two\n');
    expect(ed.getMarkdown()).toBe('two\n');
    expect(ed.canUndo()).toBe(false);
  });

  it('ignores checkbox clicks while read-only', () => {
    const ed = mount({ markdown: '- [ ] milk\n', editable: false });
    ed.view.dom.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    expect(ed.getMarkdown()).toBe('- [ ] milk\n');
  });

  it('gives the selection as Markdown', () => {
    const ed = mount({ markdown: 'Intro\n\n- **bold** item\n- other\n' });
    const { doc } = ed.view.state;
    ed.view.dispatch(ed.view.state.tr.setSelection(TextSelection.create(doc, 8, doc.content.size - 1)));
    expect(selectionMarkdown(ed.view.state)).toBe('- **bold** item\n- other');
  });
});

describe('task lists', () => {
  it('starts an open task after Enter at the end of a done task', () => {
    const ed = mount({ markdown: '- [x] milk\n' });
    cursorAtEnd(ed.view);
    key(ed.view, 'Enter');
    type(ed.view, 'eggs');
    expect(ed.getMarkdown()).toBe('- [x] milk\n- [ ] eggs\n');
  });

  it('toggles the task under the cursor with Mod-Enter', () => {
    const ed = mount({ markdown: '- milk\n' });
    cursorAtEnd(ed.view);
    key(ed.view, 'Enter', { ctrlKey: true });
    expect(ed.getMarkdown()).toBe('- [ ] milk\n');
    key(ed.view, 'Enter', { ctrlKey: true });
    expect(ed.getMarkdown()).toBe('- [x] milk\n');
  });
});

describe('task checkbox removal', () => {
  it('turns a task into a plain item with Backspace at the start of its text', () => {
    const ed = mount({ markdown: '- [ ] milk\n' });
    ed.view.dispatch(ed.view.state.tr.setSelection(TextSelection.create(ed.view.state.doc, 3)));
    key(ed.view, 'Backspace');
    expect(ed.getMarkdown()).toBe('- milk\n');
  });
});
