import { describe, expect, it } from 'vitest';
import { createNotebook, ensureDefaultNotebook, listNotebooks, type NoteScope } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { NotebookActions } from './notebook-actions';
import { buildNotebookTree } from './notebook-tree';
import type { Workspace } from './workspace.svelte';

/** The parts of a Workspace the actions use, as plain data (runes are not compiled for Node tests). */
async function fakeWorkspace() {
  const db = freshDb();
  await ensureDefaultNotebook(db);
  const reported: string[] = [];
  const ws = {
    db,
    scope: { kind: 'all' } as NoteScope,
    tree: buildNotebookTree(await listNotebooks(db)),
    alerts: { report: (what: string) => reported.push(what) },
    selectScope(scope: NoteScope) {
      this.scope = scope;
    },
    async refresh() {
      this.tree = buildNotebookTree(await listNotebooks(db));
    }
  };
  return { ws, reported, actions: new NotebookActions(ws as unknown as Workspace) };
}

describe('NotebookActions', () => {
  it('selects a notebook it creates', async () => {
    const { ws, actions } = await fakeWorkspace();
    expect(await actions.create('Work')).toBe(true);
    const work = (await listNotebooks(ws.db)).find((n) => n.title === 'Work');
    expect(ws.scope).toEqual({ kind: 'notebook', id: work?.id });
  });

  it('reports a failure instead of throwing', async () => {
    const { reported, actions } = await fakeWorkspace();
    expect(await actions.rename('0'.repeat(32), 'Nope')).toBe(false);
    expect(reported).toEqual(['Could not rename the notebook']);
  });

  it('refuses to nest a notebook inside its own sub-notebook, with an alert', async () => {
    const { ws, reported, actions } = await fakeWorkspace();
    const parent = await createNotebook(ws.db, { title: 'Parent' });
    const child = await createNotebook(ws.db, { title: 'Child', parent_id: parent.id });
    await actions.move(parent.id, child.id);
    expect(reported).toEqual(['Could not move the notebook']);
  });

  it('goes back to All notes when the selected notebook is trashed with its parent', async () => {
    const { ws, actions } = await fakeWorkspace();
    const parent = await createNotebook(ws.db, { title: 'Parent' });
    const child = await createNotebook(ws.db, { title: 'Child', parent_id: parent.id });
    await ws.refresh();
    ws.selectScope({ kind: 'notebook', id: child.id });
    await actions.trash(parent.id);
    expect(ws.scope).toEqual({ kind: 'all' });
    expect((await listNotebooks(ws.db)).map((n) => n.title)).not.toContain('Child');
  });
});
