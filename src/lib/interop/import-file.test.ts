import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNote, createNotebook, getNoteTags, listNotebooks } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { folderFiles, listFiles, tarOf, untar } from '../../../tests/interop/fixture-files';
import { exportLibrary } from './export';
import { importFiles } from './import-file';

// A library made by Joplin 3.6 (tests/interop/fixtures/joplin-raw: its own RAW export).
const RAW = join(process.cwd(), 'tests/interop/fixtures/joplin-raw');
const PLAN = '49a91744109246a69ecc0a22f1e01abc';
const PHOTO = 'f028c3b7568e4885b29b701100a4bede';
const PIXEL = 'aab7c5caacbd4f92ae8109bafd039333';

async function jexFile(): Promise<{ name: string; blob: Blob }> {
  return { name: 'library.jex', blob: new Blob([(await tarOf(RAW)) as Uint8Array<ArrayBuffer>]) };
}

describe('import of a Joplin export', () => {
  it('imports notebooks with their nesting, notes, to-dos, tags and the attachment from a JEX', async () => {
    const db = freshDb();
    const report = await importFiles(db, [await jexFile()]);
    expect(report).toMatchObject({ notes: 4, notebooks: 4, tags: 2, resources: 1, problems: [] });
    const titles = (await listNotebooks(db)).map((n) => n.title);
    expect(titles).toEqual(['lib', 'Personal', 'Projects', 'Work']);
    expect((await db.folders.get('6c8177d8f51748adb8f7a9073ec48541'))?.parent_id).toBe(
      '1dfc4307e2ae48da8746600a8962bc96'
    );
    expect((await getNoteTags(db, PLAN)).map((t) => t.title)).toEqual(['plan', 'work']);
    expect(await db.notes.get('35a4357a1c4f4e0197928ef1ff2e5e50')).toMatchObject({
      is_todo: 1,
      todo_due: 1746515289000
    });
    const blob = (await db.blobs.get(PIXEL))?.data;
    expect(blob?.size).toBe(70);
    expect(blob?.type).toBe('image/png');
  });

  it('exports a RAW tree byte for byte as Joplin wrote it', async () => {
    const db = freshDb();
    await importFiles(db, folderFiles(RAW, 'raw1'));
    const { blob, filename } = await exportLibrary(db, { format: 'jex' });
    expect(filename).toMatch(/\.jex$/);
    const files = await untar(blob);
    expect([...files.keys()].sort()).toEqual(listFiles(RAW));
    for (const path of listFiles(RAW))
      expect(Buffer.from(files.get(path)!).equals(readFileSync(join(RAW, path))), path).toBe(true);
  });

  it('gives new ids to items whose ids Folio already has, and rewrites links to them', async () => {
    const db = freshDb();
    await importFiles(db, [await jexFile()]);
    const again = await importFiles(db, [await jexFile()]);
    expect(again.notes).toBe(4);
    expect(await db.notes.count()).toBe(8);
    const photos = await db.notes.filter((n) => n.title === 'Photo').toArray();
    const copy = photos.find((n) => n.id !== PHOTO)!;
    const [pixel] = [...copy.body.matchAll(/!\[pixel\]\(:\/([0-9a-f]{32})\)/g)].map((m) => m[1]);
    expect(pixel).not.toBe(PIXEL);
    expect((await db.resources.get(pixel))?.title).toBe('pixel.png');
    expect((await db.notes.get(PHOTO))?.body).toContain(`:/${PIXEL}`);
  });

  it('merges imported tags into existing tags of the same title', async () => {
    const db = freshDb();
    await importFiles(db, [await jexFile()]);
    await importFiles(db, [await jexFile()]);
    expect((await db.tags.toArray()).map((t) => t.title).sort()).toEqual(['plan', 'work']);
  });

  it('leaves the existing library untouched', async () => {
    const db = freshDb();
    const book = await createNotebook(db, { title: 'Mine' });
    const mine = await createNote(db, { title: 'Keep', body: 'me', parent_id: book.id });
    await importFiles(db, [await jexFile()]);
    expect(await db.notes.get(mine.id)).toEqual(mine);
  });

  it('puts notes whose notebook is not in the archive into one "Imported notes" notebook', async () => {
    const db = freshDb();
    const note = `${PHOTO}.md`;
    const single = folderFiles(RAW, 'raw').filter((f) => f.path!.endsWith(note));
    const report = await importFiles(db, single);
    expect(report.fallbackNotebookId).toBeDefined();
    expect((await db.folders.get(report.fallbackNotebookId!))?.title).toBe('Imported notes');
    expect((await db.notes.get(PHOTO))?.parent_id).toBe(report.fallbackNotebookId);
  });

  it('keeps links and the notebook of a note exported alone pointing at what is still in Folio', async () => {
    const db = freshDb();
    await importFiles(db, [await jexFile()]);
    const photo = (await db.notes.get(PHOTO))!;
    const { blob } = await exportLibrary(db, { format: 'jex', scope: { kind: 'note', id: PHOTO } });
    const report = await importFiles(db, [{ name: 'photo.jex', blob }]);
    const copy = (await db.notes.filter((n) => n.title === 'Photo' && n.id !== PHOTO).first())!;
    expect(report.notes).toBe(1);
    // The link to the meeting note (not in the archive, still in Folio) is kept as it was.
    expect(copy.body).toContain(':/35a4357a1c4f4e0197928ef1ff2e5e50');
    // The attachment was in the archive and its id was taken, so it got a new one.
    expect(copy.body).not.toContain(`:/${PIXEL}`);
    // The notebook came along in the archive but its id was taken, so it is a new notebook.
    expect(copy.parent_id).not.toBe(photo.parent_id);
    expect((await db.folders.get(copy.parent_id))?.title).toBe('Personal');
  });
});
