/*
 * Keyboard shortcuts for the note editor. `Mod` is Cmd on macOS and Ctrl elsewhere.
 *
 *   Mod-z undo · Mod-Shift-z / Mod-y redo · Mod-b bold · Mod-i italic · Mod-` inline code
 *   Mod-Shift-x strikethrough · Mod-Shift-h highlight · Mod-Alt-0 paragraph · Mod-Alt-1…6 heading
 *   · Mod-Alt-h cycle heading · Mod-Shift-8 bullet list · Mod-Shift-7 task list · Mod-Shift-9
 *   ordered list · Mod-Shift-c code (block on an empty line) · Mod-Shift-. quote · Mod-Enter toggle task · Shift-Enter
 *   line break · Tab / Shift-Tab indent / outdent a list item, or next / previous table cell ·
 *   Backspace at the start of a task removes its checkbox · Enter in a table cell goes to the
 *   cell below · Enter on "```lang" opens a code block, and on a closing "```" leaves it · Enter on
 *   "| a | b |" makes a table
 */
import { baseKeymap, chainCommands, exitCode, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import { undoInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import { Fragment, type NodeType, type ResolvedPos } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import { TextSelection, type Command, type EditorState, type Plugin } from 'prosemirror-state';
import { markdownSchema as schema } from './schema';
import { clearTaskAtStart, toggleTask } from './task-commands';
import { cellBelow, goToCell, tableFromRow } from './table-commands';
import {
  cycleHeading,
  toggleBulletList,
  toggleCode,
  toggleEmphasis,
  toggleStrong,
  toggleTaskList
} from './format-commands';

const insertHardBreak: Command = (state, dispatch) => {
  const { $from } = state.selection;
  const index = $from.index();
  if (!$from.parent.canReplaceWith(index, index, schema.nodes.hard_break)) return false;
  dispatch?.(state.tr.replaceSelectionWith(schema.nodes.hard_break.create()).scrollIntoView());
  return true;
};

/** The cursor, when it is a caret at the very end of a `type` block: where the Enter shortcuts below act. */
function caretAtEndOf(state: EditorState, type: NodeType): ResolvedPos | null {
  const { $from, empty } = state.selection;
  const atEnd = empty && $from.parent.type === type && $from.parentOffset === $from.parent.content.size;
  return atEnd ? $from : null;
}

/**
 * Enter in a paragraph holding only a fence (```, ~~~ or longer), with or without a language,
 * turns it into a code block with that fence and info string.
 */
const fenceOnEnter: Command = (state, dispatch) => {
  const $from = caretAtEndOf(state, schema.nodes.paragraph);
  const match = $from && /^(`{3,}|~{3,})([^\s`]*)$/.exec($from.parent.textContent);
  if (!$from || !match) return false;
  if (dispatch) {
    const tr = state.tr.delete($from.start(), $from.end());
    tr.setBlockType($from.start(), $from.start(), schema.nodes.code_block, {
      params: match[2],
      fence: match[1]
    });
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/**
 * Enter after a closing fence typed on the last line of a fenced code block (``` or longer, ~~~ for
 * a ~~~ block, as CommonMark closes it) ends the block: the fence line goes (the block draws its
 * own fences) and the cursor moves to a new paragraph below, so a user typing Markdown is not
 * stuck inside the code.
 */
const closeFenceOnEnter: Command = (state, dispatch) => {
  const $from = caretAtEndOf(state, schema.nodes.code_block);
  if (!$from) return false;
  const block = $from.parent;
  const fence = block.attrs.fence as string | null;
  const text = block.textContent;
  const lineStart = text.lastIndexOf('\n') + 1;
  const closing = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(text.slice(lineStart));
  if (!fence || !closing || closing[1][0] !== fence[0] || closing[1].length < fence.length) return false;
  if (dispatch) {
    // The newline before the fence line goes with it.
    const tr = state.tr.delete($from.start() + Math.max(0, lineStart - 1), $from.end());
    const below = tr.mapping.map($from.after());
    tr.insert(below, schema.nodes.paragraph.create());
    tr.setSelection(TextSelection.create(tr.doc, below + 1));
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/**
 * Enter on a paragraph holding only `---`, `***` or `___` (three or more, spaces between allowed,
 * as CommonMark reads a thematic break) makes it a horizontal rule, with a new paragraph below;
 * left as text it was saved escaped (`\---`), which is not what the user typed it for.
 */
const ruleOnEnter: Command = (state, dispatch) => {
  const $from = caretAtEndOf(state, schema.nodes.paragraph);
  if (!$from) return false;
  const text = $from.parent.textContent;
  if (!/^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(text)) return false;
  const rule = schema.nodes.horizontal_rule.create({ markup: text.trim() });
  const below = schema.nodes.paragraph.create();
  const index = $from.index(-1);
  if (!$from.node(-1).canReplace(index, index + 1, Fragment.from([rule, below]))) return false;
  if (dispatch) {
    const tr = state.tr.replaceWith($from.before(), $from.after(), [rule, below]);
    tr.setSelection(TextSelection.create(tr.doc, $from.before() + rule.nodeSize + 1));
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/** Enter in a list item; the item after a task is an open task, not a copy of a done one. */
const splitItem: Command = (state, dispatch, view) => {
  const { $from } = state.selection;
  let checked: boolean | null = null;
  for (let d = $from.depth; d > 0; d--) {
    if ($from.node(d).type === schema.nodes.list_item) {
      checked = $from.node(d).attrs.checked as boolean | null;
      break;
    }
  }
  const attrs = checked === null ? undefined : { checked: false };
  return splitListItem(schema.nodes.list_item, attrs)(state, dispatch, view);
};

function headingKeys(): Record<string, Command> {
  const keys: Record<string, Command> = { 'Mod-Alt-0': setBlockType(schema.nodes.paragraph) };
  for (let level = 1; level <= 6; level++) {
    keys[`Mod-Alt-${level}`] = setBlockType(schema.nodes.heading, { level });
  }
  return keys;
}

/** The editor's keymaps, most specific first, ending with ProseMirror's base keymap. */
export function editorKeymaps(): Plugin[] {
  const item = schema.nodes.list_item;
  return [
    keymap({
      'Mod-z': undo,
      'Mod-Shift-z': redo,
      'Mod-y': redo,
      Backspace: chainCommands(undoInputRule, clearTaskAtStart),
      'Mod-b': toggleStrong,
      'Mod-i': toggleEmphasis,
      'Mod-`': toggleMark(schema.marks.code),
      'Mod-Shift-x': toggleMark(schema.marks.strike),
      'Mod-Shift-8': toggleBulletList,
      'Mod-Shift-7': toggleTaskList,
      'Mod-Alt-h': cycleHeading,
      'Mod-Shift-c': toggleCode,
      'Mod-Shift-h': toggleMark(schema.marks.highlight),
      'Mod-Shift-9': wrapInList(schema.nodes.ordered_list),
      'Mod-Shift-.': wrapIn(schema.nodes.blockquote),
      'Mod-Enter': chainCommands(toggleTask, exitCode),
      'Shift-Enter': chainCommands(exitCode, insertHardBreak),
      Enter: chainCommands(cellBelow, tableFromRow, fenceOnEnter, closeFenceOnEnter, ruleOnEnter, splitItem),
      Tab: chainCommands(goToCell(1), sinkListItem(item)),
      'Shift-Tab': chainCommands(goToCell(-1), liftListItem(item)),
      'Mod-[': liftListItem(item),
      'Mod-]': sinkListItem(item),
      ...headingKeys()
    }),
    keymap(baseKeymap)
  ];
}
