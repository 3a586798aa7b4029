/*
 * Moving around GFM tables: Tab / Shift-Tab go to the next / previous cell, Enter to the cell
 * below (adding a row at the end of the table; Enter in that new row while it is empty leaves
 * the table). A cell holds one line of inline content, so
 * Enter must never split it.
 *
 * Typing a table as Markdown: Enter on a line like `| a | b |` makes it a table with that header
 * row; then, in a cell, `|` typed at the end of its text goes to the next cell (the row's closing
 * `|` and a row's opening one are dropped), so a row typed as `| 1 | 2 |` fills the cells.
 */
import type { Node as PMNode, ResolvedPos } from 'prosemirror-model';
import { TextSelection, type Command } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { insertTable } from './format-commands';
import { markdownSchema as schema } from './schema';

interface CellPlace {
  table: PMNode;
  tablePos: number;
  row: number;
  column: number;
}

function cellPlace($pos: ResolvedPos): CellPlace | null {
  for (let d = $pos.depth; d >= 2; d--) {
    const type = $pos.node(d).type;
    if (type === schema.nodes.table_cell || type === schema.nodes.table_header) {
      return {
        table: $pos.node(d - 2),
        tablePos: $pos.before(d - 2),
        row: $pos.index(d - 2),
        column: $pos.index(d - 1)
      };
    }
  }
  return null;
}

/** Document position of the start of the content of cell (row, column). */
function cellStart(table: PMNode, tablePos: number, row: number, column: number): number {
  let pos = tablePos + 1;
  for (let r = 0; r < row; r++) pos += table.child(r).nodeSize;
  pos += 1;
  const cells = table.child(row);
  for (let c = 0; c < column; c++) pos += cells.child(c).nodeSize;
  return pos + 1;
}

/** Moves the cursor `dir` cells along the reading order; false at either end of the table. */
export function goToCell(dir: 1 | -1): Command {
  return (state, dispatch) => {
    const place = cellPlace(state.selection.$head);
    if (!place) return false;
    const width = place.table.child(place.row).childCount;
    let { row, column } = place;
    column += dir;
    if (column >= width) [row, column] = [row + 1, 0];
    if (column < 0) [row, column] = [row - 1, place.table.child(Math.max(row - 1, 0)).childCount - 1];
    if (row < 0 || row >= place.table.childCount) return false;
    const pos = cellStart(
      place.table,
      place.tablePos,
      row,
      Math.min(column, place.table.child(row).childCount - 1)
    );
    dispatch?.(state.tr.setSelection(TextSelection.create(state.doc, pos)).scrollIntoView());
    return true;
  };
}

/** Enter in an empty last row: the row goes and the cursor leaves the table (as Enter on an empty list item does). */
function leaveTable(
  state: Parameters<Command>[0],
  place: CellPlace,
  dispatch: NonNullable<Parameters<Command>[1]>
): void {
  const tr = state.tr;
  const rowStart = cellStart(place.table, place.tablePos, place.row, 0) - 2;
  tr.delete(rowStart, rowStart + place.table.child(place.row).nodeSize);
  const after = tr.mapping.map(place.tablePos + place.table.nodeSize);
  const next = tr.doc.resolve(after).nodeAfter;
  if (!next || !next.isTextblock) tr.insert(after, schema.nodes.paragraph.create());
  dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView());
}

/** Enter in a cell: go to the cell below, adding an empty row after the last one. */
export const cellBelow: Command = (state, dispatch) => {
  const place = cellPlace(state.selection.$head);
  if (!place) return false;
  if (!dispatch) return true;
  const row = place.table.child(place.row);
  if (
    place.row === place.table.childCount - 1 &&
    place.row > 1 &&
    row.textContent === '' &&
    row.childCount === place.table.child(0).childCount
  ) {
    leaveTable(state, place, dispatch);
    return true;
  }
  const tr = state.tr;
  if (place.row === place.table.childCount - 1) {
    const header = place.table.child(0);
    const cells: PMNode[] = [];
    header.forEach((cell) => cells.push(schema.nodes.table_cell.create({ align: cell.attrs.align })));
    tr.insert(place.tablePos + place.table.nodeSize - 1, schema.nodes.table_row.create(null, cells));
  }
  const table = tr.doc.nodeAt(place.tablePos)!;
  const pos = cellStart(
    table,
    place.tablePos,
    place.row + 1,
    Math.min(place.column, table.child(place.row + 1).childCount - 1)
  );
  dispatch(tr.setSelection(TextSelection.create(tr.doc, pos)).scrollIntoView());
  return true;
};

/** The cells of a typed table row (`| a | b |` or `a | b`), or null when the line is no row. */
export function rowCells(line: string): string[] | null {
  const text = line.trim();
  if (!text.startsWith('|') || !text.endsWith('|') || text.length < 3) return null;
  const cells = text
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
  return cells.length >= 1 && cells.some((cell) => cell) ? cells : null;
}

/** Enter at the end of a top-level paragraph holding one `| a | b |` line: it becomes a table. */
export const tableFromRow: Command = (state, dispatch, view) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.depth !== 1 || $from.parent.type !== schema.nodes.paragraph) return false;
  if ($from.parentOffset !== $from.parent.content.size) return false;
  const text = $from.parent.textContent;
  const cells = text.includes('\n') ? null : rowCells(text);
  if (!cells) return false;
  if (!dispatch) return true;
  const cleared = state.tr.delete($from.start(), $from.end());
  const next = state.apply(cleared);
  return insertTable(cells.length, cells)(
    next,
    (tr) => {
      for (const step of tr.steps) cleared.step(step);
      dispatch(cleared.setSelection(TextSelection.create(cleared.doc, tr.selection.from)).scrollIntoView());
    },
    view
  );
};

/**
 * `|` typed in a cell: see the module comment. A space typed into an empty cell is dropped too
 * (GFM trims cells), and spaces ending a cell go when `|` leaves it. True when the input was taken.
 */
export function pipeInCell(view: EditorView, from: number, to: number, text: string): boolean {
  if ((text !== '|' && text !== ' ') || from !== to) return false;
  const $pos = view.state.doc.resolve(from);
  const place = cellPlace($pos);
  if (!place) return false;
  const cell = $pos.parent;
  if (text === ' ') return cell.content.size === 0;
  if ($pos.parentOffset !== cell.content.size) return false;
  const lastColumn = place.column === place.table.child(place.row).childCount - 1;
  const trailing = /[ \t]+$/.exec(cell.textContent)?.[0].length ?? 0;
  const tr = view.state.tr;
  if (trailing) tr.delete(from - trailing, from);
  // A row's opening `|` (empty first cell) and its closing one (last cell) are just dropped.
  if ((cell.content.size === 0 && place.column === 0) || lastColumn) {
    if (tr.docChanged) view.dispatch(tr);
    return true;
  }
  const next = view.state.apply(tr);
  // goToCell only moves the selection, over the same document as `tr` leaves.
  return goToCell(1)(next, (move) =>
    view.dispatch(tr.setSelection(TextSelection.create(tr.doc, move.selection.from)))
  );
}
