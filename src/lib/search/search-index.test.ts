import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index';
import type { IndexedNote } from './types';

const DAY = 86_400_000;
const NOW = Date.UTC(2024, 5, 15, 12);

function note(id: string, fields: Partial<IndexedNote> = {}): IndexedNote {
  return {
    id,
    title: '',
    body: '',
    parent_id: 'nb',
    created_time: NOW - 100 * DAY,
    updated_time: NOW - 100 * DAY,
    is_todo: 0,
    todo_due: 0,
    todo_completed: 0,
    source_url: '',
    tag_ids: [],
    ...fields
  };
}

function indexOf(...notes: IndexedNote[]): SearchIndex {
  const index = new SearchIndex();
  for (const n of notes) index.upsert(n);
  return index;
}

const ids = (index: SearchIndex, query: string, limit = 20) =>
  index.search(query, { now: NOW, limit }).results.map((r) => r.id);

describe('SearchIndex ranking', () => {
  it('puts title matches before body-only matches', () => {
    const index = indexOf(
      note('body', { body: 'apple apple apple apple', updated_time: NOW }),
      note('title', { title: 'Apple', body: 'nothing else' })
    );
    expect(ids(index, 'apple')).toEqual(['title', 'body']);
  });

  it('ranks more occurrences higher by BM25 when recency is equal', () => {
    const index = indexOf(
      note('once', { body: 'pear and other fruit in a longer sentence' }),
      note('thrice', { body: 'pear pear pear and other fruit in a sentence' }),
      note('none', { body: 'fruit only' })
    );
    expect(ids(index, 'pear')).toEqual(['thrice', 'once']);
  });

  it('boosts recently updated notes', () => {
    const index = indexOf(
      note('old', { body: 'plum' }),
      note('new', { body: 'plum', updated_time: NOW - DAY })
    );
    const [first, second] = index.search('plum', { now: NOW }).results;
    expect(first.id).toBe('new');
    expect(first.score - second.score).toBeCloseTo(200 * Math.log(2) - 200 * Math.log(1 + 1 / 100), 6);
  });

  it('sinks completed to-dos below equal matches', () => {
    const index = indexOf(
      note('done', { body: 'kiwi', is_todo: 1, todo_completed: NOW - DAY }),
      note('open', { body: 'kiwi', is_todo: 1 }),
      note('plain', { body: 'kiwi' })
    );
    expect(ids(index, 'kiwi').at(-1)).toBe('done');
  });

  it('breaks ties by the most recent update', () => {
    const index = indexOf(
      note('a', { body: 'fig', user_updated_time: 5 }),
      note('b', { body: 'fig', user_updated_time: 6 })
    );
    // Both weigh the same recency boost only to the 1e-12; times this small are "long ago".
    expect(ids(index, 'fig')).toEqual(['b', 'a']);
  });

  it('ranks filter-only queries by recency', () => {
    const index = indexOf(
      note('old', { tag_ids: ['t'] }),
      note('new', { tag_ids: ['t'], updated_time: NOW - DAY })
    );
    index.setCatalog({ notebooks: [], tags: [{ id: 't', title: 'tea' }], resources: [] });
    expect(ids(index, 'tag:tea')).toEqual(['new', 'old']);
  });
});

describe('SearchIndex results', () => {
  it('returns the limit and counts the total', () => {
    const index = indexOf(...Array.from({ length: 30 }, (_, i) => note(`n${i}`, { body: 'common word' })));
    const response = index.search('common', { now: NOW, limit: 5 });
    expect(response.results).toHaveLength(5);
    expect(response.total).toBe(30);
  });

  it('rounds a fractional limit down and ignores a NaN one', () => {
    const index = indexOf(...Array.from({ length: 30 }, (_, i) => note(`n${i}`, { body: 'common word' })));
    expect(index.search('common', { now: NOW, limit: 2.5 }).results).toHaveLength(2);
    expect(index.search('common', { now: NOW, limit: Number.NaN }).results).toHaveLength(20);
  });

  it('returns the note fields search_notes needs', () => {
    const index = indexOf(
      note('x', { title: 'Hello', body: 'Some words here', parent_id: 'nb1', updated_time: 42 })
    );
    expect(index.search('words', { now: NOW }).results[0]).toMatchObject({
      id: 'x',
      title: 'Hello',
      notebook_id: 'nb1',
      updated_time: 42
    });
  });

  it('highlights the searched words in the snippet and the title', () => {
    const index = indexOf(note('x', { title: 'Café life', body: 'We went to the café and drank coffee.' }));
    const [result] = index.search('cafe', { now: NOW }).results;
    expect(result.snippet).toBe('We went to the café and drank coffee.');
    expect(result.highlights.map(([s, e]) => result.snippet.slice(s, e))).toEqual(['café']);
    expect(result.title_highlights).toEqual([[0, 4]]);
  });

  it('reports parser warnings', () => {
    expect(indexOf().search('"open', { now: NOW }).warnings).toHaveLength(1);
  });

  it('forgets a removed note', () => {
    const index = indexOf(note('x', { body: 'melon' }));
    index.remove('x');
    expect(ids(index, 'melon')).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('finds the new text of a re-saved note and not the old', () => {
    const index = indexOf(note('x', { body: 'lemon' }));
    index.upsert(note('x', { body: 'lime' }));
    expect(ids(index, 'lemon')).toEqual([]);
    expect(ids(index, 'lime')).toEqual(['x']);
  });

  it('keeps answering the same after compaction', () => {
    const index = indexOf(
      note('a', { body: 'grape one' }),
      note('b', { body: 'grape two' }),
      note('c', { body: 'grape three' })
    );
    index.upsert(note('a', { body: 'grape again' }));
    index.remove('b');
    const before = ids(index, 'grape');
    index.compact();
    expect(index.garbageRatio).toBe(0);
    expect(ids(index, 'grape')).toEqual(before);
    expect(ids(index, '"grape again"')).toEqual(['a']);
  });
});

describe('SearchIndex with bad input', () => {
  it('answers a 10,000-character query without hanging', () => {
    const index = indexOf(
      ...Array.from({ length: 200 }, (_, i) => note(`n${i}`, { body: `alpha beta gamma ${i}` }))
    );
    const query = Array.from({ length: 1700 }, (_, i) => (i % 3 ? `w${i}` : 'alpha'))
      .join(' ')
      .slice(0, 10_000);
    const start = performance.now();
    const response = index.search(query, { now: NOW });
    expect(performance.now() - start).toBeLessThan(1000);
    expect(response.warnings).toContain('Only the first 200 words of the query are searched.');
  });

  it('answers a 10,000-character any:1 query without hanging', () => {
    const index = indexOf(
      ...Array.from({ length: 200 }, (_, i) => note(`n${i}`, { body: `alpha beta gamma ${i}` }))
    );
    const query = `any:1 ${'alpha beta '.repeat(900)}`;
    const start = performance.now();
    expect(index.search(query, { now: NOW }).total).toBe(200);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('indexes a 5 MB body and finds words in it', () => {
    const body = `${'lorem ipsum dolor sit amet '.repeat(190_000)}needle at the end`;
    expect(body.length).toBeGreaterThan(5_000_000);
    const index = indexOf(note('big', { body }));
    const [result] = index.search('"needle at the end"', { now: NOW }).results;
    expect(result.id).toBe('big');
    expect(result.snippet).toContain('needle');
  });
});

describe('SearchIndex across scripts', () => {
  const index = indexOf(
    note('ru', { title: 'Агентство Рейтер СООБЩИЛО' }),
    note('fr', { title: 'père noël' }),
    note('ja', { title: '私は日本語を話すことができません', body: 'テスト' }),
    note('ko', { title: '이것은 한국말이다' }),
    note('th', { title: 'นี่คือคนไทย' }),
    note('sep', { body: 'This is\u00A0a\u00A0test\r\nof NUL\u0000separated words' })
  );

  it.each([
    ['рейтер', ['ru']],
    ['сообщило', ['ru']],
    ['pere', ['fr']],
    ['noë*', ['fr']],
    ['日本', ['ja']],
    ['できません', ['ja']],
    ['テスト', ['ja']],
    ['이것은', ['ko']],
    ['말', ['ko']],
    ['นี่คือค', ['th']],
    ['ไทย', ['th']],
    ['test', ['sep']],
    ['separated', ['sep']]
  ])('finds %s', (query, expected) => {
    expect(ids(index, query)).toEqual(expected);
  });
});
