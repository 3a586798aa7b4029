// The Markdown import's documented rules: titles (setext, code ignored), reference definitions,
// front matter keys Folio does not use, and a report that counts what the import held.
import { describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { freshDb } from '../../../tests/fresh-db';
import { exportLibrary } from './export';
import { importFiles } from './import-file';

const zipOf = (files: Record<string, string>) => ({
  name: 'notes.zip',
  blob: new Blob([zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])))])
});
const noteTitled = (db: ReturnType<typeof freshDb>, title: string) =>
  db.notes.filter((n) => n.title === title).first();

describe('Markdown import titles', () => {
  it('takes a setext heading as the title', async () => {
    const db = freshDb();
    await importFiles(db, [
      zipOf({ 'a.md': 'Setext title\n============\n\nbody', 'b.md': 'Two line\nsetext\n---\n\ntext' })
    ]);
    expect(await noteTitled(db, 'Setext title')).toBeDefined();
    expect(await noteTitled(db, 'Two line setext')).toBeDefined();
  });

  it('ignores # lines inside fenced code and HTML blocks', async () => {
    const db = freshDb();
    const report = await importFiles(db, [
      zipOf({
        'script.md': '```sh\n# install it\nmake\n```\n\n## Real heading',
        'only-code.md': '~~~\n# not a title\n~~~\n',
        'html.md': '<div>\n# inside html\n</div>'
      })
    ]);
    expect(await noteTitled(db, 'Real heading')).toBeDefined();
    expect(await noteTitled(db, 'only-code')).toBeDefined();
    expect(await noteTitled(db, 'html')).toBeDefined();
    expect(await noteTitled(db, 'install it')).toBeUndefined();
    expect(report.titles).toEqual({ 'first heading': 1, 'file name': 2 });
  });
});

describe('Markdown import links', () => {
  it('rewrites reference-style link definitions to :/id like inline links', async () => {
    const db = freshDb();
    await importFiles(db, [
      zipOf({
        'a.md': '# A\n\nsee [b][1] and ![pic][img]\n\n[1]: sub/b.md\n[img]: <pic one.png> "A picture"\n',
        'sub/b.md': '# B',
        'pic one.png': 'PNG'
      })
    ]);
    const a = (await noteTitled(db, 'A'))!;
    const b = (await noteTitled(db, 'B'))!;
    expect(a.body).toContain(`[1]: :/${b.id}\n`);
    expect(a.body).toMatch(/\[img\]: :\/[0-9a-f]{32} "A picture"/);
    expect(await db.resources.count()).toBe(1);
  });

  it('leaves links and definitions inside code alone', async () => {
    const db = freshDb();
    const body = '# A\n\n```md\n[x](b.md)\n[y]: b.md\n```\n\n    [z]: b.md\n\nreal [x](b.md)\n';
    await importFiles(db, [zipOf({ 'a.md': body, 'b.md': '# B' })]);
    const b = (await noteTitled(db, 'B'))!;
    expect((await noteTitled(db, 'A'))!.body).toBe(body.replace('real [x](b.md)', `real [x](:/${b.id})`));
  });
});

describe('Markdown front matter Folio does not use', () => {
  const file = '---\ntitle: Kept\naliases: [one, two]\n# the width\ncssclass: wide\ntags: [t]\n---\n\nbody\n';

  it('is kept on the note and written back, byte for byte, by a Markdown export', async () => {
    const db = freshDb();
    await importFiles(db, [zipOf({ 'k.md': file })]);
    const note = (await noteTitled(db, 'Kept'))!;
    expect(note.front_matter).toBe('aliases: [one, two]\n# the width\ncssclass: wide\n');
    expect(note.body).toBe('body\n');
    const files = unzipSync(
      new Uint8Array(await (await exportLibrary(db, { format: 'markdown' })).blob.arrayBuffer())
    );
    const exported = new TextDecoder().decode(files['notes/Kept.md']);
    expect(exported).toMatch(
      /^---\ntitle: Kept\n[\s\S]*tags:\n {2}- t\naliases: \[one, two\]\n# the width\ncssclass: wide\n---\n\nbody\n$/
    );
  });

  it("is written back even when the export leaves Folio's own front matter out", async () => {
    const db = freshDb();
    await importFiles(db, [zipOf({ 'k.md': file })]);
    const files = unzipSync(
      new Uint8Array(
        await (await exportLibrary(db, { format: 'markdown', frontMatter: false })).blob.arrayBuffer()
      )
    );
    expect(new TextDecoder().decode(files['notes/Kept.md'])).toBe(
      '---\naliases: [one, two]\n# the width\ncssclass: wide\n---\n\nbody\n'
    );
  });
});

describe('Markdown import report', () => {
  it('counts the files and notes the import held, and calls a full import complete', async () => {
    const db = freshDb();
    const report = await importFiles(db, [zipOf({ 'a.md': 'a', 'b.md': 'b', 'img.png': 'x' })]);
    expect(report).toMatchObject({ files: 3, notesFound: 2, notes: 2, complete: true });
  });

  it('does not call an import with a skipped note complete', async () => {
    const db = freshDb();
    const report = await importFiles(db, [zipOf({ 'a.md': 'a', '../evil.md': 'b' })]);
    expect(report).toMatchObject({ notes: 1, complete: false });
    expect(report.problems[0].file).toBe('../evil.md');
  });
});
