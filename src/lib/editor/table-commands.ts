/*
 * Moving around GFM tables: Tab / Shift-Tab go to the next / previous cell, Enter to the cell
 * below (adding a row at the end of the table). A cell holds one line of inline content, so
 * Enter must never split it.
 */
import type { Node as PMNode, ResolvedPos } from 'prosemirror-model';
import { TextSelection, type Command } from 'prosemirror-state';
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
      return { table: $pos.node(d - 2), tablePos: $pos.before(d - 2), row: $pos.index(d - 2), column: $pos.index(d - 1) };
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
    const pos = cellStart(place.table, place.tablePos, row, Math.min(column, place.table.child(row).childCount - 1));
    dispatch?.(state.tr.setSelection(TextSelection.create(state.doc, pos)).scrollIntoView());
    return true;
  };
}

/** Enter in a cell: go to the cell below, adding an empty row after the last one. */
export const cellBelow: Command = (state, dispatch) => {
  const place = cellPlace(state.selection.$head);
  if (!place) return false;
  if (!dispatch) return true;
  const tr = state.tr;
  if (place.row === place.table.childCount - 1) {
    const header = place.table.child(0);
    const cells: PMNode[] = [];
    header.forEach((cell) => cells.push(schema.nodes.table_cell.create({ align: cell.attrs.align })));
    tr.insert(place.tablePos + place.table.nodeSize - 1, schema.nodes.table_row.create(null, cells));
  }
  const table = tr.doc.nodeAt(place.tablePos)!;
  const pos = cellStart(table, place.tablePos, place.row + 1, Math.min(place.column, table.child(place.row + 1).childCount - 1));
  dispatch(tr.setSelection(TextSelection.create(tr.doc, pos)).scrollIntoView());
  return true;
};
