/*
 * GFM tables: a header row, a delimiter row carrying the column alignments, then body rows.
 * Cells hold inline content only (GFM has no block content in cells), rendered one by one. The
 * table's layout attrs keep the user's style: outer pipes or not, columns padded to one width,
 * a compact delimiter row (`|---|:-:|`).
 */
import type { MarkdownSerializerState } from 'prosemirror-markdown';
import type { Node as PMNode } from 'prosemirror-model';

type Align = 'left' | 'center' | 'right' | null;

/** Escapes the unescaped pipes of a rendered cell, which would otherwise split it, and joins its lines. */
function cellText(markdown: string): string {
  let out = '';
  let backslashes = 0;
  for (const ch of markdown.replace(/\n+$/, '').replace(/\n/g, ' ')) {
    if (ch === '|' && backslashes % 2 === 0) out += '\\';
    out += ch;
    backslashes = ch === '\\' ? backslashes + 1 : 0;
  }
  return out;
}

const width = (text: string): number => Array.from(text).length;

function pad(text: string, size: number, align: Align): string {
  const room = Math.max(0, size - width(text));
  if (align === 'right') return ' '.repeat(room) + text;
  if (align === 'center') return ' '.repeat(Math.floor(room / 2)) + text + ' '.repeat(Math.ceil(room / 2));
  return text + ' '.repeat(room);
}

function delimiter(size: number, align: Align): string {
  const dashes = (n: number) => '-'.repeat(Math.max(1, n));
  if (align === 'left') return ':' + dashes(size - 1);
  if (align === 'right') return dashes(size - 1) + ':';
  if (align === 'center') return ':' + dashes(size - 2) + ':';
  return dashes(size);
}

interface Layout {
  outerPipes: boolean;
  padded: boolean;
  compact: boolean;
  spaced: boolean;
  widths: number[] | null;
}

function joinRow(cells: string[], layout: Layout, compact: boolean): string {
  if (compact) return layout.outerPipes ? `|${cells.join('|')}|` : cells.join('|');
  return layout.outerPipes ? `| ${cells.join(' | ')} |` : cells.join(' | ');
}

/** Writes a table node; `renderCell` turns a cell's inline content into Markdown. */
export function writeTable(
  state: MarkdownSerializerState,
  node: PMNode,
  renderCell: (cell: PMNode) => string
): void {
  const layout = { ...(node.attrs as Layout) };
  const rows: string[][] = [];
  node.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => cells.push(cellText(renderCell(cell))));
    rows.push(cells);
  });
  const aligns: Align[] = [];
  node.child(0).forEach((cell) => aligns.push(cell.attrs.align as Align));
  if (aligns.length === 1) layout.outerPipes = true;
  const recorded = (col: number) => layout.widths?.[col] ?? 3;
  // A table read from the note keeps its column widths: a cell grown past its column overflows
  // rather than every other row being padded again (only the edited row changes).
  const widths = aligns.map((_, col) =>
    layout.widths?.[col] !== undefined
      ? recorded(col)
      : Math.max(recorded(col), ...rows.map((cells) => width(cells[col] ?? '')))
  );
  const body = rows.map((cells) =>
    joinRow(
      cells.map((c, col) => (layout.padded ? pad(c, widths[col], aligns[col]) : c)),
      layout,
      !layout.spaced
    )
  );
  const extra = layout.compact && layout.padded && layout.spaced ? 2 : 0;
  const delimiters = aligns.map((align, col) =>
    delimiter(layout.padded ? widths[col] + extra : recorded(col), align)
  );
  const lines = [body[0], joinRow(delimiters, layout, layout.compact), ...body.slice(1)];
  state.write(lines.join('\n'));
  state.closeBlock(node);
}
