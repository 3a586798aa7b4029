import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index';
import { SNAPSHOT_FORMAT } from './index-snapshot';
import type { IndexedNote } from './types';

const NOW = Date.UTC(2024, 5, 15, 12);

function note(id: string, fields: Partial<IndexedNote> = {}): IndexedNote {
  return {
    id,
    title: '',
    body: '',
    parent_id: 'nb',
    created_time: NOW,
    updated_time: NOW,
    is_todo: 0,
    todo_due: 0,
    todo_completed: 0,
    source_url: '',
    tag_ids: [],
    ...fields
  };
}

const QUERIES = [
  'apple',
  '"red apple"',
  'app*',
  'tag:fruit',
  '-apple',
  'sourceurl:*example*',
  'latitude:40',
  'resource:image*',
  'type:todo iscompleted:0',
  '€',
  'title:pie'
];

const CATALOG = {
  notebooks: [{ id: 'nb', title: 'Food', parent_id: '' }],
  tags: [{ id: 't1', title: 'fruit' }],
  resources: [{ id: 'a'.repeat(32), mime: 'image/png' }]
};

function library(): SearchIndex {
  const index = new SearchIndex({ keepBodies: false });
  index.setCatalog(CATALOG);
  index.upsert(
    note('n1', {
      title: 'Apple pie',
      body: 'A red apple, baked. 5 € today',
      tag_ids: ['t1'],
      source_url: 'https://example.com'
    })
  );
  index.upsert(
    note('n2', {
      title: 'Pears',
      body: `red apple and pear ![](:/${'a'.repeat(32)})`,
      latitude: 48.8,
      is_todo: 1
    })
  );
  index.upsert(note('n3', { title: 'Applications', body: 'nothing about fruit', updated_time: NOW - 1000 }));
  index.upsert(
    note('n1', {
      title: 'Apple pie',
      body: 'A red apple, baked again. 5 € today',
      tag_ids: ['t1'],
      source_url: 'https://example.com'
    })
  );
  index.remove('n3');
  index.upsert(note('n3', { title: 'Applications', body: 'nothing about fruit', updated_time: NOW - 1000 }));
  return index;
}

const answers = (index: SearchIndex) =>
  QUERIES.map((q) => index.search(q, { now: NOW }).results.map((r) => [r.id, r.score, r.title_highlights]));

describe('search index snapshots', () => {
  it('answers every query as the index it was taken from, after a structured clone', () => {
    const index = library();
    const before = answers(index);
    const restored = SearchIndex.fromSnapshot(structuredClone(index.toSnapshot()), { keepBodies: false });
    // The catalog (notebooks, tags, resources) is not in the snapshot: the database has it.
    restored.setCatalog(CATALOG);
    expect(answers(restored)).toEqual(before);
    expect(restored.size).toBe(3);
  });

  it('keeps taking updates after it was restored, and snapshots again', () => {
    const restored = SearchIndex.fromSnapshot(structuredClone(library().toSnapshot()));
    restored.upsert(note('n4', { title: 'Quince', body: 'apple cousin' }));
    restored.remove('n2');
    expect(
      restored
        .search('apple', { now: NOW })
        .results.map((r) => r.id)
        .sort()
    ).toEqual(['n1', 'n4']);
    const again = SearchIndex.fromSnapshot(structuredClone(restored.toSnapshot()));
    expect(again.search('"apple cousin"', { now: NOW }).results.map((r) => r.id)).toEqual(['n4']);
  });

  it('finds words and prefixes both in the restored dictionary and among words indexed after it, again after a second snapshot', () => {
    const restored = SearchIndex.fromSnapshot(structuredClone(library().toSnapshot()), { keepBodies: false });
    restored.upsert(note('n5', { title: 'Applesauce', body: 'aardvark zebra' }));
    const find = (index: SearchIndex, q: string) =>
      index
        .search(q, { now: NOW })
        .results.map((r) => r.id)
        .sort();
    const check = (index: SearchIndex) => {
      expect(find(index, 'app*')).toEqual(['n1', 'n2', 'n3', 'n5']);
      expect(find(index, 'applesauce')).toEqual(['n5']);
      expect(find(index, 'zebra')).toEqual(['n5']);
      expect(find(index, 'aardvark')).toEqual(['n5']);
      expect(find(index, 'a*')).toEqual(['n1', 'n2', 'n3', 'n5']);
      expect(find(index, 'pear')).toEqual(['n2']);
      expect(find(index, 'zz')).toEqual([]);
    };
    check(restored);
    check(SearchIndex.fromSnapshot(structuredClone(restored.toSnapshot()), { keepBodies: false }));
  });

  it('refuses a snapshot of another format or with parts that disagree', () => {
    const snapshot = library().toSnapshot();
    expect(() => SearchIndex.fromSnapshot({ ...snapshot, format: 'old' })).toThrow(RangeError);
    expect(() =>
      SearchIndex.fromSnapshot({ ...snapshot, ids: { ...snapshot.ids, ends: snapshot.ids.ends.slice(1) } })
    ).toThrow(/ids/);
    expect(() =>
      SearchIndex.fromSnapshot({
        ...snapshot,
        postings: { ...snapshot.postings, bytes: snapshot.postings.bytes.slice(1) }
      })
    ).toThrow(/postings/);
    expect(snapshot.format).toBe(SNAPSHOT_FORMAT);
  });

  it('orders equally ranked notes by when they were indexed, the same after a restore', () => {
    const index = new SearchIndex();
    for (const id of ['c', 'a', 'b']) index.upsert(note(id, { title: 'same', body: 'same words' }));
    index.upsert(note('c', { title: 'same', body: 'same words' }));
    const order = index.search('same', { now: NOW }).results.map((r) => r.id);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(
      SearchIndex.fromSnapshot(structuredClone(index.toSnapshot()))
        .search('same', { now: NOW })
        .results.map((r) => r.id)
    ).toEqual(order);
  });
});

describe('symbols and non-ASCII, as Joplin finds them', () => {
  const index = new SearchIndex();
  index.upsert(note('euro', { body: 'It costs 5 € today' }));
  index.upsert(note('half', { body: 'add ½ cup of milk' }));
  index.upsert(note('list', { body: 'steps 1, 2 and 3' }));
  index.upsert(note('dash', { body: 'a word—another' }));

  it('finds € as a word', () =>
    expect(index.search('€', { now: NOW }).results.map((r) => r.id)).toEqual(['euro']));
  it('finds ½ only where ½ is written', () =>
    expect(index.search('½', { now: NOW }).results.map((r) => r.id)).toEqual(['half']));
  it('keeps words joined by a non-ASCII dash one token', () => {
    expect(index.search('another', { now: NOW }).results).toHaveLength(0);
    expect(index.search('word—another', { now: NOW }).results.map((r) => r.id)).toEqual(['dash']);
  });
});
