import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTagsToNote,
  createNote,
  createNotebook,
  getNote,
  getNoteTags,
  listNoteIds,
  trashNote,
  updateNote,
  emptyTrash
} from '$lib/db';
import { startDavServer, type DavServer } from '../../../tests/sync/dav-server';
import { davDriver, newDevice } from '../../../tests/sync/device';

let server: DavServer;
let n = 0;
const folder = () => `t${++n}`;

beforeAll(async () => {
  server = await startDavServer();
});
afterAll(() => server.close());

async function pair() {
  const name = folder();
  await server.mkcol(name);
  return { name, a: await newDevice(davDriver(server, name)), b: await newDevice(davDriver(server, name)) };
}

describe('sync between two Folio devices over WebDAV', { timeout: 60_000 }, () => {
  it('sets up an empty target with the layout Joplin writes', async () => {
    const { name, a } = await pair();
    const report = await a.sync();
    expect(report.createdTarget).toBe(true);
    const files = readdirSync(join(server.root, name)).sort();
    expect(files).toEqual(
      expect.arrayContaining(['.lock', '.resource', '.sync', 'info.json', 'locks', 'temp'])
    );
    expect(JSON.parse(readFileSync(join(server.root, name, 'info.json'), 'utf8'))).toMatchObject({
      version: 3,
      e2ee: { value: false }
    });
    expect(readFileSync(join(server.root, name, '.sync/version.txt'), 'utf8')).toBe('2');
    expect(readdirSync(join(server.root, name, 'locks'))).toEqual([]);
  });

  it('brings a note, its notebook and tags to the other device', async () => {
    const { a, b } = await pair();
    const book = await createNotebook(a.db, { title: 'Trips' });
    const note = await createNote(a.db, { title: 'Packing', body: 'socks', parent_id: book.id });
    await addTagsToNote(a.db, note.id, ['travel']);
    await a.sync();
    const report = await b.sync();
    expect(report.downloaded).toBeGreaterThanOrEqual(5);
    expect(await getNote(b.db, note.id)).toMatchObject({
      title: 'Packing',
      body: 'socks',
      parent_id: book.id
    });
    expect((await getNoteTags(b.db, note.id)).map((t) => t.title)).toEqual(['travel']);
  });

  it('sends nothing again when nothing changed', async () => {
    const { a, b } = await pair();
    await createNote(a.db, { title: 'x', parent_id: a.notebookId });
    await a.sync();
    await b.sync();
    await a.sync(); // takes B's own default notebook
    const again = await a.sync();
    expect(again).toMatchObject({ uploaded: 0, downloaded: 0 });
    expect(await b.sync()).toMatchObject({ uploaded: 0, downloaded: 0 });
  });

  it('makes a conflict copy on the device that syncs second', async () => {
    const { a, b } = await pair();
    const note = await createNote(a.db, { title: 'Shared', body: 'v1', parent_id: a.notebookId });
    await a.sync();
    await b.sync();
    await updateNote(a.db, note.id, { body: 'from A' });
    await updateNote(b.db, note.id, { body: 'from B' });
    await a.sync();
    const report = await b.sync();
    expect(report.conflicts).toBe(1);
    expect((await getNote(b.db, note.id))?.body).toBe('from A');
    const [copyId] = await listNoteIds(b.db, { kind: 'conflicts' });
    expect((await getNote(b.db, copyId))?.body).toBe('from B');
    await a.sync();
    expect((await getNote(a.db, note.id))?.body).toBe('from A');
    expect(await listNoteIds(a.db, { kind: 'conflicts' })).toEqual([]);
  });

  it('moves a note deleted on one device to the trash on the other', async () => {
    const { a, b } = await pair();
    const note = await createNote(a.db, { title: 'Gone', parent_id: a.notebookId });
    await a.sync();
    await b.sync();
    await trashNote(a.db, note.id);
    await a.sync();
    await b.sync();
    expect((await getNote(b.db, note.id))?.deleted_time).toBeGreaterThan(0);
    await emptyTrash(a.db);
    await a.sync();
    await b.sync();
    expect(await getNote(b.db, note.id)).toBeDefined();
    expect(await b.sync()).toMatchObject({ uploaded: 0 });
  });
});
