/*
 * Task list commands. A task is a list item whose `checked` attr is true or false (null: a plain
 * item), written `- [ ]` / `- [x]`.
 */
import type { Command, EditorState, Transaction } from 'prosemirror-state';
import { markdownSchema as schema } from './schema';

/** Sets the done state of the task list item at `pos` (the item's position); false when none is there. */
export function setTaskChecked(state: EditorState, pos: number, checked: boolean): Transaction | null {
  const node = state.doc.nodeAt(pos);
  if (!node || node.type !== schema.nodes.list_item || node.attrs.checked === null) return null;
  return state.tr.setNodeAttribute(pos, 'checked', checked);
}

function itemDepth(state: EditorState): number | null {
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d--) {
    if ($from.node(d).type === schema.nodes.list_item) return d;
  }
  return null;
}

/** Backspace at the very start of a task's text removes the checkbox, keeping the item. */
export const clearTaskAtStart: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  const depth = itemDepth(state);
  if (!empty || depth === null || $from.parentOffset !== 0 || $from.depth !== depth + 1) return false;
  if ($from.index(depth) !== 0 || $from.node(depth).attrs.checked === null) return false;
  dispatch?.(state.tr.setNodeAttribute($from.before(depth), 'checked', null));
  return true;
};

/** Toggles the innermost list item around the cursor: plain → open task → done → open task. */
export const toggleTask: Command = (state, dispatch) => {
  const depth = itemDepth(state);
  if (depth === null) return false;
  const { $from } = state.selection;
  const item = $from.node(depth);
  const next = item.attrs.checked === null ? false : !item.attrs.checked;
  dispatch?.(state.tr.setNodeAttribute($from.before(depth), 'checked', next));
  return true;
};
