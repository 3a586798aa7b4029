import { describe, expect, it, vi } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import { createNote, createResource, ensureDefaultNotebook, trashNote } from '$lib/db';
import { openLink, wikiLinkTitle, type LinkTarget } from './open-link';

async function setUp() {
  const db = freshDb();
  await ensureDefaultNotebook(db);
  const target: LinkTarget & { [k: string]: unknown } = {
    db,
    followToNote: vi.fn(),
    tell: vi.fn(),
    resourceUrl: vi.fn(async () => 'blob:the-file'),
    openWindow: vi.fn(),
    download: vi.fn()
  };
  return target;
}

describe('openLink', () => {
  it('opens a linked note in the app', async () => {
    const target = await setUp();
    const note = await createNote(target.db, { title: 'Other' });
    await openLink(target, `:/${note.id.toUpperCase()}`);
    expect(target.followToNote).toHaveBeenCalledWith(note.id);
  });

  it('says so when the note is in the trash or gone', async () => {
    const target = await setUp();
    const note = await createNote(target.db, { title: 'Old' });
    await trashNote(target.db, note.id);
    await openLink(target, `:/${note.id}`);
    expect(target.tell).toHaveBeenLastCalledWith(expect.stringContaining('is in the trash'));
    await openLink(target, `:/${'f'.repeat(32)}`);
    expect(target.tell).toHaveBeenLastCalledWith(expect.stringContaining('does not exist'));
    expect(target.followToNote).not.toHaveBeenCalled();
  });

  it('opens a picture in a new tab and downloads other attachments', async () => {
    const target = await setUp();
    const picture = await createResource(target.db, new Blob(['x'], { type: 'image/png' }), {
      filename: 'a.png',
      mime: 'image/png'
    });
    const archive = await createResource(target.db, new Blob(['x'], { type: 'application/zip' }), {
      filename: 'b.zip',
      mime: 'application/zip'
    });
    await openLink(target, `:/${picture.id}`);
    expect(target.openWindow).toHaveBeenCalledWith('blob:the-file');
    await openLink(target, `:/${archive.id}`);
    expect(target.download).toHaveBeenCalledWith('blob:the-file', 'b.zip');
  });

  it('opens web addresses in a new tab, wiki links by title, and refuses what it cannot open', async () => {
    const target = await setUp();
    const note = await createNote(target.db, { title: 'Book Notes' });
    await openLink(target, 'https://example.com/x');
    expect(target.openWindow).toHaveBeenCalledWith('https://example.com/x');
    await openLink(target, '[[book notes|my notes]]');
    expect(target.followToNote).toHaveBeenCalledWith(note.id);
    await openLink(target, '[[Nothing]]');
    expect(target.tell).toHaveBeenLastCalledWith('There is no note titled “Nothing”.');
    await openLink(target, 'other.md');
    expect(target.tell).toHaveBeenLastCalledWith(expect.stringContaining('cannot open'));
  });

  it('reads the title of a wiki link', () => {
    expect(wikiLinkTitle('![[Diagram.png|300]]')).toBe('Diagram.png');
    expect(wikiLinkTitle('[[Note#Heading]]')).toBe('Note');
  });
});
