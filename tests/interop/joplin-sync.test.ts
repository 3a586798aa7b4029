/**
 * Sync against the real Joplin client (3.6.2) as the other device, over a WebDAV server on
 * loopback: what Folio makes shows in Joplin's `ls` and `cat`, and the other way; an edit on both
 * sides gives a conflict copy on the device that syncs second, whichever it is, with both texts
 * kept; deletions reach the trash; an attachment's bytes arrive intact.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTagsToNote,
  createNote,
  createNotebook,
  createResource,
  getNote,
  getNoteTags,
  getResourceBlob,
  listNoteIds,
  listNotebooks,
  trashNote,
  updateNote
} from '$lib/db';
import { startDavServer, type DavServer } from '../sync/dav-server';
import { davDriver, newDevice, type Device } from '../sync/device';
import { joplinOnWebDav, rawField, type JoplinPeer } from '../sync/joplin-peer';

const PIXEL = readFileSync(join(process.cwd(), 'tests/interop/fixtures/markdown-library/Personal/pixel.png'));

let server: DavServer;
let folio: Device;
let peer: JoplinPeer;

beforeAll(async () => {
  server = await startDavServer();
  await server.mkcol('joplin');
  folio = await newDevice(davDriver(server, 'joplin'));
  peer = await joplinOnWebDav(server, 'joplin');
}, 10 * 60_000);

afterAll(async () => {
  await peer?.close();
  await server?.close();
});

async function joplinNoteId(title: string): Promise<string> {
  const note = (await peer.notes()).find((n) => n.title === title && !n.is_conflict);
  if (!note) throw new Error(`Joplin has no note "${title}"`);
  return note.id;
}

describe('sync with the real Joplin client over WebDAV', () => {
  let noteId: string;

  it('shows notebooks, notes, tags, to-dos and an image made in Folio in Joplin', async () => {
    const book = await createNotebook(folio.db, { title: 'Folio book' });
    const image = await createResource(folio.db, new Blob([PIXEL], { type: 'image/png' }), {
      filename: 'pixel.png'
    });
    const note = await createNote(folio.db, {
      title: 'From Folio',
      body: `Hello Joplin\n\n![pixel](:/${image.id})`,
      parent_id: book.id
    });
    noteId = note.id;
    await addTagsToNote(folio.db, note.id, ['shared-tag']);
    await createNote(folio.db, {
      title: 'Folio todo',
      is_todo: 1,
      todo_completed: Date.now(),
      parent_id: book.id
    });
    await folio.sync();
    await peer.sync();

    expect(await peer.run('ls', '/')).toContain('Folio book');
    await peer.run('use', 'Folio book');
    const listed = await peer.run('ls', '-l');
    expect(listed).toContain('From Folio');
    expect(listed).toMatch(/\[X\] Folio todo/);
    expect(await peer.run('cat', note.id)).toContain('Hello Joplin');
    expect(await peer.run('tag', 'notetags', note.id)).toContain('shared-tag');
    const raw = await peer.exportRaw();
    const resource = raw.get(`${image.id}.md`)!;
    expect(rawField(resource, 'mime')).toBe('image/png');
    expect(rawField(resource, 'size')).toBe(String(PIXEL.length));
    expect(readFileSync(join(peer.profile, 'resources', `${image.id}.png`)).equals(PIXEL)).toBe(true);
  }, 120_000);

  it('brings notebooks, notes, tags, to-dos and an attachment made in Joplin into Folio', async () => {
    await peer.run('mkbook', 'Joplin book');
    await peer.run('use', 'Joplin book');
    await peer.run('mknote', 'From Joplin');
    await peer.run('set', 'From Joplin', 'body', '--', 'Body **written** in Joplin');
    await peer.run('tag', 'add', 'joplin-tag', 'From Joplin');
    await peer.run(
      'attach',
      'From Joplin',
      join(process.cwd(), 'tests/interop/fixtures/markdown-library/Personal/pixel.png')
    );
    await peer.run('mktodo', 'Joplin todo');
    await peer.sync();
    await folio.sync();

    const book = (await listNotebooks(folio.db)).find((n) => n.title === 'Joplin book');
    expect(book).toBeDefined();
    const ids = await listNoteIds(folio.db, { kind: 'notebook', id: book!.id });
    const notes = await Promise.all(ids.map((id) => getNote(folio.db, id)));
    const fromJoplin = notes.find((n) => n?.title === 'From Joplin')!;
    expect(fromJoplin.body).toContain('Body **written** in Joplin');
    expect(fromJoplin.body).toMatch(/!\[pixel\.png\]\(:\/[0-9a-f]{32}\)/);
    expect(notes.find((n) => n?.title === 'Joplin todo')?.is_todo).toBe(1);
    expect((await getNoteTags(folio.db, fromJoplin.id)).map((t) => t.title)).toEqual(['joplin-tag']);
    const resourceId = /:\/([0-9a-f]{32})/.exec(fromJoplin.body)![1];
    const blob = await getResourceBlob(folio.db, resourceId);
    expect(Buffer.from(await blob!.arrayBuffer()).equals(PIXEL)).toBe(true);
  }, 120_000);

  it('keeps a conflict copy in Joplin when Joplin syncs second', async () => {
    await updateNote(folio.db, noteId, { body: 'Folio wins the race' });
    await peer.run('set', noteId, 'body', '--', 'Joplin was second');
    await folio.sync();
    await peer.sync();
    expect(await peer.run('cat', noteId)).toContain('Folio wins the race');
    const copies = (await peer.notes()).filter((n) => n.is_conflict);
    expect(copies.map((n) => n.body)).toEqual(['Joplin was second']);
    expect(copies[0].conflict_original_id).toBe(noteId);
  }, 120_000);

  it('keeps a conflict copy in Folio when Folio syncs second', async () => {
    const id = await joplinNoteId('From Joplin');
    await peer.run('set', id, 'body', '--', 'Joplin wins this time');
    await updateNote(folio.db, id, { body: 'Folio was second' });
    await peer.sync();
    const report = await folio.sync();
    expect(report.conflicts).toBe(1);
    expect((await getNote(folio.db, id))?.body).toBe('Joplin wins this time');
    const [copyId] = await listNoteIds(folio.db, { kind: 'conflicts' });
    expect((await getNote(folio.db, copyId))?.body).toBe('Folio was second');
    await peer.sync();
    expect(await peer.run('cat', id)).toContain('Joplin wins this time');
  }, 120_000);

  it('moves deleted notes to the trash on the other side, both ways', async () => {
    await trashNote(folio.db, noteId);
    const todoId = await joplinNoteId('Joplin todo');
    await peer.run('rmnote', '-f', todoId);
    await folio.sync();
    await peer.sync();
    await folio.sync();
    const inJoplin = (await peer.notes()).find((n) => n.id === noteId);
    expect(inJoplin?.deleted_time).toBeGreaterThan(0);
    expect(await peer.run('cat', noteId)).toContain('From Folio');
    expect((await getNote(folio.db, todoId))?.deleted_time).toBeGreaterThan(0);
    expect(await listNoteIds(folio.db, { kind: 'trash' })).toEqual(expect.arrayContaining([noteId, todoId]));
  }, 120_000);

  it('takes a note deleted for good in Joplin to the trash in Folio', async () => {
    const id = await joplinNoteId('From Joplin');
    await peer.run('rmnote', '-f', '--permanent', id);
    await peer.sync();
    await folio.sync();
    expect((await getNote(folio.db, id))?.deleted_time).toBeGreaterThan(0);
    expect(await folio.sync()).toMatchObject({ uploaded: 0, downloaded: 0 });
  }, 120_000);
});
