/**
 * The local-folder target (Joplin's sync target 2, "File system") against the real Joplin client:
 * Joplin sets the folder up and fills it; Folio, through the File System Access API (here over
 * the same folder on disk), reads it, adds to it, and Joplin takes Folio's note.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNote, getNote, listNoteIds, listNotebooks } from '$lib/db';
import { FolderDriver, newTargetInfoJson } from '$lib/sync';
import { newDevice, type Device } from '../sync/device';
import { joplinOnFolder, type JoplinPeer } from '../sync/joplin-peer';
import { folderHandle } from '../sync/node-folder';

const dir = mkdtempSync(join(tmpdir(), 'folio-folder-target-'));
let peer: JoplinPeer;
let folio: Device;

beforeAll(async () => {
  peer = await joplinOnFolder(dir);
  folio = await newDevice(new FolderDriver(await folderHandle(dir)), 'folder-test');
}, 10 * 60_000);

afterAll(async () => {
  await peer?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sync through a local folder with the real Joplin client', () => {
  it('reads a folder Joplin set up, whose info.json is byte for byte the one Folio writes', async () => {
    await peer.run('mkbook', 'On disk');
    await peer.run('mknote', 'Joplin on disk');
    await peer.run('set', 'Joplin on disk', 'body', '--', 'written by Joplin');
    await peer.sync();
    expect(readFileSync(join(dir, 'info.json'), 'utf8')).toBe(newTargetInfoJson());
    const report = await folio.sync();
    expect(report.createdTarget).toBe(false);
    expect((await listNotebooks(folio.db)).map((n) => n.title)).toContain('On disk');
    const notes = await Promise.all(
      (await listNoteIds(folio.db, { kind: 'all' })).map((id) => getNote(folio.db, id))
    );
    expect(notes.find((n) => n?.title === 'Joplin on disk')?.body).toBe('written by Joplin');
  }, 120_000);

  it('gives Joplin a note Folio wrote into the folder', async () => {
    const note = await createNote(folio.db, {
      title: 'Folio on disk',
      body: 'written by Folio',
      parent_id: folio.notebookId
    });
    await folio.sync();
    await peer.sync();
    expect(await peer.run('cat', note.id)).toContain('written by Folio');
    expect(await folio.sync()).toMatchObject({ uploaded: 0 });
  }, 120_000);
});
