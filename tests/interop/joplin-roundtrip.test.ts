/**
 * The interop test against the real Joplin client (3.6.2, installed on demand, ~6 min the first
 * time on 2 cores, cached after): Joplin builds a library from Markdown with front matter (nested
 * notebooks, to-dos open and done with a due date, tags, an image and a linked file, tables,
 * checkboxes, math, code), exports JEX; Folio imports it and exports JEX; Joplin imports that into a
 * fresh profile. Both Joplin libraries are then compared item by item (ids aside), and Folio's own
 * RAW of the library is compared byte for byte with Joplin's.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLibrary, importFiles } from '$lib/interop';
import { freshDb } from '../fresh-db';
import { listFiles, untar } from './fixture-files';
import { ensureJoplin, joplin } from './joplin-cli';
import { snapshotRawDir } from './library-snapshot';

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
    await joplin(at('p1'), 'import', at('library'), '--format', 'md_frontmatter');
    await joplin(at('p1'), 'export', '--format', 'jex', at('joplin.jex'));
    await joplin(at('p1'), 'export', '--format', 'raw', at('joplin-raw'));
    joplinRawDir = at('joplin-raw');

    const db = freshDb();
    const report = await importFiles(db, [{ name: 'joplin.jex', blob: new Blob([readFileSync(at('joplin.jex'))]) }]);
    expect(report.problems).toEqual([]);
    const { blob } = await exportLibrary(db, { format: 'jex' });
    writeFileSync(at('folio.jex'), new Uint8Array(await blob.arrayBuffer()));
    folioJexFiles = await untar(blob);

    await joplin(at('p2'), 'import', at('folio.jex'), '--format', 'jex');
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
      expect(Buffer.from(folioJexFiles.get(path)!).toString('utf8'), path).toBe(readFileSync(join(joplinRawDir, path), 'utf8'));
    }
  });
});
