/*
 * GFM tables: a header row, a delimiter row carrying the column alignments, then body rows.
 * Cells hold inline content only (GFM has no block content in cells), rendered one by one.
 */
import type { MarkdownSerializerState } from 'prosemirror-markdown';
import type { Node as PMNode } from 'prosemirror-model';

const ALIGN_DELIMITER: Record<string, string> = { left: ':--', center: ':-:', right: '--:' };

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

/** Writes a table node; `renderCell` turns a cell's inline content into Markdown. */
export function writeTable(
  state: MarkdownSerializerState,
  node: PMNode,
  renderCell: (cell: PMNode) => string
): void {
  const lines: string[] = [];
  node.forEach((row, _offset, rowIndex) => {
    const cells: string[] = [];
    row.forEach((cell) => cells.push(cellText(renderCell(cell))));
    lines.push(`| ${cells.join(' | ')} |`);
    if (rowIndex === 0) {
      const aligns: string[] = [];
      row.forEach((cell) => aligns.push(ALIGN_DELIMITER[cell.attrs.align as string] ?? '---'));
      lines.push(`| ${aligns.join(' | ')} |`);
    }
  });
  state.write(lines.join('\n'));
  state.closeBlock(node);
}
