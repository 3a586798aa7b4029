// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createEditor, type FolioEditor } from './create-editor';

let editor: FolioEditor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function replayed(keys: string[], markdown = ''): string {
  editor = createEditor(document.createElement('div'), { markdown });
  editor.replayTyping(keys);
  return editor.getMarkdown();
}

describe('replayTyping', () => {
  it('types characters through the input rules and Enter through the keymap', () => {
    expect(replayed([...'- socks', 'Enter', ...'boots'])).toBe('- socks\n- boots\n');
    expect(replayed([...'| a | b |', 'Enter', ...'1'])).toBe('| a | b |\n| --- | --- |\n| 1 |  |\n');
  });

  it('deletes the character before the cursor on Backspace, a whole emoji included, and joins blocks at a start', () => {
    expect(replayed([...'cat', 'Backspace', ...'r'])).toBe('car\n');
    expect(replayed([...'ok😀', 'Backspace'])).toBe('ok\n');
    expect(replayed([...'one', 'Enter', 'Backspace', ...'!'])).toBe('one!\n');
  });

  it('breaks the line on Shift-Enter', () => {
    expect(replayed([...'a', 'Shift-Enter', ...'b'])).toBe('a\\\nb\n');
  });
});
