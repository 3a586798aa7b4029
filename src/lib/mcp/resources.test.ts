import { describe, expect, it } from 'vitest';
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema
} from '@modelcontextprotocol/sdk/types.js';
import { createNote, trashNote, updateNote } from '$lib/db';
import { mcpBench, settle } from './mcp-test-kit';
import { listNoteResources, noteUri, parseNoteUri } from './note-resources';

describe('MCP server: notes as resources', () => {
  it('lists notes as folio://note/{id} resources', async () => {
    const bench = await mcpBench();
    const note = await createNote(bench.db, { title: 'Plan', body: 'Go', parent_id: bench.notebookId });
    const client = await bench.connect();
    const { resources } = await client.listResources();
    expect(resources).toEqual([
      expect.objectContaining({ uri: `folio://note/${note.id}`, name: 'Plan', mimeType: 'text/markdown' })
    ]);
  });

  it('pages the list with a cursor, without repeating a note', async () => {
    const bench = await mcpBench();
    for (let i = 0; i < 5; i++) await createNote(bench.db, { title: `n${i}`, parent_id: bench.notebookId });
    const first = await listNoteResources(bench.db, undefined, 2);
    const second = await listNoteResources(bench.db, first.nextCursor, 2);
    const third = await listNoteResources(bench.db, second.nextCursor, 2);
    const uris = [...first.resources, ...second.resources, ...third.resources].map((r) => r.uri);
    expect({ count: new Set(uris).size, last: third.nextCursor }).toEqual({ count: 5, last: undefined });
  });

  it('rejects a cursor it did not hand out', async () => {
    const bench = await mcpBench();
    const client = await bench.connect();
    await expect(client.listResources({ cursor: 'nonsense' })).rejects.toMatchObject({ code: -32602 });
  });

  it('leaves trashed notes out of the list', async () => {
    const bench = await mcpBench();
    const note = await createNote(bench.db, { title: 'Gone', parent_id: bench.notebookId });
    await trashNote(bench.db, note.id);
    const client = await bench.connect();
    expect((await client.listResources()).resources).toEqual([]);
  });

  it('reads a note resource as its Markdown', async () => {
    const bench = await mcpBench();
    const note = await createNote(bench.db, {
      title: 'Plan',
      body: '# Steps\n\n- [ ] one',
      parent_id: bench.notebookId
    });
    const client = await bench.connect();
    const { contents } = await client.readResource({ uri: noteUri(note.id) });
    expect(contents).toEqual([
      { uri: noteUri(note.id), mimeType: 'text/markdown', text: '# Steps\n\n- [ ] one' }
    ]);
  });

  it('answers a missing note with resource-not-found', async () => {
    const bench = await mcpBench();
    const client = await bench.connect();
    await expect(client.readResource({ uri: noteUri('0'.repeat(32)) })).rejects.toMatchObject({
      code: -32002
    });
  });

  it('offers the note URI template', async () => {
    const { connect } = await mcpBench();
    const client = await connect();
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['folio://note/{id}']);
  });

  it('refuses resources when read_note is switched off for MCP', async () => {
    const bench = await mcpBench({ read_note: false });
    const client = await bench.connect();
    await expect(client.listResources()).rejects.toMatchObject({ code: -32600 });
  });

  it('notifies a subscriber when its note changes', async () => {
    const bench = await mcpBench();
    const note = await createNote(bench.db, { title: 'Watched', parent_id: bench.notebookId });
    const client = await bench.connect();
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    await client.subscribeResource({ uri: noteUri(note.id) });
    await updateNote(bench.db, note.id, { body: 'changed' });
    await settle(100);
    expect(updated).toEqual([noteUri(note.id)]);
  });

  it('stops notifying after unsubscribe', async () => {
    const bench = await mcpBench();
    const note = await createNote(bench.db, { title: 'Watched', parent_id: bench.notebookId });
    const client = await bench.connect();
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    await client.subscribeResource({ uri: noteUri(note.id) });
    await client.unsubscribeResource({ uri: noteUri(note.id) });
    await updateNote(bench.db, note.id, { body: 'changed' });
    await settle(100);
    expect(updated).toEqual([]);
  });

  it('notifies resources/list_changed when a note is created', async () => {
    const bench = await mcpBench();
    const client = await bench.connect();
    let notified = 0;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void notified++);
    await createNote(bench.db, { title: 'New', parent_id: bench.notebookId });
    await settle(100);
    expect(notified).toBeGreaterThan(0);
  });

  it('parses only note URIs', () => {
    expect([
      parseNoteUri(noteUri('a'.repeat(32))),
      parseNoteUri('folio://note/xyz'),
      parseNoteUri('test://static-text')
    ]).toEqual(['a'.repeat(32), null, null]);
  });

  it('does not notify resources/list_changed for a second body edit', async () => {
    const bench = await mcpBench();
    const note = await createNote(bench.db, { title: 'Draft', parent_id: bench.notebookId });
    await updateNote(bench.db, note.id, { body: 'first' });
    await settle(100);
    const client = await bench.connect();
    let notified = 0;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void notified++);
    await updateNote(bench.db, note.id, { body: 'second' });
    await settle(100);
    expect(notified).toBe(0);
  });

  it('notifies resources/list_changed when a note is renamed or trashed', async () => {
    const bench = await mcpBench();
    const note = await createNote(bench.db, { title: 'Draft', parent_id: bench.notebookId });
    await settle(100);
    const client = await bench.connect();
    let notified = 0;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void notified++);
    await updateNote(bench.db, note.id, { title: 'Final' });
    await settle(100);
    await trashNote(bench.db, note.id);
    await settle(100);
    expect(notified).toBe(2);
  });
});
