import { describe, expect, it } from 'vitest';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { parseMarkdown } from './parse';
import { serializeMarkdown } from './serialize';
import { cellBelow, goToCell } from './table-commands';

const TABLE = '| a | b |\n|---|:-:|\n| 1 | 2 |\n';

function stateAt(text: string): EditorState {
  const doc = parseMarkdown(TABLE);
  let pos = -1;
  doc.descendants((node, p) => {
    if (pos < 0 && node.isText && node.text === text) pos = p;
  });
  return EditorState.create({ doc, selection: TextSelection.create(doc, pos) });
}

function run(state: EditorState, command: Command): EditorState {
  let next = state;
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true);
  return next;
}

const cellText = (state: EditorState) => state.selection.$head.parent.textContent;

describe('table commands', () => {
  it('moves to the next cell, wrapping to the next row', () => {
    expect(cellText(run(stateAt('a'), goToCell(1)))).toBe('b');
    expect(cellText(run(stateAt('b'), goToCell(1)))).toBe('1');
  });

  it('moves to the previous cell, wrapping to the previous row', () => {
    expect(cellText(run(stateAt('1'), goToCell(-1)))).toBe('b');
  });

  it('does nothing past the last cell, so Tab falls through', () => {
    expect(goToCell(1)(stateAt('2'))).toBe(false);
  });

  it('adds a row with the column alignments when Enter is pressed in the last row', () => {
    const next = run(stateAt('2'), cellBelow);
    expect(serializeMarkdown(next.doc)).toBe('| a | b |\n|---|:-:|\n| 1 | 2 |\n|  |  |\n');
    expect(next.selection.$head.parent.attrs.align).toBe('center');
  });
});
