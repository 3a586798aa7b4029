import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { trashNote } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { folderFiles, untar } from '../../../tests/interop/fixture-files';
import { exportLibrary } from './export';
import { importFiles } from './import-file';

const RAW = join(process.cwd(), 'tests/interop/fixtures/joplin-raw');
const WORK = '1dfc4307e2ae48da8746600a8962bc96';
const PLAN = '49a91744109246a69ecc0a22f1e01abc';
const PHOTO = 'f028c3b7568e4885b29b701100a4bede';
const PIXEL = 'aab7c5caacbd4f92ae8109bafd039333';

async function library() {
  const db = freshDb();
  await importFiles(db, folderFiles(RAW, 'raw'));
  return db;
}

describe('export scopes', () => {
  it('exports a notebook with its sub-notebooks, their notes, tags and links only', async () => {
    const db = await library();
    const files = await untar(
      (await exportLibrary(db, { format: 'jex', scope: { kind: 'notebook', id: WORK } })).blob
    );
    const names = [...files.keys()].map((p) => p.slice(0, 32));
    expect(names).toContain(WORK);
    expect(names).toContain('6c8177d8f51748adb8f7a9073ec48541');
    expect(names).toContain(PLAN);
    expect(names).not.toContain(PHOTO);
    expect(names).not.toContain('96e2c14635a944098bd9f1b8bd24387d');
    expect(names).toContain('93acfd5714ea4f799c17c62684a4383a');
  });

  it('exports a note with its notebook and the attachments it links to', async () => {
    const db = await library();
    const files = await untar(
      (await exportLibrary(db, { format: 'jex', scope: { kind: 'note', id: PHOTO } })).blob
    );
    expect([...files.keys()].sort()).toEqual(
      [`${PHOTO}.md`, '96e2c14635a944098bd9f1b8bd24387d.md', `${PIXEL}.md`, `resources/${PIXEL}.png`].sort()
    );
  });

  it('leaves trashed notes out of a notebook export but keeps them in a full backup', async () => {
    const db = await library();
    await trashNote(db, PLAN);
    const notebook = await untar(
      (await exportLibrary(db, { format: 'jex', scope: { kind: 'notebook', id: WORK } })).blob
    );
    expect(notebook.has(`${PLAN}.md`)).toBe(false);
    const all = await untar((await exportLibrary(db, { format: 'jex' })).blob);
    expect(new TextDecoder().decode(all.get(`${PLAN}.md`))).toMatch(/\ndeleted_time: [1-9]\d*\n/);
  });

  it('writes RAW as a zip of the same tree, which imports back', async () => {
    const db = await library();
    const { blob, filename } = await exportLibrary(db, { format: 'raw' });
    expect(filename).toMatch(/\.raw\.zip$/);
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(files)).toContain(`resources/${PIXEL}.png`);
    const other = freshDb();
    const report = await importFiles(other, [{ name: 'export.zip', blob }]);
    expect(report).toMatchObject({ notes: 4, notebooks: 4, resources: 1, problems: [] });
  });

  it('imports a RAW folder zipped inside a top folder', async () => {
    const db = await library();
    const files = unzipSync(
      new Uint8Array(await (await exportLibrary(db, { format: 'raw' })).blob.arrayBuffer())
    );
    const wrapped = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [`My export/${k}`, v])));
    const report = await importFiles(freshDb(), [{ name: 'wrapped.zip', blob: new Blob([wrapped]) }]);
    expect(report).toMatchObject({ notes: 4, resources: 1, problems: [] });
  });
});
