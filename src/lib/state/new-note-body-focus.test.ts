// @vitest-environment jsdom
// Enter in a new note's Title while the note is still being written, or before its editor is
// mounted: what is typed next lands in the body, in full, and the Title does not take it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureDefaultNotebook, getNote } from '$lib/db';
import { createEditor, type FolioEditor } from '$lib/editor';
import { freshDb } from '../../../tests/fresh-db';
import { Workspace } from './workspace.svelte';

let editor: FolioEditor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.innerHTML = '';
});

/** Types into whatever has the focus, the way a keyboard does (keydown, then the text if not prevented). */
function type(keys: string[]): void {
  for (const key of keys) {
    const target = document.activeElement ?? document.body;
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    if (target.dispatchEvent(event) && target instanceof HTMLInputElement && key.length === 1) {
      target.value += key;
      target.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/** Types into a new field that takes the focus, and returns what it received. */
function typedElsewhere(text: string): string {
  const input = document.createElement('input');
  document.body.append(input);
  input.focus();
  type([...text]);
  return input.value;
}

function mountEditor(ws: Workspace): FolioEditor {
  const session = ws.session!;
  const host = document.createElement('div');
  document.body.append(host);
  editor = createEditor(host, { markdown: session.body, onChange: (md) => session.setBody(md) });
  session.attachEditor(editor);
  return editor;
}

describe('typing on from a new note’s Title into its body', () => {
  it('holds what is typed after Enter in the stand-in Title, then types it into the editor', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const ws = new Workspace(db);
    const standIn = document.createElement('input');
    standIn.addEventListener('input', () => (ws.pendingTitle = standIn.value));
    document.body.append(standIn);
    standIn.focus();

    const creating = ws.newNote();
    type([...'Plans']);
    ws.moveToNewNoteBody(); // Enter in the stand-in (NewNotePending.svelte)
    type([...'See', 'Enter', ...'x', 'Backspace', ...'- socks']);
    expect(standIn.value).toBe('Plans');
    const id = await creating;

    // The real Title is not to take the focus back: the body was asked for.
    expect(ws.focusTitleOf).toBeNull();
    expect(ws.session?.bodyFocusPending).toBe(true);
    await vi.waitFor(() => expect(ws.session?.loaded).toBe(true));
    type([...' and boots']); // while the editor's code is still loading
    const ed = mountEditor(ws);

    expect(ed.getMarkdown()).toBe('See\n\n- socks and boots\n');
    expect(ws.session?.bodyFocusPending).toBe(false);
    await ws.session?.flush();
    expect(await getNote(db, id!)).toMatchObject({ title: 'Plans', body: 'See\n\n- socks and boots\n' });
    // Typing now goes where the focus is, as usual.
    expect(typedElsewhere('ok')).toBe('ok');
  });

  it('gives the Title the focus when Enter was not pressed, and holds nothing', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const ws = new Workspace(db);
    await ws.newNote();
    expect(ws.focusTitleOf).toBe(ws.session?.id);
    expect(ws.session?.bodyFocusPending).toBe(false);
    expect(typedElsewhere('hi')).toBe('hi');
  });

  it('leaves the focus where the user moved it while the note was being written', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const ws = new Workspace(db);
    const creating = ws.newNote();
    ws.pendingTitleLeft = true; // the stand-in Title's blur to another control (NewNotePending.svelte)
    await creating;
    expect(ws.focusTitleOf).toBeNull();
    // The next New note gives its Title the focus again.
    await ws.newNote();
    expect(ws.focusTitleOf).toBe(ws.session?.id);
  });

  it('stops holding keys when the note is left before its body appeared', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const ws = new Workspace(db);
    const first = ws.newNote();
    ws.moveToNewNoteBody();
    await first;
    type([...'lost']);
    await ws.newNote(); // closes the first note, whose editor never came
    expect(typedElsewhere('next')).toBe('next');
    mountEditor(ws);
    expect(editor!.getMarkdown()).toBe('');
  });
});
