// @vitest-environment jsdom
// Typing Markdown in the editor: input rules, Enter on a table row, lists typed line by line,
// pasted addresses, the [[ note picker and the Formatting commands.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Slice } from 'prosemirror-model';
import { TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { createEditor, type EditorOptions, type FolioEditor } from './create-editor';
import {
  cycleHeading,
  insertTable,
  setLink,
  tableCommands,
  toggleBulletList,
  toggleTaskList
} from './format-commands';
import { pickNoteLink, type LinkQuery } from './note-link-picker';
import { replayTyping } from './replay-typing';

const ID = '0123456789abcdef0123456789abcdef';
let editor: FolioEditor | null = null;

function mount(options: EditorOptions = {}): FolioEditor {
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

/** Types text the way the browser does (input rules and text handlers get their chance); `\n` is Enter. */
function type(view: EditorView, text: string): void {
  replayTyping(
    view,
    [...text].map((ch) => (ch === '\n' ? 'Enter' : ch))
  );
}

function typed(text: string, options: EditorOptions = {}): string {
  const ed = mount({ markdown: '', ...options });
  type(ed.view, text);
  return ed.getMarkdown();
}

describe('typing Markdown', () => {
  it('makes [text](url) a link and saves it unescaped', () => {
    expect(typed('See [the wiki](https://example.com/w) now')).toBe(
      'See [the wiki](https://example.com/w) now\n'
    );
  });

  it('makes ![alt](src) an image', () => {
    const ed = mount({ markdown: '' });
    type(ed.view, `![map](:/${ID})`);
    expect(ed.view.state.doc.firstChild!.firstChild!.type.name).toBe('image');
    expect(ed.getMarkdown()).toBe(`![map](:/${ID})\n`);
  });

  it('makes $x^2$ inline math and ==text== a highlight', () => {
    const ed = mount({ markdown: '' });
    type(ed.view, 'area $x^2$ and ==key== ');
    const para = ed.view.state.doc.firstChild!;
    expect(para.child(1).type.name).toBe('math_inline');
    expect(ed.getMarkdown()).toBe('area $x^2$ and ==key== \n');
  });

  it('makes a table of a typed | a | b | row and fills rows typed the same way', () => {
    expect(typed('| Item | Cost |\n| Train | 42 |\n\nAfter')).toBe(
      '| Item | Cost |\n| --- | --- |\n| Train | 42 |\n\nAfter\n'
    );
  });

  it('keeps a list flat when each line is typed with its marker', () => {
    expect(typed('- socks\n- boots\n- hat')).toBe('- socks\n- boots\n- hat\n');
    expect(typed('1. one\n2. two')).toBe('1. one\n2. two\n');
  });

  it('keeps a task list flat when each line is typed with its - [ ] marker', () => {
    expect(typed('- [ ] passport\n- [ ] charger\n- [x] tickets')).toBe(
      '- [ ] passport\n- [ ] charger\n- [x] tickets\n'
    );
  });

  it('leaves a fenced code block on Enter after its closing fence, and keeps the code', () => {
    expect(typed('```js\nconst x = 1;\n```\nAfter')).toBe('```js\nconst x = 1;\n```\n\nAfter\n');
    expect(typed('~~~\na\n~~~~\nb')).toBe('~~~\na\n~~~\n\nb\n');
  });

  it('keeps a shorter or other fence inside the code block as code', () => {
    expect(typed('````\n```\nx\n````\ny')).toBe('````\n```\nx\n````\n\ny\n');
    expect(typed('```\n~~~\nstill code')).toBe('```\n~~~\nstill code\n```\n');
  });

  it('makes a rule of --- or *** and Enter, and leaves other dashes as text', () => {
    expect(typed('Above\n---\nbelow')).toBe('Above\n\n---\n\nbelow\n');
    expect(typed('***\nx')).toBe('***\n\nx\n');
    expect(typed('___\nx')).toBe('___\n\nx\n');
    expect(typed('--\nx')).toBe('\\--\n\nx\n');
  });

  it('starts a task list with [ ] or [x] at the start of a paragraph', () => {
    expect(typed('[ ] tickets\npassport')).toBe('- [ ] tickets\n- [ ] passport\n');
    expect(typed('[x] booked')).toBe('- [x] booked\n');
  });

  it('still nests a list with Tab', () => {
    const ed = mount({ markdown: '' });
    type(ed.view, '- a\nb');
    ed.view.someProp('handleKeyDown', (f) => f(ed.view, new KeyboardEvent('keydown', { key: 'Tab' })));
    expect(ed.getMarkdown()).toBe('- a\n  - b\n');
  });
});

describe('pasting an address', () => {
  function paste(view: EditorView, text: string): boolean {
    const data = {
      getData: (kind: string) => (kind === 'text/plain' ? text : ''),
      files: []
    } as unknown as DataTransfer;
    const event = new Event('paste') as ClipboardEvent;
    Object.defineProperty(event, 'clipboardData', { value: data });
    // Slice.empty is what ProseMirror hands handlePaste when the paste parses to nothing.
    return view.someProp('handlePaste', (f) => f(view, event, Slice.empty)) ?? false;
  }

  it('links the selection to a pasted web address', () => {
    const ed = mount({ markdown: 'read the docs\n' });
    ed.view.dispatch(ed.view.state.tr.setSelection(TextSelection.create(ed.view.state.doc, 10, 14)));
    expect(paste(ed.view, 'https://example.com/docs')).toBe(true);
    expect(ed.getMarkdown()).toBe('read the [docs](https://example.com/docs)\n');
  });

  it('inserts a pasted address as a link', () => {
    const ed = mount({ markdown: '' });
    paste(ed.view, 'https://example.com');
    expect(ed.getMarkdown()).toBe('<https://example.com>\n');
  });

  it('leaves other text to the Markdown paste', () => {
    const ed = mount({ markdown: '' });
    expect(paste(ed.view, 'two words')).toBe(false);
  });
});

describe('the [[ note picker', () => {
  it('opens on [[, follows the query and inserts a :/id link in Joplin form', () => {
    const queries: (LinkQuery | null)[] = [];
    const ed = mount({ markdown: '', noteLinks: { onQuery: (q) => queries.push(q), onKey: () => false } });
    type(ed.view, 'See [[Tar');
    expect(queries.at(-1)).toMatchObject({ query: 'Tar' });
    expect(pickNoteLink(ed.view, { id: ID, title: 'Target note' })).toBe(true);
    expect(queries.at(-1)).toBeNull();
    expect(ed.getMarkdown()).toBe(`See [Target note](:/${ID})\n`);
  });

  it('hands keys to the picker while it is open, and closes on Escape', () => {
    const onKey = vi.fn(() => true);
    const queries: (LinkQuery | null)[] = [];
    const ed = mount({ markdown: '', noteLinks: { onQuery: (q) => queries.push(q), onKey } });
    type(ed.view, '[[');
    ed.view.someProp('handleKeyDown', (f) => f(ed.view, new KeyboardEvent('keydown', { key: 'ArrowDown' })));
    expect(onKey).toHaveBeenCalled();
    ed.view.someProp('handleKeyDown', (f) => f(ed.view, new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(queries.at(-1)).toBeNull();
    type(ed.view, 'x');
    expect(queries.at(-1)).toBeNull();
    expect(ed.getMarkdown()).toBe('[[x\n');
  });
});

describe('Formatting commands', () => {
  it('cycles a heading through levels 1 to 3 and back to text', () => {
    const ed = mount({ markdown: 'Title\n' });
    const levels: string[] = [];
    for (let i = 0; i < 4; i++) {
      cycleHeading(ed.view.state, ed.view.dispatch);
      levels.push(ed.getMarkdown());
    }
    expect(levels).toEqual(['# Title\n', '## Title\n', '### Title\n', 'Title\n']);
  });

  it('starts a task list and a bulleted list, and lifts out of it', () => {
    const ed = mount({ markdown: 'milk\n' });
    toggleTaskList(ed.view.state, ed.view.dispatch);
    expect(ed.getMarkdown()).toBe('- [ ] milk\n');
    toggleTaskList(ed.view.state, ed.view.dispatch);
    expect(ed.getMarkdown()).toBe('- milk\n');
    toggleBulletList(ed.view.state, ed.view.dispatch);
    expect(ed.getMarkdown()).toBe('milk\n');
  });

  it('inserts a table and adds rows and columns', () => {
    const ed = mount({ markdown: '' });
    insertTable()(ed.view.state, ed.view.dispatch);
    type(ed.view, 'a');
    tableCommands.addColumnAfter(ed.view.state, ed.view.dispatch);
    tableCommands.addRowAfter(ed.view.state, ed.view.dispatch);
    expect(ed.getMarkdown()).toBe('| a |  |  |\n| --- | --- | --- |\n|  |  |  |\n|  |  |  |\n');
  });

  it('links a selection, edits the link and removes it', () => {
    const ed = mount({ markdown: 'see docs\n' });
    ed.view.dispatch(ed.view.state.tr.setSelection(TextSelection.create(ed.view.state.doc, 5, 9)));
    setLink(`:/${ID}`)(ed.view.state, ed.view.dispatch);
    expect(ed.getMarkdown()).toBe(`see [docs](:/${ID})\n`);
    ed.view.dispatch(ed.view.state.tr.setSelection(TextSelection.create(ed.view.state.doc, 6)));
    setLink('https://example.com')(ed.view.state, ed.view.dispatch);
    expect(ed.getMarkdown()).toBe('see [docs](https://example.com)\n');
    setLink('')(ed.view.state, ed.view.dispatch);
    expect(ed.getMarkdown()).toBe('see docs\n');
  });
});
