/*
 * Pasting a web address or a `:/id` link: over a selection it links the selection; elsewhere it
 * is inserted as a link (its own text). Anything else is pasted as usual (clipboard.ts).
 */
import { Plugin } from 'prosemirror-state';
import { setLink } from './format-commands';

const ADDRESS = /^(?:(?:https?|mailto|ftp):\S+|:\/[0-9a-fA-F]{32})$/;

/** The plugin that turns pasted addresses into links. */
export function linkPastePlugin(): Plugin {
  return new Plugin({
    props: {
      handlePaste(view, event) {
        const data = event.clipboardData;
        if (!data || typeof data.getData !== 'function' || data.files?.length) return false;
        const text = data.getData('text/plain').trim();
        if (!ADDRESS.test(text)) return false;
        const { $from, $to } = view.state.selection;
        if ($from.parent.type.spec.code || !$from.parent.inlineContent || !$from.sameParent($to))
          return false;
        return setLink(text)(view.state, view.dispatch);
      }
    }
  });
}
