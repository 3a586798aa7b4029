import { describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import { createNote, createNotebook, getNoteTags, listNotebooks } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { folderFiles } from '../../../tests/interop/fixture-files';
import { exportLibrary, exportNoteMarkdown } from './export';
import { importFiles } from './import-file';
import { pickTitle } from './markdown-import';
import { outlineMarkdown } from './markdown-outline';
import { join } from 'node:path';

const LIBRARY = join(process.cwd(), 'tests/interop/fixtures/markdown-library');
const enc = new TextEncoder();

describe('Markdown import', () => {
  it('makes the picked folder a notebook and its sub-folders sub-notebooks', async () => {
    const db = freshDb();
    const report = await importFiles(db, folderFiles(LIBRARY, 'library'));
    expect(report).toMatchObject({ notes: 4, notebooks: 4, resources: 2 });
    const books = await listNotebooks(db);
    const byTitle = new Map(books.map((b) => [b.title, b]));
    expect(byTitle.get('Projects')?.parent_id).toBe(byTitle.get('Work')?.id);
    expect(byTitle.get('Work')?.parent_id).toBe(byTitle.get('library')?.id);
  });

  it('takes the title from front matter, then the first heading, then the file name, and counts each', async () => {
    const db = freshDb();
    const report = await importFiles(db, folderFiles(LIBRARY, 'library'));
    expect(report.titles).toEqual({ 'front matter': 3, 'file name': 1 });
    expect(pickTitle({}, outlineMarkdown('text\n## Second\n# First').heading, 'a/b.md')).toEqual({
      title: 'Second',
      source: 'first heading'
    });
    expect(pickTitle({}, outlineMarkdown('no heading').heading, 'a/My note.md')).toEqual({
      title: 'My note',
      source: 'file name'
    });
  });

  it('rewrites relative links between files to :/id links and stores linked files as attachments', async () => {
    const db = freshDb();
    await importFiles(db, folderFiles(LIBRARY, 'library'));
    const photo = (await db.notes.filter((n) => n.title === 'Photo').first())!;
    const meeting = (await db.notes.filter((n) => n.title === 'Meeting').first())!;
    expect(photo.body).toContain(`[meeting](:/${meeting.id})`);
    const image = /!\[pixel\]\(:\/([0-9a-f]{32})\)/.exec(photo.body)![1];
    expect(await db.resources.get(image)).toMatchObject({ mime: 'image/png', filename: 'pixel.png' });
    expect((await db.blobs.get(image))?.data.size).toBe(70);
  });

  it('reads tags, to-do state, due time and author from front matter and removes it from the body', async () => {
    const db = freshDb();
    await importFiles(db, folderFiles(LIBRARY, 'library'));
    const plan = (await db.notes.filter((n) => n.title === 'The plan').first())!;
    expect((await getNoteTags(db, plan.id)).map((t) => t.title)).toEqual(['plan', 'work']);
    expect(plan).toMatchObject({
      author: 'Ada',
      latitude: 48.8566,
      user_created_time: Date.UTC(2024, 0, 2, 3, 4, 5)
    });
    expect(plan.body.startsWith('# Plan')).toBe(true);
    const meeting = (await db.notes.filter((n) => n.title === 'Meeting').first())!;
    expect(meeting).toMatchObject({ is_todo: 1, todo_completed: 0, todo_due: Date.UTC(2025, 4, 6, 7, 8, 9) });
  });

  it('reports progress from no note to every note', async () => {
    const db = freshDb();
    const seen: number[] = [];
    const files = folderFiles(LIBRARY, 'library');
    await importFiles(db, files, { onProgress: (p) => seen.push(p.files) });
    expect(seen).toEqual([0, 4]);
  });

  it('imports a zip of Markdown files', async () => {
    const db = freshDb();
    const zip = zipSync({
      'a.md': enc.encode('# Alpha\n\nsee [b](sub/b.md)'),
      'sub/b.md': enc.encode('Beta body')
    });
    const report = await importFiles(db, [{ name: 'notes.zip', blob: new Blob([zip]) }]);
    expect(report.notes).toBe(2);
    const b = (await db.notes.filter((n) => n.title === 'b').first())!;
    expect((await db.notes.filter((n) => n.title === 'Alpha').first())?.body).toContain(`:/${b.id}`);
    expect((await listNotebooks(db)).map((n) => n.title).sort()).toEqual(['notes', 'sub']);
  });

  it("dates a note by its front matter, else by its file's modification time, as Joplin does", async () => {
    const db = freshDb();
    const edited = new Date(2022, 2, 4, 5, 6, 8);
    const zip = zipSync({
      'plain.md': [enc.encode('No dates here'), { mtime: edited }],
      'dated.md': [enc.encode('---\nupdated: 2020-01-02T03:04:05Z\n---\nDated'), { mtime: edited }]
    });
    await importFiles(db, [{ name: 'notes.zip', blob: new Blob([zip]) }]);
    const byTitle = new Map((await db.notes.toArray()).map((n) => [n.title, n]));
    const plain = byTitle.get('plain')!;
    expect([plain.created_time, plain.updated_time, plain.user_updated_time]).toEqual([
      edited.getTime(),
      edited.getTime(),
      edited.getTime()
    ]);
    expect(byTitle.get('dated')!.updated_time).toBe(Date.UTC(2020, 0, 2, 3, 4, 5));
    const file = new File(['From a folder'], 'loose.md', { lastModified: Date.UTC(2019, 5, 6) });
    await importFiles(db, [{ name: 'loose.md', blob: file }]);
    expect((await db.notes.filter((n) => n.title === 'loose').first())!.updated_time).toBe(
      Date.UTC(2019, 5, 6)
    );
  });

  it("imports hidden files and folders as Joplin does, and leaves out only a zip tool's metadata", async () => {
    const db = freshDb();
    const appleDouble = new Uint8Array([0, 5, 22, 7, 0, 2, 0, 0, 0xff, 0xfe]);
    const zip = zipSync({
      'Vault/a.md': enc.encode('Alpha'),
      'Vault/._a.md': appleDouble,
      'Vault/.NET notes.md': enc.encode('Dotted name'),
      'Vault/.trash/old.md': enc.encode('In a hidden folder'),
      '__MACOSX/Vault/._a.md': appleDouble
    });
    const report = await importFiles(db, [{ name: 'vault.zip', blob: new Blob([zip]) }]);
    expect(report.problems).toEqual([]);
    expect(report.complete).toBe(true);
    expect([report.notes, report.notesFound]).toEqual([3, 3]);
    const notes = await db.notes.toArray();
    expect(notes.map((n) => n.body).sort()).toEqual(['Alpha', 'Dotted name', 'In a hidden folder']);
    expect((await listNotebooks(db)).map((n) => n.title).sort()).toEqual(['.trash', 'Vault']);
  });
});

describe('Markdown export', () => {
  it('writes a folder per notebook, front matter, attachments beside and relative links', async () => {
    const db = freshDb();
    await importFiles(db, folderFiles(LIBRARY, 'library'));
    const { blob, filename } = await exportLibrary(db, { format: 'markdown' });
    expect(filename).toMatch(/\.md\.zip$/);
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const text = (p: string) => new TextDecoder().decode(files[p]);
    expect(Object.keys(files).sort()).toEqual([
      '_resources/data.csv',
      '_resources/pixel.png',
      'library/Personal/Done task.md',
      'library/Personal/Photo.md',
      'library/Work/Meeting.md',
      'library/Work/Projects/The plan.md'
    ]);
    expect(text('library/Personal/Photo.md')).toContain('![pixel](../../_resources/pixel.png)');
    expect(text('library/Personal/Photo.md')).toContain('[meeting](../Work/Meeting.md)');
    expect(text('library/Work/Meeting.md')).toMatch(
      /^---\ntitle: Meeting\n[\s\S]*completed\?: no\ndue: 2025-05-06 07:08:09Z\ntags:\n {2}- work\n---\n\n/
    );
  });

  it('writes bodies alone when front matter is off', async () => {
    const db = freshDb();
    const book = await createNotebook(db, { title: 'B' });
    await createNote(db, { title: 'N', body: 'just the body', parent_id: book.id });
    const { blob } = await exportLibrary(db, { format: 'markdown', frontMatter: false });
    expect(new TextDecoder().decode(unzipSync(new Uint8Array(await blob.arrayBuffer()))['B/N.md'])).toBe(
      'just the body'
    );
  });

  it("keeps each note's last edit as its file's date, so an import without front matter keeps it", async () => {
    const db = freshDb();
    const book = await createNotebook(db, { title: 'B' });
    const edited = new Date(2021, 6, 8, 9, 10, 12).getTime();
    await createNote(db, {
      title: 'N',
      body: 'x',
      parent_id: book.id,
      updated_time: edited,
      user_updated_time: edited
    });
    const { blob } = await exportLibrary(db, { format: 'markdown', frontMatter: false });
    const other = freshDb();
    await importFiles(other, [{ name: 'export.zip', blob }]);
    expect((await other.notes.filter((n) => n.title === 'N').first())!.updated_time).toBe(edited);
  });

  it('saves a single note as one .md file', async () => {
    const db = freshDb();
    const book = await createNotebook(db, { title: 'B' });
    const note = await createNote(db, { title: 'A/B: c', body: 'Body', parent_id: book.id });
    const file = await exportNoteMarkdown(db, note.id);
    expect(file.filename).toBe('A_B_ c.md');
    expect(await file.blob.text()).toMatch(/^---\ntitle: "A\/B: c"\n[\s\S]*---\n\nBody$/);
  });

  it('round-trips a notebook through Markdown export and import', async () => {
    const db = freshDb();
    await importFiles(db, folderFiles(LIBRARY, 'library'));
    const { blob } = await exportLibrary(db, { format: 'markdown' });
    const other = freshDb();
    const report = await importFiles(other, [{ name: 'export.zip', blob }]);
    expect(report).toMatchObject({ notes: 4, resources: 2 });
    const plan = (await other.notes.filter((n) => n.title === 'The plan').first())!;
    expect((await getNoteTags(other, plan.id)).map((t) => t.title)).toEqual(['plan', 'work']);
  });
});
