import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { EditorState } from 'prosemirror-state';
import { parseMarkdown } from './parse';
import { applyMarkdownEdit } from './markdown-edit';
import { expectRandomEdits, serializeChecked } from './markdown-edit.test-helpers';

const NOTE = readFileSync('tests/fixtures/markdown/folio-features.md', 'utf8');

function edit(md: string, from: number, to: number, insert: string): string {
  const state = EditorState.create({ doc: parseMarkdown(md) });
  const tr = state.tr;
  applyMarkdownEdit(tr, from, to, insert);
  return serializeChecked(tr.doc);
}

describe('applyMarkdownEdit', () => {
  it('replaces a word inside a paragraph and nothing else', () => {
    const from = NOTE.indexOf('weekend');
    expect(edit(NOTE, from, from + 7, 'week')).toBe(NOTE.replace('weekend', 'week'));
  });

  it('ticks a task by editing its marker', () => {
    const from = NOTE.indexOf('[ ] Snacks') + 1;
    expect(edit(NOTE, from, from + 1, 'x')).toBe(NOTE.replace('[ ] Snacks', '[x] Snacks'));
  });

  it('deletes whole blocks with the blank lines between them', () => {
    const from = NOTE.indexOf('```abc');
    const to = NOTE.indexOf('```fountain');
    expect(edit(NOTE, from, to, '')).toBe(NOTE.slice(0, from) + NOTE.slice(to));
  });

  it('inserts new blocks between two blocks', () => {
    const at = NOTE.indexOf('## Budget');
    expect(edit(NOTE, at, at, '> New quote\n\n')).toBe(
      NOTE.slice(0, at) + '> New quote\n\n' + NOTE.slice(at)
    );
  });

  it('appends at the end of the note', () => {
    expect(edit('a\n', 2, 2, '\nb\n')).toBe('a\n\nb\n');
  });

  it('empties the whole note', () => {
    expect(edit('a\n\nb\n', 0, 5, '')).toBe('');
  });

  it('gives exactly the edited text for 300 random edits of a real note', () => {
    const pieces = ['', 'x', ' ', '\n', '\n\n', '- ', '# ', '**', '`', '| c |', '$$\n', '<b>', '[l](:/a)'];
    expectRandomEdits(NOTE, edit, { seed: 42, pieces, maxLength: 40, count: 300 });
  }, 60_000);

  it('refuses a range outside the note', () => {
    const state = EditorState.create({ doc: parseMarkdown('a\n') });
    expect(() => applyMarkdownEdit(state.tr, 0, 9, '')).toThrow(RangeError);
  });
});
