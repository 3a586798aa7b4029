import { describe, expect, it } from 'vitest';
import { notebookRecord } from '../../../tests/notebook-record';
import { buildNotebookTree, flattenTree, subtreeIds } from './notebook-tree';

const nb = notebookRecord;

describe('buildNotebookTree', () => {
  it('nests notebooks under their parents in title order', () => {
    const tree = buildNotebookTree([
      nb('c', 'Work', ''),
      nb('a', 'Zeta', 'c'),
      nb('b', 'Alpha', 'c'),
      nb('d', 'Home')
    ]);
    expect(tree.map((n) => n.notebook.title)).toEqual(['Home', 'Work']);
    expect(tree[1].children.map((n) => [n.notebook.title, n.depth])).toEqual([
      ['Alpha', 1],
      ['Zeta', 1]
    ]);
  });

  it('orders numbers in titles by value and case aside, as the note list does', () => {
    const tree = buildNotebookTree([
      nb('a', 'Week 10'),
      nb('b', 'week 2'),
      nb('c', 'Week 1'),
      nb('d', 'Archive')
    ]);
    expect(tree.map((n) => n.notebook.title)).toEqual(['Archive', 'Week 1', 'week 2', 'Week 10']);
  });

  it('puts a notebook whose parent is missing at the root', () => {
    const tree = buildNotebookTree([nb('a', 'Orphan', 'gone')]);
    expect(tree.map((n) => n.notebook.id)).toEqual(['a']);
  });

  it('shows notebooks caught in a cycle instead of hiding them', () => {
    const tree = buildNotebookTree([nb('a', 'A', 'b'), nb('b', 'B', 'a'), nb('r', 'Root')]);
    expect(tree.map((n) => n.notebook.id)).toEqual(['r', 'a']);
    expect(tree[1].children.map((n) => n.notebook.id)).toEqual(['b']);
  });
});

describe('subtreeIds', () => {
  it('collects a notebook and its descendants only', () => {
    const tree = buildNotebookTree([nb('a', 'A'), nb('b', 'B', 'a'), nb('c', 'C', 'b'), nb('d', 'D')]);
    expect([...subtreeIds(tree, 'b')].sort()).toEqual(['b', 'c']);
  });
});

describe('flattenTree', () => {
  it('labels each notebook with its path', () => {
    const tree = buildNotebookTree([nb('a', 'A'), nb('b', 'B', 'a')]);
    expect(flattenTree(tree)).toEqual([
      { id: 'a', label: 'A' },
      { id: 'b', label: 'A / B' }
    ]);
  });
});
