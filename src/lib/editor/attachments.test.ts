// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Slice } from 'prosemirror-model';
import { TextSelection } from 'prosemirror-state';
import { createEditor, type FolioEditor } from './create-editor';
import type { StoredFile } from './attachments';

const IMG = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const PDF = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
let editor: FolioEditor | null = null;

afterEach(() => {
  editor?.destroy();
  editor = null;
});

function pasteFiles(ed: FolioEditor, files: File[]): boolean {
  const event = { clipboardData: { files } } as unknown as ClipboardEvent;
  return ed.view.someProp('handlePaste', (f) => f(ed.view, event, Slice.empty)) ?? false;
}

describe('attachments', () => {
  it('links pasted files as an image and a download link', async () => {
    const stored: StoredFile[] = [
      { id: IMG, name: 'photo.png', isImage: true },
      { id: PDF, name: 'report.pdf', isImage: false }
    ];
    const onFiles = vi.fn(async () => stored);
    editor = createEditor(document.createElement('div'), { markdown: 'See:\n', onFiles });
    editor.view.dispatch(editor.view.state.tr.setSelection(TextSelection.atEnd(editor.view.state.doc)));
    const files = [new File(['x'], 'photo.png', { type: 'image/png' }), new File(['y'], 'report.pdf')];
    expect(pasteFiles(editor, files)).toBe(true);
    expect(onFiles).toHaveBeenCalledWith(files);
    await vi.waitFor(() =>
      expect(editor!.getMarkdown()).toBe(`See: ![photo.png](:/${IMG}) [report.pdf](:/${PDF})\n`)
    );
  });

  it('puts the links where the files went even after more typing before them', async () => {
    let release: (files: StoredFile[]) => void = () => {};
    const onFiles = () => new Promise<StoredFile[]>((resolve) => (release = resolve));
    editor = createEditor(document.createElement('div'), { markdown: 'end\n', onFiles });
    editor.view.dispatch(editor.view.state.tr.setSelection(TextSelection.atEnd(editor.view.state.doc)));
    pasteFiles(editor, [new File(['x'], 'a.png')]);
    editor.view.dispatch(editor.view.state.tr.insertText('The ', 1));
    release([{ id: IMG, name: 'a.png', isImage: true }]);
    await vi.waitFor(() => expect(editor!.getMarkdown()).toBe(`The end ![a.png](:/${IMG})\n`));
  });

  it('reports a failure to store files and inserts nothing', async () => {
    const onError = vi.fn();
    const failure = new Error('quota');
    editor = createEditor(document.createElement('div'), {
      markdown: 'x\n',
      onFiles: async () => Promise.reject(failure),
      onError
    });
    pasteFiles(editor, [new File(['x'], 'a.png')]);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    expect(editor.getMarkdown()).toBe('x\n');
  });

  it('leaves pasted files to the browser when the app takes no files', () => {
    editor = createEditor(document.createElement('div'), { markdown: 'x\n' });
    expect(pasteFiles(editor, [new File(['x'], 'a.png')])).toBe(false);
  });
});
