import { afterEach, describe, expect, it, vi } from 'vitest';
import { notebookRecord } from '../../../tests/notebook-record';
import { buildNotebookTree } from './notebook-tree';
import {
  FIRST_TREE_ROWS,
  rememberCollapsed,
  rowOrder,
  savedCollapsed,
  TREE_ROWS_PER_SLICE
} from './tree-rows';
import { NotebookTreeUi } from './tree-ui.svelte';

const notebook = (id: string, parent_id = '') => notebookRecord(id, id, parent_id);

/** `count` top-level notebooks named t000…, each with two children (t000/a, t000/b). */
function bigTree(count: number) {
  const list = [];
  for (let i = 0; i < count; i++) {
    const id = `t${String(i).padStart(3, '0')}`;
    list.push(notebook(id), notebook(`${id}/a`, id), notebook(`${id}/b`, id));
  }
  return buildNotebookTree(list);
}

function fakeStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value)
  });
  return items;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('rowOrder', () => {
  it('numbers the rows top to bottom, and skips the children of a collapsed notebook', () => {
    const tree = bigTree(2);
    expect([...rowOrder(tree, new Set())]).toEqual([
      ['t000', 0],
      ['t000/a', 1],
      ['t000/b', 2],
      ['t001', 3],
      ['t001/a', 4],
      ['t001/b', 5]
    ]);
    expect([...rowOrder(tree, new Set(['t000']))]).toEqual([
      ['t000', 0],
      ['t001', 1],
      ['t001/a', 2],
      ['t001/b', 3]
    ]);
  });
});

describe('collapsed notebooks', () => {
  it('are remembered on this device, and read back', () => {
    fakeStorage();
    expect(savedCollapsed()).toEqual([]);
    rememberCollapsed(['x', 'y']);
    expect(savedCollapsed()).toEqual(['x', 'y']);
  });

  it('are none when storage fails or holds something else', () => {
    const items = fakeStorage();
    items.set('folio.collapsedNotebooks', '{"not": "a list"}');
    expect(savedCollapsed()).toEqual([]);
    items.set('folio.collapsedNotebooks', 'not json');
    expect(savedCollapsed()).toEqual([]);
    vi.stubGlobal('localStorage', undefined);
    expect(savedCollapsed()).toEqual([]);
    expect(() => rememberCollapsed(['x'])).not.toThrow();
  });

  it('stay collapsed in the next tree (a reload), and a deleted notebook is forgotten', () => {
    fakeStorage();
    const tree = bigTree(3);
    const ui = new NotebookTreeUi(() => tree);
    ui.toggle('t001');
    expect(new NotebookTreeUi(() => tree).collapsed.has('t001')).toBe(true);
    // A notebook deleted since ('gone') is dropped the next time the set is saved.
    rememberCollapsed(['t001', 'gone']);
    const next = new NotebookTreeUi(() => tree);
    next.toggle('t000');
    expect(savedCollapsed().sort()).toEqual(['t000', 't001']);
  });
});

describe('NotebookTreeUi drawing a large tree', () => {
  it('draws the first rows at once and the rest in slices after each painted frame', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 16));
    vi.stubGlobal('cancelAnimationFrame', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
    const tree = bigTree(100); // 300 rows
    const ui = new NotebookTreeUi(() => tree);
    const drawnCount = () => [...rowOrder(tree, new Set()).keys()].filter((id) => ui.drawn(id)).length;
    expect(drawnCount()).toBe(FIRST_TREE_ROWS);
    const stop = ui.drawRest();
    vi.advanceTimersByTime(16); // the frame; the slice's timer runs after it
    expect(drawnCount()).toBe(FIRST_TREE_ROWS);
    vi.advanceTimersByTime(1);
    expect(drawnCount()).toBe(FIRST_TREE_ROWS + TREE_ROWS_PER_SLICE);
    vi.advanceTimersByTime(1000);
    expect(drawnCount()).toBe(300);
    // Once all are drawn, rows shown later (a notebook expanded) are drawn at once.
    expect(ui.drawnRows).toBe(Infinity);
    stop();
  });

  it('stops drawing when told to', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 16));
    vi.stubGlobal('cancelAnimationFrame', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
    const tree = bigTree(100);
    const ui = new NotebookTreeUi(() => tree);
    const stop = ui.drawRest();
    vi.advanceTimersByTime(17);
    stop();
    vi.advanceTimersByTime(1000);
    expect(ui.drawnRows).toBe(FIRST_TREE_ROWS + TREE_ROWS_PER_SLICE);
  });
});
