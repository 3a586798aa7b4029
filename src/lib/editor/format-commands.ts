/*
 * The commands behind the Formatting toolbar (and their keyboard shortcuts): marks, headings,
 * lists, tasks, tables, code and links. Each is a ProseMirror command `(state, dispatch?) =>
 * boolean`, so the toolbar can also ask whether it applies (to disable a button) and whether a
 * mark is on (aria-pressed).
 */
import { lift, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands';
import type { MarkType, Node as PMNode, NodeType } from 'prosemirror-model';
import { liftListItem, wrapInList } from 'prosemirror-schema-list';
import { TextSelection, type Command, type EditorState } from 'prosemirror-state';
import { addColumnAfter, addRowAfter, deleteColumn, deleteRow, isInTable } from 'prosemirror-tables';
import { markdownSchema as schema } from './schema';

/** Bold and italic (Ctrl+B, Ctrl+I): the strong and em marks on the selection, on or off. */
export const toggleStrong: Command = toggleMark(schema.marks.strong);
export const toggleEmphasis: Command = toggleMark(schema.marks.em);

/** True when the mark is on the whole selection (or stored at the cursor). */
export function isMarkActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  if (empty) return !!type.isInSet(state.storedMarks ?? $from.marks());
  return state.doc.rangeHasMark(from, to, type);
}

function ancestor(state: EditorState, type: NodeType): { node: PMNode; pos: number; depth: number } | null {
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d--) {
    if ($from.node(d).type === type) return { node: $from.node(d), pos: $from.before(d), depth: d };
  }
  return null;
}

/** The level of the heading the cursor is in, or 0. */
export function headingLevel(state: EditorState): number {
  const parent = state.selection.$from.parent;
  return parent.type === schema.nodes.heading ? (parent.attrs.level as number) : 0;
}

/** Heading: paragraph → level 1 → 2 → 3 → paragraph again. */
export const cycleHeading: Command = (state, dispatch) => {
  const level = headingLevel(state);
  if (level >= 3) return setBlockType(schema.nodes.paragraph)(state, dispatch);
  return setBlockType(schema.nodes.heading, { level: level + 1, markup: '#'.repeat(level + 1) })(
    state,
    dispatch
  );
};

/** Bulleted list: wraps the selected blocks in a list, or takes them out of the one they are in. */
export const toggleBulletList: Command = (state, dispatch) => {
  const item = ancestor(state, schema.nodes.list_item);
  if (item && state.selection.$from.node(item.depth - 1).type === schema.nodes.bullet_list) {
    return liftListItem(schema.nodes.list_item)(state, dispatch);
  }
  return wrapInList(schema.nodes.bullet_list)(state, dispatch);
};

/** Task list: makes the list item a task (or a plain item again); outside a list, starts a task list. */
export const toggleTaskList: Command = (state, dispatch) => {
  const item = ancestor(state, schema.nodes.list_item);
  if (item) {
    dispatch?.(
      state.tr.setNodeAttribute(item.pos, 'checked', item.node.attrs.checked === null ? false : null)
    );
    return true;
  }
  return wrapInList(schema.nodes.bullet_list)(state, (tr) => {
    if (!dispatch) return;
    const $pos = tr.selection.$from;
    for (let d = $pos.depth; d > 0; d--) {
      if ($pos.node(d).type === schema.nodes.list_item) {
        tr.setNodeAttribute($pos.before(d), 'checked', false);
        break;
      }
    }
    dispatch(tr);
  });
};

/** A GFM table of `columns` empty columns: a header row and one body row; cursor in the first cell. */
export function insertTable(columns = 2, header: string[] = []): Command {
  return (state, dispatch) => {
    if (isInTable(state) || !state.selection.$from.parent.isTextblock) return false;
    if (!dispatch) return true;
    const cell = (type: NodeType, text?: string) => type.create(null, text ? schema.text(text) : null);
    const head = schema.nodes.table_row.create(
      null,
      Array.from({ length: columns }, (_, i) => cell(schema.nodes.table_header, header[i]))
    );
    const body = schema.nodes.table_row.create(
      null,
      Array.from({ length: columns }, () => cell(schema.nodes.table_cell))
    );
    const table = schema.nodes.table.create(null, [head, body]);
    const { $from } = state.selection;
    const tr = state.tr;
    const empty = $from.parent.content.size === 0 && $from.depth === 1;
    const at = empty ? $from.before(1) : $from.after(1);
    if (empty) tr.replaceWith(at, $from.after(1), table);
    else tr.insert(at, table);
    // With header text given, the cursor goes to the body row (the header is typed already).
    const target = header.length ? at + 1 + head.nodeSize + 2 : at + 3;
    dispatch(tr.setSelection(TextSelection.create(tr.doc, target)).scrollIntoView());
    return true;
  };
}

/** Code: inline code on a selection; an empty line becomes a code block. */
export const toggleCode: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (empty && $from.parent.type === schema.nodes.paragraph && $from.parent.content.size === 0) {
    return setBlockType(schema.nodes.code_block, { params: '', fence: '```' })(state, dispatch);
  }
  if ($from.parent.type === schema.nodes.code_block)
    return setBlockType(schema.nodes.paragraph)(state, dispatch);
  return toggleMark(schema.marks.code)(state, dispatch);
};

/** Quote: wraps the selected blocks in a quote, or lifts them out of one. */
export const toggleQuote: Command = (state, dispatch) =>
  ancestor(state, schema.nodes.blockquote)
    ? lift(state, dispatch)
    : wrapIn(schema.nodes.blockquote)(state, dispatch);

/** The link around the cursor or selection: its href and range, or null. */
export function linkAtSelection(state: EditorState): { href: string; from: number; to: number } | null {
  const { $from, from, to } = state.selection;
  const type = schema.marks.link;
  const mark =
    type.isInSet($from.marks()) ??
    (from < to ? state.doc.nodeAt(from)?.marks.find((m) => m.type === type) : undefined);
  if (!mark) return null;
  // Grow the range over the text nodes carrying this very link.
  const parent = $from.parent;
  const start = $from.start();
  let linkFrom = from;
  let linkTo = to;
  parent.forEach((child, offset) => {
    const childFrom = start + offset;
    const childTo = childFrom + child.nodeSize;
    if (mark.isInSet(child.marks) && childTo >= from && childFrom <= to) {
      linkFrom = Math.min(linkFrom, childFrom);
      linkTo = Math.max(linkTo, childTo);
    }
  });
  return { href: mark.attrs.href as string, from: linkFrom, to: linkTo };
}

/**
 * Link: makes the selection (or the link the cursor is in) a link to `href`; with no selection,
 * inserts `text` (or the address itself) as a link. An empty href removes the link.
 */
export function setLink(href: string, text?: string): Command {
  return (state, dispatch) => {
    const existing = linkAtSelection(state);
    const { from, to, empty } = state.selection;
    const type = schema.marks.link;
    if (!dispatch) return true;
    const tr = state.tr;
    const range = existing ?? { from, to };
    if (!href.trim()) {
      if (existing) dispatch(tr.removeMark(existing.from, existing.to, type));
      return true;
    }
    const mark = type.create({ href: href.trim() });
    if (empty && !existing) {
      const label = text?.trim() || href.trim();
      tr.insert(
        from,
        schema.text(label, [...state.selection.$from.marks().filter((m) => m.type !== type), mark])
      );
      tr.setSelection(TextSelection.create(tr.doc, from + label.length)).removeStoredMark(type);
    } else {
      tr.removeMark(range.from, range.to, type).addMark(range.from, range.to, mark);
    }
    dispatch(tr.scrollIntoView());
    return true;
  };
}

/** Row and column commands for the table the cursor is in (prosemirror-tables). */
export const tableCommands = { addRowAfter, addColumnAfter, deleteRow, deleteColumn, isInTable };
