// The syntax table: every filter, negation, wildcard and date form, with the notes it must find in
// the fixture workspace (tests/fixtures/search). The index is built the way the app builds it: from
// the database, through the follower, so the trashed note must stay out.
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '$lib/db';
import { fixtureRecords, ID, KEY, NOW } from '../../../tests/fixtures/search/fixture';
import { IndexFollower } from './follower';
import { SearchIndex } from './search-index';

const ALL = [
  'cats',
  'catalog',
  'cafe',
  'alpha',
  'groceries',
  'taxes',
  'tokyo',
  'scan',
  'beach',
  'minutes',
  'review'
];
const allBut = (...keys: string[]) => ALL.filter((k) => !keys.includes(k));

const TABLE: [query: string, expected: string[]][] = [
  // words: whole words, AND, accents and case folded
  ['cat', ['cats', 'taxes', 'review']],
  ['cats', ['cats']],
  ['cataclysm', ['cats']],
  ['dog', ['alpha']],
  ['Tokyo', ['tokyo']],
  ['spring tokyo', ['tokyo']],
  ['quick', ['alpha', 'minutes']],
  ['cafe', ['cafe']],
  ['CRÈME brulee', ['cafe']],
  ['brûlée', ['cafe']],
  // prefix wildcard
  ['cat*', ['cats', 'catalog', 'taxes', 'review']],
  ['swim*', ['catalog', 'beach']],
  ['swim', ['beach']],
  // phrases
  ['"quick brown fox"', ['alpha']],
  ['"brown quick"', []],
  ['"the cat"', ['taxes', 'review']],
  ['"quoted words"', ['minutes']],
  ['e-mail', ['catalog']],
  // negation
  ['quick -fox', ['minutes']],
  ['cat -review', ['cats', 'taxes']],
  ['-cat', allBut('cats', 'taxes', 'review')],
  // any:1
  ['any:1 sunny milk', ['beach', 'groceries']],
  ['any:1 sunny -quick', allBut('alpha', 'minutes')],
  ['any:0 sunny milk', []],
  // title: and body:
  ['title:cats', ['cats']],
  ['title:cat', []],
  ['title:"launch plan"', ['alpha']],
  ['title:swim*', []],
  ['body:swim*', ['catalog', 'beach']],
  ['body:cat', ['cats', 'taxes', 'review']],
  ['body:launch title:alpha', ['alpha']],
  ['body:e-mail', ['catalog']],
  ['cat -title:review', ['cats', 'taxes']],
  ['-body:cat', allBut('cats', 'taxes', 'review')],
  // tag:
  ['tag:urgent', ['catalog', 'alpha']],
  ['tag:URGENT', ['catalog', 'alpha']],
  ['tag:urgent*', ['catalog', 'alpha', 'beach']],
  ['tag:reading', ['alpha']],
  ['tag:urgent tag:reading', ['alpha']],
  ['tag:cooking tag:travel', []],
  ['any:1 tag:cooking tag:travel', ['cafe', 'groceries', 'tokyo', 'beach']],
  ['-tag:urgent', allBut('catalog', 'alpha')],
  ['any:1 -tag:urgent', ['cafe', 'groceries', 'tokyo', 'beach']],
  ['tag:*', ['catalog', 'cafe', 'alpha', 'groceries', 'tokyo', 'beach']],
  ['-tag:*', ['cats', 'taxes', 'scan', 'minutes', 'review']],
  ['launch tag:urgent', ['alpha']],
  // notebook: (sub-notebooks included, several ORed, always ANDed with the rest)
  ['notebook:Work', ['catalog', 'taxes', 'alpha', 'minutes', 'review']],
  ['notebook:projects', ['alpha', 'minutes', 'review']],
  ['notebook:Home notebook:Travel*', ['cats', 'cafe', 'groceries', 'scan', 'tokyo', 'beach']],
  ['notebook:"Travel Plans"', ['tokyo', 'beach']],
  ['-notebook:Work', ['cats', 'cafe', 'groceries', 'tokyo', 'scan', 'beach']],
  ['notebook:Work -notebook:Projects', ['catalog', 'taxes']],
  ['any:1 notebook:Home cat milk', ['cats', 'groceries']],
  // created: / updated: / due: (absolute: on or after; negated: before; relative periods)
  ['created:2024', ['cats', 'alpha', 'groceries', 'taxes', 'tokyo', 'review']],
  ['-created:2024', ['catalog', 'cafe', 'scan', 'beach', 'minutes']],
  ['created:202406', ['alpha', 'groceries', 'review']],
  ['created:20240610', ['alpha', 'review']],
  ['updated:day-1', ['cats', 'alpha']],
  ['updated:week-2', ['cats', 'alpha', 'groceries', 'review', 'cafe']],
  ['updated:month-1', ['cats', 'cafe', 'alpha', 'groceries', 'tokyo', 'review']],
  ['created:year-1', ['cats', 'catalog', 'alpha', 'groceries', 'taxes', 'tokyo', 'beach', 'review']],
  ['-updated:year-3', ['minutes']],
  ['due:day+1', ['groceries', 'review']],
  ['-due:day+1', ['taxes']],
  ['due:202407', ['review']],
  ['created:2024-01', []],
  // type: / iscompleted:
  ['type:todo', ['groceries', 'taxes', 'review']],
  ['type:note', allBut('groceries', 'taxes', 'review')],
  ['iscompleted:1', ['taxes']],
  ['iscompleted:0', ['groceries', 'review']],
  ['any:1 tag:reading type:todo', ['alpha', 'groceries', 'taxes', 'review']],
  ['type:foo cat', ['cats', 'taxes', 'review']],
  // sourceurl: / resource: / id: / location
  ['sourceurl:https://example.com/tokyo/guide', ['tokyo']],
  ['sourceurl:*example*', ['tokyo', 'scan']],
  ['-sourceurl:*tokyo*', allBut('tokyo')],
  ['resource:image/*', ['scan', 'beach']],
  ['resource:application/pdf', ['scan']],
  ['-resource:image/png', allBut('scan')],
  [`id:${ID.cats}`, ['cats']],
  [`-id:${ID.cats}`, allBut('cats')],
  ['latitude:48', ['beach']],
  ['-latitude:48', allBut('beach')],
  ['altitude:100', []],
  // unknown filters are text; CJK is found inside words
  ['foo:bar', ['minutes']],
  ['東京', ['tokyo']],
  ['京都', ['tokyo']],
  ['旅行', ['tokyo']],
  ['大阪', []],
  // malformed input never throws
  ['"quick decisions', ['minutes']],
  ['"unclosed quote', []],
  ['-', []],
  ['*', []],
  ['', []]
];

describe('search syntax on the fixture', () => {
  const index = new SearchIndex();

  beforeAll(async () => {
    const db = openDatabase(`search-table-${Math.random()}`);
    const records = fixtureRecords();
    await db.folders.bulkAdd(records.folders);
    await db.tags.bulkAdd(records.tags);
    await db.resources.bulkAdd(records.resources);
    await db.notes.bulkAdd(records.notes);
    await db.note_tags.bulkAdd(records.noteTags);
    await new IndexFollower(db, index).start();
  });

  it.each(TABLE)('%s', (query, expected) => {
    const found = index.search(query, { now: NOW, limit: 100 }).results.map((r) => KEY[r.id]);
    expect([...found].sort()).toEqual([...expected].sort());
  });

  it.each([
    ['cat*', ['cats', 'catalog', 'review', 'taxes']],
    ['cat', ['cats', 'review', 'taxes']],
    ['type:todo', ['review', 'groceries', 'taxes']],
    ['any:1 sunny milk', ['groceries', 'beach']]
  ])('ranks %s: title matches first, then weight', (query, expected) => {
    expect(index.search(query, { now: NOW }).results.map((r) => KEY[r.id])).toEqual(expected);
  });

  it('marks title matches', () => {
    const results = index.search('cat*', { now: NOW }).results;
    expect(results.map((r) => r.title_match)).toEqual([true, true, false, false]);
  });
});
