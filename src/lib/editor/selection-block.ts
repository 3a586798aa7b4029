/*
 * Marks the top-level blocks that hold the selection's ends (class `selection-block`), so that
 * content-visibility (editor.css) never skips them. The browser types into a block itself; in a
 * block it had not laid out yet (one that Enter had just made, before the next frame) it put the
 * caret back at the block's start, so keys typed fast came out in the wrong order.
 */
import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';
import type { ResolvedPos } from 'prosemirror-model';
import { Decoration, DecorationSet } from 'prosemirror-view';

/** The top-level block around `$pos` as a node decoration, or null between blocks. */
function blockAround($pos: ResolvedPos): Decoration | null {
  if ($pos.depth < 1) return null;
  return Decoration.node($pos.before(1), $pos.after(1), { class: 'selection-block' });
}

/** The marks of the blocks the selection starts and ends in, or null when it is between blocks. */
function selectionBlocks(state: EditorState): DecorationSet | null {
  const { $from, $to } = state.selection;
  const from = blockAround($from);
  const to = $to.depth >= 1 && $to.before(1) !== from?.from ? blockAround($to) : null;
  const marks = [from, to].filter((deco): deco is Decoration => deco !== null);
  return marks.length ? DecorationSet.create(state.doc, marks) : null;
}

const key = new PluginKey<DecorationSet | null>('folioSelectionBlock');

/**
 * The plugin that marks the blocks the selection starts and ends in. The marks are kept in the
 * plugin's state and rebuilt only when the document or the selection changes: the view asks for
 * decorations on every update, and transactions that only change other plugins' state (a streamed
 * suggestion is redrawn many times a second on a long note) then get the same set back, which
 * the view compares by identity instead of building and comparing a new one.
 */
export function selectionBlockPlugin(): Plugin {
  return new Plugin<DecorationSet | null>({
    key,
    state: {
      init: (_config, state) => selectionBlocks(state),
      apply: (tr, marks, _old, state) => (tr.docChanged || tr.selectionSet ? selectionBlocks(state) : marks)
    },
    props: {
      decorations: (state) => key.getState(state)
    }
  });
}
