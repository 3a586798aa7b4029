import { describe, expect, it } from 'vitest';
import { createNote, createNotebook, listRevisions, trashNote } from '$lib/db';
import { payloadOf, textOf, toolBench } from '../tool-test-kit';
import { joinBlocks } from './update-note';

async function noteBench(body = 'Intro\n\nSocks: 2\n') {
  const bench = await toolBench();
  const note = await bench.db.notes.get((await createNote(bench.db, { title: 'Packing', body })).id);
  return { ...bench, note: note! };
}

describe('update_note', () => {
  it('rewrites title and body, saving the previous version as an AI revision first', async () => {
    const { db, call, note } = await noteBench();
    const payload = payloadOf(await call('update_note', { id: note.id, title: 'Packing list', body: 'new' }));
    const stored = (await db.notes.get(note.id))!;
    expect(payload).toEqual({ id: note.id, updated_time: stored.updated_time });
    expect(stored).toMatchObject({ title: 'Packing list', body: 'new' });
    const revisions = await listRevisions(db, note.id);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({
      title: 'Packing',
      body: note.body,
      source: 'ai',
      label: 'Before an edit by the assistant (update_note)'
    });
  });

  it('applies prepend, append and replace_text in one update with one revision', async () => {
    const { db, call, note } = await noteBench();
    await call('update_note', {
      id: note.id,
      prepend: '# Trip',
      append: 'Hat: 1',
      replace_text: { find: 'Socks: 2', replace: 'Socks: 5' }
    });
    expect((await db.notes.get(note.id))!.body).toBe('# Trip\n\nIntro\n\nSocks: 5\n\nHat: 1');
    expect(await listRevisions(db, note.id)).toHaveLength(1);
  });

  it('lets replace_text match text that prepend added, as the order says', async () => {
    const { db, call, note } = await noteBench('body');
    await call('update_note', {
      id: note.id,
      prepend: 'DRAFT',
      replace_text: { find: 'DRAFT', replace: 'FINAL' }
    });
    expect((await db.notes.get(note.id))!.body).toBe('FINAL\n\nbody');
  });

  it('separates added blocks with a blank line only where one is missing', () => {
    expect(joinBlocks('a', 'b')).toBe('a\n\nb');
    expect(joinBlocks('a\n', 'b')).toBe('a\n\nb');
    expect(joinBlocks('a\n\n', 'b')).toBe('a\n\nb');
    expect(joinBlocks('', 'b')).toBe('b');
  });

  it('moves the note to another notebook', async () => {
    const { db, call, note } = await noteBench();
    const travel = await createNotebook(db, { title: 'Travel' });
    await call('update_note', { id: note.id, notebook_id: travel.id });
    expect((await db.notes.get(note.id))!.parent_id).toBe(travel.id);
    expect(await listRevisions(db, note.id)).toHaveLength(0);
  });

  it('completes and reopens a to-do', async () => {
    const { db, call } = await toolBench();
    const todo = await createNote(db, { title: 'Book train', is_todo: 1 });
    await call('update_note', { id: todo.id, todo_completed: true });
    expect((await db.notes.get(todo.id))!.todo_completed).toBeGreaterThan(0);
    await call('update_note', { id: todo.id, todo_completed: false });
    expect((await db.notes.get(todo.id))!.todo_completed).toBe(0);
  });

  it('refuses to complete a note that is not a to-do', async () => {
    const { call, note } = await noteBench();
    expect(textOf(await call('update_note', { id: note.id, todo_completed: true }))).toBe(
      'todo_completed: this note is not a to-do, so it cannot be completed.'
    );
  });

  it('asks for more context when replace_text.find occurs several times, changing nothing', async () => {
    const { db, call, note } = await noteBench('a cat and a cat');
    const result = await call('update_note', {
      id: note.id,
      title: 'Changed',
      append: 'x',
      replace_text: { find: 'cat', replace: 'dog' }
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'replace_text.find occurs 2 times in the note; include more of the surrounding text so that it matches exactly once. Nothing was changed.'
    );
    expect(await db.notes.get(note.id)).toEqual(note);
    expect(await listRevisions(db, note.id)).toHaveLength(0);
  });

  it('counts overlapping occurrences as several', async () => {
    const { call, note } = await noteBench('aaa');
    expect(
      textOf(await call('update_note', { id: note.id, replace_text: { find: 'aa', replace: 'b' } }))
    ).toContain('occurs 2 times');
  });

  it('reports replace_text.find that is not in the note, changing nothing', async () => {
    const { db, call, note } = await noteBench();
    const result = await call('update_note', {
      id: note.id,
      prepend: 'x',
      replace_text: { find: 'socks: 2', replace: 'y' }
    });
    expect(textOf(result)).toMatch(
      /^replace_text\.find was not found in the note\. It must be an exact, case-sensitive copy/
    );
    expect(await db.notes.get(note.id)).toEqual(note);
  });

  it('reports an unknown note, a trashed note and an unknown notebook', async () => {
    const { db, call, note } = await noteBench();
    expect(textOf(await call('update_note', { id: 'd'.repeat(32), title: 'x' }))).toMatch(
      /^No note with id d{32}\./
    );
    expect(
      textOf(await call('update_note', { id: note.id, title: 'x', notebook_id: 'e'.repeat(32) }))
    ).toMatch(/^No notebook with id e{32}\./);
    expect((await db.notes.get(note.id))!.title).toBe('Packing');
    await trashNote(db, note.id);
    expect(textOf(await call('update_note', { id: note.id, title: 'x' }))).toContain('is in the trash');
  });

  it('refuses a call that changes nothing', async () => {
    const { call, note } = await noteBench();
    expect(textOf(await call('update_note', { id: note.id }))).toBe(
      'Nothing to change: give at least one of title, body, append, prepend, replace_text, notebook_id, todo_completed.'
    );
  });

  it('refuses a body of 5 MB, and an append that would take the body past the limit', async () => {
    const { db, call, note } = await noteBench('x'.repeat(600_000));
    expect(textOf(await call('update_note', { id: note.id, body: 'x'.repeat(5 * 1024 * 1024) }))).toContain(
      'body: must be at most 1000000 characters (got 5242880)'
    );
    expect(textOf(await call('update_note', { id: note.id, append: 'y'.repeat(500_000) }))).toBe(
      'The note body would be 1100002 characters; the limit is 1000000. Nothing was changed.'
    );
    expect((await db.notes.get(note.id))!.body).toHaveLength(600_000);
  });

  it('refuses a replace_text without replace, naming the nested field', async () => {
    const { call, note } = await noteBench();
    expect(textOf(await call('update_note', { id: note.id, replace_text: { find: 'x' } }))).toBe(
      'Invalid arguments for update_note: replace_text.replace: required.'
    );
  });
});
