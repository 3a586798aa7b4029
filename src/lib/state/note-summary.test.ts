import { describe, expect, it } from 'vitest';
import { noteDefaults } from '$lib/core';
import { EXCERPT_CHARS, excerptOf, summarize } from './note-summary';

describe('excerptOf', () => {
  it('drops Markdown markup and link targets', () => {
    expect(excerptOf('# Trip\n\n- [ ] pack **boots**\n- see [map](:/0123) and ![photo](:/abcd)')).toBe(
      'Trip pack boots see map and photo'
    );
  });

  it('keeps escaped characters as text and drops the backslash', () => {
    expect(excerptOf('Some \\*stars\\* and **bold** and 2\\_000')).toBe('Some *stars* and bold and 2_000');
  });

  it('cuts long text with an ellipsis', () => {
    const excerpt = excerptOf('word '.repeat(200));
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARS);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});

describe('summarize', () => {
  it('names a note without a title Untitled', () => {
    const note = { ...noteDefaults(5), id: 'a'.repeat(32), parent_id: '', title: '  ' };
    expect(summarize(note).title).toBe('Untitled');
  });

  it('reports a completed to-do', () => {
    const note = {
      ...noteDefaults(5),
      id: 'a'.repeat(32),
      parent_id: '',
      is_todo: 1 as const,
      todo_completed: 9
    };
    expect(summarize(note)).toMatchObject({ isTodo: true, completed: true });
  });
});
