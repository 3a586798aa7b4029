import { describe, expect, it } from 'vitest';
import { createNote, createNotebook } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { fakeId, packJex, syntheticRawFiles } from '../../../tests/interop/synthetic-jex';
import type { FolioDatabase } from '$lib/db';
import { importFiles } from './import-file';

const enc = new TextEncoder();
const file = (name: string, data: Uint8Array | string) => ({
  name,
  blob: new Blob([typeof data === 'string' ? data : (data as Uint8Array<ArrayBuffer>)])
});

async function withExisting(): Promise<{ db: FolioDatabase; snapshot: () => Promise<unknown> }> {
  const db = freshDb();
  const book = await createNotebook(db, { title: 'Mine' });
  await createNote(db, { title: 'Keep', body: 'me', parent_id: book.id });
  const snapshot = async () => ({
    notes: await db.notes.toArray(),
    folders: await db.folders.toArray(),
    tags: await db.tags.toArray()
  });
  return { db, snapshot };
}

/** A tar header block for `name` declaring `size` bytes (ustar, checksum filled in). */
function tarHeader(name: string, size: number): Uint8Array {
  const h = new Uint8Array(512);
  const put = (at: number, text: string) => h.set(enc.encode(text), at);
  put(0, name);
  put(100, '0000644\0');
  put(108, '0000000\0');
  put(116, '0000000\0');
  put(124, size.toString(8).padStart(11, '0') + '\0');
  put(136, '00000000000\0');
  put(156, '0');
  put(257, 'ustar\0');
  put(263, '00');
  put(148, '        ');
  const sum = h.reduce((a, b) => a + b, 0);
  put(148, sum.toString(8).padStart(6, '0') + '\0 ');
  return h;
}

/**
 * A Blob-shaped file of `before`, then `zeros` zero bytes made on the fly (so a 2 GB archive
 * costs no memory), then `after`.
 */
function lazyBlob(before: Uint8Array[], zeros: number, after: Uint8Array): Blob {
  const head = new Uint8Array(before.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of before) head.set(b, (at += b.length) - b.length);
  const size = head.length + zeros + after.length;
  const CHUNK = 4 * 1024 * 1024;
  return {
    size,
    type: '',
    slice: (start = 0, end = size) => new Blob([head.slice(start, Math.min(end, head.length))]),
    stream: () => {
      let left = zeros;
      let stage = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (stage === 0) {
            controller.enqueue(head);
            stage = 1;
            return;
          }
          if (left > 0) {
            const n = Math.min(CHUNK, left);
            left -= n;
            controller.enqueue(new Uint8Array(n));
            return;
          }
          if (stage === 1) {
            controller.enqueue(after);
            stage = 2;
            return;
          }
          controller.close();
        }
      });
    }
  } as unknown as Blob;
}

describe('import of bad input', () => {
  it('keeps what came before the damage in a truncated JEX and names where it stopped', async () => {
    const { db, snapshot } = await withExisting();
    const before = await snapshot();
    const jex = await packJex(syntheticRawFiles(40, 2));
    const report = await importFiles(db, [file('cut.jex', jex.slice(0, Math.floor(jex.length / 2)))]);
    expect(report.notes).toBeGreaterThan(0);
    expect(report.problems.at(-1)?.message).toMatch(/damaged or ends early/);
    expect(report.problems.at(-1)?.file).toMatch(/^[0-9a-f]{32}\.md$/);
    expect(((await snapshot()) as { notes: unknown[] }).notes).toEqual(
      expect.arrayContaining((before as { notes: unknown[] }).notes)
    );
  });

  it('refuses a file that is not a JEX, naming it, and changes nothing', async () => {
    const { db, snapshot } = await withExisting();
    const before = await snapshot();
    await expect(importFiles(db, [file('photo.jex', new Uint8Array(2048).fill(7))])).rejects.toThrow(
      /"photo.jex" is not a file Folio can import/
    );
    expect(await snapshot()).toEqual(before);
  });

  it('says a tar damaged from its first file is not readable, in words', async () => {
    const db = freshDb();
    const tar = await packJex(syntheticRawFiles(1, 1));
    tar[0] ^= 0xff; // breaks the first header's checksum
    await expect(importFiles(db, [file('x.jex', tar)])).rejects.toThrow(
      /could not be read: it is damaged or not a Joplin export/
    );
    expect(await db.notes.count()).toBe(0);
  });

  it('keeps an item encrypted by Joplin as it is and says it cannot be shown', async () => {
    const db = freshDb();
    const [folder, note] = syntheticRawFiles(1, 1);
    const text = new TextDecoder()
      .decode(note.data)
      .replace('encryption_applied: 0', 'encryption_applied: 1');
    const report = await importFiles(db, [
      file('x.jex', await packJex([folder, { path: note.path, data: enc.encode(text) }]))
    ]);
    expect(report.problems).toEqual([{ file: note.path, message: expect.stringContaining('encrypted') }]);
    expect(
      ((await db.notes.get(note.path.slice(0, 32))) as { joplin_extra?: Record<string, string> }).joplin_extra
        ?.encryption_applied
    ).toBe('1');
  });

  it('refuses a tar with no Joplin items', async () => {
    const db = freshDb();
    const tar = await packJex([{ path: 'readme.txt', data: enc.encode('hello') }]);
    await expect(importFiles(db, [file('other.tar', tar)])).rejects.toThrow(/not a JEX export/);
  });

  it('skips an item without type_, names its file, and imports the rest', async () => {
    const db = freshDb();
    const bad = { path: `${fakeId('e', 1)}.md`, data: enc.encode(`Broken\n\nid: ${fakeId('e', 1)}`) };
    const report = await importFiles(db, [file('x.jex', await packJex([...syntheticRawFiles(3, 1), bad]))]);
    expect(report.notes).toBe(3);
    expect(report.problems).toEqual([
      { file: bad.path, message: expect.stringContaining('no "type_" property') }
    ]);
  });

  it('keeps the first of two items with the same id and says so', async () => {
    const db = freshDb();
    const files = syntheticRawFiles(2, 1);
    const report = await importFiles(db, [file('x.jex', await packJex([...files, files[1]]))]);
    expect(report.notes).toBe(2);
    expect(report.problems[0]).toMatchObject({
      file: files[1].path,
      message: expect.stringContaining('same id')
    });
  });

  it('skips a 2 GB attachment by its declared size, streaming past it, and imports the rest', async () => {
    const db = freshDb();
    const notes = await packJex(syntheticRawFiles(2, 1));
    const head = notes.slice(0, notes.length - 1024);
    const name = `resources/${fakeId('f', 1)}.bin`;
    const after = await packJex(syntheticRawFiles(3, 1).slice(3, 4)); // note 2, after the attachment
    const report = await importFiles(db, [
      { name: 'big.jex', blob: lazyBlob([head, tarHeader(name, 2 * 1024 ** 3)], 2 * 1024 ** 3, after) }
    ]);
    expect(report.problems).toEqual([{ file: name, message: expect.stringContaining('too large (2.0 GB') }]);
    expect(report.notes).toBe(3);
    expect(await db.blobs.count()).toBe(0);
  }, 60_000);

  it('skips an entry whose name climbs out with ../', async () => {
    const db = freshDb();
    const tar = await packJex([...syntheticRawFiles(1, 1), { path: '../../evil.md', data: enc.encode('x') }]);
    const report = await importFiles(db, [file('x.jex', tar)]);
    expect(report.notes).toBe(1);
    expect(report.problems.some((p) => p.message.includes('"../"'))).toBe(true);
  });

  it('imports a note with invalid UTF-8, replacing the bad bytes, and says which file', async () => {
    const db = freshDb();
    const [folder] = syntheticRawFiles(0, 1);
    const id = fakeId('a', 99);
    const text = enc.encode(`Bad\n\nbefore \xff after`);
    const bytes = new Uint8Array([
      ...text.slice(0, 13),
      0xff,
      0xfe,
      ...enc.encode(`\n\nid: ${id}\nparent_id: ${fakeId('b', 0)}\ntype_: 1`)
    ]);
    const report = await importFiles(db, [
      file('x.jex', await packJex([folder, { path: `${id}.md`, data: bytes }]))
    ]);
    expect(report.notes).toBe(1);
    expect(report.problems[0]).toMatchObject({
      file: `${id}.md`,
      message: expect.stringContaining('not valid UTF-8')
    });
    expect((await db.notes.get(id))?.title).toBe('Bad');
  });

  it('refuses a 20 MB Markdown file, naming it, and imports the others', async () => {
    const db = freshDb();
    const big = { name: 'huge.md', path: 'notes/huge.md', blob: new Blob(['#'.repeat(20 * 1024 * 1024)]) };
    const small = { name: 'ok.md', path: 'notes/ok.md', blob: new Blob(['# Fine\n']) };
    const report = await importFiles(db, [big, small]);
    expect(report.notes).toBe(1);
    expect(report.problems).toEqual([
      { file: 'huge.md', message: expect.stringContaining('too large for a note (20.0 MB') }
    ]);
  });

  it('removes everything it wrote when cancelled, leaving the library as it was', async () => {
    const { db, snapshot } = await withExisting();
    const before = await snapshot();
    const controller = new AbortController();
    const jex = await packJex(syntheticRawFiles(1500, 3));
    const run = importFiles(db, [file('big.jex', jex)], {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.readBytes > jex.length * 0.8) controller.abort();
      }
    });
    await expect(run).rejects.toThrow(/cancelled; nothing was imported/);
    expect(await snapshot()).toEqual(before);
    expect(await db.resources.count()).toBe(0);
  });
});
