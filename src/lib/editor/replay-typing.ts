import type { EditorView } from 'prosemirror-view';

/**
 * Types keys into the editor the way the browser would have: a character goes through the text
 * input handlers first (input rules: `- ` starts a list, `**b**` bolds, `[[` opens the note picker),
 * Enter, Shift-Enter and Backspace through the key handlers (Enter on `| a | b |` makes a table).
 * For keys typed before the editor was mounted (see state/body-type-ahead.ts): replayed this way,
 * they end as they would have, had the editor been there. Each key is its own transaction, as typed.
 *
 * Keys are `KeyboardEvent.key` values: one character each, or `Enter`, `Shift-Enter`, `Backspace`.
 */
export function replayTyping(view: EditorView, keys: readonly string[]): void {
  for (const key of keys) {
    const named = NAMED_KEYS[key];
    if (named) {
      const event = new KeyboardEvent('keydown', named);
      if (!view.someProp('handleKeyDown', (handle) => handle(view, event))) named.fallback?.(view);
      continue;
    }
    const { from, to } = view.state.selection;
    const insert = () => view.state.tr.insertText(key, from, to);
    if (!view.someProp('handleTextInput', (handle) => handle(view, from, to, key, insert)))
      view.dispatch(insert());
  }
}

/** The keys replayed through the key handlers, and what the browser does when none takes them. */
const NAMED_KEYS: Record<string, KeyboardEventInit & { fallback?: (view: EditorView) => void }> = {
  Enter: { key: 'Enter', code: 'Enter', keyCode: 13 },
  'Shift-Enter': { key: 'Enter', code: 'Enter', keyCode: 13, shiftKey: true },
  Backspace: {
    key: 'Backspace',
    code: 'Backspace',
    keyCode: 8,
    // The browser's own Backspace in text: delete the character before the cursor.
    fallback(view) {
      const { $from, empty } = view.state.selection;
      if (!empty) return view.dispatch(view.state.tr.deleteSelection());
      // The last character, whole (a surrogate pair is two positions); a leaf node counts as one.
      const last = [...$from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc')].pop();
      if (last) view.dispatch(view.state.tr.delete($from.pos - last.length, $from.pos));
    }
  }
};
