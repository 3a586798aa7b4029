/*
 * The empty note's placeholder: a hint drawn (as a decoration, never as text) in the body while
 * it holds nothing but one empty paragraph.
 */
import { Plugin } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

/** The plugin that shows `text` in an empty note body. */
export function placeholderPlugin(text: string): Plugin {
  return new Plugin({
    props: {
      decorations(state) {
        const doc = state.doc;
        const only = doc.childCount === 1 ? doc.firstChild! : null;
        if (!only || !only.isTextblock || only.content.size > 0 || only.type.name !== 'paragraph')
          return null;
        return DecorationSet.create(doc, [
          Decoration.node(0, only.nodeSize, { class: 'placeholder', 'data-placeholder': text })
        ]);
      }
    }
  });
}
