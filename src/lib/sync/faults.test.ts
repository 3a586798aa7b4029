/**
 * Sync under faults, through a real WebDAV server on loopback with a fault-injecting front
 * (tests/sync/dav-server.ts): every case ends with a clear error kind and message, and with every
 * version still recoverable on some side.
 */
import { readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createNote,
  createNotebook,
  createResource,
  emptyTrash,
  getNote,
  getResourceBlob,
  listNoteIds,
  listRevisions,
  trashNote,
  trashNotebook,
  updateNote
} from '$lib/db';
import { startDavServer, type DavServer } from '../../../tests/sync/dav-server';
import { davDriver, newDevice, type Device } from '../../../tests/sync/device';
import { SyncError } from './errors';
import { LOCK_TTL_MS } from './locks';

let server: DavServer;
let name: string;
let n = 0;

beforeAll(async () => {
  server = await startDavServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.faults.length = 0;
  name = `f${++n}`;
  await server.mkcol(name);
});

const device = () => newDevice(davDriver(server, name));
const itemFiles = () => readdirSync(join(server.root, name)).filter((f) => f.endsWith('.md'));

async function failure(run: Promise<unknown>): Promise<SyncError> {
  const error = await run.then(
    () => null,
    (e) => e
  );
  expect(error).toBeInstanceOf(SyncError);
  return error as SyncError;
}

async function synced(): Promise<[Device, Device]> {
  const a = await device();
  const b = await device();
  await a.sync();
  await b.sync();
  await a.sync();
  return [a, b];
}

// Each case runs several syncs against a real server: far more than the default 5 s on a loaded machine.
describe('sync faults', { timeout: 60_000 }, () => {
  it('finishes the job at the next sync after the connection dropped mid-upload, without duplicates', async () => {
    const a = await device();
    for (let i = 0; i < 12; i++) await createNote(a.db, { title: `note ${i}`, parent_id: a.notebookId });
    await a.sync();
    for (let i = 12; i < 20; i++) await createNote(a.db, { title: `note ${i}`, parent_id: a.notebookId });
    server.faults.push({ method: 'PUT', path: /[0-9a-f]{32}\.md$/, drop: true, skip: 4 });
    expect((await failure(a.sync())).kind).toBe('network');
    server.faults.length = 0;
    await a.sync();
    expect(itemFiles()).toHaveLength(21); // 20 notes and the notebook
    const b = await device();
    await b.sync();
    expect((await listNoteIds(b.db, { kind: 'all' })).length).toBe(20);
    expect(await a.sync()).toMatchObject({ uploaded: 0 });
  });

  it.each([
    [401, 'auth', /user name or password/],
    [403, 'forbidden', /does not let this account/],
    [404, 'not_found', /no folder at this address/],
    [423, 'locked', /locked/],
    [500, 'server', /internal error/],
    [507, 'full', /no space left/]
  ])('explains an HTTP %i in words', async (status, kind, message) => {
    const a = await device();
    await a.sync();
    await createNote(a.db, { title: 'x', parent_id: a.notebookId });
    server.faults.push({ method: 'PUT', path: /\.md$/, status });
    const error = await failure(a.sync());
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
    expect(error.message).toContain(`HTTP ${status}`);
    server.faults.length = 0;
    await a.sync();
    expect(itemFiles()).toHaveLength(2);
  });

  it('retries a passing server error by itself', async () => {
    const a = await device();
    server.faults.push({ method: 'PROPFIND', status: 503, times: 1 });
    await a.sync();
    expect(itemFiles()).toHaveLength(1);
  });

  it('waits for another client\u2019s exclusive lock, and ignores it once it expired', async () => {
    const a = await device();
    await a.sync();
    const lock = join(server.root, name, 'locks', `2_1_${'c'.repeat(32)}.json`);
    writeFileSync(lock, '{}');
    const error = await failure(a.sync());
    expect(error.kind).toBe('locked');
    expect(error.message).toMatch(/exclusive lock.*expires within/);
    const old = (Date.now() - LOCK_TTL_MS - 60_000) / 1000;
    utimesSync(lock, old, old);
    await a.sync();
    expect(readdirSync(join(server.root, name, 'locks'))).toEqual([`2_1_${'c'.repeat(32)}.json`]);
  });

  it('converges when two devices sync at the same moment', async () => {
    const [a, b] = await synced();
    await createNote(a.db, { title: 'from a', parent_id: a.notebookId });
    await createNote(b.db, { title: 'from b', parent_id: b.notebookId });
    await Promise.all([a.sync(), b.sync()]);
    await a.sync();
    await b.sync();
    const titles = async (d: Device) =>
      (await Promise.all((await listNoteIds(d.db, { kind: 'all' })).map((id) => getNote(d.db, id))))
        .map((x) => x!.title)
        .sort();
    expect(await titles(a)).toEqual(['from a', 'from b']);
    expect(await titles(b)).toEqual(['from a', 'from b']);
  });

  it('keeps the edit as a conflict copy when the other device deleted the note for good', async () => {
    const [a, b] = await synced();
    const note = await createNote(a.db, { title: 'Edited here', body: 'v1', parent_id: a.notebookId });
    await a.sync();
    await b.sync();
    await trashNote(b.db, note.id);
    await emptyTrash(b.db);
    await b.sync();
    await updateNote(a.db, note.id, { body: 'my edit' });
    const report = await a.sync();
    expect(report.conflicts).toBe(1);
    const [copyId] = await listNoteIds(a.db, { kind: 'conflicts' });
    expect((await getNote(a.db, copyId))?.body).toBe('my edit');
    expect((await getNote(a.db, note.id))?.deleted_time).toBeGreaterThan(0);
    expect(await a.sync()).toMatchObject({ uploaded: 0, conflicts: 0 });
  });

  it('keeps a note moved into a notebook deleted elsewhere, under Conflicts', async () => {
    const [a, b] = await synced();
    const book = await createNotebook(a.db, { title: 'Doomed' });
    const note = await createNote(a.db, { title: 'Mover', parent_id: a.notebookId });
    await a.sync();
    await b.sync();
    await trashNotebook(b.db, book.id);
    await emptyTrash(b.db);
    await b.sync();
    await updateNote(a.db, note.id, { parent_id: book.id });
    const report = await a.sync();
    expect(report.problems.join(' ')).toMatch(/kept under Conflicts/);
    expect(await listNoteIds(a.db, { kind: 'conflicts' })).toEqual([note.id]);
    expect((await getNote(a.db, note.id))?.title).toBe('Mover');
  });

  it('carries a 50 MB attachment both ways, byte for byte', async () => {
    const [a, b] = await synced();
    const bytes = new Uint8Array(50 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
    const resource = await createResource(a.db, new Blob([bytes], { type: 'application/octet-stream' }), {
      filename: 'big.bin'
    });
    await createNote(a.db, { title: 'Big', body: `[big.bin](:/${resource.id})`, parent_id: a.notebookId });
    await a.sync();
    await b.sync();
    const blob = await getResourceBlob(b.db, resource.id);
    expect(blob?.size).toBe(bytes.length);
    const got = new Uint8Array(await blob!.arrayBuffer());
    expect(got[4096 * 250]).toBe(250 % 251);
    expect(Buffer.from(got).equals(Buffer.from(bytes))).toBe(true);
  }, 120_000);

  it('syncs an edit made on a device whose clock is an hour behind', async () => {
    const [a, b] = await synced();
    const note = await createNote(a.db, { title: 'Skew', body: 'from a', parent_id: a.notebookId });
    await a.sync();
    await b.sync();
    await updateNote(b.db, note.id, { body: 'later, from a slow clock' }, { now: Date.now() - 3600_000 });
    await b.sync({ clock: () => Date.now() - 3600_000 });
    await a.sync();
    expect((await getNote(a.db, note.id))?.body).toBe('later, from a slow clock');
    expect((await getNote(a.db, note.id))!.updated_time).toBe((await getNote(b.db, note.id))!.updated_time);
  });

  it('refuses an encrypted target and writes nothing', async () => {
    writeFileSync(
      join(server.root, name, 'info.json'),
      JSON.stringify({ version: 3, e2ee: { value: true, updatedTime: 5 } })
    );
    const a = await device();
    await createNote(a.db, { title: 'private', parent_id: a.notebookId });
    const before = server.log.length;
    const error = await failure(a.sync());
    expect(error.kind).toBe('encrypted');
    expect(readdirSync(join(server.root, name))).toEqual(['info.json']);
    expect(
      server.log.slice(before).filter((l) => /^(PUT|DELETE|MKCOL|MOVE)/.test(l) && l.includes(`/${name}/`))
    ).toEqual([]);
  });

  it('refuses a target of a newer sync version', async () => {
    writeFileSync(join(server.root, name, 'info.json'), JSON.stringify({ version: 4 }));
    const error = await failure((await device()).sync());
    expect(error).toMatchObject({ kind: 'version' });
    expect(error.message).toMatch(/newer sync format \(version 4\)/);
  });

  it('stops rather than delete when the target was emptied (fail-safe)', async () => {
    const [a] = await synced();
    for (let i = 0; i < 15; i++) await createNote(a.db, { title: `n${i}`, parent_id: a.notebookId });
    await a.sync();
    for (const file of itemFiles()) rmSync(join(server.root, name, file));
    expect((await failure(a.sync())).kind).toBe('failsafe');
    expect((await listNoteIds(a.db, { kind: 'all' })).length).toBe(15);
    rmSync(join(server.root, name, 'info.json'));
    expect((await failure(a.sync())).message).toMatch(/no longer holds a sync target/);
  });

  it('leaves an unreadable item on the target, says so, and syncs the rest', async () => {
    const a = await device();
    await a.sync();
    writeFileSync(join(server.root, name, `${'d'.repeat(32)}.md`), 'not a joplin item');
    await createNote(a.db, { title: 'fine', parent_id: a.notebookId });
    const b = await device();
    const report = await b.sync();
    expect(report.problems.join(' ')).toMatch(/could not be read/);
    expect(itemFiles()).toContain(`${'d'.repeat(32)}.md`);
    expect(await b.sync()).toMatchObject({ problems: [] });
  });

  it('saves a revision of the local text before a remote version replaces it', async () => {
    const [a, b] = await synced();
    const note = await createNote(a.db, { title: 'History', body: 'first', parent_id: a.notebookId });
    await a.sync();
    await b.sync();
    await updateNote(a.db, note.id, { body: 'second' });
    await a.sync();
    await b.sync();
    expect((await listRevisions(b.db, note.id)).map((r) => [r.body, r.label])).toContainEqual([
      'first',
      'Before sync'
    ]);
  });
});
