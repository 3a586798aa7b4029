/**
 * The interop test against the real Joplin client (3.6.2, installed on demand, ~6 min the first
 * time on 2 cores, cached after): Joplin builds a library from Markdown with front matter (nested
 * notebooks, to-dos open and done with a due date, tags, an image and a linked file, tables,
 * checkboxes, math, code), exports JEX; Folio imports it and exports JEX; Joplin imports that into a
 * fresh profile. Both Joplin libraries are then compared item by item (ids aside), and Folio's own
 * RAW of the library is compared byte for byte with Joplin's. Last, a library made in Folio goes
 * to Joplin and must come out of it unchanged.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTagsToNote, createNote, createNotebook, createResource } from '$lib/db';
import { exportLibrary, importFiles } from '$lib/interop';
import { freshDb } from '../fresh-db';
import { listFiles, untar } from './fixture-files';
import { ensureJoplin, joplin, joplinImport } from './joplin-cli';
import { markdownView, snapshotRawDir } from './library-snapshot';

const FIXTURE = join(process.cwd(), 'tests/interop/fixtures/markdown-library');
const work = mkdtempSync(join(tmpdir(), 'folio-joplin-'));
const at = (name: string) => join(work, name);

describe('round trip through the real Joplin client', () => {
  let joplinRaw: Record<string, string>;
  let folioRaw: Record<string, string>;
  let joplinRawDir: string;
  let folioJexFiles: Map<string, Uint8Array>;

  beforeAll(async () => {
    ensureJoplin();
    cpSync(FIXTURE, at('library'), { recursive: true });
    await joplinImport(at('p1'), at('library'), 'md_frontmatter');
    await joplin(at('p1'), 'export', '--format', 'jex', at('joplin.jex'));
    await joplin(at('p1'), 'export', '--format', 'raw', at('joplin-raw'));
    joplinRawDir = at('joplin-raw');

    const db = freshDb();
    const report = await importFiles(db, [
      { name: 'joplin.jex', blob: new Blob([readFileSync(at('joplin.jex'))]) }
    ]);
    expect(report.problems).toEqual([]);
    const { blob } = await exportLibrary(db, { format: 'jex' });
    writeFileSync(at('folio.jex'), new Uint8Array(await blob.arrayBuffer()));
    folioJexFiles = await untar(blob);

    await joplinImport(at('p2'), at('folio.jex'), 'jex');
    await joplin(at('p2'), 'export', '--format', 'raw', at('roundtrip-raw'));
    joplinRaw = snapshotRawDir(joplinRawDir);
    folioRaw = snapshotRawDir(at('roundtrip-raw'));
  }, 20 * 60_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('builds the library in Joplin with every kind of item', () => {
    const kinds = Object.keys(joplinRaw).map((k) => k.split(':')[0]);
    for (const kind of ['notebook', 'note', 'tag', 'attachment', 'link']) expect(kinds).toContain(kind);
    expect(kinds.filter((k) => k === 'attachment')).toHaveLength(2);
    expect(Object.keys(joplinRaw)).toContain('notebook:library/Work/Projects');
  });

  it('gives back every item after Folio, with the same titles, bodies, fields, tags and attachment bytes', () => {
    expect(folioRaw).toEqual(joplinRaw);
  });

  it('writes the library as Joplin does, byte for byte', () => {
    const expected = listFiles(joplinRawDir);
    expect([...folioJexFiles.keys()].sort()).toEqual(expected);
    for (const path of expected) {
      expect(Buffer.from(folioJexFiles.get(path)!).toString('utf8'), path).toBe(
        readFileSync(join(joplinRawDir, path), 'utf8')
      );
    }
  });

  it('hands a library made in Folio to Joplin with every item and field intact', async () => {
    const db = freshDb();
    const top = await createNotebook(db, { title: 'Made in Folio' });
    const sub = await createNotebook(db, { title: 'Sub', parent_id: top.id });
    const file = await createResource(db, new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), {
      filename: 'table.csv'
    });
    const note = await createNote(db, {
      title: 'Plan',
      body: `| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n$x^2$\n\n[table](:/${file.id})`,
      parent_id: sub.id,
      author: 'Ada',
      latitude: 1.5
    });
    await createNote(db, {
      title: 'Todo',
      body: 'call',
      parent_id: top.id,
      is_todo: 1,
      todo_due: Date.UTC(2030, 0, 1)
    });
    await addTagsToNote(db, note.id, ['folio', 'Plans']);
    const folio = await exportLibrary(db, { format: 'jex' });
    writeFileSync(at('made-in-folio.jex'), new Uint8Array(await folio.blob.arrayBuffer()));
    for (const [path, data] of await untar(folio.blob)) {
      mkdirSync(join(at('made-in-folio-raw'), path, '..'), { recursive: true });
      writeFileSync(join(at('made-in-folio-raw'), path), data);
    }
    await joplinImport(at('p3'), at('made-in-folio.jex'), 'jex');
    await joplin(at('p3'), 'export', '--format', 'raw', at('p3-raw'));
    expect(snapshotRawDir(at('p3-raw'))).toEqual(snapshotRawDir(at('made-in-folio-raw')));
  }, 120_000);

  it('writes Markdown that Joplin reads back into the same notes, tags, to-dos and attachments', async () => {
    const db = freshDb();
    await importFiles(db, [{ name: 'joplin.jex', blob: new Blob([readFileSync(at('joplin.jex'))]) }]);
    const { blob } = await exportLibrary(db, { format: 'markdown' });
    const { unzipSync } = await import('fflate');
    for (const [path, data] of Object.entries(unzipSync(new Uint8Array(await blob.arrayBuffer())))) {
      mkdirSync(join(at('folio-md'), path, '..'), { recursive: true });
      writeFileSync(join(at('folio-md'), path), data);
    }
    await joplinImport(at('p4'), join(at('folio-md'), 'library'), 'md_frontmatter');
    await joplin(at('p4'), 'export', '--format', 'raw', at('p4-raw'));
    const original = markdownView(joplinRawDir);
    expect(Object.keys(original)).toHaveLength(4);
    expect(original['note:library/Work/Projects/The plan']).toMatchObject({
      tags: 'plan,work',
      author: 'Ada'
    });
    expect(original['note:library/Personal/Photo'].body).toContain('![pixel](:/{attachment:pixel.png})');
    expect(markdownView(at('p4-raw'))).toEqual(original);
  }, 120_000);
});
